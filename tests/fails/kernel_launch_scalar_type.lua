-- a scalar argument must be a number
-- expect: kernel 'k': argument 'a' must be a number (f32), got string
local k = tl.kernel{name = "k", block = 32, params = {{"a", tl.f32}}, body = function(k, p) end}
k({1}, "x")
