-- descriptor_embed.lua - embed{lengths, coefficients}: l = sum u_i * c_i, e.g. a strided view of 1D memory.
local T = require "testing"

local mem = tl.descriptor{lengths = {40}}
local e = mem:transform{{tl.embed{{4, 8}, {10, 1}}, lower = {0}, upper = {0, 1}}}
T.eq(e.lengths, {4, 8}, "embed lengths")
T.eq(e:offset{3, 7}, 37, "embed offset")
T.eq(tostring(tl.embed{{4, 8}, {10, 1}}), "embed{{4, 8}, {10, 1}}", "tostring")
-- the named form is the same transform
local n = mem:transform{{tl.embed{lengths = {4, 8}, coefficients = {10, 1}}, lower = {0}, upper = {0, 1}}}
T.eq(n:offset{2, 3}, 23, "named embed")

-- property: an embed over 1D memory matches the naive descriptor with the same strides
math.randomseed(303)
for _ = 1, 100 do
  local lens, coefs, reach = {}, {}, 0
  local n = math.random(1, 3)
  for i = 1, n do
    lens[i], coefs[i] = math.random(1, 5), math.random(0, 7)
    reach = reach + (lens[i] - 1) * coefs[i]
  end
  local ids = {}
  for i = 1, n do ids[i] = i - 1 end
  local v = tl.descriptor{lengths = {reach + 1}}:transform{{tl.embed{lens, coefs}, lower = {0}, upper = ids}}
  local naive = tl.descriptor{lengths = lens, strides = coefs}
  local idx = {}
  for i = 1, n do idx[i] = math.random(0, lens[i] - 1) end
  T.eq(v:offset(idx), naive:offset(idx), "embed = naive strides")
end
