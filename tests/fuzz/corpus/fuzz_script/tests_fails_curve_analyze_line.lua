-- the cache line threshold is positive
-- expect: curve: analyze: cache line threshold must be a positive number of elements (got 0)
tl.curve{lengths = {4, 8}}:analyze(0)
