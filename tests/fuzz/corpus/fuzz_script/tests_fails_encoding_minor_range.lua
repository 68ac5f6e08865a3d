-- minors are 0-based and inside their H
-- expect: encoding: Y0 refers to {2, 1}, but H1 has 1 components (minor 0 to 0)
tl.encoding{h = {{4}, {8}}, p = {{{1, 0}}}, y = {{2, 1}}}
