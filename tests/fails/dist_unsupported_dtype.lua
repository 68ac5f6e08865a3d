-- NCCL has no i16, u16 or bool.
-- expect: all_reduce: tensor 1 has dtype i16, which NCCL does not reduce or move (dtypes: f16, bf16, f32, f64, i8, u8, i32, u32, i64, u64)
local tl = require "tilelua"
tl.dist.all_reduce({ tl.zeros({ 4 }, tl.i16), tl.zeros({ 4 }, tl.i16, { device = 1 }) })
