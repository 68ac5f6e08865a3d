-- the pattern is a name
-- expect: pattern2d: pattern must be a string (got number)
tl.pattern2d{block = 256, rows = 64, cols = 64, vec = 4, pattern = 1}
