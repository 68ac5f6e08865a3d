-- p is required
-- expect: encoding: field 'p' is required
tl.encoding{h = {{4}}, y = {{1, 0}}}
