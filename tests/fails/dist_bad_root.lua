-- The root of a broadcast is a rank.
-- expect: broadcast: root must be a rank in 0..1 (got 2)
local tl = require "tilelua"
tl.dist.broadcast({ tl.zeros({ 4 }), tl.zeros({ 4 }, tl.f32, { device = 1 }) }, 2)
