-- hopper_resources.lua - what ptxas makes of std.gemm's warp-specialized sm_90a kernels, without a GPU:
-- each config is traced on the executor (a small aligned launch), its sm_90 source written to OUTDIR
-- (default /tmp/hopper_src), one per line: name, threads, LDS bytes, stages. Then compile them:
--   build/tilesh bench/hopper_resources.lua /tmp/hopper_src
--   for f in /tmp/hopper_src/*.cu; do nvcc -arch=sm_90a -cubin -Xptxas -v -o /dev/null $f 2>&1 | grep Used; done
debug.getregistry()["tilelua.warp"] = 32
local std = require "tilelua.std"
local dir = arg[1] or "/tmp/hopper_src"
os.execute("mkdir -p " .. dir)
local CFGS = {
  { bm = 128, bn = 256, bk = 64, wgmma = true, ws = true },
  { bm = 128, bn = 256, bk = 64, wgmma = true, ws = true, persistent = true },
  { bm = 128, bn = 128, bk = 64, wgmma = true, ws = true, cluster = 2 },
  { bm = 128, bn = 256, bk = 64, wgmma = true, ws = true, persistent = true, tma_store = true, out = "f16" },
}
for _, cfg in ipairs(CFGS) do
  local odt = cfg.out or "f32"
  local c = {}
  for k, v in pairs(cfg) do if k ~= "out" then c[k] = v end end
  std.gemm(tl.zeros({ 128, 64 }, tl.f16), tl.zeros({ 64, 256 }, tl.f16), { config = c, out = tl.zeros({ 128, 256 }, tl[odt]) })
  local k, r = std.gemm_kernel("f16", { out_dtype = odt, config = c })
  local src = tl._hip_source(k:ir_object(), { arch = "sm_90", num_ctas = c.cluster })
  local f = assert(io.open(dir .. "/" .. k.name .. "_" .. odt .. ".cu", "w"))
  f:write(src)
  f:close()
  print(("%s (%s out): %d threads, %d bytes LDS, %d stages"):format(k.name, odt, k.block, r.lds_bytes, r.stages))
end
