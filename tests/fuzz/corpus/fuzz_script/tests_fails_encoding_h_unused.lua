-- every H component is used exactly once
-- expect: encoding: component {2, 1} (H1 component 1, length 4) is used by no P or Y dim
tl.encoding{h = {{4}, {8, 4}}, p = {{{1, 0}, {2, 0}}}}
