-- a tensor parameter rank is 0..8
-- expect: tl.tensor: rank must be an integer in 0..8 (got 9)
tl.tensor(tl.f32, 9)
