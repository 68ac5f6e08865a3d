-- wgmma.lua - warpgroup matrix multiply-accumulate with both operands in LDS (NVIDIA Hopper
-- wgmma.mma_async, IR op wgmma, src/wgmma.h). tl.wgmma_shape gives the accumulator's layout as an
-- ordinary encoding; shape:mma(a_tile, b_tile, acc) multiplies LDS tiles read by the matrix units
-- through 64-bit descriptors and returns the new accumulator.
--
--   local s = tl.wgmma_shape{ n = 256, a = "f16" }                -- m64n256k16, f32 accumulators
--   acc = s:mma(la:tile({0, 0}, {128, 64}), lb:tile({0, 0}, {64, 256}), acc)   -- block of 256 threads
--   k:window(p.c, {m0 + 64 * (k.warp_id() // 4), n0}, {64, 256}, s.c):store(acc)
--
-- The block's warpgroups (128 threads each) split the A tile's rows: warpgroup g multiplies rows
-- 64g .. 64g + 63 by the whole B tile. An A tile of 64 rows is every warpgroup's; either operand may
-- also be a list of tiles, warpgroup g's the (g + 1)-th (e.g. each its own share of K, or its own
-- columns of B: partial products or column blocks, which the kernel puts together); the tiles' K extent is a multiple of 16 (one instruction per
-- 16). The descriptors exist for one family of layouts (the 128-byte swizzle: 16-byte chunks XOR
-- the row within 8-row, 1024-byte atoms; K-major or MN-major); nothing here assumes the buffer has
-- it: the layout is fitted numerically from the buffer's own offsets (its seed-003 descriptor), and
-- a tile whose elements do not sit where the hardware would read them is an error naming the
-- element. The CPU executor reads LDS through the hardware's formulas, so CPU runs check the fit.
local tr = require "tilelua.trace"
local win = require "tilelua.window"

return function(tl)
  local FIELDS = { n = true, a = true }
  local Shape = {}
  Shape.__index = Shape
  local shapes = {}

  function tl.wgmma_shape(spec)
    if type(spec) ~= "table" then error("tl.wgmma_shape: expected a table {n, a}", 2) end
    for key in pairs(spec) do
      if not FIELDS[key] then error(string.format("tl.wgmma_shape: unknown field '%s' (fields: n, a)", tostring(key)), 2) end
    end
    local n = spec.n
    if math.type(n) ~= "integer" or n < 8 or n > 256 or n % 8 ~= 0 then
      error(string.format("tl.wgmma_shape: n must be a multiple of 8 in 8..256 (got %s)", tostring(n)), 2)
    end
    local dtype = tr.dtname(spec.a or "f16")
    if dtype ~= "f16" and dtype ~= "bf16" and dtype ~= "f8e4m3" and dtype ~= "f8e5m2" then
      error(string.format("tl.wgmma_shape: a (the input dtype) must be f16, bf16, f8e4m3 or f8e5m2 (got %s)", tostring(spec.a)), 2)
    end
    -- 8-bit floats: k32 instructions (32 bytes of K per step, as 16-bit's k16), K-major operands only
    local kstep = (dtype == "f8e4m3" or dtype == "f8e5m2") and 32 or 16
    local id = n .. ":" .. dtype
    if shapes[id] then return shapes[id] end
    local s = setmetatable({ m = 64, n = n, k = kstep, dtype = dtype, warp = 32, threads = 128,
                             fp8 = dtype == "f8e4m3" and 1 or dtype == "f8e5m2" and 2 or 0,
                             name = string.format("m64n%dk%d", n, kstep) }, Shape)
    -- D[16w + g + 8 rh][8j + 2t + pr] in register 4j + 2rh + pr of lane 4g + t of warp w (wgmma.h)
    s.c = tl.encoding { h = { { 4, 2, 8 }, { n // 8, 4, 2 } }, p = { { { 1, 0 } }, { { 1, 2 }, { 2, 1 } } },
                        y = { { 2, 0 }, { 1, 1 }, { 2, 2 } }, lengths = { 64, n } }
    s.elements = n // 2
    shapes[id] = s
    return s
  end

  Shape.__tostring = function(s)
    return string.format("WgmmaShape{%s, a=%s, warpgroup of 128 threads, %d f32 accumulators per thread}", s.name,
                         s.dtype, s.elements)
  end

  -- tl.wgmma_mn_layout(rows, cols) -> the LDS descriptor of a rows x cols tile (cols a multiple of
  -- 64) in the MN-major layout the descriptors read (e.g. B stored K x N, N contiguous): cols/64
  -- blocks of [rows][64], each 64-element (128-byte) row XOR-swizzled in 16-byte chunks by the row.
  -- (The K-major layout is seed 003's tl.xor_preshuffle with k_per_block = 64, kpack = 8.)
  function tl.wgmma_mn_layout(rows, cols)
    if math.type(rows) ~= "integer" or rows < 8 or rows % 8 ~= 0 then
      error(string.format("tl.wgmma_mn_layout: rows must be a positive multiple of 8 (got %s)", tostring(rows)), 2)
    end
    if math.type(cols) ~= "integer" or cols < 64 or cols % 64 ~= 0 then
      error(string.format("tl.wgmma_mn_layout: cols must be a positive multiple of 64 (got %s)", tostring(cols)), 2)
    end
    local nb = cols // 64
    local d = tl.descriptor { lengths = { nb, rows, 8, 8 } }
    d = d:transform { { tl.pass_through(nb), lower = { 0 }, upper = { 0 } },
                      { tl.xor { rows, 8 }, lower = { 1, 2 }, upper = { 1, 2 } },
                      { tl.pass_through(8), lower = { 3 }, upper = { 3 } } }
    return d:transform { { tl.pass_through(rows), lower = { 1 }, upper = { 0 } },
                         { tl.merge { nb, 8, 8 }, lower = { 0, 2, 3 }, upper = { 1 } } }
  end

  local swz = tl._wgmma_swizzle

  -- K of an A in registers: the n of the wgmma shape whose accumulator layout is `dist`, or nil
  local function acc_cols(dist)
    for _, s in pairs(shapes) do
      if s.c == dist then return s.n end
    end
  end

  -- The descriptor fields of one operand: index_of(g, s, mn, k) -> the buffer index of element
  -- (mn, k) of instruction step s of warpgroup g. Returns {trans, start, gstride, step, lbo, sbo}
  -- or nil, why. The candidate fields are read off the buffer at a few elements, then every element
  -- of warpgroup 0's steps (and the corners of the others', or all of them: all) is checked against the address the
  -- hardware computes from them (tl._wgmma_addr: the executor's formula).
  local function fit(lds, index_of, groups, steps, rows, kstep, fp8, all)
    local size = tr.SIZE[lds.dtype]
    local function byte(g, s, mn, k) return lds:element_offset(index_of(g, s, mn, k)) * size end
    local why
    for trans = 0, fp8 > 0 and 0 or 1 do
      local start = function(g, s) return swz(byte(g, s, 0, 0)) end
      local s0 = start(0, 0)
      local sbo = trans == 0 and (rows > 8 and swz(byte(0, 0, 8, 0)) - s0 or 1024) or swz(byte(0, 0, 0, 8)) - s0
      local lbo = trans == 1 and rows > 64 and swz(byte(0, 0, 64, 0)) - s0 or 16
      local gs = groups > 1 and start(1, 0) - s0 or 0
      local st = steps > 1 and start(0, 1) - s0 or 0
      -- (gs may be negative: a list's tiles in any order; every group is checked against s0 + g gs below)
      local ok = s0 % 16 == 0 and sbo > 0 and sbo % 16 == 0 and lbo > 0 and lbo % 16 == 0 and st >= 0 and st % 16 == 0
      local imm, imm2
      if ok then
        ok, imm, imm2 = pcall(tl._wgmma_pack, { lds_a = 0, lds_b = 0, n = 8, bf16 = 0, trans_a = trans, trans_b = trans,
                                                ksteps = steps, a_step = st, b_step = st, a_lbo = lbo, a_sbo = sbo,
                                                b_lbo = lbo, b_sbo = sbo, fp8 = fp8 })
      end
      local function want(g, s, mn, k) return tl._wgmma_addr(imm, imm2, 0, s0 + g * gs, s, mn, k) end
      for g = 0, groups - 1 do
        for s = 0, steps - 1 do
          local full = g == 0 or all -- (all: every warpgroup's own tile, each checked whole)
          for mn = 0, rows - 1 do
            if not ok then break end
            if full or mn == 0 or mn == rows - 1 or mn % 64 == 63 then
              for k = 0, kstep - 1 do
                local got, w = byte(g, s, mn, k), want(g, s, mn, k)
                if got ~= w then
                  ok = false
                  why = why or string.format("element (%d, %d) of step %d is at byte %d of the buffer, the %s-major " ..
                                             "128-byte-swizzled layout puts it at %d", mn, k, s, got,
                                             trans == 0 and "K" or "MN", w)
                  break
                end
              end
            end
          end
        end
      end
      if ok then return { trans = trans, start = s0, gstride = gs, step = st, lbo = lbo, sbo = sbo } end
    end
    return nil, why or "the start offsets are not 16-byte aligned"
  end

  local fits = setmetatable({}, { __mode = "k" })
  local function fit_cached(t, key, ...)
    fits[t.lds] = fits[t.lds] or {}
    local c = fits[t.lds][key]
    if c == nil then
      local f, why = fit(t.lds, ...)
      c = f or why
      fits[t.lds][key] = c
    end
    if type(c) == "string" then return nil, c end
    return c
  end

  -- the fields of an operand's descriptor (fit_cached's) for a tile of a ring (lds:tile's {stage, stages,
  -- stride}): stage 0's, with sstep, the start's step from one stage to the next (0 without stages), every
  -- stage checked to be stage 0's moved by whole steps; index(shift) -> index_of with the origin shift rows down
  local function fit_staged(t, key, index, ...)
    local f, why = fit_cached(t, key, index(0), ...)
    if not f or t.stages == 1 then
      if f then f = setmetatable({ sstep = 0 }, { __index = f }) end
      return f, why
    end
    local step
    for j = 1, t.stages - 1 do
      local fj, wj = fit_cached(t, key .. ":" .. j * t.stride, index(j * t.stride), ...)
      if not fj then return nil, string.format("stage %d: %s", j, wj) end
      step = step or fj.start - f.start
      if fj.trans ~= f.trans or fj.gstride ~= f.gstride or fj.step ~= f.step or fj.lbo ~= f.lbo or fj.sbo ~= f.sbo or
         fj.start - f.start ~= j * step then
        return nil, string.format("stage %d's descriptor is not stage 0's moved by %d whole steps (stride %d rows)", j, j, t.stride)
      end
    end
    return setmetatable({ sstep = step }, { __index = f })
  end

  local function tile(t, what)
    if type(t) ~= "table" or not t.is_lds_tile then
      tr.fail("wgmma: %s must be an LDS tile (lds:tile(origin, lengths)), got %s", what, type(t))
    end
    if t.lds.rank ~= 2 then tr.fail("wgmma: %s must be a tile of a 2-dimensional LDS buffer", what) end
    return t
  end
  -- an operand: one tile, or a list of one per warpgroup (groups of them, of one buffer, alike)
  local function tiles(t, what, groups)
    if type(t) ~= "table" or t.is_lds_tile or #t == 0 then return { tile(t, what) } end
    if #t ~= groups then
      tr.fail("wgmma: %s is a list of %d tiles; a list has one per warpgroup of the block (%d)", what, #t, groups)
    end
    local list = {}
    for i, ti in ipairs(t) do
      list[i] = tile(ti, what .. " " .. i)
      local f = list[1]
      if ti.lds ~= f.lds or ti.lengths[1] ~= f.lengths[1] or ti.lengths[2] ~= f.lengths[2] or
         (ti.transposed or false) ~= (f.transposed or false) or ti.stage ~= f.stage or ti.stages ~= f.stages or
         ti.stride ~= f.stride then
        tr.fail("wgmma: the tiles of %s's list must be of one LDS buffer, of one shape and one orientation (tile %d differs)", what, i)
      end
    end
    return list
  end

  -- s:mma(a_tile, b_tile[, acc[, {pending = n, accumulate = cond}]]) -> the new accumulator (f32,
  -- distributed as s.c per warpgroup). pending = n (1..7) returns with at most the n newest groups,
  -- this one among them, still in flight on the GPU (wgmma.wait_group n): the next s:mma may be
  -- issued at once, but its LDS tiles may be overwritten, and the result read by anything else, only
  -- after a later mma or k:wgmma_wait has waited for it (e.g. S by one mma, then P V by two with
  -- pending 1 and 2: S is complete, both halves of P V still run). accumulate (a symbolic boolean, the same in a warpgroup) false computes A*B without reading
  -- acc (wgmma's scale-d = 0): with acc = s:undefined() no instruction defines the accumulators
  -- before the first step, which keeps ptxas from serializing pending groups.
  function Shape:mma(a, b, c, opts)
    local ctx = tr.current()
    local t = tl.target()
    if not t.wgmma then
      tl.unsupported(t.arch, "wgmma %s (warpgroup MMA from LDS) exists on NVIDIA sm_90 (Hopper) only", self.name)
    end
    if ctx.warp ~= 32 then
      tr.fail("wgmma: %s runs on warps of 32, but kernel '%s' is traced for warp %d", self.name, ctx.name, ctx.warp)
    end
    if ctx.block % 128 ~= 0 then
      tr.fail("wgmma: kernel '%s' has block %d, not a whole number of warpgroups (128 threads)", ctx.name, ctx.block)
    end
    local groups = (ctx.role and ctx.role.threads or ctx.block) // 128
    -- A in registers (wgmma's RS form): a distributed tensor in the layout of an m64nK accumulator
    -- (an s:mma result, cast to the input dtype): each warpgroup's own 64 rows
    local ra = win.is_dist_tensor(a) and a or nil
    local la = ra and { false } or tiles(a, "the A tile", groups)
    local lb = tiles(b, "the B tile", groups)
    a, b = la[1], lb[1]
    if opts ~= nil and (type(opts) ~= "table" or (opts.pending ~= nil and (math.type(opts.pending) ~= "integer" or
                                                  opts.pending < 0 or opts.pending > 7))) then
      tr.fail("wgmma: options must be {pending = 0..7 (the newest groups, this one among them, left in flight), accumulate = boolean}")
    end
    local accumulate = opts and opts.accumulate
    if accumulate ~= nil and not tr.is_value(accumulate) and type(accumulate) ~= "boolean" then
      tr.fail("wgmma: accumulate must be a boolean or a symbolic comparison (got %s)", type(accumulate))
    end
    -- inside a role (k:roles), the role's warpgroups share the tile
    if ctx.role and (ctx.role.first % 128 ~= 0 or ctx.role.threads % 128 ~= 0) then
      tr.fail("wgmma: a role running wgmma must be whole warpgroups of 128 threads (its threads are [%d, %d))",
              ctx.role.first, ctx.role.first + ctx.role.threads)
    end
    -- the operands' logical shapes: A m x k, B k x n (a transposed tile is stored the other way)
    local am, kk
    if ra then
      am, kk = 64 * groups, acc_cols(ra.dist)
      if not kk or kk % 16 ~= 0 then
        tr.fail("wgmma: an A in registers must have the layout of a wgmma accumulator m64nK, K a multiple of 16 (an s:mma result, cast)")
      end
      if self.fp8 > 0 then tr.fail("wgmma: %s reads 8-bit A from LDS only", self.name) end
      if ra.dtype ~= self.dtype then
        tr.fail("wgmma: %s takes an A of %s in registers, got %s (cast the accumulator first)", self.name, self.dtype, ra.dtype)
      end
    else
      am, kk = a.lengths[1], a.lengths[2]
      if a.transposed then am, kk = a.lengths[2], a.lengths[1] end
    end
    local bk_, bn_ = b.lengths[1], b.lengths[2]
    if b.transposed then bk_, bn_ = b.lengths[2], b.lengths[1] end
    -- (am_g: the rows warpgroup g's A starts past the first's: one tile split by rows)
    local am_g = (#la == 1 and am == 64 * groups and groups > 1) and 64 or 0
    if am ~= 64 * groups and am ~= 64 then
      tr.fail("wgmma: the A tile has %d rows; the %d warpgroups of the block take 64 each (%d), or share a tile of 64",
              am, groups, 64 * groups)
    end
    if #la > 1 and am ~= 64 then tr.fail("wgmma: the A tiles of a list have 64 rows, each warpgroup's (got %d)", am) end
    if bk_ ~= kk or bn_ ~= self.n then
      tr.fail("wgmma: the B tile is %dx%d, expected %dx%d (K of the A tile x n of %s)", bk_, bn_, kk, self.n, self.name)
    end
    local ks = self.k
    if kk % ks ~= 0 or kk > 31 * ks then tr.fail("wgmma: K = %d must be a multiple of %d up to %d", kk, ks, 31 * ks) end
    if (not ra and a.lds.dtype ~= self.dtype) or b.lds.dtype ~= self.dtype then
      tr.fail("wgmma: %s takes %s tiles, got %s and %s", self.name, self.dtype, ra and "(A in registers)" or a.lds.dtype, b.lds.dtype)
    end
    if c ~= nil and not (win.is_dist_tensor(c) and c.dist == self.c) then
      tr.fail("wgmma: the accumulator must be the result of this shape's mma or zeros()")
    end
    local steps = kk // ks
    -- warpgroup g's tile of a list (g < #list), else the one tile
    local function origin(list, g) local t_ = list[#list > 1 and g + 1 or 1]; return t_.origin[1], t_.origin[2] end
    local function key_of(list)
      local parts = {}
      for i, t_ in ipairs(list) do parts[i] = t_.origin[1] .. "," .. t_.origin[2] end
      return table.concat(parts, ";")
    end
    local ga, gb = (#la > 1 or am_g > 0) and groups or 1, #lb > 1 and groups or 1
    local fa = { trans = 0, start = 0, gstride = 0, step = 0, lbo = 0, sbo = 0 } -- (A in registers: no descriptor)
    if not ra then
      local why_a
      fa, why_a = fit_staged(a, table.concat({ key_of(la), am, kk, groups, am_g, tostring(a.transposed) }, ":"), function(sh)
        return function(g, s, mn, k)
          local ar, ac = origin(la, g)
          ar = ar + sh
          if a.transposed then return { [0] = ar + ks * s + k, ac + am_g * g + mn } end
          return { [0] = ar + am_g * g + mn, ac + ks * s + k }
        end
      end, ga, steps, 64, ks, self.fp8, #la > 1)
      if not fa then tr.fail("wgmma: the A tile's LDS layout is not one the descriptors can read: %s", why_a) end
    end
    local fb, why_b = fit_staged(b, table.concat({ key_of(lb), kk, self.n, tostring(b.transposed) }, ":"), function(sh)
      return function(g, s, mn, k)
        local br, bc = origin(lb, g)
        br = br + sh
        if b.transposed then return { [0] = br + mn, bc + ks * s + k } end
        return { [0] = br + ks * s + k, bc + mn }
      end
    end, gb, steps, self.n, ks, self.fp8, #lb > 1)
    if not fb then tr.fail("wgmma: the B tile's LDS layout is not one the descriptors can read: %s", why_b) end
    local imm, imm2 = tl._wgmma_pack { lds_a = ra and 0 or a.lds.index, lds_b = b.lds.index, n = self.n, a_regs = ra and 1 or 0,
                                       bf16 = self.dtype == "bf16" and 1 or 0, trans_a = fa.trans, trans_b = fb.trans,
                                       ksteps = steps, a_step = fa.step, b_step = fb.step, a_lbo = fa.lbo,
                                       a_sbo = fa.sbo, b_lbo = fb.lbo, b_sbo = fb.sbo, fp8 = self.fp8,
                                       pending = opts and opts.pending or 0, scale_op = accumulate ~= nil and 1 or 0 }
    local a_start, b_start = tr.const(fa.start, "i32"), tr.const(fb.start, "i32")
    if ga > 1 then a_start = a_start + (ctx.tid // tr.const(128, "i32")) * tr.const(fa.gstride, "i32") end
    if gb > 1 then b_start = b_start + (ctx.tid // tr.const(128, "i32")) * tr.const(fb.gstride, "i32") end
    -- (a ring's tile: its stage's start)
    if not ra and a.stage then a_start = a_start + tr.as(a.stage, "i32") * tr.const(fa.sstep, "i32") end
    if b.stage then b_start = b_start + tr.as(b.stage, "i32") * tr.const(fb.sstep, "i32") end
    local ops = {}
    local zero = c == nil and tr.const(0.0, "f32") or nil
    for y = 0, self.elements - 1 do ops[#ops + 1] = c and tr.as(c.vals[y], "f32") or zero end
    if ra then
      for y = 0, kk // 2 - 1 do ops[#ops + 1] = ra.vals[y] end
    else
      ops[#ops + 1] = a_start
    end
    ops[#ops + 1] = b_start
    if accumulate ~= nil then
      if type(accumulate) == "boolean" then ops[#ops + 1] = tr.const(accumulate and 1 or 0, "i32")
      else ops[#ops + 1] = tl.select(accumulate, tr.const(1, "i32"), tr.const(0, "i32")) end
    end
    local id = tr.emit("wgmma", nil, ops, { imm = imm, imm2 = imm2 })
    local instr = { id = id }
    local vals = {}
    for y = 0, self.elements - 1 do vals[y] = tr.emit("mma_result", "f32", { instr }, { imm = y }) end
    self.facts = self.facts or tl._dist_facts(self.c)
    return win.new_dist_tensor(self.c, self.facts, "f32", vals)
  end

  -- s:undefined() -> f32 accumulators nothing defines (NaN on the executor): the init of a K loop
  -- whose first s:mma has accumulate = false
  function Shape:undefined()
    tr.current()
    local vals, u = {}, tr.emit("undef", "f32", {})
    for y = 0, self.elements - 1 do vals[y] = u end
    self.facts = self.facts or tl._dist_facts(self.c)
    return win.new_dist_tensor(self.c, self.facts, "f32", vals)
  end

  -- s:zeros() -> f32 zeros distributed as s.c (e.g. the init of a k:range loop)
  function Shape:zeros()
    tr.current()
    local vals, zero = {}, tr.const(0.0, "f32")
    for y = 0, self.elements - 1 do vals[y] = zero end
    self.facts = self.facts or tl._dist_facts(self.c)
    return win.new_dist_tensor(self.c, self.facts, "f32", vals)
  end
end
