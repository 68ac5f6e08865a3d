-- kernel_dropped_buffers.lua - tensors a script drops give their device buffers back: a loop launching a kernel on a
-- new 64 MB tensor a trip and dropping it keeps a few of them in use, not all 40 (Lua sees only the tensors' small
-- boxes, so it may not collect them for many trips; a launch that needs a buffer the pool cannot serve first runs a
-- young collection of tilesh's generational collector, which finds the last trip's tensor dropped). On the cpu
-- backend the loop runs on 1 MB tensors (there is no device memory to count).
local mark = tl.kernel { name = "mark_first", block = 1, params = { { "x", tl.tensor(tl.f32, 1) } },
  body = function(k, p) p.x:store({ 0 }, 1.0) end }
local _, info = tl.backend()
local gpu = info.bytes_in_use ~= nil
local n = gpu and (1 << 24) or (1 << 18)
local trips = gpu and 40 or 20
local base = info.bytes_in_use or 0
local most, x = 0, nil
for _ = 1, trips do
  x = tl.empty({ n }, tl.f32, { clear = false })
  mark({ 1 }, x)
  local _, now = tl.backend()
  most = math.max(most, (now.bytes_in_use or 0) - base)
end
assert(x:get(0) == 1.0, "the kernel wrote its tensor")
if gpu then
  print(string.format("device bytes in use at most: %d MB over the loop's start (%d tensors of %d MB made)", most >> 20,
                      trips, (n * 4) >> 20))
  assert(most <= 4 * n * 4, string.format("dropped tensors kept their device buffers: %d bytes in use over the start, " ..
                                          "more than 4 tensors' %d", most, 4 * n * 4))
end
print("kernel_dropped_buffers: ok")
