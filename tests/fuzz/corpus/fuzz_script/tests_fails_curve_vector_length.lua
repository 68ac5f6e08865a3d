-- vector needs one entry per dimension
-- expect: curve: vector has 3 entries but lengths has 2
tl.curve{lengths = {4, 8}, vector = {1, 4, 1}}
