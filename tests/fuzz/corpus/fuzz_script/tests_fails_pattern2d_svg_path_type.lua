-- svg needs a path
-- expect: bad argument #1 to 'svg' (string expected, got no value)
tl.pattern2d{block = 256, rows = 64, cols = 64, vec = 4}:svg()
