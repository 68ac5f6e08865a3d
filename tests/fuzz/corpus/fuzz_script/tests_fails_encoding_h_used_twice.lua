-- every H component is used exactly once
-- expect: encoding: component {2, 0} is used twice: by P0 and by Y0
tl.encoding{h = {{4}, {8}}, p = {{{1, 0}, {2, 0}}}, y = {{2, 0}}}
