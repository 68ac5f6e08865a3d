-- copy_from needs equal shapes
-- expect: tensor:copy_from: shapes differ ({2,3} vs {3,2})
tl.zeros({2, 3}):copy_from(tl.zeros({3, 2}, tl.i32))
