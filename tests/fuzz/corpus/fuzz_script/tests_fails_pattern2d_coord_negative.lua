-- thread ids are not negative
-- expect: coord: thread -1 is out of range (0 to 255)
tl.pattern2d{block = 256, rows = 64, cols = 64, vec = 4, warp = 64}:coord(-1, 0)
