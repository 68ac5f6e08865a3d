-- lengths must be a table
-- expect: curve: lengths must be a sequence of integers (got string)
tl.curve{lengths = "4x8"}
