-- tl.mma_shape and shape:mma refuse what the hardware cannot do, naming the value and the rule;
-- an MMA reached by part of a warp is a run-time error of the executor.
local T = require "testing"

T.raises(function() tl.mma_shape { m = 16, n = 8, k = 16, kk = 1 } end, "unknown field 'kk'")
T.raises(function() tl.mma_shape { target = "intel" } end, "target must be \"nvidia\" or \"amd\"")
T.raises(function() tl.mma_shape { target = "nvidia", a = "f32" } end, "must be f16 or bf16")
T.raises(function() tl.mma_shape { target = "nvidia", m = 32, n = 32, k = 8 } end, "nvidia has no m32n32k8 instruction")
T.raises(function() tl.mma_shape { target = "amd", m = 16, n = 8, k = 16 } end, "m16n16k16, m32n32k8")
T.raises(function() tl.mma_shape(5) end, "expected a table")

local nv = tl.mma_shape { target = "nvidia" }
local amd = tl.mma_shape { target = "amd" }
local params = { { "a", tl.tensor(tl.f16, 2) }, { "b", tl.tensor(tl.f16, 2) }, { "d", tl.tensor(tl.f32, 2) } }
local function launch(name, block, warp, body)
  local kern = tl.kernel { name = name, block = block, warp = warp, params = params, body = body }
  kern({ 1 }, tl.zeros({ 32, 32 }, tl.f16), tl.zeros({ 32, 32 }, tl.f16), tl.zeros({ 32, 32 }, tl.f32))
end
local function frags(k, p, s)
  return k:window(p.a, { 0, 0 }, { s.m, s.k }, s.a):load(), k:window(p.b, { 0, 0 }, { s.k, s.n }, s.b):load()
end

-- a shape for another warp size than the kernel's
T.raises(function()
  launch("wrong_warp", 64, 64, function(k, p) local a, b = frags(k, p, amd); nv:mma(a, b) end)
end, "m16n8k16 (nvidia) runs on warps of 32, but kernel 'wrong_warp' is traced for warp 64")
-- a block that is not whole warps
T.raises(function()
  launch("part_warp", 48, 32, function(k, p) local a, b = frags(k, p, nv); nv:mma(a, b) end)
end, "block 48, not a whole number of warps of 32")
-- fragments of the wrong encoding
T.raises(function()
  launch("swapped", 32, 32, function(k, p) local a, b = frags(k, p, nv); nv:mma(b, a) end)
end, "the A fragment is not distributed as shape.a")
T.raises(function()
  launch("not_frag", 32, 32, function(k, p) local a = frags(k, p, nv); nv:mma(a, 1.0) end)
end, "the B fragment must be a distributed tensor")
T.raises(function()
  launch("acc_dist", 32, 32, function(k, p) local a, b = frags(k, p, nv); nv:mma(a, b, b) end)
end, "the accumulator is not distributed as shape.c")
T.raises(function()
  launch("mma_plain", 32, 32, function(k, p)
    local d = tl.pattern2d { block = 32, rows = 16, cols = 16, vec = 2, warp = 32 }
    local a = k:window(p.a, { 0, 0 }, { 16, 16 }, d):load()
    tl.mma(a, a)
  end)
end, "tl.mma: the A fragment must be a distributed tensor loaded with the .a encoding")
T.raises(function() nv:mma() end, "only available while a kernel body is being traced")
-- half of the warps' lanes take a branch that runs the MMA
T.raises(function()
  launch("divergent", 64, 32, function(k, p)
    k:when(tl.lt(k.thread_id(), 48), function()
      local a, b = frags(k, p, nv)
      k:window(p.d, { 0, 0 }, { 16, 8 }, nv.c):store(nv:mma(a, b))
    end)
  end)
end, "mma reached by 16 of the 32 lanes of warp 1")
-- whole warps in a branch are fine (warp 0 runs it, warp 1 does not)
launch("warp_branch", 64, 32, function(k, p)
  k:when(tl.lt(k.thread_id(), 32), function()
    local a, b = frags(k, p, nv)
    k:window(p.d, { 0, 0 }, { 16, 8 }, nv.c):store(nv:mma(a, b))
  end)
end)
print("mma errors: ok")
