-- curve_col_major.lua - seed 000: column-major 4x6: [0,0], [1,0], [2,0], ... down columns.
local T = require "testing"
local c = tl.curve{lengths = {4, 6}, order = {1, 0}}
T.eq(c:num_access(), 24, "num_access")
T.eq(c:index(0), {0, 0}, "index(0)")
T.eq(c:index(1), {1, 0}, "index(1)")
T.eq(c:index(2), {2, 0}, "index(2)")
T.eq(c:index(4), {0, 1}, "index(4): next column")
for i = 0, 23 do T.eq(c:index(i), {i % 4, i // 4}, "index(" .. i .. ")") end
local r = tl.curve{lengths = {4, 6}, order = {0, 1}}
T.eq(r == c, false, "row-major and column-major curves differ")
