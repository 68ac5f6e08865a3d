-- mma.lua - warp-level matrix multiply-accumulate in the kernel language. tl.mma_shape gives the
-- fragment layouts of one hardware MMA instruction as ordinary encodings (so :map() shows which
-- lane holds which element); shape:mma(a, b, c) / tl.mma(a, b, c) emits the instruction on
-- fragments loaded through windows with those encodings and returns the new accumulator.
--
--   local s = tl.mma_shape{ m = 16, n = 8, k = 16, a = "f16", target = "nvidia" }
--   local fa = k:window(p.a, {r0, k0}, {s.m, s.k}, s.a):load()
--   local fb = k:window(p.b, {k0, c0}, {s.k, s.n}, s.b):load()
--   acc = s:mma(fa, fb, acc)                 -- acc: nil (zeros), s:zeros() or the last result, f32
--   k:window(p.c, {r0, c0}, {s.m, s.n}, s.c):store(acc)
--
-- The layouts (src/mma.h has the formulas and their sources): nvidia m16n8k16 (warp 32,
-- mma.sync, sm_80+); amd m32n32k8 and m16n16k16 (wave 64, MFMA, gfx908/gfx90a+). Every warp of
-- the block runs its own MMA: a fragment encoding covers one warp, and the warps of a larger
-- block hold the same tile coordinates (offset the window origin by k.warp_id() to spread them).
local tr = require "tilelua.trace"
local win = require "tilelua.window"

