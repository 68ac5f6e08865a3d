-- A 2D element-wise map whose shape is not a multiple of the tile: edges are masked.
local T = require "testing"
local R, C = 37, 70                 -- ragged in both dimensions for a 16x32 tile
local dist = tl.pattern2d { block = 64, rows = 16, cols = 32, vec = 4, warp = 32 }
local scale = tl.kernel {
  name = "scale", block = 64, warp = 32,
  params = { { "x", tl.tensor(tl.f32, 2) }, { "y", tl.tensor(tl.f32, 2) }, { "alpha", tl.f32 } },
  body = function(k, p)
    local r0, c0 = k.block_id(1) * 16, k.block_id(0) * 32
    local t = k:window(p.x, { r0, c0 }, { 16, 32 }, dist):load()
    t = t:map(function(v) return v * p.alpha + 1.0 end)
    k:window(p.y, { r0, c0 }, { 16, 32 }, dist):store(t)
  end,
}
local x = tl.rand({ R, C }, tl.f32, 7)
local y = tl.full({ R, C }, -5.0, tl.f32)
scale({ (C + 31) // 32, (R + 15) // 16 }, x, y, 2.5)
local bad = 0
for i = 0, R - 1 do
  for j = 0, C - 1 do
    local want = x:get(i, j) * 2.5 + 1.0
    if math.abs(y:get(i, j) - want) > 1e-6 then bad = bad + 1 end
  end
end
T.eq(bad, 0, "mismatching elements")
-- keyword launch form and a second launch reuse the traced specialization
scale { grid = { (C + 31) // 32, (R + 15) // 16 }, x = x, y = y, alpha = 1.0 }
T.eq(scale.traces, 1, "one trace for one specialization")
T.near(y:get(R - 1, C - 1), x:get(R - 1, C - 1) + 1.0, 1e-6, "last element")
assert(scale:ir():find("load"), "the IR shows the loads")
