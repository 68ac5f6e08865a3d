-- std.attention: q and k must share the head dimension
-- expect: std_attention_dim_mismatch.lua:5: std.attention: q and k must have the same head dimension D (got 64 and 128)
local std = require "tilelua.std"
local kv = tl.empty({ 1, 2, 16, 128 }, tl.f16)
std.attention(tl.empty({ 1, 2, 16, 64 }, tl.f16), kv, kv)
