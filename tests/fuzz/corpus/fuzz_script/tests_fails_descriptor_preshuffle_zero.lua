-- zero sizes
-- expect: xor_preshuffle: kpack must be a positive integer (got 0)
tl.xor_preshuffle{k_per_block = 32, kpack = 0, m_per_block = 32}
