-- exec_throughput.lua - lane operations per second of the CPU executor on arithmetic.
-- Run: build/tilesh bench/exec_throughput.lua [blocks]
-- A 256-thread block runs a chain of 64 dependent f32 fma/mul/add per element over 16 elements a
-- thread; lane-ops = instructions executed x active lanes, as counted by the executor.
local tl = require "tilelua"
local blocks = tonumber(arg and arg[1]) or 64
local dist = tl.pattern2d { block = 256, rows = 64, cols = 64, vec = 4, warp = 32 }
local chain = tl.kernel {
  name = "chain", block = 256, warp = 32,
  params = { { "x", tl.tensor(tl.f32, 2) }, { "y", tl.tensor(tl.f32, 2) } },
  body = function(k, p)
    local t = k:window(p.x, { k.block_id(0) * 64, 0 }, { 64, 64 }, dist):load()
    t = t:map(function(v)
      for _ = 1, 16 do v = tl.fma(v, 0.999, 0.001) * 1.0001 + 0.5 - 0.5 end
      return v
    end)
    k:window(p.y, { k.block_id(0) * 64, 0 }, { 64, 64 }, dist):store(t)
  end,
}
local x = tl.rand({ 64 * blocks, 64 }, tl.f32, 1)
local y = tl.empty_like(x)
chain({ 1 }, x, y)                    -- trace once, warm up
chain.lane_ops = 0
local t0 = os.clock()
chain({ blocks }, x, y)
local dt = os.clock() - t0
print(("exec_throughput: %d blocks x 256 threads, %.0f M lane-ops in %.3f s = %.0f M lane-ops/s (one core)")
      :format(blocks, chain.lane_ops / 1e6, dt, chain.lane_ops / dt / 1e6))
