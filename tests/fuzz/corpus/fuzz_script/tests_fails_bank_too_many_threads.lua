-- more offsets than a warp
-- expect: bank_conflicts: 33 offsets given, a nvidia warp has at most 32 threads
local o = {} for i = 1, 33 do o[i] = i end
tl.bank_conflicts{offsets = o}
