-- expect: pattern2d: block must be an integer (got string)
tl.pattern2d { block = "256", rows = 64, cols = 64, vec = 4 }
