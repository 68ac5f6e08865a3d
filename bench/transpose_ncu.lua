-- transpose_ncu.lua - one swizzled and one plain std.transpose launch (8192^2 f32 as in
-- bench/std_bench.lua, or N^2 with an argument), for Nsight Compute to count time, DRAM throughput
-- and shared-memory bank conflicts (bench/run_ncu.sh). Prints the script-time bank report of both.
local std = require "tilelua.std"
local n = math.tointeger(tonumber(arg[1] or "8192")) or error("transpose_ncu: the argument is the side, e.g. 2048")
local a = tl.rand({ n, n }, tl.f32, 1)
for _, swizzle in ipairs { true, false } do
  local t = std.transpose(a, { swizzle = swizzle })
  tl.synchronize()
  assert(t:get(3, n - 5) == a:get(n - 5, 3), "transpose result")
  print((std.transpose_bank_report(tl.f32, swizzle)):match("^[^\n]*"))
end
