-- Assigning to a tensor parameter inside a body would only set a field of a Lua table at trace
-- time (the value would be lost): it is an error that names the store to use.
-- expect: kernel parameter 'y' cannot be assigned (p.y[{...}] = ...): store elements with p.y:store({i, j}, v)
local k = tl.kernel {
  name = "assign", block = 32, params = { { "y", tl.tensor(tl.f32, 1) } },
  body = function(k, p) p.y[{ k.thread_id() }] = 1.0 end,
}
k({ 1 }, tl.zeros({ 32 }, tl.f32))
