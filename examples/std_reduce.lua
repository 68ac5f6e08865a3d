-- std_reduce.lua - sums, maxima and means over the last axis and over everything (cross-block
-- atomics, or the deterministic two-pass variant), checked against Lua.
local tl = require "tilelua"
local std = require "tilelua.std"

local R, C = 45, 3000                          -- long rows: the row kernels loop over column chunks
local x = tl.rand({ R, C }, tl.f32, 7)
local rows, rmax, total = std.sum(x, { axis = -1 }), std.max(x, { axis = -1 }), std.sum(x)
local det1, det2 = std.mean(x, { deterministic = true }), std.mean(x, { deterministic = true })
local worst, all = 0, 0
for i = 0, R - 1 do
  local s, m = 0, -math.huge
  for j = 0, C - 1 do s = s + x:get(i, j); m = math.max(m, x:get(i, j)) end
  worst = math.max(worst, math.abs(rows:get(i) - s) / s, math.abs(rmax:get(i) - m))
  all = all + s
end
worst = math.max(worst, math.abs(total:get(0) - all) / all, math.abs(det1:get(0) - all / (R * C)))
print(("std_reduce: %dx%d f32: row sums, row maxima, total %.2f, mean %.6f (twice: %s), max relative error %.2g"):format(
  R, C, total:get(0), det1:get(0), det1:get(0) == det2:get(0) and "bitwise equal" or "DIFFERENT", worst))
if worst > 1e-5 or det1:get(0) ~= det2:get(0) then io.stderr:write("std_reduce: MISMATCH\n"); os.exit(1) end
print("std_reduce: ok")
