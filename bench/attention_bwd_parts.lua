-- attention_bwd_parts.lua - where one std.attention_backward call's time goes on the FlashAttention-3 grid (B·S = 16k,
-- H·D = 2048): run under Nsight Compute for each kernel's duration (`PARTS_TIME=0 ncu --clock-control none
-- --cache-control none --metrics gpu__time_duration.sum tilesh --backend=cuda bench/attention_bwd_parts.lua ...`), and
-- timed here: the whole call (median of 5 samples of 10 calls). PARTS_CONFIG: the backward's config as Lua text
-- (such as "{clear = 'delta'}").
-- PARTS_EVENTS=N: N calls back to back with an event before and after each kernel launch (the kernels' metatable's
-- __call wrapped): each launch's mean time in the stream, which holds what the launch does before the kernel (the
-- clearing of tensors first used there: tl.zeros' memset, after a host wait for the launches before), and the mean
-- time from one launch's end to the next one's start (launch latency and any idle time of the device).
-- Under Nsight Compute set PARTS_TIME=0: the timing's calls are left out and each case calls the backward
-- twice (read the second call's kernels). Usage: tilesh bench/attention_bwd_parts.lua [DT D CAUSAL S ...] (groups of four; default
-- f16 64 0 1024).
local std = require "tilelua.std"
local timing = dofile((arg[0]:match("^(.*)/[^/]*$") or ".") .. "/timing.lua")
local cases = #arg > 0 and arg or { "f16", "64", "0", "1024" }
assert(#cases % 4 == 0, "attention_bwd_parts: arguments in groups of four: DT D CAUSAL S")
for i = 1, #cases, 4 do
  local dt, D, causal, S = cases[i], tonumber(cases[i + 1]), cases[i + 2] == "1", tonumber(cases[i + 3])
  local B, H = 16384 // S, 2048 // D
  local function rnd(seed) return timing.signed({ B, H, S, D }, dt, seed) end
  local q, k, v, dout = rnd(1), rnd(2), rnd(3), rnd(4)
  local o, lse = std.attention(q, k, v, { causal = causal })
  local opts = { causal = causal, config = os.getenv("PARTS_CONFIG") and assert(load("return " .. os.getenv("PARTS_CONFIG")))() }
  local function bwd() return std.attention_backward(dout, q, k, v, o, lse, opts) end
  local label = string.format("%s D = %d %s S = %d%s", dt, D, causal and "causal" or "not causal", S,
                              os.getenv("PARTS_CONFIG") and " " .. os.getenv("PARTS_CONFIG") or "")
  local nev = tonumber(os.getenv("PARTS_EVENTS") or "")
  if nev then
    local mt = getmetatable(std.kernels()[1])
    local call, marks = mt.__call, {}
    mt.__call = function(kern, ...)
      marks[#marks + 1] = { kern.name, tl.event() }
      local r = table.pack(call(kern, ...))
      marks[#marks + 1] = { false, tl.event() }
      return table.unpack(r, 1, r.n)
    end
    local ok, e0, e1 = pcall(function()
      bwd()
      tl.synchronize()
      marks = {}
      local e0 = tl.event()
      for _ = 1, nev do bwd() end
      return e0, tl.event()
    end)
    mt.__call = call -- (restored before any error goes on)
    if not ok then error(e0, 0) end
    local per, gap, order = {}, {}, {}
    for j = 1, #marks, 2 do
      local name, t = marks[j][1], marks[j][2]:elapsed(marks[j + 1][2])
      if not per[name] then per[name], order[#order + 1] = 0, name end
      per[name] = per[name] + t
      local nxt = marks[j + 2] and marks[j + 2][1]
      if nxt then
        local key = name .. " -> " .. nxt
        if not gap[key] then gap[key], order[#order + 1] = 0, key end
        gap[key] = gap[key] + marks[j + 1][2]:elapsed(marks[j + 2][2])
      end
    end
    print(string.format("attention_bwd_parts: %s: %d calls, %.1f us a call in the stream", label, nev, e0:elapsed(e1) / nev * 1e6))
    for _, key in ipairs(order) do
      print(string.format("  %-70s %8.1f us a call", key, (per[key] or gap[key]) / nev * 1e6))
    end
  elseif os.getenv("PARTS_TIME") == "0" then
    bwd()
    bwd()
    tl.synchronize()
    print(string.format("attention_bwd_parts: %s: two calls", label))
  else
    local t = timing.timeit(bwd, 10, 5)
    print(string.format("attention_bwd_parts: %s: the call %.1f us", label, t * 1e6))
  end
  io.stdout:flush()
end
