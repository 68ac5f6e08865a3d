-- histogram.lua - std.histogram(x, bins, lo, hi): counts of x's values in `bins` equal bins over
-- [lo, hi). Each block keeps its bins in LDS (block-scope atomics while it sweeps its tiles in a
-- grid-stride loop), then adds its non-zero bins to the global counts with device atomics.
--
-- The LDS bins are replicated: R copies side by side (bin b's copies at b*R .. b*R + R-1), and a
-- thread counts into copy tid % R. With R = 32 (up to 256 bins) the 32 lanes of a warp's atomic
-- touch 32 different banks whatever their bins, and two lanes never add to the same word, so one
-- warp atomic is one LDS wavefront; with a single copy, 32 random bins of 256 fall about 3.5 to a
-- bank (a 3- to 4-way conflict per atomic) and equal bins serialize.
local tl = require "tilelua"
local C = require "tilelua.std.common"
local M = {}

local CPU_GRID = 8          -- blocks on the CPU executor: few, so each loops over several tiles
local BLOCKS_PER_SM = 4     -- GPU grid: one wave of blocks, each sweeping many tiles
local PER_THREAD = 32       -- elements per thread and tile: eight 16-byte loads in flight (f32)
local BINS_MAX = 16384      -- 64 KiB of i32 counters in LDS (one copy)
local BINS_STEP = 256       -- LDS sizes are rounded up to this, so nearby bin counts share a kernel
local COPIES_BYTES = 32768  -- LDS for the replicated bins: 32 copies of 256 bins, fewer of more

-- the dtype bin positions are computed in: exact for the input's values
local function pos_dtype(dt)
  if dt == "f64" or dt == "i32" or dt == "u32" or dt == "i64" or dt == "u64" then return "f64" end
  return "f32"
end

-- copies of the bins: a power of two <= 32 (the banks), within COPIES_BYTES
local function copies_of(lds_bins)
  local r = 32
  while r > 1 and lds_bins * r * 4 > COPIES_BYTES do r = r // 2 end
  return r
end

local function kernel(dt, lds_bins)
  local pd = pos_dtype(dt)
  local L = C.flat_layout(C.SIZE[dt], PER_THREAD)
  local R = copies_of(lds_bins)
  local key = table.concat({ "histogram", dt, lds_bins, R, L.tile, tl.default_warp() }, ";")
  return C.memo(key, function()
    return tl.kernel {
      name = "std_histogram", block = C.BLOCK,
      -- the grid is BLOCKS_PER_SM blocks per SM, all resident at once: registers must allow it
      hints = { occupancy = BLOCKS_PER_SM },
      params = { { "x", tl.tensor(dt, 1) }, { "counts", tl.tensor(tl.i32, 1) }, { "bins", tl.i32 },
                 { "lo", pd }, { "hi", pd }, { "scale", pd }, { "full", tl.i32 }, { "tiles", tl.i32 } },
      body = function(k, p)
        local tid = k.thread_id()
        local lds = k:lds(tl.i32, { lds_bins * R })
        k:range(tid, p.bins * R, C.BLOCK, function(i) lds:store({ i }, 0) end)
        k:sync()
        local copy = R > 1 and (tid & (R - 1)) or nil -- R is a power of two
        local n = p.x:shape(0)
        local last = p.bins - 1
        -- one tile: every element inside [lo, hi) (and, for the last tile, inside x) adds 1
        local function sweep(i, ragged)
          local origin = i:cast("i64") * L.tile
          local t = k:window(p.x, { origin }, { L.tile }, L.dist):load()
          t:foreach(function(v, idx)
            local x = v:cast(pd)
            local inside = tl.land(tl.ge(x, p.lo), tl.lt(x, p.hi))
            if ragged then inside = tl.land(tl.lt(origin + idx[1], n), inside) end
            -- inside, x - lo >= 0, so the cast (truncation) is the floor; rounding can put x just
            -- below hi into bin `bins`: clamp to the last bin
            local b = tl.min(((x - p.lo) * p.scale):cast("i32"), last)
            local slot = copy and b * R + copy or b
            k:when(inside, function() lds:atomic_add({ slot }, 1, { scope = "block", order = "relaxed" }) end)
          end)
        end
        -- the tiles wholly inside x need no index check; the last one, when partial, does
        k:range(k.block_id(0), p.full, k.grid_dim(0), function(i) sweep(i, false) end)
        k:range(p.full + k.block_id(0), p.tiles, k.grid_dim(0), function(i) sweep(i, true) end)
        k:sync()
        k:range(tid, p.bins, C.BLOCK, function(i)
          -- the copies of bin i, read from copy i % R on: the lanes of a warp (consecutive bins)
          -- read different banks
          local c = nil
          for j = 0, R - 1 do
            local v = lds:load { copy and i * R + ((i + j) & (R - 1)) or i }
            c = c and c + v or v
          end
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
  kern({ C.resident_blocks(tiles, BLOCKS_PER_SM, CPU_GRID) }, C.view(x, { n }), counts, bins, lo, hi, bins / (hi - lo), n // L.tile, tiles)
  return counts
end

-- built again for another target by kernel:for_target (tilesh --cross, kernel:source(arch))
kernel = tl.retargetable(kernel)

return M
