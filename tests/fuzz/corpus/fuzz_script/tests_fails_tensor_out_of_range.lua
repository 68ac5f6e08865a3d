-- an index past the end names the index, the dimension and its valid range
-- expect: tensor_out_of_range.lua:4: tensor:get: index 4 out of range for dimension 1 (size 4, valid 0..3)
local t = tl.zeros({3, 4})
print(t:get(0, 4))
