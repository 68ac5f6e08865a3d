-- std.attention's config.chain and config.qring on the persistent kernel's fixed walk. chain: each work tile's last
-- P V issued after the next tile's first S and run beside its softmax, the tile's output written after it. qring: q in
-- a ring of two LDS buffers, tile it's in buffer it % 2, each buffer read by its own copy of the consumers' tile body.
-- Against the float64 reference (lib/attention_case.lua) on the executor at warp 32 or a GPU with wgmma. On the
-- executor the grid is 2 blocks, so each block walks several tiles: odd and even counts of them, both q buffers, the
-- last key tile in either stage (Skv 200: two key tiles, 384: three), masked tails, GQA, bshd, both dtypes, D = 64
-- and 128, P from registers and through LDS. On a GPU, blocks that walk 8 or 9 tiles against the default kernel, bit
-- for bit. Then the errors and the kernel's source.
local T = require "testing"
local std = require "tilelua.std"
local A = require "attention_case"
local case = A.case

-- the elements where a and b (f16 or f32 tensors of one shape) differ, counted on the device
local function differ(a, b)
  local n = std.map(function(x, y) return tl.select(tl.eq(x:cast("f32"), y:cast("f32")), 0.0, 1.0) end,
                    tl.empty(a:shape(), tl.f32), a, b)
  while #n:shape() > 1 do n = std.sum(n) end
  local c = 0
  for i = 0, n:shape()[1] - 1 do c = c + n:get(i) end
  return c
end

A.on_wgmma(function()
  local function cfg(chain, qring)
    return { wgmma = true, ws = true, split = true, overlap = true, rs = true, persistent = true, chain = chain, qring = qring }
  end
  if not os.getenv("CHAIN_ERRORS_ONLY") then
  case { Hq = 3, S = 300, Skv = 200, D = 64, dt = "f16", config = cfg(true) }                     -- 9 tiles
  case { B = 2, Hq = 4, Hkv = 2, S = 130, Skv = 384, D = 64, dt = "bf16", layout = "bshd", config = cfg(true) }
  case { Hq = 2, S = 256, Skv = 128, D = 64, dt = "f16", config = cfg(true) }                     -- one key tile
  case { B = 3, S = 200, Skv = 300, D = 128, dt = "f16", config = cfg(true, true) }
  case { Hq = 3, S = 300, Skv = 200, D = 64, dt = "bf16", config = cfg(true, true) }
  case { Hq = 3, Hkv = 1, S = 260, Skv = 330, D = 64, dt = "bf16", causal = true, config = cfg(nil, true) }
  case { B = 2, Hq = 2, S = 250, Skv = 256, D = 64, dt = "f16", config = cfg(nil, true) }
  -- P through LDS (rs = false): the next tile's P written once this tile's last P V has read the buffer
  local lds = cfg(true)
  lds.rs = false
  case { Hq = 3, S = 300, Skv = 200, D = 64, dt = "f16", config = lds }
  -- on a GPU each block of the shapes above takes one tile (one block per multiprocessor, at most one per tile). There,
  -- without the executor's comparison of every launch (tests/gpu/run.sh's fast mode), 1120 tiles of 64 keys and 1120
  -- of 300 (blocks of an H100 or H200 take 8 or 9 each): the output and lse equal to the default kernel's, bit for bit
  -- (the same operations in the same order, only issued otherwise)
  if tl.backend() ~= "cpu" and os.getenv("TILELUA_CHECK_CPU") ~= "1" then
    for _, skv in ipairs { 64, 300 } do
      local q = A.signed({ 2, 35, 2048, 64 }, "f16", 5)
      local kv = A.signed({ 2, 35, skv, 64 }, "f16", 6)
      local o1, l1 = std.attention(q, kv, kv, { config = cfg(true) })
      local o2, l2 = std.attention(q, kv, kv, { config = cfg(nil) })
      T.eq(differ(o1, o2), 0, "chain's output against the default's, Skv = " .. skv)
      T.eq(differ(l1, l2), 0, "chain's lse against the default's, Skv = " .. skv)
    end
  elseif tl.backend() ~= "cpu" then
    print("std_attention_chain: the blocks that chain on a GPU are checked in run.sh's fast mode (no executor comparison)")
  end
  end

  -- the errors name the rule
  local q = tl.zeros({ 1, 1, 64, 64 }, tl.f16)
  local function fails(config, causal, pattern)
    T.raises(function() std.attention(q, q, q, { causal = causal, config = config }) end, pattern, "config.chain's error")
  end
  fails({ chain = 1 }, false, "config.chain must be a boolean (got 1)")
  fails({ wgmma = true, ws = true, overlap = true, split = true, persistent = false, chain = true }, false,
        "config.chain runs on the persistent kernel's fixed walk: it needs config.persistent without config.dynamic")
  fails({ wgmma = true, ws = true, overlap = true, split = true, persistent = true, dynamic = true, qring = true }, true,
        "config.qring runs on the persistent kernel's fixed walk")
  fails(cfg(true), true, "config.chain overlaps a tile's end with the next tile's first key tile, whose masks are the " ..
        "same for every tile only where not causal")

  -- the kernel: two copies of the consumers' tile body (each q buffer's), both q barriers, and it compiles
  local kern
  for _, kk in ipairs(std.kernels()) do
    if kk.name == "std_attention_f16_d64_masked_wgmma_ws_split_ov_rs_pt_ch" then kern = kk end
  end
  assert(kern, "the chained D = 64 kernel")
  T.compiles(kern:source("sm_90"), kern.name, "sm_90a", "std.attention config.chain for sm_90a")
end)
