-- an R component longer than 1 must be used
-- expect: encoding: R component 0 (length 2) is used by no P dim
tl.encoding{r = {2}, h = {{4}}, p = {{{1, 0}}}}
