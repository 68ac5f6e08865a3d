-- reshape keeps the element count
-- expect: tensor:reshape: the new shape has 5 elements, the tensor 6
tl.zeros({2, 3}):reshape({5})
