-- one index per dimension
-- expect: tensor:get: expected 2 indices (one per dimension of the rank-2 tensor), got 1
tl.zeros({2, 3}):get(0)
