-- descriptor_unmerge.lua - unmerge: several upper dims onto one lower dim (row-major); merge undoes it.
local T = require "testing"

local d = tl.descriptor{lengths = {24}}
local u = d:transform{{tl.unmerge{2, 3, 4}, lower = {0}, upper = {0, 1, 2}}}
T.eq(u.lengths, {2, 3, 4}, "unmerged lengths")
T.eq(u:offset{1, 2, 3}, 12 + 8 + 3, "unmerge offset")

-- property: unmerge then merge is the identity, over random factorizations
math.randomseed(3003)
for _ = 1, 200 do
  local n = math.random(1, 4)
  local lens, total = {}, 1
  for i = 1, n do lens[i] = math.random(1, 6); total = total * lens[i] end
  local ids = {}
  for i = 1, n do ids[i] = i - 1 end
  local base = tl.descriptor{lengths = {total}}
  local back = base:transform{{tl.unmerge(lens), lower = {0}, upper = ids}}
                   :transform{{tl.merge(lens), lower = ids, upper = {0}}}
  T.eq(back.lengths, {total}, "round trip length")
  for i = 0, total - 1 do T.eq(back:offset{i}, i, "round trip offset") end
end
