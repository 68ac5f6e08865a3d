-- sizes are numbers
-- expect: pattern2d: rows must be an integer (got boolean)
tl.pattern2d{block = 256, rows = true, cols = 64, vec = 4}
