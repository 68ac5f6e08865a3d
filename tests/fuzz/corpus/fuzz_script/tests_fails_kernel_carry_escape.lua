-- expect: a value computed inside a k:range/k:when body is used outside it
local k = tl.kernel { name = "k", block = 32, params = { { "y", tl.tensor(tl.i32, 1) } },
  body = function(k, p)
    local acc = 0
    k:range(0, 4, 1, function(i) acc = acc + i end)
    p.y:store({ 0 }, acc)
  end }
k({ 1 }, tl.zeros({ 1 }, tl.i32))
