-- wrong argument type
-- expect: descriptor: lengths must be a sequence of integers (got string)
tl.descriptor{lengths = "4x8"}
