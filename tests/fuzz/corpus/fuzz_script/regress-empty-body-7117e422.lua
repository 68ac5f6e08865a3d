-- expect: divergent
local k = tl.kernel { name = "k", block = 64, params = {},
  body = function(k, p)
  end }
k ({2 })
