-- required parameters
-- expect: xor_preshuffle: field 'm_per_block' is required
tl.xor_preshuffle{k_per_block = 32, kpack = 8}
