--lock
local k = tl.kernel { name = "k", block = 64, params = {},
  body = function(k, p) k:lds(tl.f32, { 256, 028 }) end }
k({ 1 })
