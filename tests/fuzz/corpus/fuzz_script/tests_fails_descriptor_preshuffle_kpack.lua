-- k_per_block must be a multiple of kpack
-- expect: xor_preshuffle: k_per_block (30) is not a multiple of kpack (4)
tl.xor_preshuffle{k_per_block = 30, kpack = 4, m_per_block = 32}
