-- send and recv name the same shape and dtype.
-- expect: recv: device 0 sent 4 elements of f32, device 1 receives 4 elements of i32
local tl = require "tilelua"
tl.dist.send(tl.zeros({ 4 }), 1)
tl.dist.recv(tl.zeros({ 4 }, tl.i32, { device = 1 }), 0)
