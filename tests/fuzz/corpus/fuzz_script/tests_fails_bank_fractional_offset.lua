-- offsets must be integers
-- expect: bank_conflicts: offsets[3] must be an integer (got 2.5)
tl.bank_conflicts{offsets = {0, 1, 2.5}}
