-- std.attention_backward's kernels on Hopper's warpgroup MMAs (config.wgmma, stdlib/attention_backward_wgmma.lua)
-- against float64 Lua reference gradients (tests/lua/lib/attention_backward_case.lua), on the executor at warp 32
-- or a GPU with wgmma: rows with no keys, ragged tiles, GQA, the {B, S, H, D} layout, both dq modes, config.rs
-- (the rest, which sm_90's defaults build and what their sources hold: std_attention_backward_sm90.lua).
local T = require "testing"
local std = require "tilelua.std"
local BC = require "attention_backward_case"
local restore = BC.begin()
if not restore then return end

local case = BC.case
local signed = require("attention_case").signed

-- config.wgmma: the dK/dV kernel and the dq pass on warpgroup MMAs (stdlib/attention_backward_wgmma.lua), on the
-- executor at warp 32 or a GPU with wgmma: rows with no keys, ragged tiles, GQA, the {B, S, H, D} layout
if tl.backend() == "cpu" or tl.target().wgmma then
  local WG = { wgmma = true }
  -- dq = "pass": the dK/dV kernel and the dq pass
  case { S = 20, Skv = 37, D = 64, dt = "f16", causal = true, config = WG, dq = "pass" }
  case { S = 37, Skv = 20, D = 128, dt = "bf16", causal = true, config = WG, dq = "pass" }
  case { Hq = 4, Hkv = 2, S = 70, Skv = 130, D = 64, dt = "f16", causal = true, config = WG, dq = "pass" }
  case { B = 2, Hq = 2, Hkv = 1, S = 9, Skv = 70, D = 128, dt = "f16", layout = "bshd", config = WG, dq = "pass" }
  case { Hq = 3, Hkv = 1, S = 150, Skv = 40, D = 64, dt = "bf16", config = WG, dq = "pass" } -- 9 query tiles a block: three rounds of 3
  -- the dq pass's second tile of a last round holds keys below Skv that only the causal bound hides;
  -- bshd with GQA, causal and rows that see no key
  case { S = 200, Skv = 240, D = 64, dt = "f16", causal = true, config = WG, dq = "pass" }
  case { Hq = 4, Hkv = 2, S = 150, Skv = 100, D = 64, dt = "bf16", causal = true, layout = "bshd", config = WG, dq = "pass" }
  -- dq = "atomic", the default on wgmma: dQ's shares added by TMA reduce-adds from the dK/dV kernel
  -- (at D = 128 each warpgroup D / 2 columns over all the block's keys, without the producer warpgroup (ws = false,
  -- the kernel where TMA cannot copy the tensors) the last round's steps past the last tile skipped: 5 query tiles,
  -- two rounds, one step skipped; GQA below: 4 tiles, two skipped; at D = 64 each warpgroup its own keys' share, no
  -- barrier common to both in the loop: on a GPU std_attention_backward_sm90.lua's many blocks)
  local NOWS = { wgmma = true, ws = false }
  case { S = 20, Skv = 37, D = 64, dt = "f16", causal = true, config = WG, dq = "atomic" }
  case { S = 300, Skv = 100, D = 128, dt = "f16", config = NOWS }
  case { S = 37, Skv = 150, D = 128, dt = "bf16", causal = true, config = { wgmma = true, rs = false }, dq = "atomic" }
  case { Hq = 3, Hkv = 1, S = 150, Skv = 40, D = 64, dt = "bf16", config = WG, dq = "atomic" }
  case { B = 2, Hq = 4, Hkv = 2, S = 70, Skv = 130, D = 128, dt = "f16", causal = true, layout = "bshd", config = NOWS, dq = "atomic" }
  -- config.ws: a producer warpgroup copies the tiles and loads lse and delta (both head dimensions, the default at
  -- D = 128 (rs = false above too); at D = 64 each consumer warpgroup its own keys' dQ share, Skv = 100 giving the
  -- second one keys)
  local WS = { wgmma = true, ws = true }
  case { S = 300, Skv = 100, D = 128, dt = "f16", config = WS }
  case { Hq = 2, Hkv = 1, S = 200, Skv = 100, D = 64, dt = "bf16", config = WS }
  case { B = 2, Hq = 4, Hkv = 2, S = 70, Skv = 130, D = 128, dt = "f16", causal = true, layout = "bshd", config = WS }
  case { S = 37, Skv = 150, D = 64, dt = "f16", causal = true, config = WS }
  T.raises(function() case { S = 20, Skv = 20, D = 64, dt = "f16", config = WS, dq = "pass" } end,
    "std.attention_backward: config.ws (a producer warpgroup for the copies) is a form of dq = \"atomic\"'s kernel")
  -- (its copies are TMA's: a k whose rows are 136 bytes apart is refused, the default copies it per thread)
  do
    local q = signed({ 1, 1, 16, 64 }, "f16", 4)
    local kk = signed({ 1, 1, 40, 68 }, "f16", 5):narrow(3, 0, 64)
    local o, lse = std.attention(q, kk, kk)
    T.raises(function() std.attention_backward(q, q, kk, kk, o, lse, { config = WS }) end,
      "std.attention_backward: config.ws copies by TMA, but tensor k is not 16-byte aligned with contiguous rows and " ..
      "strides of a multiple of 16 bytes")
  end
  -- config.bq: at D = 64 (dq = "atomic") the default tile has 128 query rows (the cases above at D = 64 with TMA's
  -- copies); 64 asked for keeps the tile of 64 (GQA, causal: two rounds of 3 tiles in the first block, a tail of 2 in
  -- the second; bshd)
  local B64 = { wgmma = true, bq = 64 }
  case { Hq = 4, Hkv = 2, S = 600, Skv = 130, D = 64, dt = "f16", causal = true, config = B64, dq = "atomic" }
  case { B = 2, Hq = 2, Hkv = 1, S = 70, Skv = 130, D = 64, dt = "bf16", layout = "bshd", config = B64, dq = "atomic" }
  -- (128 rows: two rounds of 2 tiles and a tail of 1 (5 tiles of a GQA group, Skv = 130: a second block with 2 keys),
  -- causal with S != Skv in the {B, S, H, D} layout)
  local B128 = { wgmma = true, bq = 128 }
  case { Hq = 5, Hkv = 1, S = 100, Skv = 130, D = 64, dt = "f16", config = B128, dq = "atomic" }
  case { B = 2, Hq = 2, Hkv = 1, S = 200, Skv = 260, D = 64, dt = "bf16", causal = true, layout = "bshd", config = B128 }
  -- (D = 64 with P^T and dS^T through LDS, each warpgroup its own keys' share: 8 tiles, two rounds and a tail of 2)
  case { Hq = 2, Hkv = 1, S = 200, Skv = 100, D = 64, dt = "f16", config = { wgmma = true, rs = false }, dq = "atomic" }
  -- config.rs: dV and dK with P^T and dS^T from registers (wgmma's register-A form), both dq modes (the
  -- default at D = 128; rs = false above keeps P^T and dS^T in LDS there)
  local RS = { wgmma = true, rs = true }
  case { Hq = 4, Hkv = 2, S = 70, Skv = 130, D = 64, dt = "f16", causal = true, config = RS, dq = "atomic" }
  case { S = 37, Skv = 150, D = 128, dt = "bf16", causal = true, config = RS, dq = "atomic" }
  case { Hq = 3, Hkv = 1, S = 150, Skv = 40, D = 64, dt = "bf16", config = RS, dq = "pass" }
  case { B = 2, Hq = 2, Hkv = 1, S = 9, Skv = 70, D = 128, dt = "f16", layout = "bshd", config = RS, dq = "pass" }
end
restore()
