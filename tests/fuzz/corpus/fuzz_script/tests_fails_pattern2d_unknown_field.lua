-- a misspelt option is not ignored
-- expect: pattern2d: unknown field 'wavegroups' (expected block, rows, cols, vec, pattern, warp, wave_groups)
tl.pattern2d{block = 256, rows = 64, cols = 64, vec = 4, wavegroups = 2}
