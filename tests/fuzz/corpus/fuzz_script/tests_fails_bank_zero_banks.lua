-- bank count must be positive
-- expect: bank_conflicts: banks must be in 1..1024 (got 0)
tl.bank_conflicts{offsets = {0, 1}, banks = 0}
