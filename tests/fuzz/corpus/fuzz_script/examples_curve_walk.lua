-- curve_walk.lua - space-filling curves (seed 000): the order of a thread's accesses. Prints the
-- snake curve's map and locality, then loads tiles in snake order and checks the copy.
local tl = require "tilelua"

local snake = tl.curve { lengths = { 4, 8 }, snake = true }
print(snake)
print(snake:map())
local plain = tl.curve { lengths = { 4, 8 } }
local a_s, a_p = snake:analyze(), plain:analyze()
print(("curve_walk: longest step %d (snake) vs %d (row-major); total distance %d vs %d")
      :format(a_s.max_distance, a_p.max_distance, a_s.total_distance, a_p.total_distance))

-- each thread holds 4 rows x 2 columns (vector 2): 4 accesses, walked column-major by a curve
local dist = tl.pattern2d { block = 64, rows = 32, cols = 16, vec = 2, warp = 32 }
local order = tl.curve { lengths = { dist.iters, dist.vector }, vector = { 1, dist.vector }, order = { 1, 0 } }
local copy = tl.kernel {
  name = "curve_copy", block = 64, warp = 32,
  params = { { "x", tl.tensor(tl.f32, 2) }, { "y", tl.tensor(tl.f32, 2) } },
  body = function(k, p)
    local r0 = k.block_id(0) * 32
    local t = k:window(p.x, { r0, 0 }, { 32, 16 }, dist, order):load()
    k:window(p.y, { r0, 0 }, { 32, 16 }, dist, order):store(t)
  end,
}
local x, y = tl.rand({ 80, 16 }, tl.f32, 4), tl.zeros({ 80, 16 }, tl.f32)
copy({ 3 }, x, y)
local diff = x:max_abs_diff(y)
if diff ~= 0 or a_s.max_distance ~= 1 or a_p.max_distance <= 1 then io.stderr:write("curve_walk: MISMATCH\n"); os.exit(1) end
print("curve_walk: ok")
