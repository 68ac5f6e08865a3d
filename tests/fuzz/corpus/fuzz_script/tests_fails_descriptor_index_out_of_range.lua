-- index outside the lengths
-- expect: descriptor:offset: index {2, 8} is out of range: dim 1 is 8, not in [0, 8)
print(tl.descriptor{lengths = {4, 8}}:offset{2, 8})
