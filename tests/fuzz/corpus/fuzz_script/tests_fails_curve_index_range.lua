-- index past the last access names the range
-- expect: curve: access index 24 is out of range 0..23 (num_access = 24)
tl.curve{lengths = {4, 6}}:index(24)
