-- order may only name existing dimensions (0-based)
-- expect: curve: order must be a permutation of 0..1 (got {1,2})
tl.curve{lengths = {4, 6}, order = {1, 2}}
