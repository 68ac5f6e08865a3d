-- rope.lua - std.rope: rotary position embedding of the last axis (the head dimension D) of x.
-- Each pair (a, b) of x at sequence position p is rotated by the angle whose cosine and sine are
-- cos[p, i] and sin[p, i]: (a*c - b*s, b*c + a*s). Two pairings:
--   half-split (default; "rotate half", GPT-NeoX / LLaMA in transformers): a = x[i], b = x[i + D/2],
--     i.e. y = x*cos + rotate_half(x)*sin with rotate_half(x) = cat(-x[D/2:], x[:D/2]);
--   interleaved (GPT-J, the original RoFormer): a = x[2i], b = x[2i + 1].
-- cos and sin are {S, D/2} (one angle per pair) or {S, D} (one per element, as transformers builds
-- them: both halves, or both members of a pair, then read their own entry).
--
-- x is read as rows of D: row r sits at position (r / inner) % S, inner the product of the axes
-- after the sequence axis (all but the last). A block takes a tile of rows; each thread holds both
-- members of its pairs (half-split: the tile is {rows, 2, D/2} of a {rows, 2, D/2} view; interleaved:
-- the pairs lie inside the thread's two adjacent 16-byte vectors), so x is read and written once, in vectors,
-- and the tables are read with the same layout at the row of each thread's position (the window
-- origin is that row minus the thread's row in the tile, as layernorm does for its weight).
local tl = require "tilelua"
local C = require "tilelua.std.common"
local M = {}

local ROW_ELEMS = 16 -- per thread and member of a pair

-- the row layout of C.row_layout with an axis of length 2 inserted before the columns (held by each
-- thread: y = member * iters * vec + the row layout's y)
local split_cache = {}
local function split_dist(L)
  local d = split_cache[L.key]
  if not d then
    d = tl.encoding { h = { { L.rows }, { 2 }, { L.iters, L.warps, L.lanes, L.vec } },
                      p = { { { 1, 0 }, { 3, 1 }, { 3, 2 } } }, y = { { 2, 0 }, { 3, 0 }, { 3, 3 } } }
    split_cache[L.key] = d
  end
  return d
end

-- interleaved: each thread holds two adjacent x vectors (pairs (2i, 2i + 1) of 2 vec elements), so the {S, D/2} tables
-- are read in whole vectors too (vec entries for 2 vec elements; with one x vector a thread they took half-width
-- loads, and every 8 elements of x paid the position's two divisions: 0.88 of copy bandwidth against the half-split's
-- 0.95, bench/RESULTS.md 2026-12-01 session 52). L: C.row_layout at twice the vector; x's layout splits that vector
-- into {2, vec} (y = iteration, which vector, element), the tables' is the row layout at half its vector, so element
-- e of a thread's x uses element e // 2 of its table tile
local pair_cache = {}
local function pair_dist(L)
  local d = pair_cache[L.key]
  if not d then
    local half = L.vec // 2
    d = {
      x = tl.encoding { h = { { L.rows }, { L.iters, L.warps, L.lanes, 2, half } },
                        p = { { { 1, 0 }, { 2, 1 }, { 2, 2 } } }, y = { { 2, 0 }, { 2, 3 }, { 2, 4 } } },
      t = C.row_dist(L.rows, L.iters, L.warps, L.lanes, half),
    }
    pair_cache[L.key] = d
  end
  return d
end

local function kernel(dt, tdt, d, full, interleaved, wide)
  local acc = C.acc_dtype(dt)
  local it = wide and "i64" or "i32"
  local ncols = interleaved and d or d // 2
  local size = math.min(C.SIZE[dt], C.SIZE[tdt])
  -- interleaved: the row layout at twice the vector (two 16-byte vectors a thread, pair_dist): it is even (D is), so
  -- pairs never straddle a thread's elements
  local L = interleaved and C.row_layout(ncols, math.max(1, size // 2), tl.default_warp(), 2 * ROW_ELEMS)
            or C.row_layout(ncols, size, tl.default_warp(), ROW_ELEMS)
  local key = table.concat({ "rope", dt, tdt, L.key, tostring(full), tostring(interleaved), it, tl.default_warp() }, ";")
  return C.memo(key, function()
    local xrank = interleaved and 2 or 3
    local trank = (full and not interleaved) and 3 or 2
    local pd = interleaved and pair_dist(L)
    local xdist = interleaved and pd.x or split_dist(L)
    local tdist = full and xdist or (interleaved and pd.t or L.dist)
    return tl.kernel {
      name = interleaved and "std_rope_interleaved" or "std_rope", block = L.block,
      params = { { "x", tl.tensor(dt, xrank) }, { "y", tl.tensor(dt, xrank) }, { "cos", tl.tensor(tdt, trank) },
                 { "sin", tl.tensor(tdt, trank) }, { "inner", it }, { "seq", it } },
      body = function(k, p)
        local r0 = (it == "i64" and C.bid64(k) or k.block_id(0)) * L.rows
        local function origin(row, c0)
          if xrank == 3 then return { row, 0, c0 } end
          return { row, c0 }
        end
        local lengths = xrank == 3 and { L.rows, 2, L.cols } or { L.rows, L.cols }
        local halved = interleaved and not full -- ({S, D/2} tables of an interleaved rotation)
        local tlengths = trank == 3 and { L.rows, 2, L.cols } or { L.rows, halved and L.cols // 2 or L.cols }
        local function chunk(c0)
          local xw = k:window(p.x, origin(r0, c0), lengths, xdist)
          local x = xw:load()
          if x.dtype ~= acc then x = x:cast(acc) end
          -- the table row of this thread's position, as a window origin
          local row = x:coords(0)[1]
          local pos = ((r0 + row) // p.inner) % p.seq
          local trow = pos - row
          local tc0 = halved and c0 // 2 or c0
          local torigin = trank == 3 and { trow, 0, tc0 } or { trow, tc0 }
          local function table_of(t)
            local v = k:window(t, torigin, tlengths, tdist):load()
            return v.dtype ~= acc and v:cast(acc) or v
          end
          local cs, sn = table_of(p.cos), table_of(p.sin)
          local y = x:map(function(v) return v end)
          local n = x:elements()
          if interleaved then
            for e = 0, n - 1, 2 do
              local a, b = x:get(e), x:get(e + 1)
              local ca, sa = full and cs:get(e) or cs:get(e // 2), full and sn:get(e) or sn:get(e // 2)
              local cb, sb = full and cs:get(e + 1) or ca, full and sn:get(e + 1) or sa
              y:set(e, a * ca - b * sa)
              y:set(e + 1, b * cb + a * sb)
            end
          else
            local h = n // 2
            for e = 0, h - 1 do
              local a, b = x:get(e), x:get(e + h)
              local ca, sa = cs:get(e), sn:get(e)
              local cb, sb = full and cs:get(e + h) or ca, full and sn:get(e + h) or sa
              y:set(e, a * ca - b * sa)
              y:set(e + h, b * cb + a * sb)
            end
          end
          if y.dtype ~= dt then y = y:cast(dt) end
          k:window(p.y, origin(r0, c0), lengths, xdist):store(y)
        end
        if not L.chunked then chunk(0) else k:range(0, p.x:shape(xrank - 1), L.cols, chunk) end
      end,
    }
  end), L
end

local OPTS = { interleaved = true, seq_axis = true, out = true }

-- std.rope(x, cos, sin[, {interleaved = false, seq_axis = -3 (-2 for rank 2), out = t}]): a new
-- tensor (or out) of x's shape and dtype. x: {..., S, ..., D} with D even, its positions along
-- seq_axis (default {..., S, H, D}: the axis before the heads; -2 for {B, H, S, D}); cos, sin: {S,
-- D/2} or {S, D}, both of x's dtype or both f32; f16/bf16 computed in f32.
function M.rope(x, cos, sin, opts)
  local dt = C.tensor_dtype("rope", "x", x)
  if not C.FLOAT[dt] then C.fail("std.rope: x must have a float dtype (got %s)", dt) end
  local cdt = C.tensor_dtype("rope", "cos", cos)
  local sdt = C.tensor_dtype("rope", "sin", sin)
  if cdt ~= sdt then C.fail("std.rope: cos and sin must have the same dtype (got %s and %s)", cdt, sdt) end
  if cdt ~= dt and cdt ~= "f32" then
    C.fail("std.rope: cos and sin must have x's dtype (%s)%s (got %s)", dt, dt == "f32" and "" or " or f32", cdt)
  end
  if opts ~= nil and type(opts) ~= "table" then
    C.fail("std.rope: options must be a table such as {interleaved = true} (got %s)", type(opts))
  end
  opts = opts or {}
  for key in pairs(opts) do
    if not OPTS[key] then C.fail("std.rope: unknown option '%s' (expected interleaved, seq_axis or out)", tostring(key)) end
  end
  local interleaved = opts.interleaved
  if interleaved ~= nil and type(interleaved) ~= "boolean" then
    C.fail("std.rope: interleaved must be a boolean (got %s)", tostring(interleaved))
  end
  interleaved = interleaved == true
  local shape = x:shape()
  local rank = #shape
  if rank < 2 then C.fail("std.rope: x must have rank 2 or more ({..., S, D}; got shape %s)", C.shape_str(shape)) end
  local d = shape[rank]
  if d % 2 ~= 0 then
    C.fail("std.rope: the last axis of x (the head dimension, D = %d) must be even: the rotation takes elements in pairs", d)
  end
  local axis = opts.seq_axis == nil and (rank >= 3 and -3 or -2) or opts.seq_axis
  if math.type(axis) ~= "integer" or axis < -rank or axis >= rank - 1 or axis == -1 then
    C.fail("std.rope: seq_axis must be an integer axis of x before the last (-%d..%d except -1; got %s)", rank, rank - 2,
           tostring(axis))
  end
  if axis < 0 then axis = axis + rank end
  local seq = shape[axis + 1]
  local inner = 1
  for a = axis + 2, rank - 1 do inner = inner * shape[a] end
  local cs, ss = cos:shape(), sin:shape()
  if not C.same_shape(cs, ss) then
    C.fail("std.rope: cos and sin must have the same shape (got %s and %s)", C.shape_str(cs), C.shape_str(ss))
  end
  if #cs ~= 2 or cs[1] ~= seq or (cs[2] ~= d // 2 and cs[2] ~= d) then
    C.fail("std.rope: cos and sin must be {%d, %d} or {%d, %d} (S = x's axis %d, D/2 or D) (got %s)", seq, d // 2, seq, d,
           axis, C.shape_str(cs))
  end
  local full = cs[2] == d and d > 0
  local y = C.output("rope", opts, shape, dt, true) -- (a fresh y not cleared: every row tile writes both halves of all its pairs)
  local n = C.numel(shape)
  if n == 0 then return y end
  local nrows = n // d
  local wide = nrows + 1024 > 0x7fffffff -- row indices (plus a tile) past i32
  local kern, L = kernel(dt, cdt, d, full, interleaved, wide)
  local xs = interleaved and { nrows, d } or { nrows, 2, d // 2 }
  local ts = (full and not interleaved) and { seq, 2, d // 2 } or cs
  kern({ C.blocks(nrows, L.rows) }, C.view(x, xs), C.view(y, xs), C.view(cos, ts), C.view(sin, ts), inner, seq)
  return y
end

-- built again for another target by kernel:for_target (tilesh --cross, kernel:source(arch))
kernel = tl.retargetable(kernel)

return M
