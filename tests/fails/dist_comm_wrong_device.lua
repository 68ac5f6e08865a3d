-- A communicator made for devices 0 and 1 is used with devices 0 and 2.
-- expect: all_reduce: tensor 2 is on device 2 but rank 1 of the communicator is device 1 (wrong device)
local tl = require "tilelua"
local comm = tl.dist.local_comm({ 0, 1 })
tl.dist.all_reduce({ tl.zeros({ 4 }), tl.zeros({ 4 }, tl.f32, { device = 2 }) }, "sum", { comm = comm })
