-- a fractional length is refused
-- expect: curve: lengths[2] must be an integer (got 2.5)
tl.curve{lengths = {4, 2.5}}
