-- std.rope: cos/sin rows must equal the sequence length of x (axis -3 by default: {B, S, H, D})
-- expect: std_rope_table_shape.lua:5: std.rope: cos and sin must be {6, 4} or {6, 8} (S = x's axis 1, D/2 or D) (got {3, 4})
local std = require "tilelua.std"
local cs = tl.empty({ 3, 4 }, tl.f16)
std.rope(tl.empty({ 2, 6, 3, 8 }, tl.f16), cs, cs)
