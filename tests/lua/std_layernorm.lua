-- std.layernorm over the last axis against plain Lua: with and without weight/bias, rows in
-- registers and long rows (three sweeps), several dtypes; errors name the bad argument.
local T = require "testing"
local std = require "tilelua.std"

local TOL = { f32 = 2e-5, f64 = 1e-11, f16 = 1e-2, bf16 = 5e-2 }
for _, case in ipairs { { { 37, 70 }, "f32", true }, { { 1, 1 }, "f32", false }, { { 5, 1023 }, "f16", true },
                        { { 2, 3, 17 }, "f64", true }, { { 3, 9000 }, "f32", true }, { { 64 }, "bf16", false } } do
  local shape, dt, affine = case[1], case[2], case[3]
  local cols = shape[#shape]
  local x = std.map(function(v) return v * 4 + 3 end, tl.empty(shape, tl[dt]), tl.rand(shape, tl.f32, 7))
  local w = affine and std.cast(tl.rand({ cols }, tl.f32, 8), tl[dt]) or nil
  local b = affine and tl.rand({ cols }, tl.f32, 9) or nil
  local eps = affine and 1e-3 or 1e-5
  local y = std.layernorm(x, { weight = w, bias = b, eps = affine and eps or nil })
  T.eq(y:shape(), shape, "shape")
  local xf, yf = x:reshape { x:numel() }, y:reshape { y:numel() }
  for r = 0, x:numel() // cols - 1 do
    local s = 0
    for j = 0, cols - 1 do s = s + xf:get(r * cols + j) end
    local mean, v = s / cols, 0
    for j = 0, cols - 1 do v = v + (xf:get(r * cols + j) - mean) ^ 2 end
    local rstd = 1 / math.sqrt(v / cols + eps)
    for j = 0, cols - 1, (cols > 500 and 5 or 1) do
      local want = (xf:get(r * cols + j) - mean) * rstd
      if affine then want = want * w:get(j) + b:get(j) end
      T.near(yf:get(r * cols + j), want, TOL[dt] * math.max(1, math.abs(want)), dt .. " row " .. r .. " col " .. j)
    end
  end
end
-- a fresh y is not cleared first (tl.empty{clear = false}): every element written, f16 rows with tails and long
-- rows of three sweeps, over freed buffers of NaNs
for _, c in ipairs { { { 5, 1023 }, "f16" }, { { 3, 9000 }, "f32" } } do
  local xw = std.map(function(v) return v * 4 + 3 end, tl.empty(c[1], tl[c[2]]), tl.rand(c[1], tl.f32, 4))
  T.full_write("layernorm " .. c[2], function(out) return std.layernorm(xw, { eps = 1e-3, out = out }) end, c[1], tl[c[2]])
end
local x = tl.rand({ 4, 6 }, tl.f32, 1)
T.raises(function() std.layernorm(x, { weight = tl.rand({ 5 }, tl.f32, 1) }) end,
  "weight has shape {5} but must be {6}, the length of x's last axis")
T.raises(function() std.layernorm(x, { eps = -1 }) end, "eps must be a number >= 0 (got -1)")
T.raises(function() std.layernorm(x, { gamma = x }) end, "unknown option 'gamma'")
