-- minors are not negative
-- expect: encoding: P0 component 0 refers to {1, -1}, but H0 has 1 components (minor 0 to 0)
tl.encoding{h = {{4}}, p = {{{1, -1}}}}
