-- attention_bwd_parts.lua - where one std.attention_backward call's time goes on the FlashAttention-3 grid (B·S = 16k,
-- H·D = 2048): run under Nsight Compute for each kernel's duration (bench/run_ncu.sh BUILD attention_bwd_parts), and
-- timed here: the whole call, and clearing a buffer of dQ's f32 size (tl.zeros, a memset Nsight Compute does not see).
-- Under Nsight Compute set PARTS_TIME=0: the timing's hundred calls are left out and each case calls the backward
-- twice (read the second call's kernels). Usage: tilesh bench/attention_bwd_parts.lua [DT D CAUSAL S ...] (groups of four; default
-- f16 64 0 1024).
local std = require "tilelua.std"
local timing = dofile((arg[0]:match("^(.*)/[^/]*$") or ".") .. "/timing.lua")
local cases = #arg > 0 and arg or { "f16", "64", "0", "1024" }
assert(#cases % 4 == 0, "attention_bwd_parts: arguments in groups of four: DT D CAUSAL S")
for i = 1, #cases, 4 do
  local dt, D, causal, S = cases[i], tonumber(cases[i + 1]), cases[i + 2] == "1", tonumber(cases[i + 3])
  local B, H = 16384 // S, 2048 // D
  local function rnd(seed) return timing.signed({ B, H, S, D }, dt, seed) end
  local q, k, v, dout = rnd(1), rnd(2), rnd(3), rnd(4)
  local o, lse = std.attention(q, k, v, { causal = causal })
  local opts = { causal = causal }
  local function bwd() return std.attention_backward(dout, q, k, v, o, lse, opts) end
  local label = string.format("%s D = %d %s S = %d", dt, D, causal and "causal" or "not causal", S)
  if os.getenv("PARTS_TIME") == "0" then
    bwd()
    bwd()
    tl.synchronize()
    print(string.format("attention_bwd_parts: %s: two calls", label))
  else
    local t = timing.timeit(bwd, 10, 5)
    local tz = timing.timeit(function() return tl.zeros({ B, H, S, D }, tl.f32) end, 10, 5)
    print(string.format("attention_bwd_parts: %s: the call %.1f us, a dQ-sized f32 tl.zeros %.1f us", label, t * 1e6, tz * 1e6))
  end
  io.stdout:flush()
end
