-- The hint uniform_warp on NVIDIA: a thread id divided by a multiple of 32 (k.warp_id(), a warpgroup's
-- index, a role's own warp index inside the role) is generated from tl_wid_, the warp's index broadcast
-- from lane 0 (__shfl_sync) at the top of the body, so ptxas keeps what is derived from it in uniform
-- registers; without the hint, the thread id divided. The values against the executor's (the IR's integer division truncates: a thread id
-- made negative is divided as before, its quotient differs between the lanes of a warp); where it is
-- not used (a block of part of a warp, HIP, other divisors); the sources compile where NVRTC is.
local T = require "testing"

local function tdiv(a, b) -- truncating, as the IR's DIV
  local q = math.abs(a) // math.abs(b)
  return (a < 0) ~= (b < 0) and -q or q
end
local function build(block, hint)
  return tl.kernel {
    name = "warp_index_" .. block .. (hint and "_u" or ""), block = block, warp = 32, hints = { uniform_warp = hint },
    params = { { "out", tl.tensor(tl.i32, 2) } },
    body = function(k, p)
      local t = k.thread_id()
      p.out:store({ t, 0 }, k.warp_id())             -- tid // 32
      p.out:store({ t, 1 }, t // 128)                -- a warpgroup
      p.out:store({ t, 2 }, (t - 64) // 32)          -- negative below 64: not from tl_wid_
      p.out:store({ t, 3 }, (t + 32) // 64)
      p.out:store({ t, 4 }, t // 48)                 -- not a multiple of 32
      p.out:store({ t, 7 }, (t + 16) // 64)          -- plus one that is not a multiple of 32 either
      if block >= 128 then
        -- roles: inside the second, its thread ids count from 64, all of them past it
        k:roles { { warps = 2, fn = function(role) end },
                  { warps = (block - 64) // 32, fn = function(role)
                      p.out:store({ t, 5 }, k.warp_id())          -- (t - 64) // 32
                      p.out:store({ t, 6 }, k.thread_id() // 64)  -- (t - 64) // 64
                    end } }
      end
    end,
  }
end
for _, case in ipairs { { 256, true }, { 48, true }, { 256, false } } do
  local block, hint = case[1], case[2]
  local kern = build(block, hint)
  local out = tl.zeros({ block, 8 }, tl.i32)
  kern({ 1 }, out)
  local bad = 0
  for t = 0, block - 1 do
    local want = { t // 32, t // 128, tdiv(t - 64, 32), (t + 32) // 64, t // 48, 0, 0, (t + 16) // 64 }
    if block >= 128 then
      want[6] = t >= 64 and (t - 64) // 32 or 0
      want[7] = t >= 64 and (t - 64) // 64 or 0
    end
    for c = 1, #want do
      if out:get(t, c - 1) ~= want[c] then bad = bad + 1 end
    end
  end
  T.eq(bad, 0, "warp indices of a block of " .. block)
  local src = kern:source("sm_90")
  T.eq(src:find("tl_wid_", 1, true) ~= nil, hint and block % 32 == 0, "tl_wid_ in the sm_90 source of a block of " .. block)
  if hint and block % 32 == 0 then
    for _, want in ipairs { "const int tl_wid_ = __shfl_sync(0xffffffffu, (int)(threadIdx.x >> 5), 0);", " = tl_wid_;",
                            " = tl_wid_ / 4;", " = (tl_wid_ + 1) / 2;", " = tl_wid_ - 2;", " = (tl_wid_ - 2) / 2;" } do
      T.eq(src:find(want, 1, true) ~= nil, true, "sm_90 source: " .. want)
    end
    -- (t - 64) // 32 outside the role (negative below 64), t // 48 and (t + 16) // 64 divide the thread id
    T.eq(select(2, src:gsub(" = tl_div%(", "")), 3, "the other divisions with tl_div")
  end
  T.eq(kern:source("gfx942"):find("tl_wid_", 1, true), nil, "no tl_wid_ for gfx942")
  T.compiles(src, kern.name, "sm_90", "warp indices for sm_90, block " .. block)
  T.eq(kern:report():find("hint uniform_warp = " .. tostring(hint), 1, true) ~= nil, true, "the report names the hint's value")
end
