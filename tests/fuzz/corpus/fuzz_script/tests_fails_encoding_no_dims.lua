-- at least one tensor dimension
-- expect: encoding: h must list 1 to 4 tensor dimensions (got 0)
tl.encoding{h = {}, p = {{{1, 0}}}}
