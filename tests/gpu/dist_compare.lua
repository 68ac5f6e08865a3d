-- dist_compare.lua - compares the results tests/gpu/dist_ranks.lua saved from a GPU world with those of
-- the simulated world: integers exactly, floats within the rounding of a different summation order
-- (NCCL reduces along rings and trees, the reference in rank order).
-- Usage: tilesh tests/gpu/dist_compare.lua DIST_OUT WORLD_SIZE GPU_BACKEND
local tl = require "tilelua"
local dir, P, gpu = arg[1], tonumber(arg[2]), arg[3] or "cuda"
local TOL = { f16 = 4e-3, bf16 = 3e-2, f32 = 1e-6, f64 = 1e-14 }
local n, bad = 0, 0
for _, dt in ipairs { "f16", "bf16", "f32", "f64", "i8", "u8", "i32", "u32", "i64", "u64" } do
  local whats = { "all_gather", "reduce_scatter_sum", "broadcast" }
  for _, op in ipairs { "sum", "prod", "max", "min", "avg" } do whats[#whats + 1] = "all_reduce_" .. op end
  for _, w in ipairs(whats) do
    for r = 0, P - 1 do
      local name = ("%s_r%d_%s_%s.npy"):format("%s", r, dt, w)
      local a, b = tl.load_npy(dir .. "/" .. name:format(gpu)), tl.load_npy(dir .. "/" .. name:format("cpu"))
      local scale = math.max(1, b:clone(tl.f64):max_abs_diff(tl.zeros(b:shape(), tl.f64)))
      local d = a:max_abs_diff(b)
      local ok = d <= (TOL[dt] or 0) * scale * P
      n = n + 1
      if not ok then bad = bad + 1; print(("MISMATCH %s %s rank %d: max |gpu - cpu| = %g (scale %g)"):format(dt, w, r, d, scale)) end
    end
  end
end
print(("dist_compare: %d results of %d ranks compared, %d mismatched"):format(n, P, bad))
os.exit(bad == 0 and 0 or 1)
