-- A 2-D distribution on a rank-4 tensor covers its last two dimensions at fixed leading
-- coordinates (leading lengths 1): loads, stores and k:copy into LDS, masked at the tensor's
-- edges; the loaded tensor keeps the distribution's two dimensions. t:relabel gives the same
-- values another distribution of as many elements per thread.
local T = require "testing"
local dist = tl.encoding { h = { { 4, 8 }, { 8, 4 } }, p = { { { 1, 1 }, { 2, 0 } } }, y = { { 1, 0 }, { 2, 1 } } }
-- the same 32 x 32 tile, transposed: element y of a thread is the same value at swapped coordinates
local tdist = tl.encoding { h = { { 8, 4 }, { 4, 8 } }, p = { { { 2, 1 }, { 1, 0 } } }, y = { { 2, 0 }, { 1, 1 } } }
local kern = tl.kernel {
  name = "lifted", block = 64,
  params = { { "x", tl.tensor(tl.f32, 4) }, { "y", tl.tensor(tl.f32, 4) }, { "t", tl.tensor(tl.f32, 2) } },
  body = function(k, p)
    local b, h = k.block_id(1), k.block_id(0)
    local lds = k:lds(tl.f32, { 32, 32 })
    k:copy(k:window(lds, { 0, 0 }, { 32, 32 }, dist), k:window(p.x, { b, h, 0, 0 }, { 1, 1, 32, 32 }, dist))
    k:copy_commit(); k:copy_wait(0); k:sync()
    local t = k:window(lds, { 0, 0 }, { 32, 32 }, dist):load()
    assert(#t:coords(0) == 2, "the loaded tensor has the distribution's dimensions")
    k:window(p.y, { b, h, 0, 0 }, { 1, 1, 32, 32 }, dist):store(t:map(function(v) return v * 2 end))
    k:when(tl.land(tl.eq(b, 1), tl.eq(h, 2)), function()
      k:window(p.t, { 0, 0 }, { 32, 32 }, tdist):store(t:relabel(tdist))
    end)
  end,
}
local x = tl.rand({ 2, 3, 30, 20 }, tl.f32, 5) -- ragged: the 32 x 32 tile is masked
local y, tt = tl.zeros({ 2, 3, 30, 20 }, tl.f32), tl.zeros({ 20, 30 }, tl.f32)
kern({ 3, 2 }, x, y, tt)
for b = 0, 1 do
  for h = 0, 2 do
    for i = 0, 29, 7 do
      for j = 0, 19, 3 do T.eq(y:get(b, h, i, j), 2 * x:get(b, h, i, j), "y " .. b .. h .. i .. j) end
    end
  end
end
for i = 0, 29, 5 do for j = 0, 19, 4 do T.eq(tt:get(j, i), x:get(1, 2, i, j), "relabel transposes " .. i .. "," .. j) end end
