-- the argument is a table
-- expect: curve: expected a table
tl.curve(4, 8)
