# Resource limits for untrusted scripts: an infinite loop and a memory bomb end quickly with a
# clear error; ordinary scripts under the same limits run.
. "$(dirname "$0")/lib.bash"
start=$(date +%s)
err=$("$TILESH" --sandbox --max-instructions=20M -e 'while true do end' 2>&1); rc=$?
expect_eq "infinite loop status" "$rc" "1"
expect_contains "infinite loop message" "$err" "instruction limit of 20971520 exceeded"
err=$("$TILESH" --sandbox --max-memory=32M -e 'local t, s = {}, "x" for i = 1, 64 do s = s .. s; t[i] = s end' 2>&1); rc=$?
expect_eq "memory bomb status" "$rc" "1"
expect_contains "memory bomb message" "$err" "not enough memory"
[ $(( $(date +%s) - start )) -le 5 ] || fail "the limits took more than a few seconds"
expect_eq "within limits" "$("$TILESH" --sandbox --max-memory=32M --max-instructions=20M -e 'print(#tl.version > 0)')" "true"
err=$("$TILESH" --max-memory=0 -e 'print(1)' 2>&1); rc=$?
expect_eq "bad limit status" "$rc" "1"
expect_contains "bad limit message" "$err" "needs a positive number"
echo "limits: ok"
