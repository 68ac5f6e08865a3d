-- at least one dimension
-- expect: curve: lengths must have 1 to 8 dimensions (got 0)
tl.curve{lengths = {}}
