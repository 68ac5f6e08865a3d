-- every thread must be in a phase
-- expect: bank_conflicts: thread 3 is in no phase
tl.bank_conflicts{offsets = {0, 1, 2, 3}, phases = {{0, 1}, {2}}}
