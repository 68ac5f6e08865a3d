-- owner needs row and col
-- expect: owner: the coordinate needs 2 values (got 1)
tl.pattern2d{block = 256, rows = 64, cols = 64, vec = 4, warp = 64}:owner(3)
