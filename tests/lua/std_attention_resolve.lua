-- std.attention keeps what a call's arguments resolve to (the kernel with its defaults, its rows a block, the launch's
-- forms) by those arguments and the target: a call of another form (the warp, Skv's whole tiles, causal, the layout,
-- the config, D, the dtype) resolves its own kernel, a call of a form seen before builds nothing, and a bad config fails
-- at every call (errors are not kept). Each call is checked against the float64 reference (lib/attention_case.lua).
local T = require "testing"
local std = require "tilelua.std"
local A = require "attention_case"
local registry = debug.getregistry()
local saved = registry["tilelua.warp"]

-- the names of the attention kernels the calls in fn built (std.kernels() lists each once it is built; the inputs'
-- std.map kernels left out)
local function built_by(fn)
  local n = #std.kernels()
  fn()
  local names = {}
  for i = n + 1, #std.kernels() do
    local name = std.kernels()[i].name
    if name:find("^std_attention") then names[#names + 1] = name end
  end
  return table.concat(names, ",")
end
local base = { Hq = 2, S = 40, Skv = 128, D = 64, dt = "f16" }
local function with(t) local c = {}; for key, v in pairs(base) do c[key] = v end; for key, v in pairs(t) do c[key] = v end; return c end

-- (the executor takes warp 64 and 32; a GPU its own warp)
local cpu = tl.backend() == "cpu"
if cpu then
  registry["tilelua.warp"] = 64
  T.eq(built_by(function() A.case(base) end) ~= "", true, "warp 64: the first call builds its kernel")
  T.eq(built_by(function() A.case(base) end), "", "warp 64 again: nothing built")
  registry["tilelua.warp"] = 32
end
T.eq(built_by(function() A.case(base) end) ~= "", true, "the first call at this warp builds its kernel")
T.eq(built_by(function() A.case(base) end), "", "the same form again: nothing built")
-- Skv not a whole number of key tiles: the masked kernel
T.eq(built_by(function() A.case(with { Skv = 100 }) end):find("_masked", 1, true) ~= nil, true, "Skv = 100: the masked kernel")
T.eq(built_by(function() A.case(with { causal = true }) end):find("_causal", 1, true) ~= nil, true, "causal: its kernel")
T.eq(built_by(function() A.case(with { dt = "bf16" }) end):find("bf16", 1, true) ~= nil, true, "bf16: its kernel")
T.eq(built_by(function() A.case(with { D = 128 }) end):find("_d128", 1, true) ~= nil, true, "D = 128: its kernel")
T.eq(built_by(function() A.case(with { config = { bn = 32 } }) end) ~= "", true, "config.bn = 32: its kernel")
T.eq(built_by(function() A.case(with { layout = "bshd" }) end) ~= "", true, "bshd: its kernel")
if cpu then
  registry["tilelua.warp"] = 64
  T.eq(built_by(function() A.case(base) end), "", "warp 64 again: its kernel kept")
  -- the same call with sm_90 the target (built, not launched here): the wgmma kernel, not the executor's
  registry["tilelua.warp"] = 32
  local qq = A.signed({ 1, 2, 40, 64 }, "f16", 1)
  local kk = A.signed({ 1, 1, 128, 64 }, "f16", 2)
  local name = built_by(function() tl.with_target("sm_90", function() pcall(std.attention, qq, kk, kk) end) end)
  T.eq(name:find("_wgmma", 1, true) ~= nil, true, "sm_90: its own kernel (" .. name .. ")")
end
-- a config table changed after a call: the next call resolves the changed form
local cfg = { bn = 64 }
registry["tilelua.warp"] = cpu and 32 or saved
built_by(function() A.case(with { config = cfg }) end)
cfg.bn = 16
T.eq(built_by(function() A.case(with { config = cfg }) end) ~= "", true, "the changed config: its own kernel")
T.eq(built_by(function() A.case(with { config = cfg }) end), "", "the changed config again: nothing built")
-- a bad config fails at every call, after a good one of the same form too
local q = tl.zeros({ 1, 1, 8, 64 }, tl.f16)
for _ = 1, 2 do
  T.raises(function() std.attention(q, q, q, { config = { bn = 33 } }) end, "config.bn must be 16, 32, 64 or 128 (got 33)")
  T.raises(function() std.attention(q, q, q, { config = { wgmma = true, lpt_group = 4 } }) end,
           "config.lpt_group orders config.dynamic's walk of the work tiles: it needs config.dynamic")
end
-- more forms than the cache keeps (Skv is in the key): it starts again, the calls still right
for skv = 1, 300 do std.attention(q, tl.zeros({ 1, 1, skv, 64 }, tl.f16), tl.zeros({ 1, 1, skv, 64 }, tl.f16)) end
A.case(with { Skv = 77 })
registry["tilelua.warp"] = saved
-- C.by_form itself: the results kept by the form; a working set of 256 forms never recomputed whatever came between; fn
-- given copies of the tables; errors not kept
local C = require "tilelua.std.common"
local calls, seen = 0, nil
local f = C.by_form(function(a, t) calls = calls + 1; seen = t; if a == "bad" then error("bad form") end; return a, t.x end)
for i = 1, 256 do T.eq(select(2, f(i, { x = i })), i, "form " .. i) end
T.eq(calls, 256, "256 forms, 256 calls")
for i = 1, 1000 do f(1000 + i, { x = 0 }) end -- (forms that push the first 256 into the old generation and out)
calls = 0
for _ = 1, 3 do for i = 1, 256 do f(5000 + i, { x = i }) end end
T.eq(calls, 256, "a working set of 256 forms, used three times: computed once")
local t = { x = 7 }
f("copy", t)
T.eq(seen ~= t and seen.x == 7, true, "fn takes a copy of the table")
t.x = 8
T.eq(select(2, f("copy", t)), 8, "the changed table: another form")
for _ = 1, 2 do T.raises(function() f("bad", {}) end, "bad form") end
print("std_attention_resolve: ok")
