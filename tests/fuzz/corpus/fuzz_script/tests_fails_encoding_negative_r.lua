-- R lengths are positive
-- expect: encoding: R component 0 must be a length from 1 to 2^31 (got -2)
tl.encoding{r = {-2}, h = {{4}}, p = {{{0, 0}, {1, 0}}}}
