-- NCCL moves contiguous buffers.
-- expect: all_reduce: tensor 1 must be contiguous (clone() it first)
local tl = require "tilelua"
local x = tl.zeros({ 4, 4 }):narrow(1, 0, 2)
tl.dist.all_reduce({ x, tl.zeros({ 4, 2 }, tl.f32, { device = 1 }) })