return function(tl)
  -- major 0 = R, d + 1 = H of dimension d; minors 0-based (encoding.h). P lists the lane's digits,
  -- the first most significant; Y the element's, the last fastest = the register order.
  local LAYOUTS = {
    nvidia = {
      ["16x8x16"] = { id = 0, warp = 32, m = 16, n = 8, k = 16,
        -- A 16x16: row = g + 8*rowhalf, col = 2t + pair + 8*colhalf; lane = 4g + t; y = (colhalf, rowhalf, pair)
        a = { h = { { 2, 8 }, { 2, 4, 2 } }, p = { { { 1, 1 }, { 2, 1 } } }, y = { { 2, 0 }, { 1, 0 }, { 2, 2 } } },
        -- B 16x8: row = 2t + pair + 8*khalf, col = g; y = (khalf, pair)
        b = { h = { { 2, 4, 2 }, { 8 } }, p = { { { 2, 0 }, { 1, 1 } } }, y = { { 1, 0 }, { 1, 2 } } },
        -- C 16x8: row = g + 8*rowhalf, col = 2t + pair; y = (rowhalf, pair)
        c = { h = { { 2, 8 }, { 4, 2 } }, p = { { { 1, 1 }, { 2, 0 } } }, y = { { 1, 0 }, { 2, 1 } } } },
    },
    amd = {
      ["32x32x8"] = { id = 1, warp = 64, m = 32, n = 32, k = 8,
        -- A 32x8: row = lane % 32, col = 4*(lane / 32) + i
        a = { h = { { 32 }, { 2, 4 } }, p = { { { 2, 0 }, { 1, 0 } } }, y = { { 2, 1 } } },
        b = { h = { { 2, 4 }, { 32 } }, p = { { { 1, 0 }, { 2, 0 } } }, y = { { 1, 1 } } },
        -- C 32x32: row = 8*(i / 4) + 4*(lane / 32) + i % 4, col = lane % 32
        c = { h = { { 4, 2, 4 }, { 32 } }, p = { { { 1, 1 }, { 2, 0 } } }, y = { { 1, 0 }, { 1, 2 } } } },
      ["16x16x16"] = { id = 2, warp = 64, m = 16, n = 16, k = 16,
        a = { h = { { 16 }, { 4, 4 } }, p = { { { 2, 0 }, { 1, 0 } } }, y = { { 2, 1 } } },
        b = { h = { { 4, 4 }, { 16 } }, p = { { { 1, 0 }, { 2, 0 } } }, y = { { 1, 1 } } },
        c = { h = { { 4, 4 }, { 16 } }, p = { { { 1, 0 }, { 2, 0 } } }, y = { { 1, 1 } } } },
    },
  }
  local DEFAULT = { nvidia = { 16, 8, 16 }, amd = { 32, 32, 8 } }
  local FIELDS = { m = true, n = true, k = true, a = true, target = true }

  local Shape = {}
  Shape.__index = Shape
  local shapes = {}                                   -- one object per (target, m, n, k, dtype)
  local of_dist = setmetatable({}, { __mode = "k" })  -- A encoding -> its shape (for tl.mma)

  local function supported(target)
    local list = {}
    for _, lay in pairs(LAYOUTS[target]) do list[#list + 1] = string.format("m%dn%dk%d", lay.m, lay.n, lay.k) end
    table.sort(list)
    return table.concat(list, ", ")
  end

  function tl.mma_shape(spec)
    spec = spec or {}
    if type(spec) ~= "table" then error("tl.mma_shape: expected a table {m, n, k, a, target}", 2) end
    for key in pairs(spec) do
      if not FIELDS[key] then
        error(string.format("tl.mma_shape: unknown field '%s' (fields: m, n, k, a, target)", tostring(key)), 2)
      end
    end
    local target = spec.target
    if target == nil then -- the current target's unit (tl.target(): the traced one inside a body)
      local cur = tl.target()
      if cur.vendor == "nvidia" or (cur.vendor == "cpu" and cur.warp == 32) then target = "nvidia"
      elseif cur.warp == 64 then target = "amd"
      else tl.unsupported(cur.arch, "tl.mma_shape: %s", cur.matrix_missing or "no matrix unit tilelua drives") end
    end
    if not LAYOUTS[target] then
      error(string.format("tl.mma_shape: target must be \"nvidia\" or \"amd\" (got %s)", tostring(target)), 2)
    end
    local dtype = tr.dtname(spec.a or "f16")
    if dtype ~= "f16" and dtype ~= "bf16" then
      error(string.format("tl.mma_shape: a (the input dtype) must be f16 or bf16 (got %s)", tostring(spec.a)), 2)
    end
    local d = DEFAULT[target]
    local m, n, k = spec.m or d[1], spec.n or d[2], spec.k or d[3]
    local key = string.format("%sx%sx%s", tostring(m), tostring(n), tostring(k))
    local lay = LAYOUTS[target][key]
    if not lay then
      error(string.format("tl.mma_shape: %s has no m%sn%sk%s instruction (it has %s)", target, tostring(m),
                          tostring(n), tostring(k), supported(target)), 2)
    end
    local id = target .. ":" .. key .. ":" .. dtype
    local s = shapes[id]
    if s then return s end
    s = setmetatable({ target = target, m = m, n = n, k = k, dtype = dtype, warp = lay.warp, layout = lay.id,
                       name = string.format("m%dn%dk%d", m, n, k) }, Shape)
    s.a = tl.encoding { h = lay.a.h, p = lay.a.p, y = lay.a.y, lengths = { m, k } }
    s.b = tl.encoding { h = lay.b.h, p = lay.b.p, y = lay.b.y, lengths = { k, n } }
    s.c = tl.encoding { h = lay.c.h, p = lay.c.p, y = lay.c.y, lengths = { m, n } }
    s.elements = { a = s.a:elements(), b = s.b:elements(), c = s.c:elements() }
    shapes[id] = s
    of_dist[s.a] = s
    return s
  end

  Shape.__tostring = function(s)
    return string.format("MmaShape{target=%q, %s, a=%s, warp=%d, elements per lane: a=%d, b=%d, c=%d}", s.target,
                         s.name, s.dtype, s.warp, s.elements.a, s.elements.b, s.elements.c)
  end

  local function facts(s, which)
    s.facts = s.facts or {}
    local f = s.facts[which]
    if not f then
      f = tl._dist_facts(s[which])
      s.facts[which] = f
    end
    return f
  end

  local function fragment(s, t, which, what)
    if not win.is_dist_tensor(t) then
      tr.fail("mma: %s must be a distributed tensor loaded through a window with shape.%s, got %s", what, which, type(t))
    end
    if t.dist ~= s[which] then
      tr.fail("mma: %s is not distributed as shape.%s (load it through k:window(..., {%d, %d}, shape.%s))", what,
              which, which == "b" and s.k or s.m, which == "a" and s.k or s.n, which)
    end
  end

  -- s:mma(a, b[, c]) -> the new accumulator (f32, distributed as s.c); c nil means zeros
  function Shape:mma(a, b, c)
    local ctx = tr.current()
    if ctx.warp ~= self.warp then
      tr.fail("mma: %s (%s) runs on warps of %d, but kernel '%s' is traced for warp %d: give the kernel " ..
              "warp = %d, or use tl.mma_shape{target = \"%s\"}", self.name, self.target, self.warp, ctx.name,
              ctx.warp, self.warp, self.target == "amd" and "nvidia" or "amd")
    end
    if ctx.block % self.warp ~= 0 then
      tr.fail("mma: kernel '%s' has block %d, not a whole number of warps of %d", ctx.name, ctx.block, self.warp)
    end
    fragment(self, a, "a", "the A fragment")
    fragment(self, b, "b", "the B fragment")
    if c ~= nil then fragment(self, c, "c", "the accumulator") end
    local ops = {}
    for y = 0, self.elements.a - 1 do ops[#ops + 1] = tr.as(a.vals[y], self.dtype) end
    for y = 0, self.elements.b - 1 do ops[#ops + 1] = tr.as(b.vals[y], self.dtype) end
    local zero = c == nil and tr.const(0.0, "f32") or nil
    for y = 0, self.elements.c - 1 do ops[#ops + 1] = c and tr.as(c.vals[y], "f32") or zero end
    local id = tr.emit("mma", nil, ops, { imm = self.layout })
    local instr = { id = id }
    local vals = {}
    for y = 0, self.elements.c - 1 do vals[y] = tr.emit("mma_result", "f32", { instr }, { imm = y }) end
    return win.new_dist_tensor(self.c, facts(self, "c"), "f32", vals)
  end

  -- s:zeros() -> an f32 accumulator of zeros distributed as s.c (e.g. the init of a k:range loop)
  function Shape:zeros()
    tr.current()
    local vals, zero = {}, tr.const(0.0, "f32")
    for y = 0, self.elements.c - 1 do vals[y] = zero end
    return win.new_dist_tensor(self.c, facts(self, "c"), "f32", vals)
  end

  -- tl.mma(a, b[, c]): the shape is the one whose A encoding distributes a
  function tl.mma(a, b, c)
    local s = win.is_dist_tensor(a) and of_dist[a.dist] or nil
    if not s then
      tr.fail("tl.mma: the A fragment must be a distributed tensor loaded with the .a encoding of a tl.mma_shape")
    end
    return s:mma(a, b, c)
  end
end
