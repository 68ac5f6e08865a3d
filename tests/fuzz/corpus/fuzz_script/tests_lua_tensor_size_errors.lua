-- tensor_size_errors.lua - bad shapes raise clean errors: negative, fractional, non-numbers, rank, overflow, memory.
local T = require "testing"
for _, ctor in ipairs{"empty", "zeros", "rand"} do
  local f = tl[ctor]
  T.raises(function() f({2, -1}) end, "tl." .. ctor .. ": the length of dimension 1 must be >= 0 (got -1)")
  T.raises(function() f({2.5}) end, "tl." .. ctor .. ": the length of dimension 0 must be an integer (got 2.5)")
  T.raises(function() f({"2"}) end, "must be an integer (got string)")
  T.raises(function() f({1, 1, 1, 1, 1, 1, 1, 1, 1}) end, "tl." .. ctor .. ": rank 9 is over the limit of 8")
  T.raises(function() f({2 ^ 20, 2 ^ 20, 2}) end, "2199023255552 elements is too many (the limit is 2^40")
  T.raises(function() f("x") end, "shape must be a sequence of lengths such as {2, 3} (got string)")
  T.raises(function() f(-3) end, "the length must be >= 0 (got -3)")
end
T.raises(function() tl.full({0, 2 ^ 62}, 1) end, "elements is too many")
T.eq(tl.zeros({1, 1, 1, 1, 1, 1, 1, 1}):rank(), 8, "rank 8 is fine")
T.eq(tl.zeros({0, 5}):numel(), 0, "zero-size is fine")
-- 2^40 f64 elements are 8 TiB: allowed by the element cap, refused by the allocator
local ok, err = pcall(tl.empty, {2 ^ 40}, tl.f64)
if ok then
  print("skipped: this machine overcommits 8 TiB")
else
  assert(err:find("tensor: out of memory allocating 8796093022208 bytes", 1, true), err)
end
