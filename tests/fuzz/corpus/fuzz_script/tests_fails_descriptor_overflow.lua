-- sizes whose product overflows the element cap
-- expect: descriptor: lengths {65536, 65536} hold more than 2147483648 elements
tl.descriptor{lengths = {65536, 65536}}
