-- tl._launch_facts: the launcher's per-tensor checks and specialization facts (dtype, rank,
-- shape/stride divisibility by 16, 16-byte alignment, contiguous last dimension).
local T = require "testing"
for _, shape in ipairs{{}, {1}, {3, 5}, {1024, 1024}} do
  local t = tl.zeros(shape, tl.u8)
  T.eq(select(6, tl._launch_facts(t)), true, "new tensors are 16-byte aligned")
  T.eq(select(6, tl._launch_facts(t:reshape{-1})), true, "a reshape view keeps the data address")
end
local dt, rank, part, sdiv, tdiv, aligned, contiguous = tl._launch_facts(tl.zeros({32, 48}, tl.f32))
T.eq({dt, rank, part, sdiv, tdiv, aligned, contiguous}, {"f32", 2, "f322:3:1:ac", 3, 1, true, true}, "32x48 f32")
dt, rank, part, sdiv = tl._launch_facts(tl.zeros({5, 7}, tl.i64))
T.eq({dt, rank, part, sdiv}, {"i64", 2, "i642:0:0:ac", 0}, "5x7 i64: no dimension divisible by 16")
T.eq(select("#", tl._launch_facts({})), 0, "not a tensor: nothing")
