-- expect: lds: 262144 bytes requested, 0 already used, over the limit of 232448 bytes per block
local k = tl.kernel { name = "k", block = 64, params = {},
  body = function(k, p) k:lds(tl.f32, { 256, 256 }) end }
k({ 1 })
