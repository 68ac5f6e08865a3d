-- std.sum: only the last axis or everything
-- expect: std.sum: axis 0 is not supported (expected -1 or 2 for the last axis, or "all")
local std = require "tilelua.std"
std.sum(tl.empty({ 2, 3, 4 }, tl.f32), { axis = 0 })
