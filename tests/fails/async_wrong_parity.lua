-- the first phase of a barrier has parity 0: waiting for parity 1 passes at once, before the copy lands
-- expect: async_wrong_parity.lua:17: kernel fail_parity: wait on mbar0[0] for parity 1 passes at once (on a fresh barrier the phase before the first counts as complete) while a TMA copy of its current phase 0 (issued at line 11) is in flight
debug.getregistry()["tilelua.warp"] = 32
local k = tl.kernel { name = "fail_parity", block = 32,
  params = { { "x", tl.tensor(tl.f16, 2) }, { "y", tl.tensor(tl.f16, 2) } },
  body = function(k, p)
    local l = k:lds(tl.f16, { 16, 64 })
    local bar = k:mbarrier(1, 1)
    local e = tl.encoding { h = { { 16, 1 }, { 2, 32 } }, p = { { { 1, 0 }, { 2, 0 } } }, y = { { 1, 1 }, { 2, 1 } } }
    k:when(tl.eq(k.thread_id(), 0), function()
      k:copy(k:window(l, { 0, 0 }, { 16, 64 }), k:window(p.x, { 0, 0 }, { 16, 64 }), { barrier = bar, index = 0 })
      bar:arrive(0)
    end)
    bar:wait(0, 1)
    k:window(p.y, { 0, 0 }, { 16, 64 }, e):store(k:window(l, { 0, 0 }, { 16, 64 }, e):load())
  end }
k({ 1 }, tl.rand({ 16, 64 }, tl.f16), tl.zeros({ 16, 64 }, tl.f16))
