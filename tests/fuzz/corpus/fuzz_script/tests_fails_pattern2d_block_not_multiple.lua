-- block must be whole warps
-- expect: pattern2d: block (100) is not a multiple of warp (64)
tl.pattern2d{block = 100, rows = 64, cols = 64, vec = 4, warp = 64}
