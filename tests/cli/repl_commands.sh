# The REPL's commands through a pipe: :src NAME [target], :ir NAME, :map EXPR, and their errors.
. "$(dirname "$0")/lib.bash"
out=$(printf '%s\n' \
  'k = tl.kernel{name = "inc", block = 64, params = {{"x", tl.tensor(tl.i32, 1)}}, body = function(k, p) local i = k.thread_id(); p.x:store({i}, p.x:load({i}) + 1) end}' \
  'k({1}, tl.zeros({64}, tl.i32))' ':src inc gfx90a' ':ir inc' ':src nope' 'c = tl.curve{lengths = {4, 8}}' ':map c' \
  ':map 42' ':src' ':quit' | TILELUA_BACKEND=cpu "$TILESH" -i 2>"$TMPD/err")
rc=$?
err=$(cat "$TMPD/err")
expect_eq "exit status" "$rc" "0"
expect_contains ":src for a target" "$out" "kernel inc for gfx90a"
expect_contains ":src is the kernel" "$out" "__global__"
expect_contains ":ir" "$out" "kernel inc (block 64"
expect_contains ":map" "$out" "24 25 26 27 28 29 30 31"
expect_contains "unknown kernel" "$err" "no kernel named 'nope' (kernels: inc)"
expect_contains ":map of a number" "$err" ":map: 42 is a number without a map()"
expect_contains ":src usage" "$err" "usage: :src NAME [target]"
echo "repl (commands): ok"
