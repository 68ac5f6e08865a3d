-- m_per_block must be a multiple of m_lds_layer
-- expect: xor_preshuffle: m_per_block (30) is not a multiple of m_lds_layer (4)
tl.xor_preshuffle{k_per_block = 32, kpack = 8, m_lds_layer = 4, m_per_block = 30}
