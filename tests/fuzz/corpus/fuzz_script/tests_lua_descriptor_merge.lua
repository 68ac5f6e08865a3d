-- descriptor_merge.lua - merge: one upper dim onto several lower dims, the first most significant.
local T = require "testing"

local d = tl.descriptor{lengths = {2, 3, 4}, strides = {100, 10, 1}}
local m = d:transform{{tl.merge{2, 3, 4}, lower = {0, 1, 2}, upper = {0}}}
T.eq(m.lengths, {24}, "merged length")
for u = 0, 23 do
  local a, b, c = u // 12, (u // 4) % 3, u % 4
  T.eq(m:offset{u}, a * 100 + b * 10 + c, "merge digits of " .. u)
end
-- merging in another order: lower = {2, 0, 1} makes dim 2 the most significant digit
local m2 = d:transform{{tl.merge{4, 2, 3}, lower = {2, 0, 1}, upper = {0}}}
T.eq(m2:offset{23}, 3 + 1 * 100 + 2 * 10, "reordered merge")
T.eq(tostring(tl.merge{2, 3, 4}), "merge{2, 3, 4}", "tostring")
T.eq(tl.merge{2, 3}.upper_lengths, {6}, "upper lengths")
T.eq(tl.merge{2, 3}.lower_lengths, {2, 3}, "lower lengths")
