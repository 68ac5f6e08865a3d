-- transpose_ncu.lua - one swizzled and one plain std.transpose launch, for Nsight Compute to count
-- shared-memory bank conflicts (bench/run_ncu.sh). Prints the script-time bank report of both.
local std = require "tilelua.std"
local a = tl.rand({ 2048, 2048 }, tl.f32, 1)
for _, swizzle in ipairs { true, false } do
  local t = std.transpose(a, { swizzle = swizzle })
  tl.synchronize()
  assert(t:get(3, 2000) == a:get(2000, 3), "transpose result")
  print((std.transpose_bank_report(tl.f32, swizzle)):match("^[^\n]*"))
end
