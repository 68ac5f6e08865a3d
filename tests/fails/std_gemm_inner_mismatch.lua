-- std.gemm: op(A)'s columns must equal op(B)'s rows
-- expect: std.gemm: inner dimensions differ: op(A) is 4x8, op(B) is 6x3
local std = require "tilelua.std"
std.gemm(tl.empty({ 8, 4 }, tl.f16), tl.empty({ 6, 3 }, tl.f16), { trans_a = true })
