-- sizes are positive
-- expect: pattern2d: block must be a positive integer of at most 2^31 (got 0)
tl.pattern2d{block = 0, rows = 64, cols = 64, vec = 4}
