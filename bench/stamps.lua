-- stamps.lua - what the clock-stamp probes share (bench/attention_stamps.lua, the backward's step, and
-- attention_stamps_fwd.lua, the forward's work tile; load with dofile, returns the table): the statement patched into a
-- generated source for each stamp, the source lines' tests, and the read-back and table of the stamps.
-- A slot holds one round of one warpgroup of one block: NS values, stamp i at slot * NS + i (stamp 1 never negative
-- where the round ran: the area is filled with -1 first).
local M = {}

-- a source line, trimmed to 60 characters (a stamp's name)
function M.text(l) return (l:gsub("^%s+", "")):sub(1, 60) end

-- whether line l matches one of the Lua patterns pats
function M.any(l, pats)
  for _, pat in ipairs(pats) do if l:find(pat) then return true end end
  return false
end

-- stamper(names, ns, who, value) -> stamp(tag): appends tag to names and returns the statement by which each
-- warpgroup's first thread writes that stamp into its slot (tl_stp_, tl_pr_ and tl_c0_ declared at the round's start;
-- value: the C expression of the element written, from the cycles tl_c_ - tl_c0_)
function M.stamper(names, ns, who, value)
  return function(tag)
    names[#names + 1] = tag
    assert(#names < ns, who .. ": more stamps than a slot holds")
    return string.format("{ const unsigned tl_c_ = (unsigned)clock(); if (tl_pr_ >= 0 && (threadIdx.x & 127u) == 0u) " ..
                         "tl_stp_[tl_pr_ + %d] = %s; }", #names, value)
  end
end

-- lines(src) -> the source's lines
function M.lines(src)
  local lines = {}
  for l in (src .. "\n"):gmatch("(.-)\n") do lines[#lines + 1] = l end
  return lines
end

-- kernel_body(lines) -> g, body: the line of the kernel's __global__ declaration and the one that opens its body
function M.kernel_body(lines)
  for g, l in ipairs(lines) do
    if l:find("__global__", 1, true) then
      for body = g, #lines do if lines[body]:find("{%s*$") then return g, body end end
    end
  end
end

-- consumer_loop(lines, who) -> l: the consumers' first loop (after their setmaxnreg.inc: the kernels with a producer
-- warpgroup, config.ws): l.lo its `for` line, l.hi the line closing it (its indentation and a lone brace), l.indent,
-- and its loop variable, first value and step (l.var, l.first, l.step: the generated names)
function M.consumer_loop(lines, who)
  local i0
  for i, l in ipairs(lines) do if l:find("setmaxnreg.inc", 1, true) then i0 = i; break end end
  assert(i0, who .. ": the kernel has no consumer role (setmaxnreg.inc): it needs config.ws")
  for lo = i0, #lines do
    local ind, v, f, s = lines[lo]:match("^(%s*)for %(int (v%d+) = (v%d+); v%d+ < v%d+[^;]*; v%d+ %+= (v%d+)%) {")
    if v then
      for hi = lo + 1, #lines do
        if lines[hi] == ind .. "}" then return { lo = lo, hi = hi, indent = ind, var = v, first = f, step = s } end
      end
      error(who .. ": the consumers' loop has no closing brace")
    end
  end
  error(who .. ": no loop after the consumers' setmaxnreg")
end

-- backward_case(timing, who, S) -> c: the backward probes' case (bench/attention_stamps.lua, attention_blocks.lua) from
-- the environment (D (128), S (the given default), B (16384 / S), H (2048 / D), CAUSAL=1, CONFIG, PLAIN=1) and its f16
-- inputs; c.lse is a view of the first quarter of a tensor four times its size, lse's values in it, and c.area the
-- rest, where a patched kernel writes (past lse's end: lse + lse_shape0 * lse_stride0); c.patch(fn): unless PLAIN,
-- the dK/dV kernel's generated source passed through fn (tl._hip_source wrapped in this process only) -> c.patched,
-- fn's second result; c.backward(): the call
function M.backward_case(timing, who, S)
  local std = require "tilelua.std"
  assert(tl.backend() ~= "cpu", who .. " needs a GPU backend (run with --backend=cuda)")
  local c = { D = tonumber(os.getenv("D") or "128"), S = tonumber(os.getenv("S") or tostring(S)),
              causal = os.getenv("CAUSAL") == "1", plain = os.getenv("PLAIN") == "1",
              config = os.getenv("CONFIG") and assert(load("return " .. os.getenv("CONFIG")))() or nil }
  c.H = tonumber(os.getenv("H") or tostring(2048 // c.D))
  c.B = tonumber(os.getenv("B") or tostring(16384 // c.S))
  local sh = { c.B, c.H, c.S, c.D }
  local q, k, v, dout = timing.signed(sh, "f16", 1), timing.signed(sh, "f16", 2), timing.signed(sh, "f16", 3),
                        timing.signed(sh, "f16", 4)
  local o, lse = std.attention(q, k, v, { causal = c.causal })
  local big = tl.empty({ 4 * c.B, c.H, c.S }, tl.f32)
  c.lse = big:narrow(0, 0, c.B)
  c.lse:copy_from(lse)
  c.area = big:narrow(0, c.B, 3 * c.B)
  function c.patch(fn)
    if c.plain then return end
    local source = tl._hip_source
    tl._hip_source = function(ir, opts)
      local src, dyn, carch = source(ir, opts)
      if src:find("__launch_bounds__%(%d+, %d+%) std_attention_backward_[%w_]*wgmma") then src, c.patched = fn(src) end
      return src, dyn, carch
    end
  end
  local opts = { causal = c.causal, config = c.config }
  function c.backward() return std.attention_backward(dout, q, k, v, o, c.lse, opts) end
  -- c.at(j): element j of the area
  function c.at(j) return c.area:get(j // (c.H * c.S), (j % (c.H * c.S)) // c.S, j % c.S) end
  return c
end

-- report(names, slots, nr, ns, at, scale, what): reads the slots (at(j): element j of the area; scale: cycles an
-- element) and prints per stamp the 10th / 50th / 90th percentile of each warpgroup's cycles since the round's start
-- and the median of the cycles since the stamp before it in the same round; what names a round ("step", "tile")
function M.report(names, slots, nr, ns, at, scale, what)
  local per, dper = { {}, {} }, { {}, {} } -- [warpgroup][stamp]: cycles since the start / since the stamp before
  local rounds = 0
  for slot = 0, slots - 1 do
    local base = slot * ns
    if at(base + 1) >= 0 then -- (a round the block ran)
      rounds = rounds + 1
      local wg = (slot // nr) % 2 + 1
      local prev = 0
      for i = 1, #names do
        local x = at(base + i)
        if x >= 0 then
          x = scale * x
          per[wg][i] = per[wg][i] or {}; table.insert(per[wg][i], x)
          dper[wg][i] = dper[wg][i] or {}; table.insert(dper[wg][i], x - prev)
          prev = x
        end
      end
    end
  end
  print(string.format("%d %ss stamped; cycles since the %s's start, 10th / 50th / 90th percentile; d: the median of the " ..
                      "cycles since the stamp before (of the same %s)", rounds, what, what, what))
  local function pct(t, f) return t[math.max(1, math.floor(#t * f + 0.5))] end
  for i = 1, #names do
    local cols = {}
    for wg = 1, 2 do
      local t, dt = per[wg][i], dper[wg][i]
      if t then
        table.sort(t)
        table.sort(dt)
        cols[wg] = string.format("%6d %6d %6d d %5d", pct(t, 0.1), pct(t, 0.5), pct(t, 0.9), pct(dt, 0.5))
      else
        cols[wg] = string.format("%6s %6s %6s d %5s", "-", "-", "-", "-")
      end
    end
    print(string.format("%2d %-64s wg0 %s | wg1 %s", i, names[i], cols[1], cols[2]))
  end
end

return M
