-- roles split the block's warps: 1 + 2 warps of 32 are 96 threads, the block has 128
-- expect: async_roles_sum.lua:6: k:roles: the roles' warps add up to 96 threads but the block has 128 (4 warps of 32)
debug.getregistry()["tilelua.warp"] = 32
local k = tl.kernel { name = "fail_roles", block = 128, params = {},
  body = function(k)
    k:roles { { warps = 1, fn = function() end }, { warps = 2, fn = function() end } }
  end }
k({ 1 })
