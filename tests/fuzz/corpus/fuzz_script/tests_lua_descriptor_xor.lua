-- descriptor_xor.lua - xor{la, lb}: upper (a, b) -> lower (a, b ~ (a % lb)); a permutation of rows.
local T = require "testing"

local d = tl.descriptor{lengths = {16, 8}}
local x = d:transform{{tl.xor{16, 8}, lower = {0, 1}, upper = {0, 1}}}
for a = 0, 15 do
  for b = 0, 7 do T.eq(x:offset{a, b}, a * 8 + (b ~ (a % 8)), "xor formula") end
end
T.eq(tostring(tl.xor{16, 8}), "xor{16, 8}", "tostring")

-- property: every XOR with a power-of-two lb permutes the elements, and each row stays in its row
math.randomseed(33)
for _ = 1, 100 do
  local la, lb = math.random(1, 40), 1 << math.random(0, 6)
  local v = tl.descriptor{lengths = {la, lb}}:transform{{tl.xor{la, lb}, lower = {0, 1}, upper = {0, 1}}}
  local seen = {}
  for a = 0, la - 1 do
    for b = 0, lb - 1 do
      local o = v:offset{a, b}
      T.eq(o // lb, a, "xor stays in row")
      T.eq(seen[o], nil, "xor offset unique")
      seen[o] = true
    end
  end
end
