-- every thread needs at least one element
-- expect: pattern2d: rows*cols (8*8 = 64) is less than block (256)
tl.pattern2d{block = 256, rows = 8, cols = 8, vec = 4, warp = 64}
