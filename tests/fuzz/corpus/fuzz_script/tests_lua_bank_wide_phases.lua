-- bank_wide_phases.lua - NVIDIA: 64-bit accesses per half-warp, 128-bit per quarter-warp.
local T = require "testing"

local function rep(n, f) local t = {} for i = 0, n - 1 do t[#t + 1] = f(i) end return t end

-- f64, consecutive: two phases of 16 threads, each covering all 32 banks once
local deg, d = tl.bank_conflicts{offsets = rep(32, function(t) return t end), elem_bytes = 8}
T.eq(deg, 1, "f64 consecutive")
T.eq({d.phases, d.phase_size, d.cycles, d.access_bytes}, {2, 16, 2, 8}, "f64 phases")
T.eq(d.phase_degrees, {1, 1}, "per-phase degrees")
-- the same words seen as a single 32-thread phase would be 2-way
T.eq(tl.bank_conflicts{offsets = rep(32, function(t) return t end), elem_bytes = 8, phase = 32}, 2,
     "phase override")
-- float2 at a 16-byte stride: 2-way within each half-warp
T.eq(tl.bank_conflicts{offsets = rep(32, function(t) return 4 * t end), vector = 2}, 2, "float2 stride")
-- float4, consecutive: 4 quarter-warp phases, conflict-free
deg, d = tl.bank_conflicts{offsets = rep(32, function(t) return 4 * t end), vector = 4}
T.eq(deg, 1, "float4 consecutive")
T.eq({d.phases, d.phase_size, d.cycles}, {4, 8, 4}, "float4 phases")
-- float4 down a column of a 32-wide f32 tile: 8-way in every quarter-warp
deg, d = tl.bank_conflicts{offsets = rep(32, function(t) return 32 * t end), vector = 4}
T.eq(deg, 8, "float4 column")
T.eq(d.phase_degrees, {8, 8, 8, 8}, "float4 column phases")
T.eq(d.cycles, 32, "float4 column cycles")
-- a phase-local conflict: only the second quarter-warp collides
local offs = rep(32, function(t) return 4 * t end)
offs[10] = offs[9] + 32 * 4        -- thread 9 reads the row below thread 8 (same banks)
deg, d = tl.bank_conflicts{offsets = offs, vector = 4}
T.eq(d.phase_degrees, {1, 2, 1, 1}, "only phase 2 conflicts")
T.eq(deg, 2, "degree = max over phases")
-- 8 x f32 per thread: two 128-bit instructions
deg, d = tl.bank_conflicts{offsets = rep(32, function(t) return 8 * t end), vector = 8}
T.eq({deg, d.instructions, d.phases}, {2, 2, 8}, "split into two 128-bit accesses")
