-- A kernel is traced once per target: tl.target describes an arch, a body sees the target it is
-- traced for (k.target, and layouts made inside it take that warp), kernel:for_target /
-- kernel:source(arch) trace for another target, tl.retargetable builders build again per target,
-- and a target without a unit the kernel needs says so by name.
local T = require "testing"

-- the facts of named targets
local g = tl.target("gfx942")
T.eq({ g.vendor, g.warp, g.lds, g.matrix, g.family }, { "amd", 64, 65536, "mfma", "cdna3" }, "gfx942")
T.eq({ tl.target("gfx1100").warp, tl.target("gfx1100").family, tl.target("gfx1100").matrix }, { 32, "rdna3", nil }, "gfx1100")
T.eq(tl.target("gfx1201").family, "rdna4", "gfx1201")
T.eq({ tl.target("sm_80").lds, tl.target("sm_80").matrix, tl.target("sm_80").wgmma }, { 166912, "mma.sync", false }, "sm_80")
T.eq({ tl.target("sm_90").matrix, tl.target("sm_90").tma, tl.target("sm_89").lds }, { "wgmma", true, 101376 }, "sm_90, sm_89")
T.eq({ tl.target("sm_100").wgmma, tl.target("sm_120").mma_sync }, { false, true }, "sm_100 has no wgmma, sm_120 mma.sync")
T.raises(function() tl.target("gfx9999") end, "tl.target: unknown target 'gfx9999'")
T.raises(function() tl.target("x86") end, "expected sm_NN for NVIDIA")

-- with_target: the default warp follows the target and is restored, also after an error
local before = tl.default_warp()
T.eq(tl.with_target("gfx1100", function() return tl.default_warp(), tl.target().arch end), 32, "warp inside")
T.eq(select(2, tl.with_target("gfx90a", function() return tl.default_warp(), tl.target().arch end)), "gfx90a", "arch inside")
T.raises(function() tl.with_target("sm_90", function() error("boom") end) end, "boom")
T.eq(tl.default_warp(), before, "restored")

-- a body sees its target; a kernel without `warp` takes each target's
local seen = {}
local dist_warp = {}
local k = tl.kernel {
  name = "targets_copy", block = 64,
  params = { { "x", tl.tensor(tl.f32, 1) }, { "y", tl.tensor(tl.f32, 1) } },
  body = function(kk, p)
    seen[#seen + 1] = kk.target.arch
    local d = tl.pattern2d { block = 64, rows = 8, cols = 32, vec = 4 }
    dist_warp[kk.target.arch] = d.warp
    local e = tl.encoding { h = { { 64, 4 } }, p = { { { 1, 0 } } }, y = { { 1, 1 } } }
    local t = kk:window(p.x, { 0 }, { 256 }, e):load()
    kk:window(p.y, { 0 }, { 256 }, e):store(t)
  end,
}
local x, y = tl.rand({ 256 }, tl.f32), tl.zeros({ 256 }, tl.f32)
k({ 1 }, x, y)
T.eq(y:max_abs_diff(x), 0.0, "launch")
T.eq(k:for_target("gfx90a").warp, 64, "gfx90a instance: warp 64")
T.eq(k:for_target("sm_90").warp, 32, "sm_90 instance: warp 32")
assert(k:for_target("gfx90a") == k:for_target("gfx90a"), "one instance per target")
local src = k:source("gfx942")
assert(src:find("for gfx942 (AMD", 1, true), "the source names its target")
T.eq(seen[#seen], "gfx942", "traced with k.target = gfx942")
T.eq(dist_warp.gfx942, 64, "a layout made in the body takes the target's warp (64)")
k:source("gfx1201")
T.eq(dist_warp.gfx1201, 32, "... and 32 on RDNA4")
local n = #seen
k:source("gfx942")
T.eq(#seen, n, "a second source for the same target does not retrace")
T.raises(function() k:source("gfx9999") end, "source: unknown target 'gfx9999'")
assert(k:report("sm_80"):find("kernel targets_copy for sm_80 (nvidia, sm_8x, warp 32)", 1, true), k:report("sm_80"))

-- block as a function of the target: whole warps of any target
local kb = tl.kernel { name = "targets_block", block = function(t) return 2 * t.warp end, params = {}, body = function() end }
T.eq(kb:for_target("gfx90a").block, 128, "block for gfx90a")
T.eq(kb:for_target("sm_80").block, 64, "block for sm_80")

-- a retargetable builder runs again with the target current
local built = {}
local build = tl.retargetable(function(tag)
  local t = tl.target()
  built[#built + 1] = t.arch
  return tl.kernel { name = "targets_built_" .. tag .. "_w" .. t.warp, block = t.warp, warp = t.warp,
                     params = { { "x", tl.tensor(tl.f32, 1) } }, body = function() end }
end)
local kr = build("a")
local kg = kr:for_target("gfx942")
T.eq({ kg.name, kg.block, built[#built] }, { "targets_built_a_w64", 64, "gfx942" }, "rebuilt for gfx942")
T.eq(kr:for_target("sm_90").name, "targets_built_a_w32", "rebuilt for sm_90")

-- a target without the unit: a named limitation, not a kernel
local s_err = select(2, pcall(function()
  tl.with_target("gfx1100", function() return tl.mma_shape { a = "f16" } end)
end))
assert(tl.is_unsupported(s_err), tostring(s_err))
T.eq(tostring(s_err):find("not available on gfx1100: tl.mma_shape: gfx1100 (RDNA3) has WMMA", 1, true) ~= nil, true, tostring(s_err))
