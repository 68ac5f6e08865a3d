-- encoding_3d.lua - three tensor dimensions: coord returns three values, owner takes three, and
-- a map (1D/2D only) is refused with a message.
local T = require "testing"
local d = tl.encoding{
  h = {{2, 2}, {4}, {2, 8}},
  p = {{{1, 0}, {2, 0}}, {{3, 1}}},
  y = {{1, 1}, {3, 0}},
}
T.eq(d.lengths, {4, 4, 16}, "lengths")
T.eq(d.threads, 8 * 8, "threads")
T.eq(d:elements(), 4, "elements")
-- t = (a*4 + b) * 8 + c with a = H0[0], b = H1[0], c = H2[1]; y = e*2 + f with e = H0[1], f = H2[0]
T.eq(d:coord((1 * 4 + 3) * 8 + 5, 1 * 2 + 1), {1 * 2 + 1, 3, 1 * 8 + 5}, "coord")
T.eq({d:owner(3, 3, 13)}, {(1 * 4 + 3) * 8 + 5, 3}, "owner")
T.eq({d:owner{3, 3, 13}}, {(1 * 4 + 3) * 8 + 5, 3}, "owner with a table")
T.eq(d:check(), true, "check")
T.raises(function() d:map() end, "map: only 1D and 2D distributions can be drawn (this one has 3 dimensions)")
