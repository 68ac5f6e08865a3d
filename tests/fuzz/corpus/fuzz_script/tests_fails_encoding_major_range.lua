-- major is 0 (R) .. ndim
-- expect: encoding: P0 component 1 refers to {3, 0}, but major must be 0 (R) to 2 (H1)
tl.encoding{h = {{4}, {8}}, p = {{{1, 0}, {3, 0}}}, y = {{2, 0}}}
