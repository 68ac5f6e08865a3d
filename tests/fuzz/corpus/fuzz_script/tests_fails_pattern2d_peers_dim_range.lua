-- peers: dim is 0 .. ndim-1
-- expect: peers: dim 2 is out of range (0 to 1)
tl.pattern2d{block = 256, rows = 64, cols = 64, vec = 4}:peers(0, 2)
