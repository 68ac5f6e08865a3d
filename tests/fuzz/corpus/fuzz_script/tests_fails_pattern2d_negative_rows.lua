-- sizes are positive
-- expect: pattern2d: rows must be a positive integer of at most 2^31 (got -64)
tl.pattern2d{block = 256, rows = -64, cols = 64, vec = 4}
