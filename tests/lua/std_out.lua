-- opts.out: transpose, softmax, layernorm and last-axis reductions write into a given tensor (no
-- allocation per call), return it, and give the same values as without; a wrong out is refused.
local T = require "testing"
local std = require "tilelua.std"
local x = tl.rand({ 37, 70 }, tl.f32, 3)

local function same(a, b, what) T.eq(a:max_abs_diff(b), 0.0, what) end
local o = tl.empty({ 70, 37 }, tl.f32)
T.eq(rawequal(std.transpose(x, { out = o }), o), true, "transpose returns out")
same(o, std.transpose(x), "transpose into out")
o = tl.empty({ 37, 70 }, tl.f32)
T.eq(rawequal(std.softmax(x, { out = o }), o), true, "softmax returns out")
same(o, std.softmax(x), "softmax into out")
same(std.layernorm(x, { out = tl.empty({ 37, 70 }, tl.f32) }), std.layernorm(x), "layernorm into out")
local s = tl.empty({ 37 }, tl.f32)
T.eq(rawequal(std.sum(x, { axis = -1, out = s }), s), true, "sum returns out")
same(s, std.sum(x, { axis = -1 }), "sum into out")
same(std.max(x, { axis = -1, out = tl.empty({ 37 }, tl.f32) }), std.max(x, { axis = -1 }), "max into out")

T.raises(function() std.softmax(x, { out = tl.empty({ 70, 37 }, tl.f32) }) end,
  "std.softmax: out must have shape {37, 70} (got {70, 37})")
T.raises(function() std.transpose(x, { out = tl.empty({ 70, 37 }, tl.f64) }) end,
  "std.transpose: out must be a f32 tensor (got f64)")
T.raises(function() std.sum(x, { out = s }) end, "out is taken with axis = -1 only")
