-- missing access index
-- expect: curve:index: access index must be an integer (got no value)
tl.curve{lengths = {4, 6}}:index()
