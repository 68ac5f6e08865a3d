-- ir:order_dependent(): true when an atomic's old value is used (who gets which ticket depends on
-- the order threads run, so TILELUA_CHECK_CPU compares such results as multisets), false otherwise.
local T = require "testing"
local tickets = tl.kernel { name = "tickets", block = 32, warp = 32,
  params = { { "n", tl.tensor(tl.i32, 1) }, { "slots", tl.tensor(tl.i32, 1) } },
  body = function(k, p) p.slots:store({ k.thread_id() }, p.n:atomic_add({ 0 }, 1, { old = true })) end }
local total = tl.kernel { name = "total", block = 32, warp = 32, params = { { "n", tl.tensor(tl.i32, 1) } },
  body = function(k, p) p.n:atomic_add({ 0 }, 1) end }
local n, slots = tl.zeros({ 1 }, tl.i32), tl.zeros({ 32 }, tl.i32)
tickets({ 1 }, n, slots)
total({ 1 }, n)
T.eq(tickets:ir_object():order_dependent(), true, "old values used")
T.eq(total:ir_object():order_dependent(), false, "reduction form only")
T.eq(n:get(0), 64, "both ran")
