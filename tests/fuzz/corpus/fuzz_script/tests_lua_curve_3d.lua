-- curve_3d.lua - seed 000: 4x8x16 with vectors {1,2,4}: 4 * (8/2) * (16/4) = 64 accesses.
local T = require "testing"
local c = tl.curve{lengths = {4, 8, 16}, order = {0, 1, 2}, vector = {1, 2, 4}}
T.eq(c:num_access(), 64, "num_access")
T.eq(c.access_lengths, {4, 4, 4}, "access_lengths")
T.eq(c.ndim, 3, "ndim")
local n = 0
for i, idx in c:accesses() do
  T.eq(idx, {i // 16, (i // 4 % 4) * 2, (i % 4) * 4}, "index(" .. i .. ")")
  n = n + 1
end
T.eq(n, 64, "iterator yields every access")
T.eq(c:index(63), {3, 6, 12}, "last access")
T.eq(c:valid(63), {1, 2, 4}, "valid(63)")
