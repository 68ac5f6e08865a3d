-- std.attention: only head dimensions 64, 128 and 256
-- expect: std_attention_head_dim.lua:5: std.attention: the head dimension D must be 64, 128 or 256 (got 96)
local std = require "tilelua.std"
local t = tl.empty({ 1, 2, 16, 96 }, tl.bf16)
std.attention(t, t, t)
