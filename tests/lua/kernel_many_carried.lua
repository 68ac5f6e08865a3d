-- A run-time loop carrying 100 values (more than the 64 operands the IR binding once allowed:
-- GEMM accumulators need that many); CPU result and the generated source.
local k = tl.kernel { name = "many", block = 32, warp = 32, params = { { "x", tl.tensor(tl.f32, 1) } },
  body = function(k, p)
    local init = {}
    for i = 1, 100 do init[i] = tl.f32 and 0.0 end
    local res = { k:range(0, 4, 1, function(it, ...)
      local out = { ... }
      for i = 1, #out do out[i] = out[i] + i end
      return table.unpack(out)
    end, table.unpack(init)) }
    local s = res[1]
    for i = 2, #res do s = s + res[i] end
    p.x:store({ k.thread_id() }, s)
  end }
local x = tl.zeros({ 32 }, tl.f32)
k({ 1 }, x)
print(x:get(0), 4 * 100 * 101 / 2)
assert(x:get(0) == 4 * 100 * 101 / 2)
local src = k:source("sm_90")
print(#src > 0)
