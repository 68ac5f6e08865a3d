# Bad command-line flags of tilesh: each ends with exit status 1 and a message naming the flag.
. "$(dirname "$0")/lib.bash"
check() { # check WHAT EXPECTED-MESSAGE ARGS...
  what=$1 want=$2; shift 2
  err=$("$TILESH" "$@" </dev/null 2>&1); rc=$?
  expect_eq "$what status" "$rc" "1"
  expect_contains "$what message" "$err" "$want"
}
check "-e without code" "'-e' needs an argument" -e
check "-l without module" "'-l' needs an argument" -l
check "memory limit with a bad suffix" "'--max-memory=12X' needs a positive number" --max-memory=12X
check "memory limit empty" "'--max-memory=' needs a positive number" --max-memory=
check "instruction limit zero" "'--max-instructions=0' needs a positive number" --max-instructions=0
check "tensor limit too large" "'--max-tensor-memory=9999999G' needs a positive number" --max-tensor-memory=9999999G
check "tensor limit not a number" "'--max-tensor-memory=lots' needs a positive number" --max-tensor-memory=lots
check "empty backend" "unknown backend ''" --backend=
check "missing script" "cannot open /nonexistent/script.lua" /nonexistent/script.lua
check "-l of a missing module" "module 'no_such_module' not found" -l no_such_module -e 'print(1)'
err=$(TILELUA_BACKEND=bogus "$TILESH" -e 'print(1)' 2>&1); rc=$?
expect_eq "bad TILELUA_BACKEND status" "$rc" "1"
expect_contains "bad TILELUA_BACKEND message" "$err" "unknown backend in TILELUA_BACKEND"
# the suffixes the limits accept
expect_eq "k/M/G suffixes" "$("$TILESH" --max-memory=64M --max-tensor-memory=1G --max-instructions=2k -e 'print(1)')" "1"
echo "limits_flags: ok"
