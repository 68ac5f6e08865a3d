-- std.attention: q, k and v are rank 4
-- expect: std_attention_rank.lua:5: std.attention: k must have rank 4, {B, H, S, D} (got shape {32, 64})
local std = require "tilelua.std"
local q = tl.empty({ 1, 2, 16, 64 }, tl.f16)
std.attention(q, tl.empty({ 32, 64 }, tl.f16), q)
