-- std.histogram: bins must be positive
-- expect: std.histogram: bins must be a positive integer (got 0)
local std = require "tilelua.std"
std.histogram(tl.empty({ 10 }, tl.f32), 0, 0.0, 1.0)
