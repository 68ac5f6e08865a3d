-- major and minor are integers
-- expect: encoding: y[1][2] must be an integer (got 0.5)
tl.encoding{h = {{4}, {8}}, p = {{{1, 0}}}, y = {{2, 0.5}}}
