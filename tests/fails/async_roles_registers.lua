-- setmaxnreg moves registers within what the block starts with (threads x registers at entry): roles asking for more would wait forever on a GPU.
-- expect: async_roles_registers.lua:6: k:roles: the roles' registers add up to 94208 per block (role 1: 128 threads x 40, role 2: 384 threads x 232), more than the 65536 the block starts with (512 threads x 128): setmaxnreg would wait forever for registers nobody gives up
debug.getregistry()["tilelua.warp"] = 32
local tl = require "tilelua"
local k = tl.kernel { name = "greedy", block = 512, params = {}, body = function(k)
  k:roles { { warps = 4, registers = 40, fn = function() end },
            { warps = 12, registers = 232, fn = function() end } }
end }
k({ 1 })
