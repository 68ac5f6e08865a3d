-- ragged nesting in tl.from names the offending table
-- expect: tl.from: ragged nesting: table[3] has 1 entry but the first table at that depth has 2
local t = tl.from({{1, 2}, {3, 4}, {5}}, tl.i32)
print(t)
