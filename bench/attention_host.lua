-- attention_host.lua - where std.attention's host time goes: the time to issue one call (calls issued back to back
-- with no wait, the GPU's work longer than the host's, so the host never waits), against the launch of its kernel alone
-- with the arguments prepared once, and the allocations a call makes (o, lse, the dynamic kernel's counter).
-- Prints "host <case> <part>: <us> us a call" (the median of 7 runs of 40 calls, 10 for the backward).
-- Usage: tilesh --backend=cuda bench/attention_host.lua
-- Env: D (64), S (1024), CAUSAL=1, DT (f16), B (16384 / S), H (2048 / D): the forward's grid.
local std = require "tilelua.std"
local timing = dofile((arg[0]:match("^(.*)/[^/]*$") or ".") .. "/timing.lua")
local D, S = tonumber(os.getenv("D") or "64"), tonumber(os.getenv("S") or "1024")
local causal, dt = os.getenv("CAUSAL") == "1", os.getenv("DT") or "f16"
local B, H = tonumber(os.getenv("B") or 16384 // S), tonumber(os.getenv("H") or 2048 // D)
local q, k, v = timing.signed({ B, H, S, D }, dt, 1), timing.signed({ B, H, S, D }, dt, 2), timing.signed({ B, H, S, D }, dt, 3)
local o, lse = std.attention(q, k, v, { causal = causal })
tl.synchronize()
local case = string.format("%s d%d%s S=%d", dt, D, causal and " causal" or "", S)
local function per_call(fn, n)
  local ts = {}
  for r = 1, 7 do
    tl.synchronize()
    local t0 = tl.clock()
    for _ = 1, n do fn() end
    ts[r] = (tl.clock() - t0) / n
    tl.synchronize()
  end
  return timing.median(ts)
end
local function report(part, t) print(string.format("host %s %s: %.1f us a call", case, part, t * 1e6)); io.stdout:flush() end
if os.getenv("BACKWARD") == "1" then
  local dout = timing.signed({ B, H, S, D }, dt, 4)
  std.attention_backward(dout, q, k, v, o, lse, { causal = causal })
  report("std.attention_backward", per_call(function() std.attention_backward(dout, q, k, v, o, lse, { causal = causal }) end, 10))
end
report("std.attention (out given)", per_call(function() std.attention(q, k, v, { causal = causal, out = o }) end, 40))
report("std.attention (o allocated)", per_call(function() std.attention(q, k, v, { causal = causal }) end, 40))
report("tl.empty lse", per_call(function() tl.empty({ B, H, S }, tl.f32) end, 40))
report("tl.zeros counter", per_call(function() tl.zeros({ 1 }, tl.i32) end, 40))
-- the kernel alone: the launcher with the call's own arguments, captured once by wrapping the kernel's call
local kern
for _, kk in ipairs(std.kernels()) do if kk.name:find("^std_attention_" .. dt .. "_d" .. D) then kern = kk end end
local mt = getmetatable(kern)
local call, args = mt.__call, nil
mt.__call = function(self, ...) if self == kern then args = table.pack(...) end; return call(self, ...) end
std.attention(q, k, v, { causal = causal, out = o })
mt.__call = call
tl.synchronize()
report("the kernel's launch alone (" .. kern.name .. ")", per_call(function() kern(table.unpack(args, 1, args.n)) end, 40))
