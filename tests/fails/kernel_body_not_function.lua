-- a kernel body must be a function
-- expect: tl.kernel 'k': body must be a function(k, p)
tl.kernel{name = "k", block = 32, params = {}, body = 42}
