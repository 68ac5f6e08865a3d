-- std.map: tensors must have out's shape (numbers broadcast)
-- expect: std.map: argument 2 has shape {3, 5} but out has shape {5, 3}
local std = require "tilelua.std"
std.map(function(a, b) return a + b end, tl.empty({ 5, 3 }, tl.f32), tl.empty({ 5, 3 }, tl.f32), tl.empty({ 3, 5 }, tl.f32))
