-- std.rmsnorm over the last axis against a float64 Lua reference: rows in registers and long rows
-- (two sweeps), with and without weight (x's dtype or f32), every float dtype, any leading shape,
-- out=; argument errors name the rule.
local T = require "testing"
local std = require "tilelua.std"

local TOL = { f32 = 2e-5, f64 = 1e-11, f16 = 2e-3, bf16 = 1.6e-2 }
-- (scale a power of two: v * scale is exact, so a GPU compiler's fused multiply-add rounds like the
-- executor's multiply then subtract; the launches are compared with it under TILELUA_CHECK_CPU)
local function signed(shape, dt, seed, scale)
  return std.map(function(v) return v * scale - scale / 2 end, tl.empty(shape, tl[dt]), tl.rand(shape, tl.f32, seed))
end
for _, case in ipairs { { { 37, 70 }, "f32", "f32" }, { { 1, 1 }, "f32", nil }, { { 5, 1023 }, "f16", "f16" },
                        { { 2, 3, 17 }, "f64", "f32" }, { { 3, 9000 }, "f32", "f32" }, { { 64 }, "bf16", nil },
                        { { 2, 2, 3, 40 }, "bf16", "bf16" }, { { 3, 600 }, "f16", "f32" } } do
  local shape, dt, wdt = case[1], case[2], case[3]
  local cols = shape[#shape]
  local x = signed(shape, dt, 7, 8)
  local w = wdt and signed({ cols }, wdt, 8, 4) or nil
  local eps = wdt and 1e-3 or nil
  local out = tl.empty(shape, tl[dt])
  local y = std.rmsnorm(x, w, { eps = eps, out = out })
  T.eq(y == out, true, "the result is out")
  T.eq(y:shape(), shape, "shape")
  local xf, yf = x:reshape { x:numel() }, y:reshape { y:numel() }
  for r = 0, x:numel() // cols - 1 do
    local ss = 0
    for j = 0, cols - 1 do ss = ss + xf:get(r * cols + j) ^ 2 end
    local rstd = 1 / math.sqrt(ss / cols + (eps or 1e-6))
    for j = 0, cols - 1, (cols > 500 and 7 or 1) do
      local want = xf:get(r * cols + j) * rstd
      if w then want = want * w:get(j) end
      T.near(yf:get(r * cols + j), want, TOL[dt] * math.max(1, math.abs(want)), dt .. " row " .. r .. " col " .. j)
    end
  end
end
-- a new tensor when no out is given; a row of zeros gives zeros (eps keeps rsqrt finite)
local z = std.rmsnorm(tl.zeros({ 2, 8 }, tl.f32))
T.eq(z:get(1, 3), 0.0, "zeros stay zeros")
local x = tl.rand({ 4, 6 }, tl.f32, 1)
T.raises(function() std.rmsnorm(x, tl.rand({ 5 }, tl.f32, 1)) end,
  "std.rmsnorm: weight has shape {5} but must be {6}, the length of x's last axis")
T.raises(function() std.rmsnorm(x, nil, { eps = -1 }) end, "eps must be a number >= 0 (got -1)")
T.raises(function() std.rmsnorm(x, nil, { epsilon = 1 }) end, "unknown option 'epsilon' (expected eps or out)")
T.raises(function() std.rmsnorm(tl.rand({ 4, 6 }, tl.f16, 1), tl.rand({ 6 }, tl.bf16, 1)) end,
  "std.rmsnorm: weight must have x's dtype (f16) or f32 (got bf16)")
T.raises(function() std.rmsnorm(x, nil, { out = tl.empty({ 4, 5 }, tl.f32) }) end, "out must have shape {4, 6} (got {4, 5})")
-- a fresh y is not cleared first (tl.empty{clear = false}): every element written, f16 rows with tails and long
-- rows of two sweeps, over freed buffers of NaNs
local xr, wr = signed({ 5, 1023 }, "f16", 3, 8), signed({ 1023 }, "f16", 4, 4)
T.full_write("rmsnorm", function(out) return std.rmsnorm(xr, wr, { out = out }) end, { 5, 1023 }, tl.f16)
local xl = signed({ 3, 9000 }, "f32", 5, 8)
T.full_write("rmsnorm, long rows", function(out) return std.rmsnorm(xl, nil, { out = out }) end, { 3, 9000 }, tl.f32)
