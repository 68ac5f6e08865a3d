-- bank_amd.lua - the AMD CDNA model: wave64, b32 per 32 lanes, b64 per 16, b128 per 8.
local T = require "testing"

local function rep(n, f) local t = {} for i = 0, n - 1 do t[#t + 1] = f(i) end return t end

-- 64 offsets choose AMD unless a target says otherwise
local deg, d = tl.bank_conflicts{offsets = rep(64, function(t) return t end)}
T.eq({deg, d.target, d.vendor, d.warp, d.phases, d.phase_size}, {1, "amd", "amd", 64, 2, 32},
     "wave64 b32 consecutive")
deg, d = tl.bank_conflicts{offsets = rep(64, function(t) return 32 * t end)}
T.eq({deg, d.cycles}, {32, 64}, "wave64 column read: 32-way in each half-wave")
-- ds_read_b64: 16-lane phases
deg, d = tl.bank_conflicts{offsets = rep(64, function(t) return 2 * t end), vector = 2, target = "gfx90a"}
T.eq({deg, d.phases, d.phase_size}, {1, 4, 16}, "b64 consecutive")
deg = tl.bank_conflicts{offsets = rep(64, function(t) return 4 * t end), vector = 2, target = "gfx90a"}
T.eq(deg, 2, "b64 at a 16-byte stride")
-- ds_write_b128 of 8 x f16 (the CK Tile docs example): 8 phases of 8 lanes, conflict-free
deg, d = tl.bank_conflicts{offsets = rep(64, function(t) return 8 * t end), elem_bytes = 2, vector = 8,
                           target = "gfx942", op = "write"}
T.eq({deg, d.phases, d.phase_size}, {1, 8, 8}, "b128 consecutive")
-- rows of 64 f16 (128 bytes): every lane of a phase in banks 0-3: 8-way
deg = tl.bank_conflicts{offsets = rep(64, function(t) return 64 * t end), elem_bytes = 2, vector = 8}
T.eq(deg, 8, "b128 column")
-- an AMD target with fewer threads than a wave is fine; a NVIDIA one with 64 is not
T.eq(tl.bank_conflicts{offsets = rep(32, function(t) return t end), target = "amd"}, 1, "32 lanes on amd")
T.raises(function() tl.bank_conflicts{offsets = rep(64, function(t) return t end), target = "nvidia"} end,
         "64 offsets given, a nvidia warp has at most 32 threads")
-- the same 32 lanes differ by vendor only where the phases differ: here they do not
T.eq(tl.bank_conflicts{offsets = rep(32, function(t) return 2 * t end), elem_bytes = 8, target = "gfx90a"},
     tl.bank_conflicts{offsets = rep(32, function(t) return 2 * t end), elem_bytes = 8, target = "sm_80"},
     "same phases on both vendors")
