-- dtype names are checked
-- expect: unknown dtype 'f99'
tl.zeros({2}, "f99")
