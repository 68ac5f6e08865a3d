-- A process communicator's collectives run on its device: a tensor on another is refused, not faulted.
-- expect: dist_rank_device.lua:5: all_reduce: the tensor is on device 2 but this rank's communicator runs on device 0 (wrong device; t:to(0))
local tl = require "tilelua"
tl.dist.init { timeout = 5 }
tl.dist.all_reduce(tl.zeros({ 4 }, tl.f32, { device = 2 }), "sum")
