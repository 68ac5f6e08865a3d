-- components are {major, minor} pairs
-- expect: encoding: y[1] (Y0) must be a {major, minor} pair (got number)
tl.encoding{h = {{4}, {8}}, p = {{{1, 0}}}, y = {2}}
