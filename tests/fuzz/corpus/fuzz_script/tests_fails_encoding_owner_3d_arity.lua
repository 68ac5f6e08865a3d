-- owner takes one value per dimension
-- expect: owner: the coordinate needs 3 values (got 2)
tl.encoding{h = {{2}, {2}, {2}}, p = {{{1, 0}, {2, 0}, {3, 0}}}}:owner({1, 1})
