-- each warp covers all of X: cols/vector threads must tile the warp
-- expect: pattern2d: warp (64) is not a multiple of cols/vector (48/8 = 6)
tl.pattern2d{block = 256, rows = 64, cols = 48, vec = 8, pattern = "thread_raked", warp = 64}
