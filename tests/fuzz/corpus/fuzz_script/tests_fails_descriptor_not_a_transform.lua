-- a transform entry without a transform
-- expect: descriptor:transform: entry #1: [1] must be a transform such as tl.merge{...} (got string)
tl.descriptor{lengths = {4, 8}}:transform{{"merge", lower = {0, 1}, upper = {0}}}
