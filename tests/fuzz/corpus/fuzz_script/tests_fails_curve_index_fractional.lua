-- fractional access index
-- expect: curve:index: access index must be an integer (got 1.5)
tl.curve{lengths = {4, 6}}:index(1.5)
