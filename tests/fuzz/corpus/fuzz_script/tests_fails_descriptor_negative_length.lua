-- negative length
-- expect: descriptor: lengths[2] must be a positive integer (got -8)
tl.descriptor{lengths = {4, -8}}
