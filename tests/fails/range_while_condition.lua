-- k:range_while's body returns its condition first (a boolean or a bool Value), then the carried values; a number there is refused at the body's loop, naming the rule.
-- expect: range_while_condition.lua:6: k:range_while: the body must return the condition (a boolean or a bool Value) first, then its 1 carried value(s) (got i32)
local tl = require "tilelua"
local k = tl.kernel { name = "count_up", block = 64, params = { { "y", tl.tensor(tl.i32, 1) } },
  body = function(k, p)
    local n = k:range_while(0, 8, 1, function(i, n)
      return n + 1, n + 1
    end, true, 0)
    p.y:store({ k.thread_id() }, n)
  end }
k({ 1 }, tl.zeros({ 64 }, tl.i32))
