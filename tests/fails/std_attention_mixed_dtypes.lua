-- std.attention: q, k and v of different dtypes
-- expect: std_attention_mixed_dtypes.lua:5: std.attention: q, k and v must have one dtype (got f16, bf16 and f16)
local std = require "tilelua.std"
local q = tl.empty({ 1, 2, 16, 64 }, tl.f16)
std.attention(q, tl.empty({ 1, 2, 16, 64 }, tl.bf16), q)
