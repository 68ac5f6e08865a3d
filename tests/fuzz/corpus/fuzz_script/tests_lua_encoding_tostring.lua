-- encoding_tostring.lua - __tostring of a general encoding shows r/h/p/y (minors 0-based), the
-- tile lengths, threads and elements; fields of the raked patterns are nil on it.
local T = require "testing"
local d = tl.encoding{r = {2}, h = {{2, 4, 2}, {2, 8, 4}}, p = {{{1, 0}, {0, 0}}, {{1, 1}, {2, 1}}},
                      y = {{2, 0}, {1, 2}, {2, 2}}}
T.eq(tostring(d), "Distribution{r={2}, h={{2,4,2},{2,8,4}}, p={{{1,0},{0,0}},{{1,1},{2,1}}}, "
  .. "y={{2,0},{1,2},{2,2}}, minors=0-based, lengths={16,64}, threads=128, elements=16}", "tostring")
T.eq(d.pattern, nil, "no pattern")
T.eq(d.iters, nil, "no iters")
T.eq(d.warp, nil, "no warp")
T.eq(d.vector, 4, "vector")
-- the table form round-trips
local e = d:encoding()
T.eq(e, {r = {2}, h = {{2, 4, 2}, {2, 8, 4}}, p = {{{1, 0}, {0, 0}}, {{1, 1}, {2, 1}}},
         y = {{2, 0}, {1, 2}, {2, 2}}}, "encoding table")
T.eq(tostring(tl.encoding(e)), tostring(d), "round trip")
-- lengths, when given, must match the products of H
T.eq(tl.encoding{h = {{4}, {8}}, p = {{{1, 0}, {2, 0}}}, lengths = {4, 8}}.lengths, {4, 8}, "lengths")
