-- curve_step.lua - :step(i, j) is index(j) - index(i), including backwards and across snake turns.
local T = require "testing"
local c = tl.curve{lengths = {4, 8}, snake = true}
T.eq(c:step(0, 1), {0, 1}, "forward along row 0")
T.eq(c:step(7, 8), {1, 0}, "snake turn: straight down")
T.eq(c:step(8, 9), {0, -1}, "row 1 runs backwards")
T.eq(c:step(8, 0), {-1, -7}, "backwards step")
T.eq(c:step(5, 5), {0, 0}, "zero step")
for i = 0, 30 do
  local a, b, s = c:index(i), c:index(i + 1), c:step(i, i + 1)
  T.eq(s, {b[1] - a[1], b[2] - a[2]}, "step(" .. i .. ")")
end
