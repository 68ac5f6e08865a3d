-- std.attention's config.dynamic (with config.persistent: the work tiles taken from a counter, FlashAttention-3's
-- dynamic scheduler, instead of the fixed walk block, block + grid, ...): against the float64 reference
-- (lib/attention_case.lua) on the executor at warp 32 (two blocks, so each takes several tiles, in the order the
-- counter hands them out) or a GPU with wgmma: causal with GQA, rows with no keys, several rounds, bshd, D = 128;
-- where TMA cannot copy k, the consumers' leader takes the tiles (and the report says so); the sm_90 source takes tiles by an atomic add; the config errors.
local T = require "testing"
local std = require "tilelua.std"
local A = require "attention_case"
local case = A.case
local registry = debug.getregistry()
local saved = registry["tilelua.warp"]

if tl.backend() == "cpu" or tl.target().wgmma then
  registry["tilelua.warp"] = 32
  local DYN = { wgmma = true, ws = true, split = true, overlap = true, rs = true, persistent = true, dynamic = true }
  case { Hq = 4, Hkv = 2, S = 300, Skv = 200, D = 64, dt = "f16", causal = true, config = DYN }
  case { B = 3, S = 37, Skv = 20, D = 128, dt = "bf16", causal = true, empty = 51, config = DYN }
  case { Hq = 3, S = 9, Skv = 700, D = 128, dt = "f16", config = DYN }
  case { B = 2, Hq = 3, Hkv = 1, S = 140, Skv = 300, D = 64, dt = "bf16", layout = "bshd", config = DYN }
  case { Hq = 2, S = 200, Skv = 130, D = 64, dt = "f16", causal = true,
         config = { wgmma = true, overlap = true, persistent = true, dynamic = true, split = false, rs = false } }
  -- the kernel: its own name, the counter taken by an atomic add, the loop a while loop, each role's
  local kern
  for _, kk in ipairs(std.kernels()) do
    if kk.name == "std_attention_f16_d64_causal_wgmma_ws_split_ov_rs_dyn_g" then kern = kk end
  end
  assert(kern, "the dynamic kernel")
  local src = kern:source("sm_90")
  T.eq(src:find("atom.relaxed", 1, true) ~= nil or src:find("atomicAdd", 1, true) ~= nil, true, "the counter: an atomic add")
  T.eq(select(2, kern:ir():gsub("while carry 0", "")), 2, "two while loops: the producer's and the consumers'")
  T.compiles(src, kern.name, "sm_90a", "std.attention config.dynamic for sm_90a")
  -- k with strides TMA cannot copy: the consumers copy for themselves, their leader takes the tiles from the counter
  -- (handed on by the role's barrier), and the report says so
  local q = A.signed({ 1, 2, 300, 64 }, "f16", 3)
  local kk = A.signed({ 1, 2, 200, 68 }, "f16", 5):narrow(3, 0, 64) -- rows of 136 bytes
  local o = std.attention(q, kk, kk, { causal = true, config = DYN })
  local plain = std.attention(q, kk, kk, { causal = true, config = { wgmma = false } })
  T.eq(o:max_abs_diff(plain) < 2e-3, true, "config.dynamic without TMA: the same result")
  local rep
  for _, kk2 in ipairs(std.kernels()) do
    if kk2.name == "std_attention_f16_d64_causal_wgmma_ws_split_ov_rs_dyn_g" then rep = kk2:report() end
  end
  assert(rep:find("config.dynamic: the consumers copy the tiles themselves (tensor k is not 16-byte", 1, true), rep)
  assert(rep:find("their leader takes the work tiles from the counter", 1, true), rep)
  T.eq(select(2, kern:ir():gsub("while carry 0", "")), 1, "without TMA one while loop: the consumers'")
  -- (after the checks above, which take the last kernel of that name)
  -- config.lpt_group: the walk by groups of heads, each group's query tiles across its heads (2^s heads a group, the
  -- largest power of two at most lpt_group dividing B Hq)
  local function with(t) local c = {}; for key, v in pairs(DYN) do c[key] = v end; for key, v in pairs(t) do c[key] = v end; return c end
  -- (the causal DYN cases above take the default groups: 4 heads of 4 there; 2 of 6, 1 of 3 and a group of both batches'
  -- heads here)
  case { B = 3, Hq = 2, S = 200, Skv = 130, D = 64, dt = "bf16", causal = true, config = with { lpt_group = 8 } }
  case { Hq = 3, S = 140, Skv = 150, D = 64, dt = "f16", causal = true, config = with { lpt_group = 2 } }
  case { B = 2, Hq = 2, S = 200, Skv = 200, D = 64, dt = "f16", causal = true, config = with { lpt_group = 4 } } -- (across batches)
  -- the counter kept a stream: every launch above returned it to zero (each case after the first would have skipped
  -- tiles otherwise); one call more on it, the same counter, found zero and left so, on a launch of a single block
  -- (the block's one number past its first tile is the launch's last) and of many
  local F = require("tilelua.std.attention")._forward
  local ctr = F.kept_counter()
  T.eq(ctr:tolist(), { 0 }, "the kept counter: zero after the launches above")
  case { Hq = 1, S = 60, Skv = 60, D = 64, dt = "f16", causal = true, config = DYN } -- (one query tile: one block)
  case { B = 2, Hq = 3, S = 300, Skv = 300, D = 64, dt = "f16", causal = true, config = DYN }
  T.eq(F.kept_counter() == ctr, true, "the same counter on the same stream")
  T.eq(ctr:tolist(), { 0 }, "the kept counter: zero after a launch of one block and one of many")
  T.raises(function() std.attention(tl.empty({ 1, 1, 8, 64 }, tl.f16), tl.empty({ 1, 1, 8, 64 }, tl.f16),
                                    tl.empty({ 1, 1, 8, 64 }, tl.f16), { causal = true, config = { wgmma = true, dynamic = true } }) end,
           "config.dynamic takes the persistent kernel's work tiles from a counter: it needs config.persistent")
  T.raises(function() std.attention(tl.empty({ 1, 1, 8, 64 }, tl.f16), tl.empty({ 1, 1, 8, 64 }, tl.f16),
                                    tl.empty({ 1, 1, 8, 64 }, tl.f16), { config = { dynamic = 1 } }) end,
           "config.dynamic must be a boolean (got 1)")
  local e = tl.empty({ 1, 1, 8, 64 }, tl.f16)
  T.raises(function() std.attention(e, e, e, { config = { wgmma = true, lpt_group = 4 } }) end,
           "config.lpt_group orders config.dynamic's walk of the work tiles: it needs config.dynamic")
  for _, bad in ipairs { 0, 3, 8192, 2.0, "4" } do
    T.raises(function() std.attention(e, e, e, { causal = true, config = { lpt_group = bad } }) end,
             "config.lpt_group (heads a group of config.dynamic's walk) must be a power of two in 1..4096 (got " .. tostring(bad) .. ")")
  end
