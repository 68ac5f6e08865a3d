-- arithmetic on a symbolic value and a table
-- expect: kernel 'k': expected a number, got table
local k = tl.kernel{name = "k", block = 32, params = {{"a", tl.f32}},
  body = function(k, p) local x = p.a + {} end}
k({1}, 1.0)
