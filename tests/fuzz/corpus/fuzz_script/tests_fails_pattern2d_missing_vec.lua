-- vec is required
-- expect: pattern2d: field 'vec' is required
tl.pattern2d{block = 256, rows = 64, cols = 64}
