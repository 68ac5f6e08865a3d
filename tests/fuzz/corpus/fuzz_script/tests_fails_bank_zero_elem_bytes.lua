-- element size must be positive
-- expect: bank_conflicts: elem_bytes must be in 1..64 (got 0)
tl.bank_conflicts{offsets = {0, 1}, elem_bytes = 0}
