-- expect: divergent
local k = tl.kernel { name = "k", block = 64, params = {},
  body = function(k, p)
    k:when(tl.lt(k.thread_id(), 32), function() k:sync() end)
  end }
k({ 1 })
