-- std.attention: the matrix units take f16 or bf16 inputs
-- expect: std_attention_f32.lua:5: std.attention: q must be f16 or bf16 (got f32)
local std = require "tilelua.std"
local t = tl.empty({ 1, 2, 16, 64 }, tl.f32)
std.attention(t, t, t)
