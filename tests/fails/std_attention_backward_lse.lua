-- std.attention_backward: lse must be the forward's {B, Hq, S} f32 logsumexp
-- expect: std_attention_backward_lse.lua:5: std.attention_backward: lse must be the f32 {1, 2, 16} logsumexp std.attention returned (got f16 {1, 2, 16})
local std = require "tilelua.std"
local t = tl.empty({ 1, 2, 16, 64 }, tl.f16)
std.attention_backward(t, t, t, t, t, tl.empty({ 1, 2, 16 }, tl.f16))
