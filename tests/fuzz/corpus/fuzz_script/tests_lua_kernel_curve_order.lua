-- A window load in the order of a space-filling curve gives the same tensor as the default order.
local T = require "testing"
local dist = tl.pattern2d { block = 32, rows = 16, cols = 16, vec = 2, warp = 32 }  -- 8 elements, 4 accesses
local curve = tl.curve { lengths = { 4, 2 }, vector = { 1, 2 }, order = { 1, 0 } }
local kern = tl.kernel {
  name = "curved", block = 32, warp = 32,
  params = { { "x", tl.tensor(tl.f32, 2) }, { "y", tl.tensor(tl.f32, 2) } },
  body = function(k, p)
    local t = k:window(p.x, { 0, 0 }, { 16, 16 }, dist, curve):load()
    k:window(p.y, { 0, 0 }, { 16, 16 }, dist):store(t)
  end,
}
local x, y = tl.rand({ 16, 16 }, tl.f32, 9), tl.zeros({ 16, 16 }, tl.f32)
kern({ 1 }, x, y)
T.eq(x:max_abs_diff(y), 0.0, "same elements through the curve")
