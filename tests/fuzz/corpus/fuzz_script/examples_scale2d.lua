-- scale2d.lua - y = alpha * x over a 2D tensor, tile by tile (seed 001's thread-raked pattern).
-- Sizes shrink on the CPU executor; the result is checked element by element.
local tl = require "tilelua"

local TILE_R, TILE_C = 64, 64
local dist = tl.pattern2d { block = 256, rows = TILE_R, cols = TILE_C, vec = 4, pattern = "thread_raked" }

local scale = tl.kernel {
  name = "scale", block = 256,
  params = { { "x", tl.tensor(tl.f32, 2) }, { "y", tl.tensor(tl.f32, 2) }, { "alpha", tl.f32 } },
  hints = { occupancy = 2 },
  body = function(k, p)
    local r0, c0 = k.block_id(1) * TILE_R, k.block_id(0) * TILE_C
    local t = k:window(p.x, { r0, c0 }, { TILE_R, TILE_C }, dist):load()   -- masked at the edges
    t = t:map(function(v) return v * p.alpha end)                           -- a sweep, unrolled
    k:window(p.y, { r0, c0 }, { TILE_R, TILE_C }, dist):store(t)
  end,
}

local R, C = 200, 150                      -- ragged: not multiples of the 64x64 tile
local x = tl.rand({ R, C }, tl.f32, 1)
local y = tl.empty_like(x)
scale { grid = { (C + TILE_C - 1) // TILE_C, (R + TILE_R - 1) // TILE_R }, x = x, y = y, alpha = 2.0 }

local worst = 0
for i = 0, R - 1 do
  for j = 0, C - 1 do worst = math.max(worst, math.abs(y:get(i, j) - 2.0 * x:get(i, j))) end
end
print(("scale2d: %dx%d, %d elements per thread, max error %g"):format(R, C, dist:elements(), worst))
print(scale:report())
if worst ~= 0 then io.stderr:write("scale2d: MISMATCH\n"); os.exit(1) end
print("scale2d: ok")
