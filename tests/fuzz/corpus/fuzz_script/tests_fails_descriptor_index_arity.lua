-- index with the wrong number of entries
-- expect: descriptor:offset: index has 3 entries, the descriptor has 2 dims
print(tl.descriptor{lengths = {4, 8}}:offset{1, 2, 3})
