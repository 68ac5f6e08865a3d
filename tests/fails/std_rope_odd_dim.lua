-- std.rope: the head dimension must be even (the rotation takes pairs)
-- expect: std_rope_odd_dim.lua:5: std.rope: the last axis of x (the head dimension, D = 9) must be even: the rotation takes elements in pairs
local std = require "tilelua.std"
local cs = tl.empty({ 6, 4 }, tl.f16)
std.rope(tl.empty({ 2, 6, 3, 9 }, tl.f16), cs, cs)
