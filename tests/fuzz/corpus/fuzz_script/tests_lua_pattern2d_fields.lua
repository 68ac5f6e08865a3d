-- pattern2d_fields.lua - resolved factors as fields, __tostring, defaults, unknown fields.
local T = require "testing"

local d = tl.pattern2d{block = 128, rows = 32, cols = 64, vec = 8, pattern = "warp_raked", warp = 32}
T.eq({d.block, d.rows, d.cols, d.vec, d.warp, d.wave_groups}, {128, 32, 64, 8, 32, 1}, "inputs")
T.eq({d.vector, d.x_threads, d.rows_per_warp, d.warps, d.iters}, {8, 8, 4, 4, 2}, "factors")
T.eq(d.lengths, {32, 64}, "lengths")
T.eq(d.threads, 128, "threads")
T.eq(d.ndim, 2, "ndim")
T.eq(d.replicas, 1, "replicas")
T.eq(d:elements(), 16, "elements")
T.eq(tostring(d), 'Distribution{pattern="warp_raked", block=128, rows=32, cols=64, vec=8, '
  .. 'warp=32, wave_groups=1, vector=8, x_threads=8, rows_per_warp=4, warps=4, iters=2, elements=16}',
  "tostring")
-- pattern defaults to thread_raked; warp to the target's warp size (64 when none is known)
local e = tl.pattern2d{block = 256, rows = 64, cols = 64, vec = 4}
T.eq(e.pattern, "thread_raked", "default pattern")
assert(e.warp == 32 or e.warp == 64, "default warp " .. tostring(e.warp))
local f = tl.pattern2d{block = 256, rows = 64, cols = 64, vec = 4, warp = e.warp}
for t = 0, 255, 11 do T.eq(e:coord(t, 3), f:coord(t, 3), "default warp = explicit warp") end
T.raises(function() return d.iterations end, "distribution: no field or method 'iterations'")
-- methods are found through the same __index
T.eq(type(d.coord), "function", "coord is a method")
