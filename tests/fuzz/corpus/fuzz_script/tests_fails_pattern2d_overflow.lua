-- the tile is capped at 2^31 elements
-- expect: pattern2d: rows*cols (1048576*1048576) exceeds 2^31 elements
tl.pattern2d{block = 256, rows = 1 << 20, cols = 1 << 20, vec = 4}
