-- std.attention_backward: D = 64 or 128 (256 would not fit the registers of the accumulators)
-- expect: std_attention_backward_head_dim.lua:6: std.attention_backward: the head dimension D must be 64 or 128 (got 256)
local std = require "tilelua.std"
local t = tl.empty({ 1, 2, 16, 256 }, tl.f16)
local lse = tl.empty({ 1, 2, 16 }, tl.f32)
std.attention_backward(t, t, t, t, t, lse)
