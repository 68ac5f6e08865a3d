-- a tensor parameter dtype must exist
-- expect: tl.tensor: unknown dtype f99
tl.tensor("f99", 1)
