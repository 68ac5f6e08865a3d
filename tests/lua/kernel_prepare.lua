-- kernel:prepare(grid, args...) checks the arguments and builds the specialization (trace, cache,
-- compile and load on a GPU) without launching; the launch that follows reuses it.
local T = require "testing"
local k = tl.kernel { name = "fill7", block = 32, params = { { "x", tl.tensor(tl.f32, 1) }, { "v", tl.f32 } },
  body = function(k, p) p.x:store({ k.thread_id() }, p.v) end }
local x = tl.zeros({ 32 }, tl.f32)
T.eq(rawequal(k:prepare({ 1 }, x, 7.0), k), true, "prepare returns the kernel")
T.eq(k.traces, 1, "prepared: traced once")
T.eq(k:launch_count(), 0, "prepared, not launched")
T.eq(x:get(5), 0.0, "nothing written")
k:prepare { grid = { 1 }, x = x, v = 7.0 }
T.eq(k.traces, 1, "the keyed form finds the same specialization")
k({ 1 }, x, 7.0)
T.eq({ k.traces, k:launch_count(), x:get(5) }, { 1, 1, 7.0 }, "the launch reuses it")
T.raises(function() k:prepare({ 1 }, x) end, "kernel 'fill7': expected 2 arguments after the grid, got 1")
T.raises(function() k:prepare({ 1 }, tl.zeros({ 32 }, tl.i32), 1) end, "argument 'x' must be a f32 tensor (got i32)")
