-- components are {major, minor} pairs
-- expect: encoding: p[1][2] (P0 component 1) must be a {major, minor} pair (got a table that is not a pair)
tl.encoding{h = {{4}, {8}}, p = {{{1, 0}, {2}}}}
