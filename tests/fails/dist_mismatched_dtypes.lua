-- Every rank passes the same dtype.
-- expect: all_gather: tensor 2 is i32 {4} but tensor 1 is f32 {4}: every rank must pass the same shape and dtype
local tl = require "tilelua"
tl.dist.all_gather({ tl.zeros({ 4 }), tl.zeros({ 4 }, tl.i32, { device = 1 }) })
