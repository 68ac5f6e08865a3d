-- a negative length is refused with the dimension and the value
-- expect: tl.zeros: the length of dimension 1 must be >= 0 (got -1)
local t = tl.zeros({2, -1}, tl.f32)
print(t)
