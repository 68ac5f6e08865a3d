-- a dimension of length 0 is refused
-- expect: curve: length of dimension 1 must be positive (got 0)
tl.curve{lengths = {4, 0}}
