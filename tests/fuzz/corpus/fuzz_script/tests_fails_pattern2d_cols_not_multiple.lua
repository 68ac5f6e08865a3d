-- cols must be whole vectors
-- expect: pattern2d: cols (50) is not a multiple of vector (4
tl.pattern2d{block = 64, rows = 64, cols = 50, vec = 4, warp = 64}
