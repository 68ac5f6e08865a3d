-- explicit phases must partition the threads
-- expect: bank_conflicts: thread 1 is in phases[1] and phases[2]
tl.bank_conflicts{offsets = {0, 1, 2, 3}, phases = {{0, 1}, {1, 2, 3}}}
