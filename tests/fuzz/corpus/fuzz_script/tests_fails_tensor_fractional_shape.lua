-- lengths must be integers
-- expect: tl.rand: the length of dimension 0 must be an integer (got 2.5)
print(tl.rand({2.5, 2}))
