-- attention_blocks.lua - the timeline of std.attention_backward's dK/dV kernel, block by block, on the GPU: when each
-- block starts and ends (the GPU's global timer, ns), on which multiprocessor, and how many query tiles it walks. It
-- answers what clock stamps inside a step cannot: a block's fixed cost (its duration against its tiles, fitted), the
-- gaps between one block's end and the next one's start on a multiprocessor, and the kernel's tail (multiprocessors idle
-- while the last blocks run). The kernel's generated source is patched in this process only (tl._hip_source wrapped,
-- as bench/attention_stamps.lua does: run with TILELUA_CACHE=0): every thread reads %globaltimer at the kernel's first
-- statement; at its last, the first thread of each consumer warpgroup writes its end (when it has issued its dK and dV
-- stores, not when they land), and warpgroup 0's also the start, %smid and blockIdx, past the end of lse (a view of a
-- tensor four times its size), each 64-bit time as three floats of 21 bits. With a producer warpgroup (config.ws, the
-- D = 128 default) also the consumers' loop's start and end, so that a block splits into before the loop, the loop (its
-- own fit against the tiles) and after it (the last tile's dQ share, the drain, dK and dV). The patch moves ptxas's
-- schedule (spills 64 / 124 -> 104 / 184 bytes at D = 128 causal, session 38's default): read the times beside PLAIN=1's.
-- Usage: TILELUA_CACHE=0 tilesh --backend=cuda bench/attention_blocks.lua
-- Env: D (128), S (1024), B (16384 / S), H (2048 / D), CAUSAL=1, CONFIG (the backward's opts.config as a Lua table; not
-- config.persistent, whose blocks walk several key blocks), BQ (query rows a tile: 64 at D = 128, 128 at D = 64, the
-- defaults with dq = "atomic" and TMA), LIST=1 (every block), PLAIN=1 (no patch: the kernel's time alone, in a process
-- of its own, as the code objects are kept by source).
local dir = (arg[0]:match("^(.*)/[^/]*$") or ".")
local timing, stamps = dofile(dir .. "/timing.lua"), dofile(dir .. "/stamps.lua")

local NF = 23 -- floats a block: sm, start (3), the two warpgroups' ends (3 each), blockIdx x, y, z, then with a producer
-- warpgroup (config.ws) the consumers' loop's start (warpgroup 0's, 3) and its end (each warpgroup's, 3 each), and 1
-- where those were written
local SPLIT = "(float)((%s >> 42) & 0x1FFFFFull), (float)((%s >> 21) & 0x1FFFFFull), (float)(%s & 0x1FFFFFull)"

-- the source patched; lpt: whether its grid is {Hkv, key blocks, B} (the kernel's name ends in _l)
local function patch(src)
  local lines = stamps.lines(src)
  local g, body = stamps.kernel_body(lines)
  local last
  for i = #lines, 1, -1 do if lines[i] == "}" then last = i; break end end
  assert(g and body and last and last > body, "attention_blocks: the kernel's body not found")
  local lpt = lines[g]:find("_l%(") ~= nil
  -- (the consumers' first threads: 128 and 256 with a producer warpgroup first (config.ws), else 0 and 128)
  local ws = src:find("setmaxnreg.inc", 1, true) ~= nil
  local c0 = ws and 128 or 0
  -- ws: the consumers' loop over the query tiles and the line that closes it
  local lo, hi
  if ws then
    local loop = stamps.consumer_loop(lines, "attention_blocks")
    lo, hi = loop.lo, loop.hi
  end
  local out = {}
  for i, l in ipairs(lines) do
    if i == lo then out[#out + 1] = "asm volatile(\"mov.u64 %0, %%globaltimer;\" : \"=l\"(tl_gl_));" end
    if i == last then
      local split = function(v) return string.format(SPLIT, v, v, v) end
      out[#out + 1] = table.concat({
        "{ unsigned long long tl_g1_; asm volatile(\"mov.u64 %0, %%globaltimer;\" : \"=l\"(tl_g1_));",
        "  unsigned tl_sm_; asm volatile(\"mov.u32 %0, %%smid;\" : \"=r\"(tl_sm_));",
        string.format("  const unsigned tl_w_ = threadIdx.x - %du;", c0),
        "  if (tl_w_ == 0u || tl_w_ == 128u) {",
        string.format("    float* p = lse + lse_shape0 * lse_stride0 + (long long)(blockIdx.x + gridDim.x * (blockIdx.y + " ..
                      "gridDim.y * blockIdx.z)) * %d;", NF),
        string.format("    const float s[3] = { %s }, e[3] = { %s };", split("tl_g0_"), split("tl_g1_")),
        "    const int o = tl_w_ == 0u ? 4 : 7;",
        "    for (int j = 0; j < 3; j++) p[o + j] = e[j];",
        "    if (tl_w_ == 0u) { p[0] = (float)tl_sm_; for (int j = 0; j < 3; j++) p[1 + j] = s[j];",
        "      p[10] = (float)blockIdx.x; p[11] = (float)blockIdx.y; p[12] = (float)blockIdx.z; }",
        string.format("    const float ls[3] = { %s }, le[3] = { %s };", split("tl_gl_"), split("tl_ge_")),
        "    if (tl_w_ == 0u) { for (int j = 0; j < 3; j++) p[13 + j] = ls[j]; p[22] = tl_gl_ ? 1.0f : 0.0f; }",
        "    for (int j = 0; j < 3; j++) p[(tl_w_ == 0u ? 16 : 19) + j] = le[j];",
        "  } }" }, "\n")
    end
    out[#out + 1] = l
    if i == body then
      out[#out + 1] = "unsigned long long tl_g0_, tl_gl_ = 0ull, tl_ge_ = 0ull; asm volatile(\"mov.u64 %0, %%globaltimer;\" : " ..
                      "\"=l\"(tl_g0_));"
    end
    if i == hi then out[#out + 1] = "asm volatile(\"mov.u64 %0, %%globaltimer;\" : \"=l\"(tl_ge_));" end
  end
  return table.concat(out, "\n"), lpt
end

local c = stamps.backward_case(timing, "attention_blocks", 1024)
local D, S, B, H, causal, config, plain = c.D, c.S, c.B, c.H, c.causal, c.config, c.plain
local BQ = tonumber(os.getenv("BQ") or (D == 128 and "64" or "128"))
assert(not (config and config.persistent), "attention_blocks: config.persistent's blocks walk several key blocks")
c.patch(patch)
local t = timing.timeit(c.backward, 5, 5)
if plain then
  print(string.format("D = %d, S = %d, B = %d, H = %d, %s: %.1f us a call (no patch)", D, S, B, H,
                      causal and "causal" or "not causal", t * 1e6))
  return
end
assert(c.patched ~= nil, "attention_blocks: no dK/dV kernel was compiled (its code object was cached: TILELUA_CACHE=0)")
local lpt = c.patched
local nkb = (S + 127) // 128
local blocks = nkb * H * B
assert(blocks * NF <= 3 * B * H * S, "attention_blocks: the records do not fit past lse")
c.area:fill(-1.0)
c.backward()
tl.synchronize()
local at = c.at
local function time(j) return (math.floor(at(j)) << 42) | (math.floor(at(j + 1)) << 21) | math.floor(at(j + 2)) end
-- (query tiles of key block kb: causal from row kb 128 on, S = Skv; the group of query heads a key head has: 1 here)
local function tiles(kb) return causal and math.max(S - kb * 128 + BQ - 1, 0) // BQ or (S + BQ - 1) // BQ end
local recs, t0, t1 = {}, math.maxinteger, 0
for i = 0, blocks - 1 do
  local base = i * NF
  assert(at(base) >= 0, "attention_blocks: block " .. i .. " wrote no record")
  local r = { sm = math.floor(at(base)), s = time(base + 1), e = math.max(time(base + 4), time(base + 7)),
              x = math.floor(at(base + 10)), y = math.floor(at(base + 11)) }
  if at(base + 22) == 1 then -- (ws: the consumers' loop's start and its end, the later warpgroup's)
    r.ls, r.le = time(base + 13), math.max(time(base + 16), time(base + 19))
  end
  r.kb = lpt and r.y or r.x
  r.n = tiles(r.kb)
  t0, t1 = math.min(t0, r.s), math.max(t1, r.e)
  recs[#recs + 1] = r
end
print(string.format("D = %d, S = %d, B = %d, H = %d, %s%s: %.1f us a call; the dK/dV kernel's blocks span %.1f us",
                    D, S, B, H, causal and "causal" or "not causal", lpt and " (lpt)" or "", t * 1e6, (t1 - t0) / 1e3))
-- per multiprocessor: its blocks in order, the gaps between them, its busy time and its last end
local per = {}
for _, r in ipairs(recs) do per[r.sm] = per[r.sm] or {}; table.insert(per[r.sm], r) end
local gaps, ends, firsts, busy, nsm = {}, {}, {}, 0, 0
for _, rs in pairs(per) do
  nsm = nsm + 1
  table.sort(rs, function(a, b) return a.s < b.s end)
  firsts[#firsts + 1] = (rs[1].s - t0) / 1e3
  for i, r in ipairs(rs) do
    busy = busy + (r.e - r.s)
    if i > 1 then gaps[#gaps + 1] = (r.s - rs[i - 1].e) / 1e3 end
  end
  ends[#ends + 1] = (rs[#rs].e - t0) / 1e3
end
local function pct(x, f) table.sort(x); return x[math.max(1, math.floor(#x * f + 0.5))] or 0 / 0 end
local function sum(x) local s = 0; for _, v in ipairs(x) do s = s + v end; return s end
print(string.format("%d multiprocessors, %.2f blocks each; busy %.1f%% of the span", nsm, #recs / nsm,
                    100 * busy / (nsm * (t1 - t0))))
print(string.format("first block's start, us: median %.2f, max %.2f", pct(firsts, 0.5), pct(firsts, 1)))
-- (the timer's step: the smallest nonzero difference between two recorded times; some GPUs tick %globaltimer in
-- microseconds, too coarse for the gaps)
local all = {}
for _, r in ipairs(recs) do all[#all + 1] = r.s; all[#all + 1] = r.e end
table.sort(all)
local tick = math.huge
for i = 2, #all do if all[i] > all[i - 1] then tick = math.min(tick, all[i] - all[i - 1]) end end
print(string.format("the timer's smallest step seen: %s ns", tostring(tick)))
print(string.format("gaps between a multiprocessor's blocks, us: 10th %.2f, median %.2f, 90th %.2f, max %.2f; %.1f us a " ..
                    "multiprocessor in all", pct(gaps, 0.1), pct(gaps, 0.5), pct(gaps, 0.9), pct(gaps, 1), sum(gaps) / nsm))
print(string.format("multiprocessors' last end, us: min %.1f, median %.1f, max %.1f (the tail: %.1f us)", pct(ends, 0),
                    pct(ends, 0.5), pct(ends, 1), pct(ends, 1) - pct(ends, 0.5)))
-- a block's duration against its tiles: by tile count, and the least-squares line
local byn = {}
for _, r in ipairs(recs) do byn[r.n] = byn[r.n] or {}; table.insert(byn[r.n], (r.e - r.s) / 1e3) end
-- the least-squares line of the durations against the tiles: by[n] the durations of the blocks of n tiles
local function fit(by, what)
  local sx, sy, sxx, sxy, m = 0, 0, 0, 0, 0
  for n, d in pairs(by) do
    for _, y in ipairs(d) do sx, sy, sxx, sxy, m = sx + n, sy + y, sxx + n * n, sxy + n * y, m + 1 end
  end
  local den = m * sxx - sx * sx
  if den > 0 then
    local b_ = (m * sxy - sx * sy) / den
    print(string.format("%s: %.2f us + %.3f us a tile", what, (sy - b_ * sx) / m, b_))
  end
end
local ns = {}
for n in pairs(byn) do ns[#ns + 1] = n end
table.sort(ns)
for _, n in ipairs(ns) do
  local d = byn[n]
  print(string.format("  %3d tiles: %5d blocks, duration us 10th %.2f, median %.2f, 90th %.2f", n, #d, pct(d, 0.1),
                      pct(d, 0.5), pct(d, 0.9)))
end
fit(byn, "fit: duration =")
-- ws: each block's time in three parts, by tile count: before the consumers' loop (the block's start to the loop's
-- start), the loop, after it (the loop's end to the block's end: the last tile's dQ share, the drain, dK and dV)
local split = true
for _, r in ipairs(recs) do split = split and r.ls ~= nil end
if split then
  local parts = {}
  for _, r in ipairs(recs) do
    parts[r.n] = parts[r.n] or { {}, {}, {} }
    local q = parts[r.n]
    table.insert(q[1], (r.ls - r.s) / 1e3); table.insert(q[2], (r.le - r.ls) / 1e3); table.insert(q[3], (r.e - r.le) / 1e3)
  end
  local loops = {}
  for _, n in ipairs(ns) do
    local q = parts[n]
    print(string.format("  %3d tiles: before the loop %.2f, the loop %.2f, after it %.2f us (medians)", n, pct(q[1], 0.5),
                        pct(q[2], 0.5), pct(q[3], 0.5)))
    loops[n] = q[2]
  end
  fit(loops, "the loop's fit")
end
if os.getenv("LIST") == "1" then
  for _, r in ipairs(recs) do
    print(string.format("sm %3d kb %3d tiles %3d start %9.2f end %9.2f", r.sm, r.kb, r.n, (r.s - t0) / 1e3, (r.e - t0) / 1e3))
  end
end
