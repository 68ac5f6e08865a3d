-- cas and xchg return the old values; max/min/and/or/xor combine; order and scope are accepted.
local T = require "testing"
local kern = tl.kernel {
  name = "atomics", block = 32, warp = 32,
  params = { { "a", tl.tensor(tl.i32, 1) }, { "old", tl.tensor(tl.i32, 1) }, { "b", tl.tensor(tl.i32, 1) } },
  body = function(k, p)
    local t = k.thread_id()
    -- every thread tries to claim slot 0 by cas(0 -> t+1): exactly one succeeds
    local prev = p.a:atomic_cas({ 0 }, t + 1, { cmp = 0, old = true, order = "acq_rel", scope = "device" })
    p.old:store({ t }, prev)
    -- xchg chains: each thread swaps its id into slot 1 and records what it replaced
    local swapped = p.a:atomic_xchg({ 1 }, t, { old = true, order = "relaxed" })
    p.old:store({ t + 32 }, swapped)
    p.b:atomic_max({ 0 }, t * 3, { order = "release" })
    p.b:atomic_min({ 1 }, t - 5, { order = "acquire", scope = "system" })
    p.b:atomic_or({ 2 }, 1 << (t % 8))
    p.b:atomic_xor({ 3 }, t)
    p.b:atomic_and({ 4 }, tl.select(tl.eq(t, 3), 6, 7))
  end,
}
local a, old = tl.zeros({ 2 }, tl.i32), tl.zeros({ 64 }, tl.i32)
local b = tl.from({ 0, 100, 0, 0, 15 }, tl.i32)
kern({ 1 }, a, old, b)
local zeros, winner = 0, nil
for t = 0, 31 do
  if old:get(t) == 0 then zeros = zeros + 1; winner = t end
end
T.eq(zeros, 1, "exactly one cas saw 0")
T.eq(a:get(0), winner + 1, "the winner's value is stored")
for t = 0, 31 do if t ~= winner then T.eq(old:get(t), winner + 1, "losers see the winner") end end
-- xchg: the olds and the final value are a permutation of {0 (initial), 0..31}
local seen = { [a:get(1)] = 1 }
for t = 32, 63 do seen[old:get(t)] = (seen[old:get(t)] or 0) + 1 end
T.eq(seen[0], 2, "0 appears twice (initial value and thread 0)")
for t = 1, 31 do T.eq(seen[t], 1, "value " .. t .. " appears once") end
T.eq(b:tolist(), { 93, -5, 255, 0 ~ 0 ~ (function() local x = 0; for t = 0, 31 do x = x ~ t end; return x end)(), 6 }, "max/min/or/xor/and")
