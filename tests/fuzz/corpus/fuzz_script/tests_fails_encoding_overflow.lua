-- the tile is capped at 2^31 elements
-- expect: encoding: the length of dimension 0 (the product of H0) exceeds 2^31
tl.encoding{h = {{1 << 16, 1 << 16}}, p = {{{1, 0}}}, y = {{1, 1}}}
