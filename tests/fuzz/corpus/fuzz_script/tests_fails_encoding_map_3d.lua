-- maps draw 1D and 2D distributions only
-- expect: map: only 1D and 2D distributions can be drawn (this one has 3 dimensions)
tl.encoding{h = {{2}, {2}, {2}}, p = {{{1, 0}, {2, 0}, {3, 0}}}}:map()
