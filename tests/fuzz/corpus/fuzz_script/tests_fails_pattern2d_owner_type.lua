-- coordinates are integers
-- expect: owner: col must be an integer (got string)
tl.pattern2d{block = 256, rows = 64, cols = 64, vec = 4, warp = 64}:owner(3, "x")
