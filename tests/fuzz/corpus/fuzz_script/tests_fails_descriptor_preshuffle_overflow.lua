-- a tile beyond the element cap
-- expect: xor_preshuffle: m_per_block*k_per_block (65536*65536) exceeds 2147483648 elements
tl.xor_preshuffle{k_per_block = 65536, kpack = 8, m_per_block = 65536}
