-- lengths are integers
-- expect: encoding: h[1][2] must be an integer (got 2.5)
tl.encoding{h = {{4, 2.5}}, p = {{{1, 0}, {1, 1}}}}
