-- std.rmsnorm: weight must match the last axis of x (raised at the caller's line)
-- expect: std_rmsnorm_weight_shape.lua:4: std.rmsnorm: weight has shape {4, 7} but must be {7}, the length of x's last axis
local std = require "tilelua.std"
std.rmsnorm(tl.empty({ 4, 7 }, tl.f16), tl.empty({ 4, 7 }, tl.f16))
