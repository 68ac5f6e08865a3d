-- attention_ncu.lua - std.attention's default on the device (f16, not causal, B·S = 16k, H·D = 2048) at
-- D = 64 and 128 and S = ATTN_NCU_S (default "1024,4096"), for Nsight Compute (bench/run_ncu.sh BUILD
-- attention): each case runs once before the profiled launch.
local std = require "tilelua.std"
local timing = dofile((arg[0]:match("^(.*)/[^/]*$") or ".") .. "/timing.lua")
for S in (os.getenv("ATTN_NCU_S") or "1024,4096"):gmatch("%d+") do
  S = tonumber(S)
  for _, D in ipairs { 64, 128 } do
    local B, H = 16384 // S, 2048 // D
    local function rnd(seed) return timing.signed({ B, H, S, D }, "f16", seed) end
    local q, k, v = rnd(1), rnd(2), rnd(3)
    std.attention(q, k, v)
    std.attention(q, k, v)
    tl.synchronize()
    print(("attention_ncu: S = %d, D = %d done"):format(S, D))
  end
end
