-- the argument is a table
-- expect: bad argument #1 to 'encoding' (table expected, got string)
tl.encoding("r/h/p/y")
