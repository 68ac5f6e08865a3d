-- std.attention's config.dynamic (with config.persistent: the work tiles taken from a counter, FlashAttention-3's
-- dynamic scheduler, instead of the fixed walk block, block + grid, ...): against the float64 reference
-- (lib/attention_case.lua) on the executor at warp 32 (two blocks, so each takes several tiles, in the order the
-- counter hands them out) or a GPU with wgmma: causal with GQA, rows with no keys, several rounds, bshd, D = 128;
-- where TMA cannot copy k, the consumers' leader takes the tiles (and the report says so); the sm_90 source takes tiles by an atomic add; the config errors.
local T = require "testing"
local std = require "tilelua.std"
local A = require "attention_case"
local case = A.case
local registry = debug.getregistry()
local saved = registry["tilelua.warp"]

if tl.backend() == "cpu" or tl.target().wgmma then
  registry["tilelua.warp"] = 32
  local DYN = { wgmma = true, ws = true, split = true, overlap = true, rs = true, persistent = true, dynamic = true }
  case { Hq = 4, Hkv = 2, S = 300, Skv = 200, D = 64, dt = "f16", causal = true, config = DYN }
  case { B = 3, S = 37, Skv = 20, D = 128, dt = "bf16", causal = true, empty = 51, config = DYN }
  case { Hq = 3, S = 9, Skv = 700, D = 128, dt = "f16", config = DYN }
  case { B = 2, Hq = 3, Hkv = 1, S = 140, Skv = 300, D = 64, dt = "bf16", layout = "bshd", config = DYN }
  case { Hq = 2, S = 200, Skv = 130, D = 64, dt = "f16", causal = true,
         config = { wgmma = true, overlap = true, persistent = true, dynamic = true, split = false, rs = false } }
  -- the kernel: its own name, the counter taken by an atomic add, the loop a while loop, each role's
  local kern
  for _, kk in ipairs(std.kernels()) do
    if kk.name == "std_attention_f16_d64_causal_wgmma_ws_split_ov_rs_dyn" then kern = kk end
  end
  assert(kern, "the dynamic kernel")
  local src = kern:source("sm_90")
  T.eq(src:find("atom.relaxed", 1, true) ~= nil or src:find("atomicAdd", 1, true) ~= nil, true, "the counter: an atomic add")
  T.eq(select(2, kern:ir():gsub("while carry 0", "")), 2, "two while loops: the producer's and the consumers'")
  T.compiles(src, kern.name, "sm_90a", "std.attention config.dynamic for sm_90a")
  -- k with strides TMA cannot copy: the consumers copy for themselves, their leader takes the tiles from the counter
  -- (handed on by the role's barrier), and the report says so
  local q = A.signed({ 1, 2, 300, 64 }, "f16", 3)
  local kk = A.signed({ 1, 2, 200, 68 }, "f16", 5):narrow(3, 0, 64) -- rows of 136 bytes
  local o = std.attention(q, kk, kk, { causal = true, config = DYN })
  local plain = std.attention(q, kk, kk, { causal = true, config = { wgmma = false } })
  T.eq(o:max_abs_diff(plain) < 2e-3, true, "config.dynamic without TMA: the same result")
  local rep
  for _, kk2 in ipairs(std.kernels()) do
    if kk2.name == "std_attention_f16_d64_causal_wgmma_ws_split_ov_rs_dyn" then rep = kk2:report() end
  end
  assert(rep:find("config.dynamic: the consumers copy the tiles themselves (tensor k is not 16-byte", 1, true), rep)
  assert(rep:find("their leader takes the work tiles from the counter", 1, true), rep)
  T.eq(select(2, kern:ir():gsub("while carry 0", "")), 1, "without TMA one while loop: the consumers'")
  T.raises(function() std.attention(tl.empty({ 1, 1, 8, 64 }, tl.f16), tl.empty({ 1, 1, 8, 64 }, tl.f16),
                                    tl.empty({ 1, 1, 8, 64 }, tl.f16), { causal = true, config = { wgmma = true, dynamic = true } }) end,
           "config.dynamic takes the persistent kernel's work tiles from a counter: it needs config.persistent")
  T.raises(function() std.attention(tl.empty({ 1, 1, 8, 64 }, tl.f16), tl.empty({ 1, 1, 8, 64 }, tl.f16),
                                    tl.empty({ 1, 1, 8, 64 }, tl.f16), { config = { dynamic = 1 } }) end,
           "config.dynamic must be a boolean (got 1)")
end
registry["tilelua.warp"] = saved
print("std_attention_dynamic: ok")
