-- target.lua - what a kernel is traced for (DESIGN.md "Targets, compilers and devices"): the arch
-- name and the facts a body or a std builder may choose by: vendor, warp size, LDS per block, the
-- matrix unit, asynchronous copies, clusters, the bank model. A kernel is traced once per target;
-- while a trace (or a std builder rebuilding a kernel for another target) runs, tl.target() is that
-- target and tl.default_warp() its warp, so layouts made inside see the target's warp.
--
--   tl.target()            -> the current target (the selected device's, "cpu" on the executor)
--   tl.target("gfx942")    -> the facts of a named target (an error names a bad arch)
--   tl.with_target(arch, fn, ...) -> fn(...)'s results, with arch current while fn runs
--
-- Facts (the vendors' documents; LDS is the most one block may use, opted in above 48 KiB on NVIDIA):
--   NVIDIA sm_NN: warp 32. LDS 96 KiB sm_70, 64 KiB sm_75, 163 KiB sm_80/87, 99 KiB sm_86/89/120/121,
--     227 KiB sm_90/100/103. mma.sync m16n8k16 f16/bf16 from sm_80, cp.async from sm_80, wgmma on
--     sm_90 only (sm_90a code; sm_100's tcgen05 is another instruction set), clusters from sm_90.
--   AMD gfx9 (GCN/CDNA): wave 64, 64 KiB LDS (160 KiB gfx950). MFMA: f16 on gfx908, f16 and bf16
--     (the _1k forms) on gfx90a and gfx94x/gfx950. gfx900/gfx906 have none.
--   AMD gfx10/11/12 (RDNA): wave 32 (the compilers' default), 64 KiB LDS. RDNA3 (gfx11) and RDNA4
--     (gfx12) have WMMA, which tilelua does not drive yet; RDNA1/2 have no matrix unit.
local tr = require "tilelua.trace"

return function(tl)
  local NV_LDS = { [70] = 98304, [72] = 98304, [75] = 65536, [80] = 166912, [86] = 101376, [87] = 166912,
                   [89] = 101376, [90] = 232448, [100] = 232448, [101] = 232448, [103] = 232448,
                   [110] = 232448, [120] = 101376, [121] = 101376 }
  local MFMA = { gfx908 = "f16", gfx90a = "f16,bf16", gfx940 = "f16,bf16", gfx941 = "f16,bf16", gfx942 = "f16,bf16",
                 gfx950 = "f16,bf16" }

  -- the AMD GPUs LLVM 17+ compiles for (src/rtc_clang.c has the same list)
  local AMD_KNOWN = {}
  for a in ([[gfx900 gfx902 gfx904 gfx906 gfx908 gfx909 gfx90a gfx90c gfx940 gfx941 gfx942 gfx950 gfx1010 gfx1011
    gfx1012 gfx1013 gfx1030 gfx1031 gfx1032 gfx1033 gfx1034 gfx1035 gfx1036 gfx1100 gfx1101 gfx1102 gfx1103
    gfx1150 gfx1151 gfx1152 gfx1200 gfx1201]]):gmatch("%S+") do AMD_KNOWN[a] = true end

  local described = {}

  -- The facts of arch, or nil and why not.
  local function describe(arch)
    if arch == "cpu" then return nil end
    local t = described[arch]
    if t then return t end
    if type(arch) ~= "string" then return nil, "a target is an arch name such as \"sm_90\" or \"gfx942\"" end
    local nn, suffix = arch:match("^sm_(%d+)([af]?)$")
    if nn then
      local n = tonumber(nn)
      if n < 50 or n > 121 then return nil, "NVIDIA targets are sm_50 to sm_121" end
      local lds = NV_LDS[n] or (n >= 90 and 232448 or n >= 80 and 101376 or 49152)
      t = { arch = arch, vendor = "nvidia", family = "sm_" .. (n // 10) .. "x", sm = n, warp = 32, lds = lds,
            mma_sync = n >= 80, wgmma = n == 90, cp_async = n >= 80, clusters = n >= 90, tma = n >= 90,
            bank = "nvidia", suffix = suffix }
      t.matrix = t.wgmma and "wgmma" or t.mma_sync and "mma.sync" or nil
      t.matrix_missing = not t.mma_sync and
        string.format("%s has no mma.sync m16n8k16 (tilelua's NVIDIA MMA needs sm_80 or newer)", arch) or nil
    else
      if not arch:match("^gfx%w+$") then
        return nil, "expected sm_NN for NVIDIA (sm_80, sm_90, sm_100, ...) or gfxNNN for AMD (gfx90a, gfx942, gfx1100, ...)"
      end
      if not AMD_KNOWN[arch] then
        return nil, "not an AMD GPU tilelua knows (gfx900..gfx950, gfx1010..gfx1036, gfx1100..gfx1152, gfx1200, gfx1201)"
      end
      local rdna = #arch == 7 and arch:sub(4, 4) == "1"
      t = { arch = arch, vendor = "amd", warp = rdna and 32 or 64, lds = arch == "gfx950" and 163840 or 65536,
            mma_sync = false, wgmma = false, cp_async = false, clusters = false, tma = false, bank = "amd" }
      if rdna then
        t.family = arch:sub(1, 5) == "gfx11" and "rdna3" or arch:sub(1, 5) == "gfx12" and "rdna4" or "rdna"
        if t.family == "rdna" then
          t.matrix_missing = string.format("%s (RDNA1/2) has no matrix unit", arch)
        else
          t.matrix_missing = string.format("%s (%s) has WMMA matrix units, which tilelua does not drive yet " ..
            "(it drives MFMA on gfx908/gfx90a/gfx94x, mma.sync on sm_80+ and wgmma on sm_90)", arch, t.family:upper())
        end
      else
        t.family = arch:sub(1, 5) == "gfx94" and "cdna3" or arch == "gfx90a" and "cdna2" or arch == "gfx908" and "cdna1"
                   or arch == "gfx950" and "cdna4" or "gcn"
        t.mfma = MFMA[arch]
        t.matrix = t.mfma and "mfma" or nil
        t.matrix_missing = not t.mfma and string.format("%s (GCN) has no MFMA matrix unit", arch) or nil
      end
    end
    described[arch] = t
    return t
  end

  -- the executor's target: every unit the executor models, at the kernel's warp
  local function cpu_target(warp)
    return { arch = "cpu", vendor = "cpu", family = "executor", warp = warp, lds = warp == 64 and 65536 or tl._lds_max,
             mma_sync = warp == 32,
             wgmma = warp == 32, mfma = warp == 64 and "f16,bf16" or nil, cp_async = true, clusters = true,
             tma = warp == 32, bank = warp == 32 and "nvidia" or "amd", matrix = warp == 32 and "mma.sync" or "mfma" }
  end

  local stack = {}

  -- the arch launches run for: the selected device's, "cpu" on the executor
  function tl.host_target() return tl._device_arch() or "cpu" end

  function tl.target(arch)
    if arch == nil then
      local top = stack[#stack]
      if top then return top end
      local host = tl.host_target()
      return host == "cpu" and cpu_target(tl.default_warp()) or describe(host)
    end
    if arch == "cpu" then return cpu_target(tl.default_warp()) end
    local t, why = describe(arch)
    if not t then error(string.format("tl.target: unknown target '%s': %s", tostring(arch), why), 2) end
    return t
  end
  tl._describe_target = describe

  -- tl.with_target(arch | target, fn, ...): runs fn(...) with that target current (and its warp the
  -- default); restores the previous one however fn ends
  local WARP = "tilelua.warp"
  function tl.with_target(arch, fn, ...)
    local t
    if type(arch) == "table" then t = arch
    else
      t = arch == "cpu" and cpu_target(tl.default_warp()) or describe(arch)
      if not t then error(string.format("with_target: unknown target '%s'", tostring(arch)), 2) end
    end
    local saved = tl._registry_warp()
    stack[#stack + 1] = t
    tl._set_registry_warp(t.warp)
    local res = table.pack(pcall(fn, ...))
    stack[#stack] = nil
    tl._set_registry_warp(saved)
    if not res[1] then error(res[2], 0) end
    return table.unpack(res, 2, res.n)
  end

  -- how many tl.with_target calls are running (0: the host's target is current)
  function tl._target_depth() return #stack end

  -- the executor's target for a kernel traced at warp w
  tl._cpu_target = cpu_target

  -- An error that says a target lacks what a kernel needs (tilesh --cross reports these as
  -- "unsupported", not as failures). Raised at the caller's level like tr.fail.
  function tl.unsupported(arch, fmt, ...)
    tr.fail("not available on %s: " .. fmt, arch, ...)
  end
  function tl.is_unsupported(msg) return tostring(msg):find("not available on ", 1, true) ~= nil end
end
