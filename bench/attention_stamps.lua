-- attention_stamps.lua - where a step of std.attention_backward's dK/dV kernel goes, by clock stamps on the GPU
-- (bench/RESULTS.md 2026-11-27 session 27, calls 2 and 3). The kernel's generated source is patched in this process
-- only (tl._hip_source wrapped; the library and its cache untouched: run with TILELUA_CACHE=0): after each mbarrier
-- wait, wgmma wait, barrier, bulk-copy commit and arrival, and before each mbarrier wait, wgmma fence and proxy fence,
-- in the first step of each round of the consumers' first loop, the first thread of each warpgroup writes clock() less
-- the step's start as a float. They land past the end of lse, which the script passes as a view of a tensor four
-- times its size.
-- For rounds R0 .. R0 + NR - 1 of every block: per stamp, the 10th / 50th / 90th percentile of each warpgroup's, and the
-- median of the cycles since the stamp before (bench/stamps.lua, shared with attention_stamps_fwd.lua).
-- Usage: TILELUA_CACHE=0 tilesh --backend=cuda bench/attention_stamps.lua
-- Env: D (128), S (4096), B (16384 / S), H (2048 / D), CAUSAL=1, R0 and NR (the rounds stamped, above), CONFIG (the backward's opts.config as a Lua table),
-- PLAIN=1 (no stamps: the kernel's time alone, in a process of its own, as the code objects are kept by source).
-- The patch reads the generated source's shape (the consumers' setmaxnreg.inc, then their first `for` loop up to
-- the next one): it fits the kernels with a producer warpgroup (config.ws, the default at D = 128).
local dir = (arg[0]:match("^(.*)/[^/]*$") or ".")
local timing, stamps = dofile(dir .. "/timing.lua"), dofile(dir .. "/stamps.lua")

-- floats a slot, rounds stamped (env NR, default 4), the first of them (env R0, default 2; 0: the block's first round,
-- where causal puts the diagonal's tiles)
local NS, NR, R0 = 40, tonumber(os.getenv("NR") or "4"), tonumber(os.getenv("R0") or "2")
local AFTER = { "tl_mbar_wait%(", "wgmma%.wait_group%.sync", "cp%.async%.bulk%.wait_group%.read 0;\" ::: \"memory\"%);$",
                "bar%.sync", "tl_mbar_arrive%(", "cp%.async%.bulk%.commit_group", "fence%.proxy%.async" }
local BEFORE = { "wgmma%.fence%.sync", "fence%.proxy%.async", "tl_mbar_wait%(" }

-- the source with stamps; names[i]: stamp i's source line and text
local function patch(src)
  local lines = stamps.lines(src)
  local loop = stamps.consumer_loop(lines, "attention_stamps")
  local lo, var, step = loop.lo, loop.var, loop.step
  local hi
  for i = lo + 1, #lines do if lines[i]:find("for (int", 1, true) then hi = i; break end end
  assert(hi, "attention_stamps: the loop's first step is not followed by another loop")
  local out, names = {}, {}
  local stamp = stamps.stamper(names, NS, "attention_stamps", "(float)(tl_c_ - tl_c0_)")
  -- (the last stamp: the round's start less the block's, clock() at the kernel's first statement; its d, against the
  -- step's end, means nothing, and with NR > 1 its percentiles mix the rounds' starts: read it with NR=1)
  local entry = stamps.stamper(names, NS, "attention_stamps", "(float)(tl_c0_ - tl_e_)")
  local _, body = stamps.kernel_body(lines)
  assert(body, "attention_stamps: no kernel body")
  local text, any = stamps.text, stamps.any
  for i, l in ipairs(lines) do
    if i > lo and i < hi - 1 and any(l, BEFORE) then out[#out + 1] = stamp(i .. ": before " .. text(l)) end
    if i == hi - 1 then
      out[#out + 1] = stamp(hi .. ": the step's end")
      out[#out + 1] = entry("the round's start, since the block's start")
    end
    out[#out + 1] = l
    if i == body then out[#out + 1] = "const unsigned tl_e_ = (unsigned)clock();" end
    if i == lo then
      out[#out + 1] = string.format(
        "const int tl_r_ = %s / %s - %d; const unsigned tl_c0_ = (unsigned)clock(); float* tl_stp_ = lse + lse_shape0 * lse_stride0; " ..
        "const int tl_pr_ = (tl_r_ >= 0 && tl_r_ < %d) ? ((((int)(blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z))) * 2 + " ..
        "(int)(threadIdx.x / 128u) %% 2) * %d + tl_r_) * %d : -1;", var, step, R0, NR, NR, NS)
    elseif i > lo and i < hi - 1 and any(l, AFTER) then
      out[#out + 1] = stamp(i .. ": " .. text(l))
    end
  end
  return table.concat(out, "\n"), names
end

local c = stamps.backward_case(timing, "attention_stamps", 4096)
local D, S, B, H, causal, plain, area = c.D, c.S, c.B, c.H, c.causal, c.plain, c.area
c.patch(patch)
local backward = c.backward
local t = timing.timeit(backward, 5, 5)
print(string.format("D = %d, S = %d, B = %d, H = %d, %s: %.1f us a call%s", D, S, B, H, causal and "causal" or "not causal",
                    t * 1e6, plain and "" or " (with the stamps)"))
if plain then return end
local names = c.patched
assert(names, "attention_stamps: no stamped kernel was compiled (its code object was cached: TILELUA_CACHE=0)")
local blocks = (S + 127) // 128 * H * B -- (the dK/dV kernel's 128 keys a block)
assert(blocks * 2 * NR * NS <= 3 * B * H * S, "attention_stamps: the stamps do not fit past lse (S too small)")
area:fill(-1.0)
backward()
tl.synchronize()
stamps.report(names, blocks * 2 * NR, NR, NS, c.at, 1, "step")
