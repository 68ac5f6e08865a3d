-- curve_row_major.lua - seed 000: row-major 4x6, scalar access: 24 accesses along rows.
local T = require "testing"
local c = tl.curve{lengths = {4, 6}, order = {0, 1}, vector = {1, 1}, snake = false}
T.eq(c:num_access(), 24, "num_access")
-- the seed's first ten: [0,0], [0,1], [0,2], [0,3], [0,4], [0,5], [1,0], [1,1], ...
local want = {{0,0}, {0,1}, {0,2}, {0,3}, {0,4}, {0,5}, {1,0}, {1,1}, {1,2}, {1,3}}
for i = 0, 9 do T.eq(c:index(i), want[i + 1], "index(" .. i .. ")") end
for i = 0, 23 do T.eq(c:index(i), {i // 6, i % 6}, "index(" .. i .. ")") end
-- the defaults are row-major, scalar, no snake: the same curve
local d = tl.curve{lengths = {4, 6}}
T.eq(d == c, true, "defaults equal the explicit row-major curve")
for i = 0, 23 do T.eq(d:index(i), c:index(i), "default index(" .. i .. ")") end
