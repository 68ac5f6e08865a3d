-- zero length
-- expect: descriptor: lengths[1] must be a positive integer (got 0)
tl.descriptor{lengths = {0, 8}}
