-- A device does not send to itself.
-- expect: send: peer must be another device: 0..3 except the tensor's own (2) (got 2)
local tl = require "tilelua"
tl.dist.send(tl.zeros({ 4 }, tl.f32, { device = 2 }), 2)
