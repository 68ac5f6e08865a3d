-- sizes are integers
-- expect: pattern2d: cols must be an integer (got 64.5)
tl.pattern2d{block = 256, rows = 64, cols = 64.5, vec = 4}
