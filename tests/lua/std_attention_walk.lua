-- std.attention's persistent kernel, its fixed walk over the work tiles (w = block, block + grid, ...; w = (b Hq +
-- h) nq + qt): at D = 128 each block carries qt, h and b from tile to tile (the grid's own step added with a carry
-- from qt into h and from h into b), at D = 64 it divides. On the executor the grid is 2 blocks, so these shapes
-- take every kind of step: nq = 3 (a step adds 2 query tiles and carries into the head, and from the last head
-- into the batch), nq = 1 with Hq = 3 (a step adds 2 heads and carries into the batch), nq = 1 with Hq = 1 (a step
-- adds 2 batches), nq = 2 (a step adds a head). (D = 64's walk, which divides, is std_attention_wgmma.lua's.) Against
-- the float64 reference (lib/attention_case.lua), every row of every head of every batch, on the executor at warp 32
-- or a GPU with wgmma (on a GPU each block of these small shapes takes one tile: the steps are the executor's to check).
local T = require "testing"
local std = require "tilelua.std"
local A = require "attention_case"
local case = A.case

A.on_wgmma(function()
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
  local src = kern:source("sm_90")
  T.compiles(src, kern.name, "sm_90a", "the carried walk for sm_90a")
  -- a kernel of the stdlib's: its #line directives name the stdlib's file and lines (for profilers), the line of each
  -- exponential the one of attention_wgmma.lua that takes it
  local file, lines = nil, {}
  for f in src:gmatch('#line %d+ "([^"]+)"') do file = file or f; T.eq(f, file, "one file in #line") end
  T.eq(file, "tilelua/std/attention_wgmma.lua", "#line names the kernel body's file")
  local path = (os.getenv("TILELUA_SOURCE_DIR") or ".") .. "/stdlib/attention_wgmma.lua"
  for l in io.lines(path) do lines[#lines + 1] = l end
  -- (the line the compiler presumes: the last directive's, plus the source lines since)
  local at, found
  for chunk in src:gmatch("[^\n]*") do
    local l = tonumber(chunk:match('^#line (%d+) "'))
    if l then at = l - 1 end
    if not l and at then at = at + 1 end
    if chunk:find("tl_ex2_ftz(v", 1, true) then
      found = true
      T.eq(lines[at]:find("tl.exp2", 1, true) ~= nil, true, "an exponential's #line is attention_wgmma.lua's tl.exp2")
      break
    end
  end
  T.eq(found, true, "the kernel takes exponentials (tl_ex2_ftz)")
end)
print("std_attention_walk: ok")
