-- gemm_ncu.lua - one std.gemm launch per config given (default: the default config), 4096^3 f16,
-- for Nsight Compute (bench/run_ncu.sh BUILD gemm): the kernels are compiled and run once before
-- the profiled launch (the profiled run is the second launch of each).
-- Usage: tilesh --backend=cuda bench/gemm_ncu.lua [bm,bn,bk,wm,wn ...]
local std = require "tilelua.std"
local n = 4096
local A = std.map(function(v) return v - 0.5 end, tl.empty({ n, n }, tl.f16), tl.rand({ n, n }, tl.f32, 1))
local B = std.map(function(v) return v - 0.5 end, tl.empty({ n, n }, tl.f16), tl.rand({ n, n }, tl.f32, 2))
local out = tl.empty({ n, n }, tl.f32)
local cfgs = {}
for i = 1, #arg do
  local bm, bn, bk, wm, wn = arg[i]:match("^(%d+),(%d+),(%d+),(%d+),(%d+)$")
  assert(bm, "config must be bm,bn,bk,wm,wn: " .. arg[i])
  cfgs[#cfgs + 1] = { bm = tonumber(bm), bn = tonumber(bn), bk = tonumber(bk), wm = tonumber(wm), wn = tonumber(wn) }
end
if #cfgs == 0 then cfgs[1] = false end
for _, cfg in ipairs(cfgs) do
  std.gemm(A, B, { out = out, config = cfg or nil })
  std.gemm(A, B, { out = out, config = cfg or nil })
  tl.synchronize()
  print(("gemm_ncu: %s done"):format(cfg and ("%dx%dx%d %dx%d"):format(cfg.bm, cfg.bn, cfg.bk, cfg.wm, cfg.wn) or "default"))
end
