-- at least one thread
-- expect: bank_conflicts: offsets is empty
tl.bank_conflicts{offsets = {}}
