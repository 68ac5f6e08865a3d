-- attention_stamps_fwd.lua - where a work tile of std.attention's persistent forward kernel goes, by clock stamps on the
-- GPU (bench/RESULTS.md 2026-11-29 session 36). The kernel's generated source is patched in this process only
-- (tl._hip_source wrapped; the library and its cache untouched: run with TILELUA_CACHE=0): at the start of each of
-- the consumers' work tiles the first thread of each warpgroup reads clock(); after each mbarrier wait, wgmma wait,
-- barrier, arrival, bulk-copy commit and read-wait, before each wgmma fence, mbarrier wait and read-wait, and before and
-- after each loop of the tile's body it writes (clock() less the tile's start) / 4 as an f16 (inside the key loops only with INNER=1, where a
-- stamp keeps the loop's last trip: they slow a step, 1.4x at S = 4k).
-- The stamps land past the end of the output, which the script passes as a view of a tensor twice its size.
-- For tiles R0 .. R0 + NR - 1 of every block: per stamp, the 10th / 50th / 90th percentile of each warpgroup's cycles.
-- Usage: TILELUA_CACHE=0 tilesh --backend=cuda bench/attention_stamps_fwd.lua
-- Env: D (64), S (1024), B (16384 / S), H (2048 / D), CAUSAL=1, DT (f16), CONFIG (opts.config as a Lua table), PLAIN=1
-- (no stamps: the kernel's time alone, in a process of its own, as the code objects are kept by source).
-- The patch reads the generated source's shape: the consumers' setmaxnreg.inc, then their first `for` loop (the walk
-- over work tiles) up to its closing brace: it fits the persistent kernels (config.persistent: the fixed walk, the default
-- not causal, and config.dynamic's, the default causal at Skv <= 4k).
local std = require "tilelua.std"
local dir = (arg[0]:match("^(.*)/[^/]*$") or ".")
local timing, stamps = dofile(dir .. "/timing.lua"), dofile(dir .. "/stamps.lua")

local NS, NR, R0 = 80, 4, 2 -- halves a slot, tiles stamped, the first of them
local AFTER = { "tl_mbar_wait%(", "wgmma%.wait_group%.sync", "cp%.async%.bulk%.wait_group%.read", "bar%.sync", "bar%.arrive",
                "tl_mbar_arrive%(", "cp%.async%.bulk%.commit_group" }
local BEFORE = { "wgmma%.fence%.sync", "tl_mbar_wait%(", "cp%.async%.bulk%.wait_group%.read" }
local INNER = os.getenv("INNER") == "1"

-- the source with stamps; names[i]: stamp i's source line and text
local function patch(src)
  local lines = stamps.lines(src)
  local loop = stamps.consumer_loop(lines, "attention_stamps_fwd")
  local lo, hi, var, first, step, indent = loop.lo, loop.hi, loop.var, loop.first, loop.step, loop.indent
  local out, names = {}, {}
  local stamp = stamps.stamper(names, NS, "attention_stamps_fwd", "__float2half((float)(tl_c_ - tl_c0_) * 0.25f)")
  local text, any = stamps.text, stamps.any
  local open = {} -- inner loops: the indentation of each open one's closing brace, and its line
  for i, l in ipairs(lines) do
    local inner = i > lo and i < hi and l:match("^(%s*)for %(int ")
    if inner then
      out[#out + 1] = stamp(i .. ": before the loop")
      open[#open + 1] = { inner .. "}", i }
    end
    local skip = not INNER and #open > 0 -- (inside a key loop: no stamps unless INNER=1)
    if i > lo and i < hi and not skip and any(l, BEFORE) then out[#out + 1] = stamp(i .. ": before " .. text(l)) end
    if i == hi then out[#out + 1] = stamp(hi .. ": the tile's end") end
    out[#out + 1] = l
    if i == lo then
      out[#out + 1] = string.format(
        "const int tl_r_ = (%s - %s) / %s - %d; const unsigned tl_c0_ = (unsigned)clock(); " ..
        "__half* tl_stp_ = o + o_shape0 * o_stride0; const int tl_pr_ = (tl_r_ >= 0 && tl_r_ < %d) ? " ..
        "((((int)(blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z))) * 2 + (int)(threadIdx.x / 128u - 1u) %% 2) * %d + tl_r_) * %d : -1;",
        var, first, step, R0, NR, NR, NS)
    elseif i > lo and i < hi and not skip and any(l, AFTER) then
      out[#out + 1] = stamp(i .. ": " .. text(l))
    elseif #open > 0 and l == open[#open][1] then
      out[#out + 1] = stamp(i .. ": after the loop of line " .. open[#open][2])
      open[#open] = nil
    end
  end
  return table.concat(out, "\n"), names
end

local D, S = tonumber(os.getenv("D") or "64"), tonumber(os.getenv("S") or "1024")
local H = tonumber(os.getenv("H") or tostring(2048 // D))
local B = tonumber(os.getenv("B") or tostring(16384 // S))
local dt = os.getenv("DT") or "f16"
local causal = os.getenv("CAUSAL") == "1"
local config = os.getenv("CONFIG") and assert(load("return " .. os.getenv("CONFIG")))() or nil
local plain = os.getenv("PLAIN") == "1"
local sh = { B, H, S, D }
local q, k, v = timing.signed(sh, dt, 1), timing.signed(sh, dt, 2), timing.signed(sh, dt, 3)
-- the output in the first half of a tensor twice its size: the stamps go after it
local big = tl.empty({ 2 * B, H, S, D }, tl[dt])
local o = big:narrow(0, 0, B)
local area = big:narrow(0, B, B)
local names, kname
if not plain then
  local source = tl._hip_source
  tl._hip_source = function(ir, opts)
    local src, dyn, carch = source(ir, opts)
    local name = src:match("__launch_bounds__%(%d+, %d+%) (std_attention_[%w_]*wgmma[%w_]*)")
    if name and not name:find("backward", 1, true) then src, names = patch(src); kname = name end
    return src, dyn, carch
  end
end
local opts = { causal = causal, config = config, out = o }
local function forward() return std.attention(q, k, v, opts) end
if os.getenv("SOURCE") then -- (SOURCE=file: the patched source written there, for a compile check without a GPU)
  local registry = debug.getregistry()
  registry["tilelua.warp"] = 32
  local before = {}
  for _, kk in ipairs(std.kernels()) do before[kk] = true end
  forward()
  for _, kk in ipairs(std.kernels()) do
    if not before[kk] then local f = assert(io.open(os.getenv("SOURCE"), "w")); f:write(kk:source("sm_90a")); f:close() end
  end
  print(string.format("%s: %d stamps", tostring(kname), names and #names or 0))
  return
end
assert(tl.backend() ~= "cpu", "attention_stamps_fwd needs a GPU backend (run with --backend=cuda)")
local t = timing.timeit(forward, 5, 5)
print(string.format("%s D = %d, S = %d, B = %d, H = %d, %s: %.1f us a call%s", dt, D, S, B, H,
                    causal and "causal" or "not causal", t * 1e6, plain and "" or " (with the stamps)"))
if plain then return end
assert(names, "attention_stamps_fwd: no stamped kernel was compiled (its code object was cached: TILELUA_CACHE=0)")
print(kname)
local blocks = 1024 -- (at most: the persistent grid is one block per multiprocessor)
assert(blocks * 2 * NR * NS <= B * H * S * D, "attention_stamps_fwd: the stamps do not fit past the output")
area:fill(-1.0)
forward()
tl.synchronize()
local HSD, SD = H * S * D, S * D
stamps.report(names, blocks * 2 * NR, NR, NS, function(j) return area:get(j // HSD, (j % HSD) // SD, (j % SD) // D, j % D) end,
              4, "tile")
