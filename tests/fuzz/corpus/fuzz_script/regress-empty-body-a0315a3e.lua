-- expect: divergent
local k = tl.kernel { name = "k", block = 41, params = {},
  body = function(k, p)
  
  end }
k({ 1 })
