-- rows must be whole bands of rows_per_warp*warps
-- expect: pattern2d: rows (24) is not a multiple of rows_per_warp*warps (4*4 = 16)
tl.pattern2d{block = 256, rows = 24, cols = 64, vec = 4, warp = 64}
