-- expect: curve:index: access index must be an integer (got string)
tl.curve { lengths = { 4, 8 } }:index("1")
