-- element indices are 0 .. elements-1
-- expect: coord: element 16 is out of range (0 to 15)
tl.pattern2d{block = 256, rows = 64, cols = 64, vec = 4, warp = 64}:coord(0, 16)
