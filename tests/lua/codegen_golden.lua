-- Golden HIP text of representative kernels for sm_90 and gfx90a, byte for byte
-- (TILELUA_UPDATE_GOLDEN=1 rewrites tests/golden/*.hip). The script path in #line is normalised.
local T = require "testing"
local dir = (os.getenv("TILELUA_SOURCE_DIR") or ".") .. "/tests/golden/"
local update = os.getenv("TILELUA_UPDATE_GOLDEN") == "1"
local script = debug.getinfo(1, "S").source:gsub("^@", "")

local function kernels(warp)
  local ks = {}
  local d1 = tl.pattern2d { block = 64, rows = 2, cols = 128, vec = 4, warp = warp }
  local copy = tl.kernel {
    name = "copy", block = 64, warp = warp,
    params = { { "x", tl.tensor(tl.f32, 2) }, { "y", tl.tensor(tl.f32, 2) } },
    body = function(k, p)
      local t = k:window(p.x, { 0, k.block_id(0) * 128 }, { 2, 128 }, d1):load()
      k:window(p.y, { 0, k.block_id(0) * 128 }, { 2, 128 }, d1):store(t)
    end,
  }
  copy({ 4 }, tl.zeros({ 2, 512 }, tl.f32), tl.zeros({ 2, 512 }, tl.f32))
  ks.copy = copy
  local block_sum = tl.kernel {
    name = "block_sum", block = 64, warp = warp,
    params = { { "x", tl.tensor(tl.i32, 2) }, { "total", tl.tensor(tl.i32, 1) } },
    body = function(k, p)
      local t = k:window(p.x, { 0, k.block_id(0) * 128 }, { 2, 128 }, d1):load()
      local s = tl.reduce(t, "sum", 1):get(0)
      k:when(tl.eq(k.thread_id(), 0), function() p.total:atomic_add({ 0 }, s) end)
    end,
  }
  block_sum({ 4 }, tl.zeros({ 2, 500 }, tl.i32), tl.zeros({ 1 }, tl.i32))
  ks.block_sum = block_sum
  return ks
end

local n = 0
-- the source of kernel k for target, against (or written to) tests/golden/<name>_<compile arch>.hip
local function compare(name, k, target)
  -- k:source() is shadowed by the kernel's `source` field (the script name): call the binding directly
  local src, _, carch = tl._hip_source(k:ir_object(), target)
  src = src:gsub(script:gsub("%p", "%%%0"), "codegen_golden.lua")
  local path = dir .. name .. "_" .. carch .. ".hip"
  if update then
    local f = assert(io.open(path, "wb")); f:write(src); f:close()
  else
    local f = io.open(path, "rb")
    T.eq(f ~= nil, true, "golden file " .. path .. " exists (TILELUA_UPDATE_GOLDEN=1 creates it)")
    local want = f:read("a"); f:close()
    T.eq(src, want, "HIP text of " .. name .. " for " .. carch)
  end
  n = n + 1
end
for _, tgt in ipairs { { "sm_90", 32 }, { "gfx90a", 64 } } do
  for name, k in pairs(kernels(tgt[2])) do compare(name, k, tgt[1]) end
end
-- sm_90 only: a warp-specialized ring (mbarriers, a TMA copy, roles) and std.gemm's warp-specialized
-- TMA GEMM (config.ws, one consumer warpgroup: the smallest), compiled for sm_90a by cli/rtc_kernels
local function hopper_kernels()
  local ks = {}
  local e = tl.encoding { h = { { 32, 1 }, { 4, 8 } }, p = { { { 1, 0 }, { 2, 0 } } }, y = { { 1, 1 }, { 2, 1 } } }
  local ring = tl.kernel { name = "ring", block = 160, warp = 32,
    params = { { "x", tl.tensor(tl.f32, 2) }, { "y", tl.tensor(tl.f32, 2) } },
    body = function(k, p)
      local l = k:lds(tl.f32, { 64, 32 })
      local full, empty = k:mbarrier(2, 1), k:mbarrier(2, 128)
      k:roles {
        { warps = 1, fn = function(role)
          k:when(role:leader(), function()
            k:range(0, 4, 1, function(kt)
              local s, ph = kt % 2, (kt // 2) % 2
              empty:wait(s, 1 - ph)
              k:copy(k:window(l, { s * 32, 0 }, { 32, 32 }), k:window(p.x, { 0, kt * 32 }, { 32, 32 }), { barrier = full, index = s })
              full:arrive(s)
            end)
          end)
        end },
        { warps = 4, fn = function()
          local acc = k:range(0, 4, 1, function(kt, acc)
            local s, ph = kt % 2, (kt // 2) % 2
            full:wait(s, ph)
            local t = k:window(l, { s * 32, 0 }, { 32, 32 }, e):load()
            empty:arrive(s)
            return acc + t
          end, k:window(p.y, { 0, 0 }, { 32, 32 }, e):load())
          k:window(p.y, { 0, 0 }, { 32, 32 }, e):store(acc)
        end },
      }
    end }
  ring({ 1 }, tl.zeros({ 32, 128 }, tl.f32), tl.zeros({ 32, 32 }, tl.f32))
  ks.ring = ring
  local std = require "tilelua.std"
  local saved = debug.getregistry()["tilelua.warp"]
  debug.getregistry()["tilelua.warp"] = 32
  local cfg = { bm = 64, bn = 64, bk = 64, wgmma = true, ws = true }
  std.gemm(tl.zeros({ 64, 128 }, tl.f16), tl.zeros({ 128, 64 }, tl.f16), { config = cfg })
  ks.gemm_ws = std.gemm_kernel("f16", { config = cfg })
  debug.getregistry()["tilelua.warp"] = saved
  return ks
end
for name, k in pairs(hopper_kernels()) do compare(name, k, "sm_90") end
T.eq(n, 6, "goldens compared")
