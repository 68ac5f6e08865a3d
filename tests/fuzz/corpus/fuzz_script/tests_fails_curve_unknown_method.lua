-- an unknown method name is an error
-- expect: curve: no field or method 'indexes'
tl.curve{lengths = {4, 8}}:indexes(0)
