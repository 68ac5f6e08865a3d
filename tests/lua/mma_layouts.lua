-- The fragment encodings of tl.mma_shape are the vendors' register layouts: coord(lane, element)
-- of each encoding against the PTX ISA table (mma.m16n8k16 .f16/.bf16) and the CDNA MFMA layouts,
-- element order = register order. Shapes are cached (one object per instruction and dtype).
local T = require "testing"

local function check(s, which, rows, cols, formula)
  local e = s[which]
  T.eq(e.lengths, { rows, cols }, s.name .. " " .. which .. " tile")
  T.eq(e.threads, s.warp, s.name .. " " .. which .. " threads")
  T.eq(e:check(), true, s.name .. " " .. which .. " covers the tile once")
  for lane = 0, s.warp - 1 do
    for i = 0, e:elements() - 1 do
      local r, c = formula(lane, i)
      T.eq(e:coord(lane, i), { r, c }, ("%s %s lane %d element %d"):format(s.name, which, lane, i))
    end
  end
end

for _, dn in ipairs { "f16", "bf16" } do
  local nv = tl.mma_shape { target = "nvidia", a = dn }
  T.eq({ nv.m, nv.n, nv.k, nv.warp, nv.dtype }, { 16, 8, 16, 32, dn }, "nvidia default")
  -- PTX: groupID = lane >> 2, threadID_in_group = lane % 4
  check(nv, "a", 16, 16, function(l, i)
    local g, t = l >> 2, l % 4
    local row = (i < 2 or (i >= 4 and i < 6)) and g or g + 8
    local col = t * 2 + (i & 1) + (i >= 4 and 8 or 0)
    return row, col
  end)
  check(nv, "b", 16, 8, function(l, i)
    local g, t = l >> 2, l % 4
    return t * 2 + (i & 1) + (i >= 2 and 8 or 0), g
  end)
  check(nv, "c", 16, 8, function(l, i)
    local g, t = l >> 2, l % 4
    return i < 2 and g or g + 8, t * 2 + (i & 1)
  end)
  local amd = tl.mma_shape { target = "amd", a = dn }
  T.eq({ amd.m, amd.n, amd.k, amd.warp }, { 32, 32, 8, 64 }, "amd default")
  check(amd, "a", 32, 8, function(l, i) return l % 32, 4 * (l // 32) + i end)
  check(amd, "b", 8, 32, function(l, i) return 4 * (l // 32) + i, l % 32 end)
  check(amd, "c", 32, 32, function(l, i) return 8 * (i // 4) + 4 * (l // 32) + i % 4, l % 32 end)
  local a16 = tl.mma_shape { target = "amd", m = 16, n = 16, k = 16, a = dn }
  check(a16, "a", 16, 16, function(l, i) return l % 16, 4 * (l // 16) + i end)
  check(a16, "b", 16, 16, function(l, i) return 4 * (l // 16) + i, l % 16 end)
  check(a16, "c", 16, 16, function(l, i) return 4 * (l // 16) + i, l % 16 end)
  T.eq(tl.mma_shape { target = "amd", a = dn } == amd, true, "shapes are cached")
end
T.eq(tl.mma_shape { target = "amd", a = "f16" } ~= tl.mma_shape { target = "amd", a = "bf16" }, true,
     "f16 and bf16 shapes differ")
T.eq(tl.mma_shape { a = tl.bf16, target = "nvidia" }.dtype, "bf16", "a may be a dtype object")
-- the default target follows the default warp
T.eq(tl.mma_shape().target, tl.default_warp() == 32 and "nvidia" or "amd", "default target")
T.eq(tostring(tl.mma_shape { target = "nvidia" }):find("m16n8k16", 1, true) ~= nil, true, "tostring")
-- A fragments load 2 (NVIDIA) / 4 (AMD) contiguous elements per access
T.eq(tl.mma_shape { target = "nvidia" }.a.vector, 2, "nvidia A vector")
T.eq(tl.mma_shape { target = "amd" }.a.vector, 4, "amd A vector")
print("mma layouts: ok")
