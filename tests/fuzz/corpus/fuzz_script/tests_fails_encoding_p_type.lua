-- a P dim is a list of pairs
-- expect: encoding: p[1] (P0) must be a list of {major, minor} pairs (got number)
tl.encoding{h = {{4}}, p = {1}}
