-- the warps must split evenly into wave groups
-- expect: pattern2d: block/warp (256/64 = 4) is not a multiple of wave_groups (3)
tl.pattern2d{block = 256, rows = 64, cols = 64, vec = 4, warp = 64, wave_groups = 3}
