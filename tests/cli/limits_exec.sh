# Kernels in a sandboxed script: a launch works, and a kernel that loops for ever on the CPU
# executor is stopped by the instruction limit (the executor's work budget per launch) within a
# second, with a clear error, and the script goes on.
. "$(dirname "$0")/lib.bash"
cat >"$TMPD/spin.lua" <<'LUA'
local fill = tl.kernel { name = "fill", block = 32, params = { { "x", tl.tensor(tl.f32, 1) } },
  body = function(k, p) p.x:store({ k.thread_id() }, 7.0) end }
local x = tl.zeros({ 32 }, tl.f32)
fill({ 1 }, x)
assert(x:get(31) == 7.0, "the sandboxed launch ran")
local spin = tl.kernel { name = "spin", block = 64, params = { { "x", tl.tensor(tl.f32, 1) } },
  body = function(k, p)
    p.x:store({ k.thread_id() % 32 }, k:range(0, 1 << 30, 1, function(i, a) return a + 1.0 end, 0.0))
  end }
local ok, err = pcall(spin, { 1 << 20 }, x)
print(ok, err)
fill({ 1 }, x)
print("still usable", x:get(0))
LUA
start=$(date +%s%N)
out=$(cd "$TMPD" && TILELUA_CACHE=0 "$TILESH" --sandbox --max-instructions=50000000 spin.lua 2>&1); rc=$?
ms=$(( ($(date +%s%N) - start) / 1000000 ))
expect_eq "exit status" "$rc" "0"
expect_contains "stopped" "$out" "kernel spin: stopped after 50000000 lane operations"
expect_contains "names the rule" "$out" "the state's instruction limit"
expect_contains "usable afterwards" "$out" "still usable	7.0"
[ "${SANITIZE:-OFF}" = "ON" ] || [ "$ms" -lt 1000 ] || fail "took $ms ms (want < 1000)"
echo "limits exec: ok ($ms ms)"
