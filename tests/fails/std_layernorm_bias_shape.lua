-- std.layernorm: bias must match the last axis
-- expect: std.layernorm: bias has shape {4, 7} but must be {7}, the length of x's last axis
local std = require "tilelua.std"
std.layernorm(tl.empty({ 4, 7 }, tl.f32), { bias = tl.empty({ 4, 7 }, tl.f32) })
