-- bank_overrides.lua - every model parameter can be overridden; explicit lane groups.
local T = require "testing"

local function rep(n, f) local t = {} for i = 0, n - 1 do t[#t + 1] = f(i) end return t end

-- 16 banks: a 16-word stride hits one bank
T.eq(tl.bank_conflicts{offsets = rep(32, function(t) return 16 * t end), banks = 16}, 32, "16 banks")
T.eq(tl.bank_conflicts{offsets = rep(32, function(t) return 16 * t end)}, 16, "32 banks: two banks used")
-- 8-byte banks (Kepler's mode): f64 in one 32-lane phase is conflict-free
T.eq(tl.bank_conflicts{offsets = rep(32, function(t) return t end), elem_bytes = 8, bank_bytes = 8,
                       phase = 32}, 1, "8-byte banks")
-- max_access_bytes = 8: a float4 becomes two 64-bit accesses
local deg, d = tl.bank_conflicts{offsets = rep(32, function(t) return 4 * t end), vector = 4,
                                 max_access_bytes = 8}
T.eq({deg, d.instructions, d.phase_size, d.phases}, {2, 2, 16, 4}, "split at 8 bytes")
-- warp override: a 64-lane NVIDIA-style access
T.eq(tl.bank_conflicts{offsets = rep(64, function(t) return t end), target = "nvidia", warp = 64}, 1, "warp 64")
-- explicit lane groups, e.g. the non-contiguous ds_read_b128 groups reported for gfx942
local groups = {}
for g = 0, 7 do
  local base = (g // 4) * 32
  local a = ({0, 4, 8, 12})[g % 4 + 1]
  local b = ({20, 16, 28, 24})[g % 4 + 1]
  local lanes = {}
  for i = 0, 3 do lanes[#lanes + 1] = base + a + i end
  for i = 0, 3 do lanes[#lanes + 1] = base + b + i end
  groups[#groups + 1] = lanes
end
local offs = rep(64, function(t) return (((t // 4) % 2) ~ ((t // 16) % 2)) * 16 + (t % 4) * 4 + (t // 4) * 32 end)
T.eq(tl.bank_conflicts{offsets = offs, vector = 4, target = "gfx942"}, 1, "contiguous 8-lane phases")
deg, d = tl.bank_conflicts{offsets = offs, vector = 4, target = "gfx942", phases = groups}
T.eq({deg, d.phases}, {2, 8}, "non-contiguous groups")
-- details = false: just the degree
T.eq(select("#", tl.bank_conflicts{offsets = {0, 32}, details = false}), 1, "no details")
-- tl.bank_model: the defaults per target
local m = tl.bank_model("gfx90a")
T.eq({m.vendor, m.warp, m.banks, m.bank_bytes, m.max_access_bytes}, {"amd", 64, 32, 4, 16}, "gfx90a model")
T.eq({m.phase_lanes[4], m.phase_lanes[8], m.phase_lanes[16]}, {32, 16, 8}, "gfx90a phases")
m = tl.bank_model("sm_90")
T.eq({m.vendor, m.warp, m.phase_lanes[8], m.phase_lanes[16]}, {"nvidia", 32, 16, 8}, "sm_90 model")
T.eq(tl.bank_model(nil, 64).vendor, "amd", "default by thread count")
T.raises(function() tl.bank_model("gfx1100") end, "RDNA")
