-- gemm_ncu.lua - one std.gemm launch per config given (default: the default config), 4096^3 f16
-- (NCU_N=8192: that size; OUT=same: f16 output, else f32), for Nsight Compute (bench/run_ncu.sh
-- BUILD gemm): the kernels are compiled and run once before the profiled launch (the profiled run
-- is the second launch of each).
-- Usage: tilesh --backend=cuda bench/gemm_ncu.lua [bm,bn,bk,wm,wn | {config table} ...]
local std = require "tilelua.std"
local n = tonumber(os.getenv("NCU_N") or "4096")
local A = std.map(function(v) return v - 0.5 end, tl.empty({ n, n }, tl.f16), tl.rand({ n, n }, tl.f32, 1))
local B = std.map(function(v) return v - 0.5 end, tl.empty({ n, n }, tl.f16), tl.rand({ n, n }, tl.f32, 2))
local out = tl.empty({ n, n }, os.getenv("OUT") == "same" and tl.f16 or tl.f32)
local cfgs = {}
for i = 1, #arg do
  if arg[i]:sub(1, 1) == "{" then
    cfgs[#cfgs + 1] = assert(load("return " .. arg[i]))()
  else
    local bm, bn, bk, wm, wn = arg[i]:match("^(%d+),(%d+),(%d+),(%d+),(%d+)$")
    assert(bm, "config must be bm,bn,bk,wm,wn or a table {bm = 128, ...}: " .. arg[i])
    cfgs[#cfgs + 1] = { bm = tonumber(bm), bn = tonumber(bn), bk = tonumber(bk), wm = tonumber(wm), wn = tonumber(wn) }
  end
end
if #cfgs == 0 then cfgs[1] = false end
for _, cfg in ipairs(cfgs) do
  std.gemm(A, B, { out = out, config = cfg or nil })
  std.gemm(A, B, { out = out, config = cfg or nil })
  tl.synchronize()
  print(("gemm_ncu: %s done"):format(cfg and ("%dx%dx%d %s"):format(cfg.bm, cfg.bn, cfg.bk,
    cfg.wm and (cfg.wm .. "x" .. cfg.wn) or (cfg.ws and "ws" or "wgmma") .. (cfg.persistent and "+persistent" or "")) or "default"))
end
