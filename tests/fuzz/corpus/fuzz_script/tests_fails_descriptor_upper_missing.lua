-- upper ids must be 0..k-1 each once
-- expect: upper dim 3 does not exist (the transforms produce 2 dims: 0..1)
tl.descriptor{lengths = {4, 8}}:transform{{tl.pass_through(4), lower = {0}, upper = {0}}, {tl.pass_through(8), lower = {1}, upper = {3}}}
