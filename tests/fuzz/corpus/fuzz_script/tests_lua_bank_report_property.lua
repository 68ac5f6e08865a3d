-- bank_report_property.lua - random raked patterns (warp 32 and 64) and random padded row-major
-- LDS tiles: every per-warp step degree equals a direct recomputation from coord + offset.
local T = require "testing"
local bank_report = tl.bank_report or require("tilelua.bank_report").report
math.randomseed(31337)

local function reference(offs, eb, vec)
  local bytes = eb * vec
  local lanes = math.min(32, 128 // math.max(4, bytes))
  local worst = 0
  for p0 = 1, #offs, lanes do
    local words, per_bank = {}, {}
    for t = p0, math.min(p0 + lanes - 1, #offs) do
      local a = offs[t] * eb
      for w = a // 4, (a + bytes - 1) // 4 do
        if not words[w] then
          words[w] = true
          per_bank[w % 32] = (per_bank[w % 32] or 0) + 1
          worst = math.max(worst, per_bank[w % 32])
        end
      end
    end
  end
  return worst
end

local patterns = {"thread_raked", "warp_raked", "block_raked"}
local checked = 0
for iter = 1, 60 do
  local warp = iter % 2 == 0 and 64 or 32
  local cols = ({16, 32, 64})[math.random(3)]
  local vec = ({1, 2, 4})[math.random(3)]
  local block = warp * math.random(1, 4)
  local rows = math.max(1, block * vec // cols) * ({1, 2})[math.random(2)]
  local ok, d = pcall(tl.pattern2d, {block = block, rows = rows, cols = cols, vec = vec,
                                     pattern = patterns[math.random(3)], warp = warp})
  if ok then
    local pad = ({0, 1, 4})[math.random(3)]
    local stride = cols + pad
    local lds = function(c) return c[1] * stride + c[2] end
    local r = bank_report{dist = d, lds = lds}
    local v = r.steps[1].elements
    T.eq(#r.steps, d:elements() // v, "step count")
    local worst, sum, n = 0, 0, 0
    for _, s in ipairs(r.steps) do
      for w = 0, r.warps - 1 do
        local accesses = s.split and s.elements or 1
        local width = s.split and 1 or s.elements
        local deg = 0
        for a = 0, accesses - 1 do
          local offs = {}
          for l = 0, warp - 1 do offs[#offs + 1] = lds(d:coord(w * warp + l, s.y + a)) end
          local x = reference(offs, 4, width)
          deg = math.max(deg, x)
          sum, n = sum + x, n + 1
        end
        T.eq(s.warp_degrees[w + 1], deg, string.format("iter %d step %d warp %d", iter, s.index, w))
        worst = math.max(worst, deg)
      end
    end
    T.eq(r.worst, worst, "worst")
    T.near(r.average, sum / n, 1e-9, "average")
    checked = checked + 1
  end
end
assert(checked >= 30, "too few valid random configurations: " .. checked)
