-- misspelt field
-- expect: descriptor: unknown field 'stride' (expected lengths, strides)
tl.descriptor{lengths = {4}, stride = {1}}
