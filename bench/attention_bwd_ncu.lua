-- attention_bwd_ncu.lua - std.attention_backward on warpgroup MMAs (config.wgmma) at S = 4096, f16,
-- B·S = 16k, H·D = 2048, D = 64 and 128, not causal, for Nsight Compute (bench/run_ncu.sh BUILD
-- attention_bwd): each backward runs once before the profiled one, so the profiled kernels are the
-- second launches (the dK/dV kernel and the dq pass; std.sum's delta kernel too). ATTENTION_BWD_DQ=atomic:
-- dQ by the dK/dV kernel's reduce-adds instead of the pass (opts.dq).
local std = require "tilelua.std"
local timing = dofile((arg[0]:match("^(.*)/[^/]*$") or ".") .. "/timing.lua")
for _, D in ipairs { 64, 128 } do
  local S = 4096
  local B, H = 16384 // S, 2048 // D
  local function rnd(seed) return timing.signed({ B, H, S, D }, "f16", seed) end
  local q, k, v, dout = rnd(1), rnd(2), rnd(3), rnd(4)
  local o, lse = std.attention(q, k, v)
  local opts = { config = { wgmma = true }, dq = os.getenv("ATTENTION_BWD_DQ") }
  std.attention_backward(dout, q, k, v, o, lse, opts)
  std.attention_backward(dout, q, k, v, o, lse, opts)
  tl.synchronize()
  print(("attention_bwd_ncu: D = %d done"):format(D))
end
