-- offsets are element offsets, never negative
-- expect: bank_conflicts: offsets[2] is negative (-4)
tl.bank_conflicts{offsets = {0, -4}}
