-- launch_cpu.lua - Lua-side cost of a kernel launch on the CPU executor (empty body, block of 1).
-- Run: build/tilesh bench/launch_cpu.lua
local k = tl.kernel { name = "empty", block = 1, warp = 32,
  params = { { "x", tl.tensor(tl.f32, 2) }, { "y", tl.tensor(tl.f32, 2) }, { "z", tl.tensor(tl.f32, 1) }, { "a", tl.f32 } },
  body = function(k, p) end }
local x, y, z = tl.zeros({ 64, 64 }, tl.f32), tl.zeros({ 64, 64 }, tl.f32), tl.zeros({ 16 }, tl.f32)
k({ 1 }, x, y, z, 1.0)
local n = 20000
local t0 = os.clock()
for _ = 1, n do k({ 1 }, x, y, z, 1.0) end
print(("launch (CPU executor, empty body, 3 tensors): %.2f us per launch"):format((os.clock() - t0) / n * 1e6))
