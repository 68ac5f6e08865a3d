-- tensor_tostring.lua - __tostring, __len, __close and use after close.
local T = require "testing"
T.eq(tostring(tl.arange(6, tl.i32):reshape{2, 3}),
     "Tensor{shape={2,3}, dtype=i32, data={0, 1, 2, 3, 4, 5}}", "small tensor")
T.eq(tostring(tl.arange(10)),
     "Tensor{shape={10}, dtype=f32, data={0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, ... (10 elements)}}",
     "first elements only")
T.eq(tostring(tl.full({}, 0.1, tl.f64)), "Tensor{shape={}, dtype=f64, data={0.1}}", "rank 0")
T.eq(tostring(tl.zeros({2, 0}, tl.bool)), "Tensor{shape={2,0}, dtype=bool, data={}}", "empty")
T.eq(#tl.zeros({5, 2}), 5, "# is the first dimension")
T.raises(function() return #tl.zeros({}) end, "tensor: # of a rank-0 tensor")
local outer
do
  local t <close> = tl.zeros({3})
  outer = t
  T.eq(t:numel(), 3, "usable inside its scope")
end
T.eq(tostring(outer), "Tensor{closed}", "closed on scope exit")
T.raises(function() return outer:numel() end, "tensor: used after it was closed")
T.raises(function() tl.zeros{2}:copy_from(outer) end, "tensor: used after it was closed")
-- a view keeps the storage alive after the original is closed
local base = tl.arange(4, tl.i32)
local view = base:reshape{2, 2}
getmetatable(base).__close(base)
collectgarbage()
T.eq(view:tolist(), {{0, 1}, {2, 3}}, "view outlives its base")
