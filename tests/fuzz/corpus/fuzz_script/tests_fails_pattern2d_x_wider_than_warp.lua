-- more threads along X than a warp has
-- expect: pattern2d: warp (32) is not a multiple of cols/vector (512/4 = 128)
tl.pattern2d{block = 64, rows = 8, cols = 512, vec = 4, warp = 32}
