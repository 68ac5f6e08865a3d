-- quad_rows.lua - a warpgroup's wgmma accumulator regathered across lanes (shuffles), for 16-byte or 8-byte stores of its
-- rows.
--
-- A wgmma m64nN accumulator gives lane l of warp w, in column group j (8 columns), two consecutive columns
-- 8 j + 2 (l % 4) .. of rows 16 w + l / 4 and that + 8: a row's 8 columns of a group are spread over the 4 lanes
-- of a quad. Stored as it is, each thread writes 4-byte pairs (16-bit elements), a warp's store 8 rows of 16
-- bytes; the D = 128 backward's dK took that way 1.5 us more at a block's end than by TMA (session 39).
-- M.gather(k, acc, n, dt) casts acc to dt, packs each pair into 32 bits and transposes the 4 x 4 words of every
-- quad and 4 column groups (two rounds of shuffles, xor 2 and xor 1, selects by the lane's bits: 4 shuffles for
-- 4 words), so that lane q holds 8 consecutive columns 32 m + 8 q .. of its rows: a warp's 16-byte store writes
-- 8 rows of 64 contiguous bytes. The result has M.dist(n): rows 16 w + 8 h + l / 4, columns 32 m + 8 (l % 4) + e,
-- element (h, m, e) at h n / 4 + 8 m + e. M.gather8 ("pairs") takes one round (xor 1, one shuffle a column group) to
-- 4 consecutive columns a lane, 8-byte stores (M.dist8). M.store stores an accumulator in 32-column parts, each in
-- one of these forms or the accumulator's own; std.attention_backward's config.quad uses it (1.01-1.02x at D = 128
-- causal 1k and 2k on an H200: bench/RESULTS.md 2026-11-29 session 40).
local tl = require "tilelua"
local M = {}

