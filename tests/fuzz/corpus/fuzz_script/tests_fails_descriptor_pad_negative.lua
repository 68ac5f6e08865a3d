-- negative padding
-- expect: pad: right must be >= 0 (got -2)
tl.pad(4, 1, -2)
