-- op is read or write
-- expect: bank_conflicts: op must be "read" or "write" (got load)
tl.bank_conflicts{offsets = {0, 1}, op = "load"}
