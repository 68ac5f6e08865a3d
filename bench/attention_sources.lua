-- attention_sources.lua - the sm_90 sources of std.attention's and std.attention_backward's kernels, written into a
-- folder for ptxas and disassembly (no GPU needed: the kernels run on the executor at sm_90 on tiny inputs, so that
-- each has a specialization, then kernel:source("sm_90")).
-- Usage: tilesh bench/attention_sources.lua [DIR]   (default /tmp/attention_sources)
-- ATTENTION_DTYPE (default f16), ATTENTION_DIMS (default "64,128"), ATTENTION_SEQ (S = Skv, default 256: the unmasked kernels the benchmarks run),
-- ATTENTION_CONFIG (the backward's opts.config as a Lua table, e.g. "{wgmma = true, bq = 64}"), ATTENTION_BACKWARD=0
-- for the forward's alone. Then, e.g.: for f in DIR/*.cu; do nvcc -arch=sm_90a -cubin -Xptxas -v -o /dev/null $f; done
local std = require "tilelua.std"
local dir = arg[1] or "/tmp/attention_sources"
os.execute("mkdir -p '" .. dir .. "'")
local saved = debug.getregistry()["tilelua.warp"]
debug.getregistry()["tilelua.warp"] = 32 -- (NVIDIA's layouts, which the executor runs too)
local S = tonumber(os.getenv("ATTENTION_SEQ") or "256")
local cfg_text = os.getenv("ATTENTION_CONFIG")
local cfg = cfg_text and assert(load("return " .. cfg_text))() or nil
local timing = dofile((arg[0]:match("^(.*)/[^/]*$") or ".") .. "/timing.lua")
local DT = os.getenv("ATTENTION_DTYPE") or "f16"
local function input(D, seed) return timing.signed({ 1, 1, S, D }, DT, seed) end
tl.with_target("sm_90", function()
  for D in (os.getenv("ATTENTION_DIMS") or "64,128"):gmatch("%d+") do
    D = tonumber(D)
    for _, causal in ipairs { false, true } do
      local q, k, v, dout = input(D, 1), input(D, 2), input(D, 3), input(D, 4)
      local o, lse = std.attention(q, k, v, { causal = causal })
      if os.getenv("ATTENTION_BACKWARD") ~= "0" then
        std.attention_backward(dout, q, k, v, o, lse, { causal = causal, config = cfg })
      end
    end
  end
end)
debug.getregistry()["tilelua.warp"] = saved
for _, kern in ipairs(std.kernels()) do
  if kern.name:find("^std_attention") then
    local f = assert(io.open(dir .. "/" .. kern.name .. ".cu", "w"))
    f:write(kern:source("sm_90"))
    f:close()
    print(dir .. "/" .. kern.name .. ".cu")
  end
end
