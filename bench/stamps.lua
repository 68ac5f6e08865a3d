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
