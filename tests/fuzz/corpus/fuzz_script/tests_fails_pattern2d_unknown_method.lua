-- an unknown method name is an error
-- expect: distribution: no field or method 'owners'
tl.pattern2d{block = 256, rows = 64, cols = 64, vec = 4}:owners(0, 0)
