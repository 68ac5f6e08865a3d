-- std.attention's config.qhalves (a probe of the persistent kernel): q's buffer in one half a consumer warpgroup, each
-- with its own barriers, and ("offset") warpgroup 1 starting once warpgroup 0 has its first softmax. Against the
-- float64 reference (lib/attention_case.lua), on the executor at warp 32 (a grid of 2 blocks: each walks several
-- tiles, so the halves' phases go on from tile to tile) or a GPU with wgmma.
local std = require "tilelua.std"
local A = require "attention_case"
local case = A.case

A.on_wgmma(function()
  for _, qh in ipairs { true, "offset" } do
    local cfg = { wgmma = true, ws = true, split = true, overlap = true, rs = true, persistent = true, qhalves = qh }
    case { B = 2, Hq = 2, S = 260, Skv = 256, D = 64, dt = "f16", config = cfg }
    case { B = 3, Hq = 2, Hkv = 1, S = 100, Skv = 70, D = 64, dt = "bf16", config = cfg }
    case { B = 2, Hq = 3, S = 200, Skv = 130, D = 128, dt = "f16", layout = "bshd", config = cfg }
  end
end)
print("std_attention_qhalves: ok")
