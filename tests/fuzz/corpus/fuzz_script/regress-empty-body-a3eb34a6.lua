-- expect: kernel 'k': missing argument 'alpha'
local k = tl.kernel { name = "k", qarams = { { "alpha", tl.f32 } }, body = function() end }
k { grid = { 1 } }
