-- encoding_1d.lua - a one-dimensional distribution: coord and owner take one index; map draws
-- one row.
local T = require "testing"
local d = tl.encoding{h = {{4, 16}}, p = {{{1, 1}}}, y = {{1, 0}}}
T.eq(d.lengths, {64}, "lengths")
T.eq(d.threads, 16, "threads")
T.eq(d:elements(), 4, "elements")
T.eq(d.vector, 1, "strided elements: no vector")
for t = 0, 15 do
  for y = 0, 3 do
    T.eq(d:coord(t, y), {y * 16 + t}, "coord")
    T.eq({d:owner(y * 16 + t)}, {t, y}, "owner")
    T.eq({d:owner{y * 16 + t}}, {t, y}, "owner with a table")
  end
end
local m = d:map()
assert(m:find("15", 1, true), "map shows thread 15")
-- a vector along the only dimension
local v = tl.encoding{h = {{16, 4}}, p = {{{1, 0}}}, y = {{1, 1}}}
T.eq(v.vector, 4, "contiguous vector")
T.eq(v:coord(3, 2), {14}, "coord")
