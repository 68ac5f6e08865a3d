-- negative access index
-- expect: curve: access index -1 is out of range 0..23
tl.curve{lengths = {4, 6}}:index(-1)
