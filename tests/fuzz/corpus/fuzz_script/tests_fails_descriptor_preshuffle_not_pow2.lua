-- the XOR length K0*L must be a power of two
-- expect: xor_preshuffle: k_per_block/kpack*m_lds_layer (48/8*1 = 6) must be a power of two
tl.xor_preshuffle{k_per_block = 48, kpack = 8, m_per_block = 32}
