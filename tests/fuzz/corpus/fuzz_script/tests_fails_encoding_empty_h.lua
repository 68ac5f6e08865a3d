-- an H hierarchy has components
-- expect: encoding: H1 must have 1 to 8 components (got 0)
tl.encoding{h = {{4}, {}}, p = {{{1, 0}}}}
