-- ldmatrix.lua - loads of a distributed tile from LDS as 8x8 matrices (NVIDIA ldmatrix, IR op
-- lds_matrix). A window load from an LDS buffer qualifies when, on warps of 32 and 16-bit
-- elements, the thread's elements pair up into 32-bit registers that are exactly the fragments of
-- 1, 2 or 4 8x8 matrices whose rows are 8 consecutive elements of the buffer:
--   plain:       lane L holds row L/4, columns 2*(L%4) and +1 of matrix r in register r;
--   transposed:  lane L holds rows 2*(L%4) and +1, column L/4 (the B operand of mma.sync stored
--                k-major).
-- Nothing here knows MMA shapes: the test is numeric, on the distribution's per-lane coordinates,
-- so any encoding with that lane/register pattern (the m16n8k16 A and B fragments among them) is
-- loaded with one instruction per register group instead of one per element. The row address each
-- lane supplies is fitted as a sum over the lane's bits and emitted symbolically.
local tr = require "tilelua.trace"
local M = {}
-- window.lua requires this module, so its origin_of is looked up at the first load, not here
local function origin_of(...) return require("tilelua.window").origin_of(...) end

local WARP = 32

-- Per lane 0..31 of warp 0: the thread's tile coordinates (0-based dims 0..n-1); nil when a
-- thread term mixes lane and warp bits (its digit is not a function of the lane alone).
local function lane_origins(f, block)
  for _, t in ipairs(f.tterms) do
    if t.dim >= 0 and t.len > 1 and t.div < WARP and t.div * t.len > WARP then return nil end
  end
  local lanes = {}
  for l = 0, WARP - 1 do
    local o = origin_of(f, block, l)
    for d = 0, f.ndim - 1 do o[d] = o[d] or 0 end
    lanes[l] = o
  end
  return lanes
end

-- coordinate of element y of lane l (relative to the window origin plus the warp's part)
local function coord(lanes, f, l, y)
  local off, o, c = f.offsets[y + 1], lanes[l], {}
  for d = 0, f.ndim - 1 do c[d] = o[d] + off[d + 1] end
  return c
end

local function same(a, b, n)
  for d = 0, n - 1 do if a[d] ~= b[d] then return false end end
  return true
end

-- The row start each lane supplies (rel[l][d]) for the given form, or nil when the elements do
-- not follow it.
local function fit(lanes, f, nm, trans)
  local n, last = f.ndim, f.ndim - 1
  local function row_start(r, i)
    if trans then return coord(lanes, f, i // 2, 2 * r + i % 2) end
    return coord(lanes, f, 4 * i, 2 * r)
  end
  for r = 0, nm - 1 do
    for l = 0, WARP - 1 do
      for h = 0, 1 do
        local want
        if trans then
          want = row_start(r, 2 * (l % 4) + h)
          want[last] = want[last] + l // 4
        else
          want = row_start(r, l // 4)
          want[last] = want[last] + 2 * (l % 4) + h
        end
        if not same(coord(lanes, f, l, 2 * r + h), want, n) then return nil end
      end
    end
  end
  local rel = {}
  for l = 0, WARP - 1 do
    local m = (l // 8) % nm
    rel[l] = row_start(m, l % 8)
  end
  return rel
end

-- rel[l][d] - rel[0][d] as sum over the lane's bits b of bit_b(l) * (rel[2^b][d] - rel[0][d]):
-- returns those differences (diff[l][d]), or nil
local function bit_linear(rel, n)
  local diff = {}
  for l = 0, WARP - 1 do
    diff[l] = {}
    for d = 0, n - 1 do diff[l][d] = rel[l][d] - rel[0][d] end
  end
  for l = 1, WARP - 1 do
    for d = 0, n - 1 do
      local s, b = 0, 0
      while (1 << b) <= l do
        if l & (1 << b) ~= 0 then s = s + diff[1 << b][d] end
        b = b + 1
      end
      if s ~= diff[l][d] then return nil end
    end
  end
  return diff
end

-- Symbolic sum over the lane's bits for dimension d: runs of bits whose coefficients double
-- (c, 2c, 4c, ...) become one ((lane >> b0) % 2^k) * c term.
local function lane_term(lane, rel, d)
  local term, b = nil, 0
  while b < 5 do
    local c = rel[1 << b][d]
    if c == 0 then b = b + 1
    else
      local k = 1
      while b + k < 5 and rel[1 << (b + k)][d] == c << k do k = k + 1 end
      local digit = lane
      if b > 0 then digit = digit // tr.const(1 << b, "i32") end
      if b + k < 5 then digit = digit % tr.const(1 << k, "i32") end
      local t = c ~= 1 and digit * tr.const(c, "i32") or digit
      term = term and (term + t) or t
      b = b + k
    end
  end
  return term
end

-- The warp's part of the thread origin: the terms whose digit depends on the warp only.
local function warp_origin(c, f)
  return origin_of(f, c.block, c.tid, function(t) return t.div >= WARP end)
end

-- M.load(w) -> the element Values (0-based y) when window w (on an LDS buffer) loads as 8x8
-- matrices, else nil (the caller loads element by element).
function M.load(w)
  local c = tr.current()
  local f, src = w.facts, w.src
  if c.warp ~= WARP or c.block % WARP ~= 0 or w.curve or tr.SIZE[src.dtype] ~= 2 then return nil end
  local nm = f.elements // 2
  if f.elements % 2 ~= 0 or (nm ~= 1 and nm ~= 2 and nm ~= 4) or f.threads < WARP then return nil end
  if src:run() % 8 ~= 0 then return nil end
  local lanes = lane_origins(f, c.block)
  if not lanes then return nil end
  local rel, trans = fit(lanes, f, nm, false), 0
  if not rel then rel, trans = fit(lanes, f, nm, true), 1 end
  if not rel then return nil end
  local diff = bit_linear(rel, f.ndim)
  if not diff then return nil end
  -- every row starts at a multiple of 8 along the last dimension
  local last = f.ndim - 1
  for l = 0, WARP - 1 do if rel[l][last] % 8 ~= 0 then return nil end end
  local rank = src.rank
  if tr.pow2_divisor(tr.as(w.origin[rank], "i32")) % 8 ~= 0 then return nil end
  local wo = warp_origin(c, f)
  if wo[last] and tr.pow2_divisor(wo[last]) % 8 ~= 0 then return nil end
  local lane = c.tid % tr.const(WARP, "i32")
  local row = {}
  for d = 1, rank do
    local x = tr.as(w.origin[d], "i32")
    if wo[d - 1] then x = x + wo[d - 1] end
    if rel[0][d - 1] ~= 0 then x = x + rel[0][d - 1] end
    local lt = lane_term(lane, diff, d - 1)
    if lt then x = x + lt end
    row[d] = x
  end
  local offset = src:offset(row)
  local vals = {}
  for y = 0, f.elements - 1 do
    vals[y] = tr.emit("lds_matrix", src.dtype, { offset }, { imm = src.index, imm2 = trans, vec = f.elements, vec_lane = y })
  end
  return vals
end

return M
