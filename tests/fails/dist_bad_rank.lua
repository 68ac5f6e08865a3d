-- rank is in 0..world-1.
-- expect: dist.init: rank must be an integer in 0..1 for a world of 2 (got 2; RANK and WORLD_SIZE)
local tl = require "tilelua"
tl.dist.init { rank = 2, world = 2 }
