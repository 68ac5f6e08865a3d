-- one thread's access is capped (1024 bytes) before anything is allocated
-- expect: bank_conflicts: vector*elem_bytes must be at most 1024 bytes (got 1024*8)
tl.bank_conflicts{offsets = {0, 1024}, elem_bytes = 8, vector = 1024}
