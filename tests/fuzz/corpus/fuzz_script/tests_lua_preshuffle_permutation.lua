-- preshuffle_permutation.lua - property: over many random valid configurations, the offsets of
-- tl.xor_preshuffle are a permutation of 0 .. m_per_block*k_per_block-1.
local T = require "testing"

math.randomseed(3)
local tried = 0
while tried < 150 do
  local kpack = math.random(1, 12)
  local layer = 1 << math.random(0, 3)
  local k0 = 1 << math.random(0, 5)                 -- K0*L must be a power of two
  do
    local k = k0 * kpack
    local m = layer * math.random(1, 24)
    if m * k <= 16384 then
      tried = tried + 1
      local d = tl.xor_preshuffle{k_per_block = k, kpack = kpack, m_lds_layer = layer, m_per_block = m}
      T.eq(d.lengths, {m, k}, "lengths")
      T.eq(d.element_space, m * k, "element space")
      local seen, count = {}, 0
      for _, o in ipairs(d:offsets()) do
        if type(o) ~= "number" or o < 0 or o >= m * k or seen[o] then
          error(string.format("not a permutation for k=%d kpack=%d layer=%d m=%d at offset %s",
                              k, kpack, layer, m, tostring(o)))
        end
        seen[o] = true
        count = count + 1
      end
      T.eq(count, m * k, "every element visited")
    end
  end
end
