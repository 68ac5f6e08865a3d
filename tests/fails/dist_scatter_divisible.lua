-- reduce_scatter splits dimension 0 into world equal chunks.
-- expect: reduce_scatter: the first dimension (6) must be a multiple of the world size 4
local tl = require "tilelua"
local xs = {}
for r = 0, 3 do xs[r + 1] = tl.zeros({ 6, 2 }, tl.f32, { device = r }) end
tl.dist.reduce_scatter(xs)
