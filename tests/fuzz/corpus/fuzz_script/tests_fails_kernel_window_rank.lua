-- expect: window: rank mismatch: the tensor has rank 1
local dist = tl.pattern2d { block = 64, rows = 4, cols = 64, vec = 4 }
local k = tl.kernel { name = "k", block = 64, params = { { "x", tl.tensor(tl.f32, 1) } },
  body = function(k, p) k:window(p.x, { 0 }, { 64 }, dist):load() end }
k({ 1 }, tl.zeros({ 64 }, tl.f32))
