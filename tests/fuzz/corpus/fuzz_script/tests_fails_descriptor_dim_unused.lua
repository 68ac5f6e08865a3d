-- a lower dim no transform consumes
-- expect: lower dim 1 (length 8) is not used by any transform
tl.descriptor{lengths = {4, 8}}:transform{{tl.pass_through(4), lower = {0}, upper = {0}}}
