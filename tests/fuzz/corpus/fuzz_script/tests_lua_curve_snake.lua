-- curve_snake.lua - seed 000: snake 4x8: rows 1 and 3 run backwards (row 1: [1,7] .. [1,0]).
local T = require "testing"
local c = tl.curve{lengths = {4, 8}, order = {0, 1}, vector = {1, 1}, snake = true}
T.eq(c:num_access(), 32, "num_access")
T.eq(c.snake, true, "snake field")
local rows = {}
for i = 0, 31 do
  local idx = c:index(i)
  rows[idx[1] + 1] = rows[idx[1] + 1] or {}
  table.insert(rows[idx[1] + 1], idx[2])
  T.eq(idx[1], i // 8, "row of access " .. i)
end
T.eq(rows[1], {0, 1, 2, 3, 4, 5, 6, 7}, "row 0")
T.eq(rows[2], {7, 6, 5, 4, 3, 2, 1, 0}, "row 1 (reversed)")
T.eq(rows[3], {0, 1, 2, 3, 4, 5, 6, 7}, "row 2")
T.eq(rows[4], {7, 6, 5, 4, 3, 2, 1, 0}, "row 3 (reversed)")
T.eq(c:index(8), {1, 7}, "index(8)")
-- a 3D snake reverses a dimension when the mixed-radix number of all slower access indices is odd
local s = tl.curve{lengths = {2, 3, 4}, snake = true}
T.eq(s:index(4), {0, 1, 3}, "3D: (0,1) is odd, fastest runs back")
T.eq(s:index(12), {1, 2, 3}, "3D: plane 1 runs the middle dim back; 1*3+0 = 3 odd")
T.eq(s:index(16), {1, 1, 0}, "3D: 1*3+1 = 4 even, fastest forward")
