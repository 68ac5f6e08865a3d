-- at least one P dim
-- expect: encoding: p must list 1 to 4 P dims (got 0)
tl.encoding{h = {{4}}, p = {}, y = {{1, 0}}}
