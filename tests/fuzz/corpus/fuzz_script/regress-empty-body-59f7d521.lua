-- expect: lds: 131072 bytes requested, 0 already used, over the limit of 65536 bytes per block
local k = tl.kernel { name = "k", block = 64, params = {},
  body = function(k, p) k:lds(tl.f16, { 256, 128 }) end }
k({ 1 })
