-- fractional sizes
-- expect: xor_preshuffle: kpack must be an integer (got 2.5)
tl.xor_preshuffle{k_per_block = 32, kpack = 2.5, m_per_block = 32}
