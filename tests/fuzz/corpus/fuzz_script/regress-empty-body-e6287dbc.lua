-- expect: ker’š“ßØ”ØÄ missing argument 'alpha'
local k = tl.kernel { name = "k", ldsparams = { { "alpha", tl.f32 } }, body = function() end }
k { grid = { 1 } }
