-- owner of an element outside the tile
-- expect: owner: {64, 0} is outside the tile (lengths {64, 64})
tl.pattern2d{block = 256, rows = 64, cols = 64, vec = 4, warp = 64}:owner(64, 0)
