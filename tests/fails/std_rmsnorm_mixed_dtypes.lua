-- std.rmsnorm: weight of another 16-bit dtype than x (only x's dtype or f32)
-- expect: std_rmsnorm_mixed_dtypes.lua:4: std.rmsnorm: weight must have x's dtype (bf16) or f32 (got f16)
local std = require "tilelua.std"
std.rmsnorm(tl.empty({ 4, 7 }, tl.bf16), tl.empty({ 7 }, tl.f16))
