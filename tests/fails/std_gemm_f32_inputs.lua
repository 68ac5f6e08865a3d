-- std.gemm runs on the matrix units: the inputs are f16 or bf16
-- expect: std.gemm: A must be f16, bf16, f8e4m3 or f8e5m2 (got f32)
local std = require "tilelua.std"
std.gemm(tl.empty({ 4, 4 }, tl.f32), tl.empty({ 4, 4 }, tl.f32))
