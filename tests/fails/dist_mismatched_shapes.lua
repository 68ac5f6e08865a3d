-- Every rank passes the same shape (here 4 simulated devices in one process).
-- expect: all_reduce: tensor 3 is f32 {5} but tensor 1 is f32 {4}: every rank must pass the same shape and dtype
local tl = require "tilelua"
tl.dist.all_reduce({ tl.zeros({ 4 }), tl.zeros({ 4 }, tl.f32, { device = 1 }), tl.zeros({ 5 }, tl.f32, { device = 2 }) })
