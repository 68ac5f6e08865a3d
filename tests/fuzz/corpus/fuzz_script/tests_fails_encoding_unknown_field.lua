-- a misspelt field is not ignored
-- expect: encoding: unknown field 'ys' (expected r, h, p, y, lengths)
tl.encoding{h = {{4}}, p = {{{1, 0}}}, ys = {}}
