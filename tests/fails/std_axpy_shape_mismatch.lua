-- std.axpy: x and y must have one shape
-- expect: std.axpy: x has shape {8} but y has shape {9}
local std = require "tilelua.std"
std.axpy(2.0, tl.empty({ 8 }, tl.f32), tl.empty({ 9 }, tl.f32))
