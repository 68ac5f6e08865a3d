-- curve_map_fast.lua - :map() and :analyze() of a 64x64 curve answer in well under 100 ms.
local T = require "testing"
local t0 = os.clock()
local c = tl.curve{lengths = {64, 64}, order = {1, 0}, snake = true}
local text = c:map()
local a = c:analyze()
local dt = os.clock() - t0
T.eq(a.sequential, 4095, "64x64 snake is all sequential")
assert(#text > 0, "map text")
assert(dt < 0.05, string.format("map + analyze took %.1f ms", dt * 1000))
