# valgrind memcheck over a scripted REPL session through tilesh (stdin pipe) and over the embed
# example: 0 errors and 0 definitely-lost bytes. Skipped (77) without valgrind or in the ASan build.
. "$(dirname "$0")/lib.bash"
command -v valgrind >/dev/null 2>&1 || { echo "skipped: valgrind not installed"; exit 77; }
case "${SANITIZE:-}" in ON|on|1|TRUE|true) echo "skipped: sanitizer build (ASan and valgrind do not mix)"; exit 77;; esac
VG="valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite"
# a session that touches each part: layouts, tensors, a kernel on the cpu executor, an error, a
# multi-line statement, the limits
session='d = tl.pattern2d{block = 32, rows = 8, cols = 16, vec = 4, warp = 32}
d:elements()
c = tl.curve{lengths = {4, 6}, snake = true}
#c:map() > 0
x = tl.rand({9, 20}, tl.f32, 1)
y = tl.zeros({9, 20})
k = tl.kernel{name = "scale", block = 32, warp = 32,
  params = {{"x", tl.tensor(tl.f32, 2)}, {"y", tl.tensor(tl.f32, 2)}, {"a", tl.f32}},
  body = function(k, p)
    local r0, c0 = k.block_id(1) * 8, k.block_id(0) * 16
    local t = k:window(p.x, {r0, c0}, {8, 16}, d):load()
    k:window(p.y, {r0, c0}, {8, 16}, d):store(t:map(function(v) return v * p.a end))
  end}
k({2, 2}, x, y, 3.0)
math.abs(y:get(8, 19) - 3 * x:get(8, 19)) < 1e-5 and y:get(8, 19) ~= 0 and "kernel ok"
tl.zeros({-1})
error("oops")
tl.zeros({1 << 30})
:quit'
out=$(printf '%s\n' "$session" | $VG "$TILESH" --max-tensor-memory=64M -i 2>"$TMPD/err"); rc=$?
err=$(cat "$TMPD/err")
expect_eq "tilesh under valgrind (stderr: $err)" "$rc" "0"
expect_contains "kernel ran" "$out" "kernel ok"
expect_contains "errors reported" "$err" "oops"
expect_contains "limit reported" "$err" "over the tensor memory limit"
expect_lacks "no memcheck errors" "$err" "=="
out=$($VG "$EMBED" 2>"$TMPD/err"); rc=$?
expect_eq "embed under valgrind (stderr: $(cat "$TMPD/err"))" "$rc" "0"
expect_lacks "embed: no memcheck errors" "$(cat "$TMPD/err")" "=="
echo "valgrind: ok"
