-- std.attention's persistent kernel, its fixed walk over the work tiles (w = block, block + grid, ...; w = (b Hq +
-- h) nq + qt): at D = 128 each block carries qt, h and b from tile to tile (the grid's own step added with a carry
-- from qt into h and from h into b), at D = 64 it divides. On the executor the grid is 2 blocks, so these shapes
-- take every kind of step: nq = 3 (a step adds 2 query tiles and carries into the head, and from the last head
-- into the batch), nq = 1 with Hq = 3 (a step adds 2 heads and carries into the batch), nq = 1 with Hq = 1 (a step
-- adds 2 batches), nq = 2 (a step adds a head). (D = 64's walk, which divides, is std_attention_wgmma.lua's.) Against the float64 reference (lib/attention_case.lua), every row
-- of every head of every batch, on the executor at warp 32 or a GPU with wgmma.
local T = require "testing"
local std = require "tilelua.std"
local A = require "attention_case"
local case = A.case
local registry = debug.getregistry()
local saved = registry["tilelua.warp"]

if tl.backend() == "cpu" or tl.target().wgmma then
  registry["tilelua.warp"] = 32
  local PT = { wgmma = true, ws = true, split = true, overlap = true, rs = true, persistent = true }
  local PP = { wgmma = true, ws = true, split = true, overlap = true, rs = true, persistent = true, pingpong = true }
  case { B = 2, Hq = 2, S = 260, Skv = 64, D = 128, dt = "f16", config = PT }            -- nq = 3: qt -> h -> b
  case { B = 3, Hq = 3, Hkv = 1, S = 100, Skv = 70, D = 128, dt = "bf16", config = PT }  -- nq = 1: h -> b
  case { B = 5, Hq = 1, S = 60, Skv = 64, D = 128, dt = "f16", config = PP }             -- nq = 1, Hq = 1: b
  case { B = 2, Hq = 3, S = 200, Skv = 130, D = 128, dt = "bf16", layout = "bshd", config = PP } -- nq = 2: h
  -- the kernel's source compiles for sm_90a
  local kern
  for _, kk in ipairs(std.kernels()) do
    if kk.name == "std_attention_f16_d128_masked_wgmma_ws_split_ov_rs_pt" then kern = kk end
  end
  assert(kern, "the persistent D = 128 kernel")
  T.compiles(kern:source("sm_90"), kern.name, "sm_90a", "the carried walk for sm_90a")
end
registry["tilelua.warp"] = saved
print("std_attention_walk: ok")
