-- shapes whose product passes 2^40 elements are refused before allocating anything
-- expect: tl.empty: 1125899906842624 elements is too many (the limit is 2^40 = 1099511627776)
print(tl.empty({1 << 25, 1 << 25}, tl.u8))
