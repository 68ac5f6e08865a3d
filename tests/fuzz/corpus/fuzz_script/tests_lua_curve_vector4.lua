-- curve_vector4.lua - seed 000: 4x8 with vector-4 on dimension 1: row 0 cols [0:3], [4:7], row 1 ...
local T = require "testing"
local c = tl.curve{lengths = {4, 8}, order = {0, 1}, vector = {1, 4}}
T.eq(c:num_access(), 8, "num_access")
T.eq(c.access_lengths, {4, 2}, "access_lengths")
local got = {}
for i, idx in c:accesses() do got[#got + 1] = {i, idx[1], idx[2], idx[2] + 3} end
T.eq(got, {{0, 0, 0, 3}, {1, 0, 4, 7}, {2, 1, 0, 3}, {3, 1, 4, 7},
           {4, 2, 0, 3}, {5, 2, 4, 7}, {6, 3, 0, 3}, {7, 3, 4, 7}}, "row, cols [a:b] per access")
for i = 0, 7 do T.eq(c:valid(i), {1, 4}, "valid(" .. i .. ")") end
T.eq(tostring(c), "Curve{lengths={4,8}, order={0,1}, vector={1,4}, snake=false, accesses=8}",
     "tostring")
