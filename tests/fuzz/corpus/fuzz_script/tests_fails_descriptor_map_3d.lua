-- maps are drawn for 1D and 2D descriptors
-- expect: descriptor:map: draws 1D and 2D descriptors only (this one has 3 dims)
print(tl.descriptor{lengths = {2, 2, 2}}:map())
