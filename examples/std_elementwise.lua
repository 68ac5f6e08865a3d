-- std_elementwise.lua - the standard library's element-wise kernels: std.map of a Lua function over
-- tensors of any shape (scalars broadcast), std.axpy in place and std.cast; checked against Lua.
local tl = require "tilelua"
local std = require "tilelua.std"

local shape = { 3, 50, 41 }                    -- rank 3, ragged for the 16-element-per-thread tiles
local x = tl.rand(shape, tl.f32, 1)
local y = tl.rand(shape, tl.f32, 2)
local z = std.map(function(a, b, s) return tl.exp(-a) * b + s end, tl.empty(shape, tl.f32), x, y, 0.5)
local y0 = y:clone()
std.axpy(3.0, x, y)                            -- y = 3x + y
local h = std.cast(z, tl.f16)

local xf, yf, y0f, zf, hf = x:reshape { x:numel() }, y:reshape { y:numel() }, y0:reshape { y:numel() },
                            z:reshape { z:numel() }, h:reshape { h:numel() }
local worst = 0
for i = 0, x:numel() - 1 do
  worst = math.max(worst, math.abs(zf:get(i) - (math.exp(-xf:get(i)) * y0f:get(i) + 0.5)),
                   math.abs(yf:get(i) - (3.0 * xf:get(i) + y0f:get(i))),
                   math.abs(hf:get(i) - zf:get(i)) / 1000) -- f16 keeps ~3 decimal digits
end
print(("std_elementwise: map, axpy, cast over %s (%d elements), max error %.3g"):format(
  table.concat(shape, "x"), x:numel(), worst))
for _, k in ipairs(std.kernels()) do print("  " .. tostring(k)) end
if worst > 2e-6 then io.stderr:write("std_elementwise: MISMATCH\n"); os.exit(1) end
print("std_elementwise: ok")
