-- all_gather writes world x the input's elements.
-- expect: all_gather: out[1] has 4 elements, it must have 8 (shape {8})
local tl = require "tilelua"
tl.dist.all_gather({ tl.zeros({ 4 }), tl.zeros({ 4 }, tl.f32, { device = 1 }) }, { out = { tl.zeros({ 4 }), tl.zeros({ 8 }, tl.f32, { device = 1 }) } })
