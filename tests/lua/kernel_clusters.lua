-- The num_ctas hint: __cluster_dims__ in the sm_90 source (not on sm_80 or AMD), results unchanged
-- on every backend; on a GPU a grid that is not a multiple of the cluster size is refused, and
-- kernel:report() gives registers, LDS and an occupancy estimate per loaded variant.
local T = require "testing"
local k = tl.kernel { name = "clustered", block = 64, warp = 32, hints = { num_ctas = 2 },
  params = { { "x", tl.tensor(tl.i32, 1) } },
  body = function(k, p) p.x:store({ k.block_id(0) * 64 + k.thread_id() }, k.block_id(0) * 1000 + k.thread_id()) end }
local x = tl.zeros({ 256 }, tl.i32)
k({ 4 }, x)
for i = 0, 255 do T.eq(x:get(i), (i // 64) * 1000 + i % 64, "element " .. i) end
do
  T.eq(k:source("sm_90"):find("__cluster_dims__(2, 1, 1)", 1, true) ~= nil, true, "clusters on sm_90")
  T.eq(k:source("sm_80"):find("__cluster_dims__", 1, true), nil, "no clusters before sm_90")
end
local report = k:report()
if tl.backend() == "cpu" then
  T.eq(report:find("hint num_ctas = 2: ignored on the cpu backend", 1, true) ~= nil, true, report)
else
  T.eq(report:find("clusters of 2 blocks", 1, true) ~= nil, true, report)
  T.eq(report:find("registers/thread", 1, true) ~= nil, true, report)
  T.raises(function() k({ 3 }, x) end, "grid[1] must be a multiple of 2", "an odd grid")
end
print(report)
