-- thread ids are integers
-- expect: coord: thread must be an integer (got 1.5)
tl.pattern2d{block = 256, rows = 64, cols = 64, vec = 4, warp = 64}:coord(1.5, 0)
