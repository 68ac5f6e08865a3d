-- each size is capped at 2^31
-- expect: pattern2d: rows must be a positive integer of at most 2^31 (got 4294967296)
tl.pattern2d{block = 256, rows = 1 << 32, cols = 64, vec = 4}
