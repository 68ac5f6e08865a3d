-- grid extents are positive integers
-- expect: kernel 'k': grid[1] must be a positive integer (got -1)
local k = tl.kernel{name = "k", block = 32, params = {{"a", tl.f32}}, body = function(k, p) end}
k({-1}, 1.0)
