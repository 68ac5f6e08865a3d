-- valid checks its index
-- expect: curve: access index 9 is out of range 0..8
tl.curve{lengths = {5, 7}, vector = {2, 3}}:valid(9)
