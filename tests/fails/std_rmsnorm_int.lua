-- std.rmsnorm: integer input
-- expect: std_rmsnorm_int.lua:4: std.rmsnorm: x must have a float dtype (got i32)
local std = require "tilelua.std"
std.rmsnorm(tl.empty({ 4, 7 }, tl.i32))
