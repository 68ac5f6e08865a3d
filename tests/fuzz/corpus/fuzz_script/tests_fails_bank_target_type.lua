-- target must be a string
-- expect: bank_conflicts: target must be a string
tl.bank_conflicts{offsets = {0, 1}, target = 90}
