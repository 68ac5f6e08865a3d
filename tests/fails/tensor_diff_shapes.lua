-- max_abs_diff needs equal shapes
-- expect: tensor:max_abs_diff: shapes differ ({2} vs {3})
tl.zeros({2}):max_abs_diff(tl.zeros({3}))
