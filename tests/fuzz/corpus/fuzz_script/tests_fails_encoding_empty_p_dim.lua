-- a P dim lists components
-- expect: encoding: P1 must list 1 to 8 components (got 0)
tl.encoding{h = {{4}}, p = {{{1, 0}}, {}}}
