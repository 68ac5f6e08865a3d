-- std.rope against a float64 Lua reference: half-split (rotate half) and interleaved pairings,
-- {S, D/2} and {S, D} tables, positions along the default axis ({B, S, H, D}) and seq_axis = -2
-- ({B, H, S, D}), ragged D, every float dtype, f32 tables with f16 x, out=.
local T = require "testing"
local std = require "tilelua.std"

local TOL = { f32 = 1e-5, f64 = 1e-12, f16 = 2e-3, bf16 = 1.6e-2 }
local function signed(shape, dt, seed)
  return std.map(function(v) return v * 4 - 2 end, tl.empty(shape, tl[dt]), tl.rand(shape, tl.f32, seed))
end
-- tables of angles p * theta_i (as models build them); full tables repeat them the way transformers
-- does (cat(freqs, freqs)) or pair by pair (interleaved), with a perturbation so that a kernel
-- reading the wrong half or member would differ
local function tables(seq, d, dt, full, interleaved)
  local w = full and d or d // 2
  local cs, sn = tl.empty({ seq, w }, tl[dt]), tl.empty({ seq, w }, tl[dt])
  for p = 0, seq - 1 do
    for j = 0, w - 1 do
      local i = j
      if full then i = interleaved and j // 2 or j % (d // 2) end
      local a = p * 10000 ^ (-2 * i / d) + (full and 0.1 * j or 0)
      cs:set(p, j, math.cos(a)); sn:set(p, j, math.sin(a))
    end
  end
  return cs, sn
end

local function check(shape, dt, tdt, full, interleaved, axis)
  local rank = #shape
  local d = shape[rank]
  local ax = axis or (rank >= 3 and rank - 3 or rank - 2)
  if ax < 0 then ax = ax + rank end
  local seq = shape[ax + 1]
  local inner = 1
  for a = ax + 2, rank - 1 do inner = inner * shape[a] end
  local x = signed(shape, dt, 11)
  local cs, sn = tables(seq, d, tdt, full, interleaved)
  local out = tl.empty(shape, tl[dt])
  local y = std.rope(x, cs, sn, { interleaved = interleaved, seq_axis = axis, out = out })
  T.eq(y == out, true, "the result is out")
  local xf, yf = x:reshape { x:numel() }, y:reshape { y:numel() }
  local what = string.format("%s, %s tables %s %s", dt, tdt, full and "{S, D}" or "{S, D/2}",
                             interleaved and "interleaved" or "half-split")
  local h = d // 2
  for r = 0, x:numel() // d - 1 do
    local p = (r // inner) % seq
    for i = 0, h - 1 do
      local ia, ib = interleaved and 2 * i or i, interleaved and 2 * i + 1 or i + h
      local a, b = xf:get(r * d + ia), xf:get(r * d + ib)
      local ca, sa = cs:get(p, full and ia or i), sn:get(p, full and ia or i)
      local cb, sb = cs:get(p, full and ib or i), sn:get(p, full and ib or i)
      T.near(yf:get(r * d + ia), a * ca - b * sa, TOL[dt] * 4, what .. " row " .. r .. " elem " .. ia)
      T.near(yf:get(r * d + ib), b * cb + a * sb, TOL[dt] * 4, what .. " row " .. r .. " elem " .. ib)
    end
  end
end

for _, interleaved in ipairs { false, true } do
  check({ 2, 5, 3, 16 }, "f32", "f32", false, interleaved)         -- {B, S, H, D}
  check({ 2, 3, 5, 16 }, "f16", "f16", true, interleaved, -2)      -- {B, H, S, D}
  check({ 7, 6 }, "f64", "f64", false, interleaved)                -- {S, D}, D/2 = 3 (ragged)
  check({ 3, 4, 2, 20 }, "bf16", "f32", true, interleaved)         -- f32 tables, D/2 = 10
  check({ 1, 9, 1, 128 }, "f16", "f32", false, interleaved)
  check({ 4, 3, 600 }, "f32", "f32", false, interleaved, 0)        -- positions along axis 0
  check({ 2, 3, 4, 128 }, "f16", "f16", false, interleaved)        -- the benchmark's form: {S, D/2} tables of x's dtype
  check({ 3, 5, 2 }, "f16", "f16", false, interleaved)             -- D = 2: one pair a row
  check({ 2, 3, 1, 8 }, "bf16", "bf16", false, interleaved)        -- D/2 = 4, under a vector
  check({ 1, 2, 8200 }, "f16", "f16", false, interleaved)          -- rows in column chunks (a thread's 32 elements)
  check({ 1, 2, 4100 }, "f16", "f32", true, interleaved)           -- chunks, {S, D} f32 tables of f16 x
end

-- a fresh y is not cleared first (tl.empty{clear = false}): every element written, both pairings, ragged D/2 and
-- long rows, over freed buffers of NaNs
for _, interleaved in ipairs { false, true } do
  for _, c in ipairs { { { 2, 5, 3, 20 }, "f16" }, { { 4, 3, 600 }, "f32" } } do
    local shape, dt = c[1], c[2]
    local xw = signed(shape, dt, 12)
    local cw, sw = tables(shape[2], shape[#shape], dt, false, interleaved)
    T.full_write("rope " .. dt, function(out) return std.rope(xw, cw, sw, { interleaved = interleaved, seq_axis = #shape == 3 and 1 or nil, out = out }) end,
                 shape, tl[dt])
  end
end

local x = tl.rand({ 2, 4, 3, 8 }, tl.f16, 1)
local cs, sn = tables(4, 8, "f16", false, false)
T.raises(function() std.rope(x, cs, tl.rand({ 4, 4 }, tl.bf16, 2)) end,
  "std.rope: cos and sin must have the same dtype (got f16 and bf16)")
T.raises(function() std.rope(x, tl.rand({ 5, 4 }, tl.f16, 2), tl.rand({ 5, 4 }, tl.f16, 2)) end,
  "std.rope: cos and sin must be {4, 4} or {4, 8} (S = x's axis 1, D/2 or D) (got {5, 4})")
T.raises(function() std.rope(x, cs, sn, { seq_axis = -1 }) end, "seq_axis must be an integer axis of x before the last")
T.raises(function() std.rope(x, cs, sn, { interleave = true }) end, "unknown option 'interleave'")
T.raises(function() std.rope(tl.rand({ 4, 7 }, tl.f16, 1), cs, sn) end, "(the head dimension, D = 7) must be even")
T.raises(function() std.rope(tl.rand({ 2, 4, 3, 8 }, tl.f32, 1), cs, sn) end,
  "std.rope: cos and sin must have x's dtype (f32) (got f16)")
