-- a vector width of 0 is refused
-- expect: curve: vector width of dimension 1 must be positive (got 0)
tl.curve{lengths = {4, 8}, vector = {1, 0}}
