-- t:relabel(dist) needs a distribution holding as many elements per thread as the values given
-- expect: relabel: 4 values per thread, but the distribution holds 8 elements per thread
local a = tl.encoding { h = { { 16 }, { 4, 4 } }, p = { { { 1, 0 }, { 2, 0 } } }, y = { { 2, 1 } } }
local b = tl.encoding { h = { { 16 }, { 4, 8 } }, p = { { { 1, 0 }, { 2, 0 } } }, y = { { 2, 1 } } }
local kern = tl.kernel {
  name = "relabel_count", block = 64, params = { { "x", tl.tensor(tl.f32, 2) } },
  body = function(k, p) k:window(p.x, { 0, 0 }, { 16, 16 }, a):load():relabel(b) end,
}
kern({ 1 }, tl.zeros({ 16, 16 }, tl.f32))
