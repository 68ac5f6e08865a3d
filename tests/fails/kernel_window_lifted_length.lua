-- a distribution of fewer dimensions than the tensor covers its last ones: the leading lengths are 1
-- expect: window: lengths[1] = 2 but the distribution's tile is 1 along that dimension
local d = tl.encoding { h = { { 16 }, { 4, 4 } }, p = { { { 1, 0 }, { 2, 0 } } }, y = { { 2, 1 } } }
local kern = tl.kernel {
  name = "lifted_length", block = 64, params = { { "x", tl.tensor(tl.f32, 3) } },
  body = function(k, p) k:window(p.x, { 0, 0, 0 }, { 2, 16, 16 }, d):load() end,
}
kern({ 1 }, tl.zeros({ 2, 16, 16 }, tl.f32))
