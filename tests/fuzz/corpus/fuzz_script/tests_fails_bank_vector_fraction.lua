-- vector must be an integer
-- expect: bank_conflicts: vector must be an integer (got 1.5)
tl.bank_conflicts{offsets = {0, 1}, vector = 1.5}
