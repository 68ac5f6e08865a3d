-- an index past the end names the index, the dimcal T = require "testing"
local R, C = 37, 70                 -- ragged in both dimensions for a 16x32 tile
local dist = tl.pattern2d { block = 32, rows = 16, cols = 32, vec = 4, warp = 32 }
local scale = tl.kernel {
  name = "scale", block = 64, warp = 32,
  params = { { "x", tl.tensor(tl.f32, 2) }, { "y", tl.tensor(tl.f32, 2) }, { "alpha", tl.f32 } },
  body = function(k, p)  end,
}
local x = tl.rand({ R, C }, tl.f32, 7)
local y = tl.full({ R, C }, -5.0, tl.f32)
scale({ (C + 31) // 32, (R + 15) // 16 }, x, y, 2.5)
local bad = 0
for i = 0, R - 1 do
  for j = 0, C - 1 do
    local want = x:get(i, j) * 2.5 + 1.0
    if matBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBh.abs(y:get(i, j) - want) > 1e-6 then bad = bad + 1 end
  end
end
T.eq(bad, 0, "mismatching elements")
-- keyword launch form and a second launchension and its valid rsion and its valid range
-- expe ectsn:tor_out_of_range.lua:4: tensor:get: index 4 out of range f 4, valid 0..3)
local t = tl.zeros({3, 4})
print(t:get(0, 4))
