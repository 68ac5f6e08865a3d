-- a negative length is refused
-- expect: curve: length of dimension 0 must be positive (got -4)
tl.curve{lengths = {-4, 6}}
