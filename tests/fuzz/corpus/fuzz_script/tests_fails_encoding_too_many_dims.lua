-- at most 4 tensor dimensions
-- expect: encoding: h lists 5 entries, at most 4 allowed
tl.encoding{h = {{1}, {1}, {1}, {1}, {1}}, p = {{{1, 0}}}}
