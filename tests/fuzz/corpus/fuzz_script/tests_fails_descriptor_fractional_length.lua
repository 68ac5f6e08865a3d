-- fractional length
-- expect: descriptor: lengths[2] must be an integer (got 7.5)
tl.descriptor{lengths = {4, 7.5}}
