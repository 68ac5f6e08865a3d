-- expect: kernel 'k': argument 'x' must have rank 2 (got 1)
local k = tl.kernel { name = "k", params = { { "x", tl.tensor(tl.f32, 2) } }, body = function() end }
k({ 1 }, tl.zeros({ 4 }, tl.f32))
