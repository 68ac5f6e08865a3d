-- beta scales C: without C there is nothing to scale
-- expect: std.gemm: beta = 0.5 needs C (the matrix it scales)
local std = require "tilelua.std"
std.gemm(tl.empty({ 4, 4 }, tl.bf16), tl.empty({ 4, 4 }, tl.bf16), { beta = 0.5 })
