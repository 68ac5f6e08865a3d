-- fill takes a number or a boolean
-- expect: tensor:fill: value must be a number or a boolean (got string)
tl.zeros({2}):fill("x")
