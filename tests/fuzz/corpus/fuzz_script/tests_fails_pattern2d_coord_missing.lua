-- coord needs an element index
-- expect: coord: element must be an integer (got no value)
tl.pattern2d{block = 256, rows = 64, cols = 64, vec = 4, warp = 64}:coord(1)
