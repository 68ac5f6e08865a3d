-- bank_report_preshuffle.lua - float4 reads down M of an [M, K] f32 tile: 8-way row-major,
-- 1-way through tl.xor_preshuffle (seed 003), on NVIDIA (warp 32) and AMD CDNA (wave64).
local T = require "testing"
local bank_report = tl.bank_report or require("tilelua.bank_report").report

for _, cfg in ipairs{{m = 32, target = "sm_90", plain = 8}, {m = 64, target = "gfx90a", plain = 8}} do
  local m, k, kpack = cfg.m, 32, 4
  -- thread t owns row m = t; its K elements come in vectors of kpack
  local dist = tl.encoding{h = {{m}, {k // kpack, kpack}}, p = {{{1, 0}}}, y = {{2, 0}, {2, 1}}}
  local plain = tl.descriptor{lengths = {m, k}, strides = {k, 1}}
  local pre = tl.xor_preshuffle{k_per_block = k, kpack = kpack, m_per_block = m}
  local r = bank_report{dist = dist, lds = plain, target = cfg.target}
  T.eq({r.worst, #r.steps, r.steps[1].elements, r.warp}, {cfg.plain, k // kpack, kpack, m}, cfg.target .. " plain")
  local p = bank_report{dist = dist, lds = pre, target = cfg.target}
  T.eq({p.worst, p.average}, {1, 1.0}, cfg.target .. " preshuffled")
  for _, s in ipairs(p.steps) do T.eq(s.split, false, "kpack vectors stay contiguous") end
end
