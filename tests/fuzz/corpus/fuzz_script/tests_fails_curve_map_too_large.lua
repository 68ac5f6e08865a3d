-- map refuses grids too large to draw
-- expect: curve:map: 2147483648 elements are too many to draw
tl.curve{lengths = {65536, 32768}}:map()
