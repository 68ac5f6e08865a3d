-- a vector wider than its dimension is refused
-- expect: curve: vector width of dimension 1 (8) exceeds its length (7)
tl.curve{lengths = {5, 7}, vector = {1, 8}}
