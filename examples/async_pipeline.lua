-- async_pipeline.lua - Hopper's asynchronous machinery in a small kernel: a producer warp copies the
-- tiles of a row of x by TMA into a 3-stage ring of LDS buffers, each stage guarded by a "full"
-- mbarrier (the copy's bytes complete it) and an "empty" one (the consumers release it); a consumer
-- warpgroup sums the tiles. The roles run at once (warp specialization): on the CPU executor as
-- tasks taking turns, on an sm_90 GPU as warps of one block. Try removing full:wait or empty:arrive:
-- the executor reports the read of bytes in flight, or the deadlock.
--   build/tilesh examples/async_pipeline.lua
debug.getregistry()["tilelua.warp"] = 32 -- NVIDIA's warps (the executor runs any warp size)

local S, TILES = 3, 8                    -- ring stages, tiles per row
local dist = tl.encoding { h = { { 32, 1 }, { 4, 8 } }, p = { { { 1, 0 }, { 2, 0 } } }, y = { { 1, 1 }, { 2, 1 } } }

local tile_sum = tl.kernel {
  name = "tile_sum", block = 160,        -- one producer warp + one consumer warpgroup
  params = { { "x", tl.tensor(tl.f32, 2) }, { "y", tl.tensor(tl.f32, 2) } },
  body = function(k, p)
    local ring = k:lds(tl.f32, { S * 32, 32 })
    local full, empty = k:mbarrier(S, 1), k:mbarrier(S, 128)
    local r0 = k.block_id(0) * 32
    k:roles {
      { warps = 1, fn = function(role)
        k:when(role:leader(), function()
          k:range(0, TILES, 1, function(t)
            local s, phase = t % S, (t // S) % 2
            empty:wait(s, 1 - phase)       -- the consumers are done with this stage
            k:copy(k:window(ring, { s * 32, 0 }, { 32, 32 }), k:window(p.x, { r0, t * 32 }, { 32, 32 }),
                   { barrier = full, index = s })
            full:arrive(s)
          end)
        end)
      end },
      { warps = 4, fn = function()
        local acc = k:range(0, TILES, 1, function(t, acc)
          local s, phase = t % S, (t // S) % 2
          full:wait(s, phase)              -- the tile has landed
          local tile = k:window(ring, { s * 32, 0 }, { 32, 32 }, dist):load()
          empty:arrive(s)
          return acc + tile
        end, k:window(p.y, { r0, 0 }, { 32, 32 }, dist):load())
        k:window(p.y, { r0, 0 }, { 32, 32 }, dist):store(acc)
      end },
    }
  end,
}

local x = tl.rand({ 64, 32 * TILES }, tl.f32)
local y = tl.zeros({ 64, 32 }, tl.f32)
tile_sum({ 2 }, x, y)
local worst = 0
for i = 0, 63 do
  for j = 0, 31 do
    local s = 0
    for t = 0, TILES - 1 do s = s + x:get(i, t * 32 + j) end
    worst = math.max(worst, math.abs(s - y:get(i, j)))
  end
end
print(("tile_sum: %d tiles through a %d-stage TMA ring, max |error| = %.3g"):format(TILES, S, worst))
assert(worst < 1e-4, "wrong sums")
print(tile_sum:ir():match("tma0:[^\n]*"))
