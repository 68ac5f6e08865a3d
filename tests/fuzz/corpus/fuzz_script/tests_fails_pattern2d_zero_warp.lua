-- the warp is positive
-- expect: pattern2d: warp must be a positive integer of at most 2^31 (got 0)
tl.pattern2d{block = 256, rows = 64, cols = 64, vec = 4, warp = 0}
