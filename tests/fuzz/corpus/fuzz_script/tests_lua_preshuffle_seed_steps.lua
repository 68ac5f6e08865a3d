-- preshuffle_seed_steps.lua - seed 003's three formulas, step by step, against tl.xor_preshuffle.
-- Step 1: K0' = K0 ^ (M % (KPerBlock/KPack * MLdsLayer))
-- Step 2: L = K0' / (KPerBlock/KPack), K0'' = K0' % (KPerBlock/KPack)  (L = 0, K0'' = K0' when MLdsLayer == 1)
-- Step 3: merge (L, M) -> M' and (K0'', K1) -> K'   (issue 3: merge (L, M), L the slower digit)
local T = require "testing"

local function check(K, KPack, L, M)
  local d = tl.xor_preshuffle{k_per_block = K, kpack = KPack, m_lds_layer = L, m_per_block = M}
  T.eq(d.lengths, {M, K}, "lengths {MPerBlock, KPerBlock}")
  T.eq(d.base_lengths, {K // KPack * L, M // L, KPack}, "seed BaseLengths")
  T.eq(d.base_strides, {KPack, K * L, 1}, "seed BaseStrides")
  local K0, ML = K // KPack, M // L
  for m = 0, M - 1 do
    for k = 0, K - 1 do
      local l, mm = m // ML, m % ML           -- step 3 read backwards: M' -> (L, M)
      local k0pp, k1 = k // KPack, k % KPack  -- K' -> (K0'', K1)
      local k0p = l * K0 + k0pp               -- step 2 read backwards: (L, K0'') -> K0'
      if L == 1 then T.eq(k0p, k0pp, "L == 1: K0'' = K0'") end
      T.eq(k0p // K0, l, "step 2: L = K0' / (KPerBlock/KPack)")
      T.eq(k0p % K0, k0pp, "step 2: K0'' = K0' % (KPerBlock/KPack)")
      local k0 = k0p ~ (mm % (K0 * L))        -- step 1 (the XOR is its own inverse)
      T.eq(d:offset{m, k}, k0 * KPack + mm * K * L + k1, string.format("offset of (%d, %d)", m, k))
    end
  end
end

check(32, 4, 1, 32)    -- f32, MLdsLayer 1
check(32, 8, 2, 64)    -- f16, MLdsLayer 2 (the seed's GEMM choice)
check(64, 8, 4, 128)
check(16, 2, 2, 8)
