-- expect: kernel 'k': argument 'x' must be a f32 tensor (got i32)
local k = tl.kernel { name = "k", params = { { "x", tl.tensor(tl.f32, 1) } }, body = function() end }
k({ 1 }, tl.zeros({ 4 }, tl.i32))
