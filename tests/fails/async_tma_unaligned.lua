-- a TMA copy needs row strides of a multiple of 16 bytes: a 100-column f16 tensor has 200-byte rows
-- expect: async_tma_unaligned.lua:10: k:copy with barrier= (a TMA copy): tensor x's stride along dimension 0 is not known to be a multiple of 16 bytes
debug.getregistry()["tilelua.warp"] = 32
local k = tl.kernel { name = "fail_tma_unaligned", block = 32,
  params = { { "x", tl.tensor(tl.f16, 2) } },
  body = function(k, p)
    local l = k:lds(tl.f16, { 16, 64 })
    local bar = k:mbarrier(1, 1)
    k:when(tl.eq(k.thread_id(), 0), function()
      k:copy(k:window(l, { 0, 0 }, { 16, 64 }), k:window(p.x, { 0, 0 }, { 16, 64 }), { barrier = bar, index = 0 })
      bar:arrive(0)
    end)
    bar:wait(0, 0)
  end }
k({ 1 }, tl.zeros({ 16, 100 }, tl.f16))
