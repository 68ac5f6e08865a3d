-- curve_gemm.lua - seed 000: GEMM tile 16x32, column-major, vector-8: 16 * (32/8) = 64 accesses.
local T = require "testing"
local c = tl.curve{lengths = {16, 32}, order = {1, 0}, vector = {1, 8}}
T.eq(c:num_access(), 64, "num_access")
T.eq(#c, 64, "#curve")
T.eq(c.access_lengths, {16, 4}, "access_lengths")
-- each access loads 8 consecutive elements of a row; accesses proceed down the columns
for i = 0, 63 do
  T.eq(c:index(i), {i % 16, (i // 16) * 8}, "index(" .. i .. ")")
  T.eq(c:valid(i), {1, 8}, "valid(" .. i .. ")")
end
T.eq(c:step(0, 1), {1, 0}, "step down a column")
T.eq(c:step(15, 16), {-15, 8}, "step to the next column of vectors")
