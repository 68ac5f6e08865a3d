-- std.attention: grouped-query attention needs Hq a multiple of Hkv
-- expect: std_attention_gqa_heads.lua:5: std.attention: the query heads (Hq = 6) must be a multiple of the key/value heads (Hkv = 4)
local std = require "tilelua.std"
local kv = tl.empty({ 2, 4, 16, 64 }, tl.f16)
std.attention(tl.empty({ 2, 6, 16, 64 }, tl.f16), kv, kv)
