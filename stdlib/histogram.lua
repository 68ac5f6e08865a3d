-- histogram.lua - std.histogram(x, bins, lo, hi): counts of x's values in `bins` equal bins over
-- [lo, hi). Each block keeps its bins in LDS (block-scope atomics while it sweeps its tiles in a
-- grid-stride loop), then adds its non-zero bins to the global counts with device atomics.
local tl = require "tilelua"
local C = require "tilelua.std.common"
local M = {}

local GRID_MAX = 512     -- blocks: each merges all its bins once, so fewer and busier blocks
local BINS_MAX = 16384   -- 64 KiB of i32 counters in LDS
local BINS_STEP = 256    -- LDS sizes are rounded up to this, so nearby bin counts share a kernel

-- the dtype bin positions are computed in: exact for the input's values
local function pos_dtype(dt)
  if dt == "f64" or dt == "i32" or dt == "u32" or dt == "i64" or dt == "u64" then return "f64" end
  return "f32"
end

local function kernel(dt, lds_bins)
  local pd = pos_dtype(dt)
  local L = C.flat_layout(C.SIZE[dt])
  local key = table.concat({ "histogram", dt, lds_bins, tl.default_warp() }, ";")
  return C.memo(key, function()
    return tl.kernel {
      name = "std_histogram", block = C.BLOCK,
      params = { { "x", tl.tensor(dt, 1) }, { "counts", tl.tensor(tl.i32, 1) }, { "bins", tl.i32 },
                 { "lo", pd }, { "hi", pd }, { "scale", pd }, { "tiles", tl.i32 } },
      body = function(k, p)
        local tid = k.thread_id()
        local lds = k:lds(tl.i32, { lds_bins })
        k:range(tid, p.bins, C.BLOCK, function(i) lds:store({ i }, 0) end)
        k:sync()
        local n = p.x:shape(0)
        local last = p.bins - 1
        k:range(k.block_id(0), p.tiles, k.grid_dim(0), function(i)
          local origin = i:cast("i64") * L.tile
          local t = k:window(p.x, { origin }, { L.tile }, L.dist):load()
          t:foreach(function(v, idx)
            local x = v:cast(pd)
            local inside = tl.land(tl.lt(origin + idx[1], n), tl.land(tl.ge(x, p.lo), tl.lt(x, p.hi)))
            -- rounding can put x just below hi into bin `bins`: clamp to the last bin
            local b = tl.min(tl.floor((x - p.lo) * p.scale):cast("i32"), last)
            k:when(inside, function() lds:atomic_add({ b }, 1, { scope = "block", order = "relaxed" }) end)
          end)
        end)
        k:sync()
        k:range(tid, p.bins, C.BLOCK, function(i)
          local c = lds:load { i }
          k:when(tl.ne(c, 0), function() p.counts:atomic_add({ i }, c, { order = "relaxed" }) end)
        end)
      end,
    }
  end), L
end

-- std.histogram(x, bins, lo, hi) -> i32 tensor {bins}; values outside [lo, hi) are not counted
function M.histogram(x, bins, lo, hi)
  local dt = C.tensor_dtype("histogram", "x", x)
  if math.type(bins) ~= "integer" or bins <= 0 then
    C.fail("std.histogram: bins must be a positive integer (got %s)", tostring(bins))
  end
  if bins > BINS_MAX then C.fail("std.histogram: bins (%d) is over the LDS limit of %d bins", bins, BINS_MAX) end
  if type(lo) ~= "number" or type(hi) ~= "number" then
    C.fail("std.histogram: lo and hi must be numbers (got %s and %s)", type(lo), type(hi))
  end
  if not (lo < hi) or hi - lo == math.huge then
    C.fail("std.histogram: the range [lo, hi) must be finite and non-empty (got [%s, %s))", tostring(lo), tostring(hi))
  end
  local counts = tl.zeros({ bins }, tl.i32)
  local n = x:numel()
  if n == 0 then return counts end
  local kern, L = kernel(dt, ((bins + BINS_STEP - 1) // BINS_STEP) * BINS_STEP)
  local tiles = C.blocks(n, L.tile)
  kern({ math.min(tiles, GRID_MAX) }, C.view(x, { n }), counts, bins, lo, hi, bins / (hi - lo), tiles)
  return counts
end

return M
