-- misspelt parameter
-- expect: xor_preshuffle: unknown field 'k_perblock'
tl.xor_preshuffle{k_perblock = 32, kpack = 8, m_per_block = 32}
