-- the block size is checked
-- expect: tl.kernel 'k': block must be an integer in 1..1024 (got 0)
tl.kernel{name = "k", block = 0, params = {}, body = function() end}
