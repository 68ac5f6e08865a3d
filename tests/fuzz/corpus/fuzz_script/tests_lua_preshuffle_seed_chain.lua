-- preshuffle_seed_chain.lua - seed 003's C++ LdsIndexSwapping, rebuilt transform by transform with
-- tl.descriptor / :transform, equals tl.xor_preshuffle; its 4D FinalDescriptor has the seed's lengths.
local T = require "testing"

local function seed_chain(KPerBlock, KPack, MLdsLayer, MPerBlock)
  local K0, ML = KPerBlock // KPack, MPerBlock // MLdsLayer
  -- Step 1: BaseDescriptor <BaseLengths, BaseStrides>
  local base = tl.descriptor{lengths = {K0 * MLdsLayer, ML, KPack}, strides = {KPack, KPerBlock * MLdsLayer, 1}}
  -- Step 2: xor on dims [1, 0], pass-through dim 2
  local permuted = base:transform{
    {tl.xor{ML, K0 * MLdsLayer}, lower = {1, 0}, upper = {1, 0}},
    {tl.pass_through(KPack), lower = {2}, upper = {2}},
  }
  -- Step 3: unmerge dim 0 into output dims {0, 2}; dims 1, 2 pass through to 1, 3
  local final = permuted:transform{
    {tl.unmerge{MLdsLayer, K0}, lower = {0}, upper = {0, 2}},
    {tl.pass_through(ML), lower = {1}, upper = {1}},
    {tl.pass_through(KPack), lower = {2}, upper = {3}},
  }
  return base, permuted, final
end

for _, cfg in ipairs{{32, 4, 1, 32}, {32, 8, 2, 64}, {64, 4, 2, 32}, {128, 8, 4, 256}} do
  local K, KPack, L, M = table.unpack(cfg)
  local base, permuted, final = seed_chain(K, KPack, L, M)
  T.eq(base.lengths, {K // KPack * L, M // L, KPack}, "BaseLengths")
  T.eq(permuted.lengths, base.lengths, "the XOR keeps the lengths")
  T.eq(final.lengths, {L, M // L, K // KPack, KPack}, "4D [L, M, K0'', K1]")
  local d = tl.xor_preshuffle{k_per_block = K, kpack = KPack, m_lds_layer = L, m_per_block = M}
  for l = 0, L - 1 do
    for mm = 0, M // L - 1 do
      for k0 = 0, K // KPack - 1 do
        for k1 = 0, KPack - 1 do
          T.eq(d:offset{l * (M // L) + mm, k0 * KPack + k1}, final:offset{l, mm, k0, k1}, "2D = 4D")
        end
      end
    end
  end
end
-- MLdsLayer == 1: the unmerge simplifies to L = 0, K0'' = K0' (the 4D offsets equal the XOR stage's)
local _, permuted, final = seed_chain(32, 4, 1, 32)
T.eq(final.lengths[1], 1, "L has length 1")
for m = 0, 31 do
  for k0 = 0, 7 do T.eq(final:offset{0, m, k0, 3}, permuted:offset{k0, m, 3}, "L = 0, K0'' = K0'") end
end
