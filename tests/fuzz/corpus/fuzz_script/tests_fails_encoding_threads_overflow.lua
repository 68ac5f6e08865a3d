-- threads * elements are capped at 2^31
-- expect: encoding: threads * elements per thread (65536 * 65536) exceed 2^31
tl.encoding{h = {{1 << 16}, {1 << 16}}, p = {{{1, 0}}}, y = {{2, 0}}}
