-- R minors refer to existing R components
-- expect: encoding: P0 component 0 refers to {0, 0}, but R has no components
tl.encoding{h = {{4}}, p = {{{0, 0}, {1, 0}}}}
