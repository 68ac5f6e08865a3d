-- std.rope: cos and sin of different dtypes
-- expect: std_rope_mixed_dtypes.lua:4: std.rope: cos and sin must have the same dtype (got f32 and f16)
local std = require "tilelua.std"
std.rope(tl.empty({ 2, 6, 3, 8 }, tl.f16), tl.empty({ 6, 4 }, tl.f32), tl.empty({ 6, 4 }, tl.f16))
