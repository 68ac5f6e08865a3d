-- tensor_parallel.lua - a tensor-parallel MLP block on 1, 2, 4 and 8 devices (as many as there are),
-- checked against the same block on one device.
--
--   Y = silu(X W1) W2        X: tokens x d (f16), W1: d x h, W2: h x d
--
-- On P devices (Megatron-style): device p holds the columns p*h/P .. (p+1)*h/P-1 of W1 and the same rows
-- of W2. Each computes its part of the hidden layer, Z_p = silu(X W1_p) (column-parallel std.gemm, then
-- the activation as a std.map kernel), then its partial output Y_p = Z_p W2_p (row-parallel std.gemm);
-- an all-reduce (sum) of the Y_p gives every device Y. No other communication is needed.
--
-- Two ways to run: one process over the devices it has (TILELUA_CPU_DEVICES=N simulated devices on
-- the CPU executor; CI runs it with 4 and 8), or one process per device with torchrun's RANK and
-- WORLD_SIZE (GPUs: one each, the unique id in TILELUA_NCCL_ID_FILE; CPU: TILELUA_DIST_DIR), each
-- computing its share and all-reducing with the others.
-- Usage: tilesh examples/tensor_parallel.lua [tokens d h [reps]]   (default 16 32 64 3)
local tl = require "tilelua"
local std = require "tilelua.std"

local T, D, H = tonumber(arg and arg[1]) or 16, tonumber(arg and arg[2]) or 32, tonumber(arg and arg[3]) or 64
local REPS = tonumber(arg and arg[4]) or 3 -- timed blocks per process (one process per device)
local ndev = #tl.devices()

local function silu(z) return z / (1.0 + tl.exp(-z)) end

-- one device's share: Y_p = silu(X W1_p) W2_p (f32), every tensor on device p
local function mlp_part(X, W1, W2)
  local dev = X:device()
  local Z = std.gemm(X, W1)                                   -- tokens x h/P, f32
  local A = tl.empty(Z:shape(), tl.f16, { device = dev })
  std.map(silu, A, Z)                                         -- activation, rounded to f16 for the next GEMM
  return std.gemm(A, W2)                                      -- tokens x d, f32: a partial sum
end

local X = tl.rand({ T, D }, tl.f16, 1)
local W1 = tl.rand({ D, H }, tl.f16, 2)
local W2 = tl.rand({ H, D }, tl.f16, 3)
local reference = mlp_part(X, W1, W2)                         -- the whole block on device 0

-- the shares add in another order than one GEMM's k loop: f32 rounding, relative to |Y| and growing
-- with the hidden size
local scale = math.max(1, reference:max_abs_diff(tl.zeros_like(reference))) * math.max(1, H // 64)
local worst, ran = 0, {}

-- one process per device (torchrun's RANK / WORLD_SIZE, e.g. one process per GPU): this process is
-- rank p of P and holds share p only; the all-reduce goes between the processes
if os.getenv("WORLD_SIZE") then
  local comm = tl.dist.world()
  local P, p = comm.size, comm.rank
  if H % P ~= 0 then error(("tensor_parallel: h (%d) must be a multiple of the world size %d"):format(H, P)) end
  local h = H // P
  local W1p, W2p = W1:narrow(1, p * h, h):clone(), W2:narrow(0, p * h, h):clone()
  local function block() return tl.dist.all_reduce(mlp_part(X, W1p, W2p), "sum") end
  local Y = block() -- the first block compiles this share's kernels; the timed ones below do not
  worst = Y:max_abs_diff(reference)
  tl.synchronize()
  local t0 = tl.clock()
  for _ = 1, REPS do block() end
  tl.synchronize()
  print(("tensor_parallel: rank %d of %d, tokens %d, d %d, h %d (%d here): max |Y - Y_1| = %.3g, %.3f ms per block"):format(
    p, P, T, D, H, h, worst, (tl.clock() - t0) / REPS * 1e3))
  if worst > 1e-5 * scale then io.stderr:write("tensor_parallel: MISMATCH\n"); os.exit(1) end
  print(("tensor_parallel: ok on rank %d of %d (%s)"):format(p, P, tl.backend()))
  return
end

-- one process driving every device: a list of shares, one per device
for _, P in ipairs { 1, 2, 4, 8 } do
  if P <= ndev and H % P == 0 then
    local h = H // P
    local parts, Xs = {}, {}
    local t0 = tl.clock()
    for p = 0, P - 1 do
      -- the shards live on device p: W1's columns and W2's rows of this share, and a copy of X
      local W1p = W1:narrow(1, p * h, h):clone():to(p)
      local W2p = W2:narrow(0, p * h, h):clone():to(p)
      Xs[p + 1] = X:to(p)
      parts[p + 1] = mlp_part(Xs[p + 1], W1p, W2p)
    end
    local Ys = tl.dist.all_reduce(parts, "sum")               -- every device now holds Y
    tl.synchronize()
    local dt = tl.clock() - t0
    for p = 1, P do
      if Ys[p]:device() ~= p - 1 then error(("tensor_parallel: the result of rank %d is on device %d"):format(p - 1, Ys[p]:device())) end
      local err = Ys[p]:max_abs_diff(reference:to(p - 1))
      worst = math.max(worst, err)
    end
    ran[#ran + 1] = P
    print(("tensor_parallel: %d device%s, tokens %d, d %d, h %d (%d per device): max |Y - Y_1| = %.3g, %.3f s"):format(
      P, P == 1 and "" or "s", T, D, H, h, worst, dt))
  end
end
if worst > 1e-5 * scale then io.stderr:write("tensor_parallel: MISMATCH\n"); os.exit(1) end
print(("tensor_parallel: ok on %s device(s) of %d (%s)"):format(table.concat(ran, ", "), ndev, tl.backend()))
