-- std.softmax over the last axis against plain Lua: rows that fit in registers, long rows (online
-- max/sum in column chunks), ranks 1 to 3, f32/f16/bf16/f64, -inf entries, and the errors.
local T = require "testing"
local std = require "tilelua.std"

local TOL = { f32 = 1e-6, f64 = 1e-12, f16 = 1e-3, bf16 = 8e-3 }
for _, case in ipairs { { { 37, 70 }, "f32" }, { { 1, 1 }, "f32" }, { { 5, 1023 }, "f16" }, { { 2, 3, 17 }, "f64" },
                        { { 3, 9000 }, "f32" }, { { 130 }, "bf16" } } do
  local shape, dt = case[1], case[2]
  local x = std.map(function(v) return v * 16 - 8 end, tl.empty(shape, tl[dt]), tl.rand(shape, tl.f32, 5))
  local y = std.softmax(x)
  T.eq(y:shape(), shape, "shape")
  local cols = shape[#shape]
  local xf, yf = x:reshape { x:numel() }, y:reshape { y:numel() }
  for r = 0, x:numel() // cols - 1 do
    local m, s = -math.huge, 0
    for j = 0, cols - 1 do m = math.max(m, xf:get(r * cols + j)) end
    for j = 0, cols - 1 do s = s + math.exp(xf:get(r * cols + j) - m) end
    for j = 0, cols - 1, (cols > 500 and 7 or 1) do
      T.near(yf:get(r * cols + j), math.exp(xf:get(r * cols + j) - m) / s, TOL[dt], dt .. " row " .. r .. " col " .. j)
    end
  end
end
-- -inf entries get 0; the online path sees a long row starting with -inf
for _, cols in ipairs { 50, 9000 } do
  local x = tl.zeros({ 2, cols }, tl.f32)
  x:set(0, 0, -math.huge); x:set(1, cols - 1, -math.huge)
  local y = std.softmax(x)
  T.eq(y:get(0, 0), 0.0, "exp(-inf) is 0")
  T.near(y:get(0, 1), 1 / (cols - 1), 1e-6, "the others share the mass")
  T.eq(y:get(1, cols - 1), 0.0, "-inf at the end")
end
-- a fresh y is not cleared first (tl.empty{clear = false}): every element written, f16 rows with tails and long
-- rows (online), over freed buffers of NaNs
for _, c in ipairs { { { 5, 1023 }, "f16" }, { { 3, 9000 }, "f32" } } do
  local xw = std.map(function(v) return v * 16 - 8 end, tl.empty(c[1], tl[c[2]]), tl.rand(c[1], tl.f32, 6))
  T.full_write("softmax " .. c[2], function(out) return std.softmax(xw, { out = out }) end, c[1], tl[c[2]])
end
T.raises(function() std.softmax(tl.empty({ 3 }, tl.i32)) end, "std.softmax: x must have a float dtype (got i32)")
