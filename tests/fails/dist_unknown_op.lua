-- The ops are NCCL's.
-- expect: all_reduce: unknown op 'mean' (ops: sum, prod, max, min, avg)
local tl = require "tilelua"
tl.dist.all_reduce({ tl.zeros({ 4 }), tl.zeros({ 4 }, tl.f32, { device = 1 }) }, "mean")
