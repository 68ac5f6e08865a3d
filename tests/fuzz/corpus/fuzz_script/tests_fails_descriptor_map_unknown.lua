-- unknown map kind
-- expect: descriptor:map: unknown map 'banks' (expected "offset" or "bank")
print(tl.descriptor{lengths = {2, 2}}:map("banks"))
