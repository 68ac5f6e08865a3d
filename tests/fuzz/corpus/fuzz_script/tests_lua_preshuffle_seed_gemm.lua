-- preshuffle_seed_gemm.lua - seed 003's "Practical Usage in GEMM": each thread stores its elements of
-- a BlockM x BlockK tile into LDS through the swizzled descriptor (MLdsLayer = 2).
local T = require "testing"

local BlockM, BlockK, KPack, MLdsLayer, NumThreads = 64, 32, 8, 2, 256
local ElementsPerThread = BlockM * BlockK // NumThreads
local ML, K0 = BlockM // MLdsLayer, BlockK // KPack

-- ALdsDesc: the seed's 4D FinalDescriptor [L, M, K0'', K1], built with the transform API
local final = tl.descriptor{lengths = {K0 * MLdsLayer, ML, KPack}, strides = {KPack, BlockK * MLdsLayer, 1}}
  :transform{{tl.xor{ML, K0 * MLdsLayer}, lower = {1, 0}, upper = {1, 0}},
             {tl.pass_through(KPack), lower = {2}, upper = {2}}}
  :transform{{tl.unmerge{MLdsLayer, K0}, lower = {0}, upper = {0, 2}},
             {tl.pass_through(ML), lower = {1}, upper = {1}},
             {tl.pass_through(KPack), lower = {2}, upper = {3}}}
local lds2d = tl.xor_preshuffle{k_per_block = BlockK, kpack = KPack, m_lds_layer = MLdsLayer, m_per_block = BlockM}

-- The seed's loop, literally: lds_offset = desc.calculate_offset({0, m_idx / MLdsLayer, k_idx / KPack,
-- k_idx % KPack}) ("L component (for this example)" fixed at 0).
local literal, proper = {}, {}
for tid = 0, NumThreads - 1 do
  for i = 0, ElementsPerThread - 1 do
    local linear_idx = tid * ElementsPerThread + i
    local m_idx, k_idx = linear_idx // BlockK, linear_idx % BlockK
    local o = final:offset{0, m_idx // MLdsLayer, k_idx // KPack, k_idx % KPack}
    literal[o] = (literal[o] or 0) + 1
    -- with the L component filled in (merge (L, M) -> M'), the store is a bijection
    local p = lds2d:offset{m_idx, k_idx}
    T.eq(p, final:offset{m_idx // ML, m_idx % ML, k_idx // KPack, k_idx % KPack}, "2D = 4D")
    proper[p] = (proper[p] or 0) + 1
  end
end
-- The literal form (L = 0, M / MLdsLayer) sends rows 2j and 2j+1 to the same LDS slot: every offset
-- it reaches is written MLdsLayer times, and only 1/MLdsLayer of the buffer is used.
local reached = 0
for o, n in pairs(literal) do
  assert(o >= 0 and o < BlockM * BlockK, "offset in the buffer")
  T.eq(n, MLdsLayer, "literal seed store writes each slot MLdsLayer times")
  reached = reached + 1
end
T.eq(reached, BlockM * BlockK // MLdsLayer, "literal seed store reaches 1/MLdsLayer of LDS")
for o = 0, BlockM * BlockK - 1 do T.eq(proper[o], 1, "each LDS slot written once") end
