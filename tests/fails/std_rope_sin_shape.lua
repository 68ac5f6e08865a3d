-- std.rope: cos and sin of different shapes
-- expect: std_rope_sin_shape.lua:4: std.rope: cos and sin must have the same shape (got {6, 4} and {6, 8})
local std = require "tilelua.std"
std.rope(tl.empty({ 2, 6, 3, 8 }, tl.f16), tl.empty({ 6, 4 }, tl.f16), tl.empty({ 6, 8 }, tl.f16))
