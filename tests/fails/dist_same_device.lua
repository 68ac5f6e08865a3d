-- One process passes one tensor per device.
-- expect: broadcast: tensors 1 and 2 are both on device 0: pass one tensor per device
local tl = require "tilelua"
tl.dist.broadcast({ tl.zeros({ 4 }), tl.zeros({ 4 }) }, 0)
