-- tl.from takes numbers and booleans
-- expect: tl.from: table[2] is a string, expected a number or a boolean
tl.from({1, "a"})
