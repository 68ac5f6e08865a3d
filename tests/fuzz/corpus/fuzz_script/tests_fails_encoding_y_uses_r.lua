-- Y dims may not use R
-- expect: encoding: Y0 refers to R component {0, 0}
tl.encoding{r = {2}, h = {{4}}, p = {{{1, 0}}}, y = {{0, 0}}}
