-- an R component is used at most once
-- expect: encoding: component {0, 0} is used twice: by P0 and by P1
tl.encoding{r = {2}, h = {{4}}, p = {{{0, 0}}, {{0, 0}, {1, 0}}}}
