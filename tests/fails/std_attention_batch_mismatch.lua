-- std.attention: q and k/v must have the same batch size
-- expect: std_attention_batch_mismatch.lua:5: std.attention: q and k must have the same batch size B (got 2 and 3)
local std = require "tilelua.std"
local kv = tl.empty({ 3, 2, 16, 64 }, tl.f16)
std.attention(tl.empty({ 2, 2, 16, 64 }, tl.f16), kv, kv)
