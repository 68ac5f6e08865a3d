-- the argument is a table
-- expect: bad argument #1 to 'pattern2d' (table expected, got number)
tl.pattern2d(256)
