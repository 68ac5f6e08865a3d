-- too many launch arguments
-- expect: kernel 'k': expected 1 arguments after the grid, got 2
local k = tl.kernel{name = "k", block = 32, params = {{"a", tl.f32}}, body = function(k, p) end}
k({1}, 1.0, 2.0)
