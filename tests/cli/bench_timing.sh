# bench/timing.lua on the CPU backend (events are the host clock there): timeit's median a call, and do_bench's
# median of n calls each timed alone between two events after the 256 MB clear: a call that spins for 2 ms reads
# about 2 ms under both, and do_bench calls it n times past its warm-up call.
. "$(dirname "$0")/lib.bash"
cat >"$TMPD/t.lua" <<'EOF2'
local timing = dofile(arg[1] .. "/bench/timing.lua")
local calls = 0
local function spin() calls = calls + 1; local t0 = os.clock(); repeat until os.clock() - t0 >= 0.002 end
local a = timing.timeit(spin, 3, 3)
calls = 0
local b = timing.do_bench(spin, 4)
print(string.format("timeit %s do_bench %s calls %d", a >= 0.0019 and a < 0.02, b >= 0.0019 and b < 0.02, calls))
EOF2
out=$("$TILESH" --backend=cpu "$TMPD/t.lua" "$SRC" 2>&1) || fail "tilesh exited $?: $out"
expect_eq "2 ms a call under both timers; do_bench's warm-up call and its 4" "$out" "timeit true do_bench true calls 5"
echo "bench_timing: ok"
