# tilesh as a script runner: -e, stdin, arg, -l, exit statuses, messages.
. "$(dirname "$0")/lib.bash"

expect_eq "-e" "$("$TILESH" -e 'print(1+1)')" "2"
expect_eq "stdin" "$("$TILESH" - <<<'print(require"tilelua".version)')" "$("$TILESH" -e 'print(tl.version)')"
expect_contains "version" "$("$TILESH" -v)" "tilelua 0."
expect_contains "help" "$("$TILESH" --help)" "--sandbox"

printf 'print(#arg, arg[0] ~= nil, arg[1], arg[2], ...)\n' > "$TMPD/args.lua"
expect_eq "arg table" "$("$TILESH" "$TMPD/args.lua" a b)" "$(printf '2\ttrue\ta\tb\ta\tb')"

printf 'return {answer = 42}\n' > "$TMPD/mymod.lua"
expect_eq "-l" "$(LUA_PATH="$TMPD/?.lua" "$TILESH" -l mymod -e 'print(mymod.answer)')" "42"
expect_eq "-l g=mod" "$(LUA_PATH="$TMPD/?.lua" "$TILESH" -l m=mymod -e 'print(m.answer)')" "42"
expect_eq "scripts may require tilelua" "$("$TILESH" -e 'print(require("tilelua") == tl)')" "true"

err=$("$TILESH" "$TMPD/missing.lua" 2>&1); rc=$?
expect_eq "missing file status" "$rc" "1"
expect_contains "missing file message" "$err" "cannot open $TMPD/missing.lua"

printf 'local x = 1\nx = = 2\n' > "$TMPD/syntax.lua"
err=$("$TILESH" "$TMPD/syntax.lua" 2>&1); rc=$?
expect_eq "syntax error status" "$rc" "1"
expect_contains "syntax error file:line" "$err" "syntax.lua:2:"

printf 'local function f() error("deep") end\nf()\n' > "$TMPD/runtime.lua"
err=$("$TILESH" "$TMPD/runtime.lua" 2>&1); rc=$?
expect_eq "runtime error status" "$rc" "1"
expect_contains "runtime error file:line" "$err" "runtime.lua:1: deep"
expect_contains "traceback" "$err" "stack traceback:"

err=$("$TILESH" --frobnicate 2>&1); rc=$?
expect_eq "unknown option status" "$rc" "1"
expect_contains "unknown option message" "$err" "unrecognized option '--frobnicate'"
err=$("$TILESH" --backend=opencl -e 'print(1)' 2>&1); rc=$?
expect_eq "bad backend status" "$rc" "1"
expect_contains "bad backend message" "$err" "unknown backend 'opencl'"
expect_eq "good backend" "$("$TILESH" --backend=cpu -e 'print(3)')" "3"
err=$("$TILESH" -e 2>&1); rc=$?
expect_eq "-e without argument" "$rc" "1"
echo "tilesh runner: ok"
