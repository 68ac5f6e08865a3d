-- order needs one entry per dimension
-- expect: curve: order has 1 entries but lengths has 2
tl.curve{lengths = {4, 6}, order = {0}}
