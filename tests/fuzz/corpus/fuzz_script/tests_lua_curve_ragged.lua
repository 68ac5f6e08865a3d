-- curve_ragged.lua - seed 000: 5x7 by 2x3: ceil(5/2) x ceil(7/3) = 3x3 accesses, partial at the edges.
local T = require "testing"
local c = tl.curve{lengths = {5, 7}, order = {0, 1}, vector = {2, 3}}
T.eq(c.access_lengths, {3, 3}, "access_lengths")
T.eq(c:num_access(), 9, "num_access")
local want_index = {{0,0}, {0,3}, {0,6}, {2,0}, {2,3}, {2,6}, {4,0}, {4,3}, {4,6}}
local want_valid = {{2,3}, {2,3}, {2,1}, {2,3}, {2,3}, {2,1}, {1,3}, {1,3}, {1,1}}
for i = 0, 8 do
  T.eq(c:index(i), want_index[i + 1], "index(" .. i .. ")")
  T.eq(c:valid(i), want_valid[i + 1], "valid(" .. i .. ")")
end
-- the seed's safe_access test: in bounds when index + vector <= length in every dimension
local full = 0
for i = 0, 8 do
  local idx = c:index(i)
  if idx[1] + 2 <= 5 and idx[2] + 3 <= 7 then full = full + 1 end
end
T.eq(full, 4, "full (unmasked) accesses")
