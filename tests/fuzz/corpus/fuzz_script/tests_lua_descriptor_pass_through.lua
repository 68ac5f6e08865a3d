-- descriptor_pass_through.lua - pass_through keeps a dim; swapping upper ids transposes.
local T = require "testing"

local d = tl.descriptor{lengths = {4, 8}}
local t = d:transform{
  {tl.pass_through(4), lower = {0}, upper = {1}},
  {tl.pass_through(8), lower = {1}, upper = {0}},
}
T.eq(t.lengths, {8, 4}, "transposed lengths")
T.eq(t.stages, 1, "one stage")
for r = 0, 3 do
  for c = 0, 7 do T.eq(t:offset{c, r}, d:offset{r, c}, "transpose offset") end
end
T.eq(tostring(tl.pass_through(4)), "pass_through(4)", "transform tostring")
T.eq(tl.pass_through(4).kind, "pass_through", "kind")
-- the original is unchanged (descriptors are values)
T.eq(d.lengths, {4, 8}, "original untouched")
