-- std.attention's config.tma_store = "producer": in the persistent kernel (its fixed walk or config.dynamic's counter)
-- the consumers stage each work tile's output in LDS and arrive on an mbarrier (each thread after a proxy fence); a
-- thread of the producer warpgroup
-- (its warp 1) waits there, stores the tile by TMA and hands the buffer back on a second mbarrier once the stores have
-- read it. On the executor the grid is 2 blocks, so each block walks several tiles and both barriers go through
-- several phases; the shapes leave rows past S (TMA's bounds), take GQA, bf16 and the {B, S, H, D} layout. Against
-- the float64 reference (lib/attention_case.lua); then the generated source for sm_90a and the errors.
local T = require "testing"
local std = require "tilelua.std"
local A = require "attention_case"
local case = A.case

A.on_wgmma(function()
  local PH = { wgmma = true, ws = true, split = true, overlap = true, rs = true, persistent = true, tma_store = "producer" }
  case { B = 2, Hq = 2, S = 300, Skv = 130, D = 64, dt = "f16", config = PH }                     -- 3 tiles a head, 6 a block
  case { B = 2, Hq = 4, Hkv = 2, S = 70, Skv = 128, D = 64, dt = "bf16", layout = "bshd", config = PH } -- GQA, bshd
  case { B = 3, Hq = 1, S = 200, Skv = 64, D = 128, dt = "f16", config = PH }                     -- D = 128
  -- three consumer warpgroups (config.wg = 3: 192 rows a tile, 384 arrivals a phase of ofull)
  case { B = 1, Hq = 3, S = 250, Skv = 128, D = 64, dt = "f16", config = { wgmma = true, tma_store = "producer", wg = 3, persistent = true } }
  -- with the turns (config.pingpong, the D = 128 default up to Skv = 2k; its consumer warpgroups run apart on the executor)
  case { B = 2, Hq = 2, S = 130, Skv = 100, D = 128, dt = "bf16", config = { wgmma = true, tma_store = "producer" } }
  -- causal: config.dynamic's walk (the storing thread takes each tile's number from the slots too) with the turns
  case { B = 2, Hq = 2, S = 200, Skv = 150, D = 64, dt = "f16", causal = true,
         config = { wgmma = true, tma_store = "producer", persistent = true, dynamic = true, pingpong = true } }
  case { B = 1, Hq = 2, Hkv = 1, S = 100, Skv = 300, D = 128, dt = "bf16", causal = true, layout = "bshd",
         config = { wgmma = true, tma_store = "producer", persistent = true, dynamic = true } }
  T.eq(require("tilelua.std.attention")._forward.kept_counter():tolist(), { 0 },
       "the counter back at zero after launches whose storing thread takes the numbers too")
  -- only what was asked: the D = 64 defaults (persistent among them) with the producer's stores
  case { B = 1, Hq = 3, S = 130, Skv = 200, D = 64, dt = "f16", config = { wgmma = true, tma_store = "producer" } }

  -- the generated source: each consumer thread fences and arrives; thread 32 waits, stores by TMA, waits for the read
  -- and arrives; the kernel compiles for sm_90a
  local kern
  for _, kk in ipairs(std.kernels()) do
    if kk.name == "std_attention_f16_d64_masked_wgmma_ws_split_ov_rs_pt_ph" then kern = kk end
  end
  assert(kern, "the D = 64 kernel with the producer's stores")
  local src = kern:source("sm_90")
  local bare = src:gsub("\n#line [^\n]*", "")
  T.eq(bare:find('fence%.proxy%.async%.shared::cta;" ::: "memory"%);\n%s*tl_mbar_arrive%(') ~= nil, true,
       "a consumer's arrival after its proxy fence")
  T.eq(src:find('if (threadIdx.x == 32u) {  /* TMA box store */', 1, true) ~= nil, true, "thread 32 stores by TMA")
  T.eq(src:find('if (threadIdx.x == 32u) asm volatile("cp.async.bulk.wait_group.read 0;"', 1, true) ~= nil, true,
       "thread 32 waits for its stores' reads")
  T.eq(src:find('if (threadIdx.x == 128u) {  /* TMA box store */', 1, true), nil, "no consumer issues a TMA store")
  T.compiles(src, kern.name, "sm_90a", "the producer's stores for sm_90a")

  -- errors
  local q = tl.zeros({ 1, 1, 64, 64 }, tl.f16)
  T.raises(function() std.attention(q, q, q, { config = { tma_store = "consumer" } }) end,
           'config.tma_store must be a boolean or "producer" (got "consumer")', "an unknown tma_store")
  T.raises(function() std.attention(q, q, q, { config = { wgmma = true, tma_store = "producer", persistent = false } }) end,
           'config.tma_store = "producer" (the producer warpgroup stores each tile\'s output) is a form of ' ..
           "config.persistent's kernel (persistent = false)", "not persistent")
  T.raises(function() std.attention(q, q, q, { config = { wgmma = true, tma_store = "producer", ws = false } }) end,
           "config.tma_store (the output by TMA stores) is a form of config.ws's kernel", "without ws")
end)
print("std_attention_tma_producer: ok")