local dists = {}
-- the regathered distribution of a {64, n} tile of a warpgroup (n a multiple of 32)
function M.dist(n)
  assert(n % 32 == 0, "quad_rows: n must be a multiple of 32")
  dists[n] = dists[n] or tl.encoding { h = { { 4, 2, 8 }, { n // 32, 4, 8 } }, p = { { { 1, 0 } }, { { 1, 2 }, { 2, 1 } } },
                                       y = { { 1, 1 }, { 2, 0 }, { 2, 2 } } }
  return dists[n]
end

local function pack(lo, hi, dt)
  local l = lo:cast(dt):bitcast("u16"):cast("u32")
  local h = hi:cast(dt):bitcast("u16"):cast("u32")
  return l | (h << 16)
end

-- a packed word's (pack's) two 16-bit halves as dt, the low one first
local function unpack(z, dt)
  return z:cast("u16"):bitcast(dt), (z >> 16):cast("u16"):bitcast(dt)
end

-- one round: lanes whose bit (mask) is set keep the words w[c] with that bit of c set and take the partner's
-- others; the rest the opposite
local function round(k, w, mask, set)
  local out = {}
  for c = 0, 3 do
    if c & mask == 0 then
      local send = tl.select(set, w[c], w[c | mask])
      local got = k:shfl_xor(send, mask)
      out[c] = tl.select(set, got, w[c])
      out[c | mask] = tl.select(set, w[c | mask], got)
    end
  end
  return out
end

-- acc: a wgmma m64n(n) accumulator of a warpgroup (4 n / 8 elements a thread: column group, row half, pair);
-- dt: the 16-bit type stored. Returns the same values as dt, distributed by M.dist(n).
function M.gather(k, acc, n, dt)
  local lane = k.lane_id()
  local b1, b0 = tl.ne(lane & 2, 0), tl.ne(lane & 1, 0)
  assert(acc:elements() == n // 2, "quad_rows: the accumulator must be a warpgroup's m64n" .. n)
  local vals = {}
  for h = 0, 1 do
    for m = 0, n // 32 - 1 do
      local w = {}
      for c = 0, 3 do
        local y = 4 * (4 * m + c) + 2 * h
        w[c] = pack(acc:get(y), acc:get(y + 1), dt)
      end
      local z = round(k, round(k, w, 2, b1), 1, b0)
      for c = 0, 3 do
        local y = h * n // 4 + 8 * m + 2 * c
        vals[y], vals[y + 1] = unpack(z[c], dt)
      end
    end
  end
  local t = tl.wgmma_shape { n = n, a = dt }:zeros():cast(dt):relabel(M.dist(n))
  for y = 0, n // 2 - 1 do t:set(y, vals[y]) end
  return t
end

local dists8 = {}
-- pairs: lanes l and l ^ 1 exchange one word a column group, so that lane l holds 4 consecutive columns
-- 8 j + 4 ((l % 4) // 2) .. of row 16 w + l / 4 + 8 (l % 2): 8-byte stores
function M.dist8(n)
  assert(n % 8 == 0, "quad_rows: n must be a multiple of 8")
  dists8[n] = dists8[n] or tl.encoding { h = { { 4, 2, 8 }, { n // 8, 2, 4 } }, p = { { { 1, 0 } }, { { 1, 2 }, { 2, 1 }, { 1, 1 } } },
                                         y = { { 2, 0 }, { 2, 2 } } }
  return dists8[n]
end
function M.gather8(k, acc, n, dt)
  assert(acc:elements() == n // 2, "quad_rows: the accumulator must be a warpgroup's m64n" .. n)
  local b0 = tl.ne(k.lane_id() & 1, 0)
  local t = tl.wgmma_shape { n = n, a = dt }:zeros():cast(dt):relabel(M.dist8(n))
  for j = 0, n // 8 - 1 do
    local a0, a1 = pack(acc:get(4 * j), acc:get(4 * j + 1), dt), pack(acc:get(4 * j + 2), acc:get(4 * j + 3), dt)
    local got = k:shfl_xor(tl.select(b0, a0, a1), 1)
    local z0, z1 = tl.select(b0, got, a0), tl.select(b0, a1, got)
    for i, z in ipairs { z0, z1 } do
      local lo, hi = unpack(z, dt)
      t:set(4 * j + 2 * (i - 1), lo); t:set(4 * j + 2 * (i - 1) + 1, hi)
    end
  end
  return t
end

-- acc's columns c0 .. c0 + n - 1 (c0 and n multiples of 8) as a wgmma m64n(n) accumulator of their own
function M.columns(acc, c0, n)
  local t = tl.wgmma_shape { n = n, a = "f16" }:zeros()
  for y = 0, n // 2 - 1 do t:set(y, acc:get(y + c0 // 2)) end
  return t
end

-- the forms of a part: its distribution and how the accumulator's values get there
local FORMS = {
  quad = { dist = M.dist, gather = M.gather },
  pairs = { dist = M.dist8, gather = M.gather8 },
  plain = { dist = function(n) return tl.wgmma_shape { n = n, a = "f16" }.c end,
            gather = function(_, acc, _, dt) return acc:cast(dt) end },
}

-- M.store(k, window, acc, n, dt, forms): a warpgroup's m64n(n) accumulator acc stored as dt in 32-column parts, part m
-- (columns 32 m ..) in the form forms[m + 1]: "quad" (16-byte stores), "pairs" (8-byte) or "plain" (the accumulator's
-- own 4-byte pairs); window(c0, cols, dist) gives the destination's window of columns c0 .. c0 + cols - 1. Every part is
-- gathered before the first is stored.
function M.store(k, window, acc, n, dt, forms)
  local parts = {}
  for m = 0, n // 32 - 1 do
    local f = FORMS[forms[m + 1]] or error("quad_rows: unknown form " .. tostring(forms[m + 1]))
    parts[m + 1] = { window(32 * m, 32, f.dist(32)), f.gather(k, M.columns(acc, 32 * m, 32), 32, dt) }
  end
  for _, e in ipairs(parts) do e[1]:store(e[2]) end
end

return M
