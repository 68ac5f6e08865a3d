-- sizes whose product exceeds 2^31 elements are refused
-- expect: curve: lengths {65536,65536} have more than 2^31 elements
tl.curve{lengths = {65536, 65536}}
