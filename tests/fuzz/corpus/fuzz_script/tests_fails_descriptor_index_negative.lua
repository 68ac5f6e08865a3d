-- negative index
-- expect: descriptor:offset: index {-1, 0} is out of range: dim 0 is -1, not in [0, 4)
print(tl.descriptor{lengths = {4, 8}}:offset{-1, 0})
