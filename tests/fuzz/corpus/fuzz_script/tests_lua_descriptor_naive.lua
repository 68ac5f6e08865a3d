-- descriptor_naive.lua - a naive descriptor: row-major default strides, explicit strides, fields.
local T = require "testing"

local d = tl.descriptor{lengths = {4, 8}}
T.eq(d.lengths, {4, 8}, "lengths")
T.eq(d.ndim, 2, "ndim")
T.eq(d.size, 32, "size")
T.eq(d.element_space, 32, "element_space")
T.eq(d.base_strides, {8, 1}, "row-major strides")
T.eq(d.stages, 0, "stages")
T.eq(tostring(d), "Descriptor{lengths={4, 8}, strides={8, 1}}", "tostring")
for r = 0, 3 do
  for c = 0, 7 do T.eq(d:offset{r, c}, r * 8 + c, "offset") end
end
T.eq(d:offset(2, 5), 21, "offset with loose arguments")
T.eq(d:valid{3, 7}, true, "valid inside")
T.eq(d:valid{4, 0}, false, "valid out of range (row)")
T.eq(d:valid{0, -1}, false, "valid out of range (negative)")

-- column-major with a leading dimension of 5 (padding between columns)
local cm = tl.descriptor{lengths = {4, 8}, strides = {1, 5}}
T.eq(cm:offset{3, 2}, 13, "strided offset")
T.eq(cm.element_space, 3 + 7 * 5 + 1, "strided element space")

-- a 3D one: the last dim contiguous
local d3 = tl.descriptor{lengths = {2, 3, 4}}
T.eq(d3.base_strides, {12, 4, 1}, "3D strides")
T.eq(d3:offset{1, 2, 3}, 23, "3D offset")

-- broadcast: stride 0 is allowed (all rows alias)
local b = tl.descriptor{lengths = {4, 8}, strides = {0, 1}}
T.eq(b:offset{3, 5}, 5, "broadcast offset")
T.eq(b.element_space, 8, "broadcast element space")
