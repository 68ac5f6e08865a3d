-- a 16-byte access must be 16-byte aligned
-- expect: thread 1's 16-byte access at byte 8 (offset 2) is not 16-byte aligned
tl.bank_conflicts{offsets = {0, 2}, vector = 4}
