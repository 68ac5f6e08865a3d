-- In one process a send comes before its recv (there is nobody else to wait for).
-- expect: recv: nothing was sent from device 0 to device 1 (in one process a send must come before its recv)
local tl = require "tilelua"
tl.dist.recv(tl.zeros({ 4 }, tl.f32, { device = 1 }), 0)
