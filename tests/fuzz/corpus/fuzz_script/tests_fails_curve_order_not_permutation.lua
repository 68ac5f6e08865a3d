-- order must list each dimension once
-- expect: curve: order must be a permutation of 0..1 (got {0,0})
tl.curve{lengths = {4, 6}, order = {0, 0}}
