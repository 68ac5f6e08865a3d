-- at most 8 dimensions
-- expect: curve: lengths has 9 entries, at most 8 allowed
tl.curve{lengths = {1, 1, 1, 1, 1, 1, 1, 1, 1}}
