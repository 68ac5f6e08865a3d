-- expect: cannot use '<' on symbolic values
local k = tl.kernel { name = "k", block = 64, params = { { "n", tl.i32 } },
  body = function(k, p)
    if k.thread_id() < p.n then end
  end }
k({ 1 }, 5)
