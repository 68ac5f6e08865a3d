-- a lower dim consumed by two transforms
-- expect: descriptor:transform: lower dim 0 is used twice (entries #1 and #2)
tl.descriptor{lengths = {4, 4}}:transform{{tl.pass_through(4), lower = {0}, upper = {0}}, {tl.pass_through(4), lower = {0}, upper = {1}}}