end
registry["tilelua.warp"] = saved

-- the dynamic kernel's work tile split by the host's magic numbers (FORWARD.divisor: n // d = (n m) >> s for n, d <
-- 2^31, n m < 2^63): small divisors and numerators in full, each power of two and its neighbours with the numerators
-- at their quotients' edges, and pseudo-random pairs
local F = require("tilelua.std.attention")._forward
local checked = 0
local function div_ok(n, d)
  local m, s = F.divisor(d)
  if m > (1 << 32) or n * m < 0 or (n * m) >> s ~= n // d then
    error(string.format("FORWARD.divisor(%d) = %d, %d: %d // %d wrong or past 2^63", d, m, s, n, d))
  end
  checked = checked + 1
end
local top = (1 << 31) - 1
for d = 1, 64 do
  for n = 0, 700 do div_ok(n, d) end
  div_ok(top, d)
end
for l = 0, 30 do
  for _, d in ipairs { (1 << l) - 1, 1 << l, (1 << l) + 1 } do
    if d >= 1 and d <= top then
      for _, n in ipairs { 0, 1, d - 1, d, d + 1, top, top - d, top // d * d, top // d * d - 1 } do
        if n >= 0 and n <= top then div_ok(n, d) end
      end
    end
  end
end
local r = 12345
local function rnd() r = (r * 1103515245 + 12345) % (1 << 31); return r end
for _ = 1, 20000 do div_ok(rnd(), rnd() % (1 << (rnd() % 31)) + 1) end
T.eq(checked > 60000, true, "FORWARD.divisor checked on " .. checked .. " pairs")
T.raises(function() F.divisor(0) end, "FORWARD.divisor: d out of range")
T.raises(function() F.divisor(1 << 31) end, "FORWARD.divisor: d out of range")
-- config.lpt_group's shift: the largest power of two at most g that divides the launch's heads
for _, c in ipairs { { 16, 512, 4 }, { 16, 24, 3 }, { 4, 6, 1 }, { 8, 3, 0 }, { 1, 64, 0 }, { 32, 32, 5 }, { 64, 32, 5 },
                     { 2, 2, 1 } } do
  T.eq(F.group_shift(c[1], c[2]), c[3], string.format("group_shift(%d, %d)", c[1], c[2]))
end
-- config.lpt_group's default: the heads whose K and V fit 8 MiB, at most 32
for _, c in ipairs { { 64, 1024, 32 }, { 64, 2048, 16 }, { 64, 4096, 8 }, { 128, 1024, 16 }, { 128, 2048, 8 }, { 128, 4096, 4 },
                     { 64, 100, 32 }, { 128, 65536, 1 }, { 256, 4096, 2 } } do
  T.eq(F.default_group(c[1], c[2]), c[3], string.format("default_group(D = %d, Skv = %d)", c[1], c[2]))
end
print("std_attention_dynamic: ok")
