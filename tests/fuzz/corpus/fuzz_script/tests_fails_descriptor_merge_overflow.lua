-- a merge whose product overflows
-- expect: merge: lengths {65536, 65536, 2} hold more than 2147483648 elements
tl.merge{65536, 65536, 2}
