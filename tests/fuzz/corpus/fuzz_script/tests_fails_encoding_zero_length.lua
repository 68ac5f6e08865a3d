-- lengths are positive
-- expect: encoding: H0 component 1 must be a length from 1 to 2^31 (got 0)
tl.encoding{h = {{4, 0}}, p = {{{1, 0}, {1, 1}}}}
