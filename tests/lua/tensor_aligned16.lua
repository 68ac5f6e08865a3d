-- tensor_aligned16.lua - tl._tensor_aligned16: the launcher's alignment fact for new tensors and views.
local T = require "testing"
for _, shape in ipairs{{}, {1}, {3, 5}, {1024, 1024}} do
  local t = tl.zeros(shape, tl.u8)
  T.eq(tl._tensor_aligned16(t), true, "new tensors are 16-byte aligned")
  T.eq(tl._tensor_aligned16(t:reshape{-1}), true, "a reshape view keeps the data address")
end
T.raises(function() tl._tensor_aligned16({}) end, "tilelua.Tensor expected")
