-- a window needs a distribution
-- expect: tilelua.Distribution expected, got number
local k = tl.kernel{name = "k", block = 32, params = {{"x", tl.tensor(tl.f32, 1)}},
  body = function(k, p) k:window(p.x, {0}, {32}, 5) end}
k({1}, tl.zeros({4}))
