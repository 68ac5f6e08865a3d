-- expect: descriptor: lengths[1] must be an integer (got string)
tl.descriptor { lengths = { "4", 8 } }
