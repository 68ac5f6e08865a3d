-- Every thread of the block reaches a group barrier (only the waiting is per group): reached under a condition, it is an error naming the line.
-- expect: kernel half: group barrier reached by 128 of the block's 256 threads (every thread reaches a k:sync{warps = n}; only the waiting is per group) at line 8
debug.getregistry()["tilelua.warp"] = 32
local tl = require "tilelua"
local k = tl.kernel { name = "half", block = 256, warp = 32, params = {}, body = function(k)
  local tid = k.thread_id()
  k:when(tl.lt(tid, 128), function()
    k:sync { warps = 4 }
  end)
end }
k({ 1 })
