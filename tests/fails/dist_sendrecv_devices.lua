-- sendrecv's two tensors belong to the one device that sends and receives.
-- expect: sendrecv: x lives on device 1 and y on device 2: both belong to the device that sends and receives
local tl = require "tilelua"
tl.dist.sendrecv(tl.zeros({ 4 }, tl.f32, { device = 1 }), 0, tl.zeros({ 4 }, tl.f32, { device = 2 }), 0)
