-- a huge index is refused, not truncated
-- expect: encoding: p[1][1] (P0 component 0): index 4294967297 is out of range
tl.encoding{h = {{4}}, p = {{{(1 << 32) + 1, 0}}}}
