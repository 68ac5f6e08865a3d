-- thread ids are 0 .. block-1
-- expect: coord: thread 256 is out of range (0 to 255)
tl.pattern2d{block = 256, rows = 64, cols = 64, vec = 4, warp = 64}:coord(256, 0)
