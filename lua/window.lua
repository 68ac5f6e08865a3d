-- window.lua - windows on tensors and LDS buffers, distributed tensors (the thread's elements of a
-- tile), sweeps, and cross-thread reductions, all lowered to IR at trace time.
local tr = require "tilelua.trace"
local ldmatrix = require "tilelua.ldmatrix"
local M = {}
local tl -- the module table, bound by M.bind

function M.bind(module) tl = module end

local DistTensor = {}
DistTensor.__index = DistTensor
M.DistTensor = DistTensor

local function is_dist_tensor(x) return getmetatable(x) == DistTensor end
M.is_dist_tensor = is_dist_tensor

-- facts of a distribution (cached per distribution object for the trace)
local function facts_of(c, dist)
  c.dist_facts = c.dist_facts or setmetatable({}, { __mode = "k" })
  local f = c.dist_facts[dist]
  if not f then
    local ok, res = pcall(tl._dist_facts, dist)
    if not ok then tr.fail("window: %s", tostring(res)) end
    f = res
    if f.threads > c.block then
      tr.fail("kernel '%s': the distribution needs %d threads but the block has %d", c.name, f.threads, c.block)
    end
    c.dist_facts[dist] = f
  end
  return f
end

-- The tile coordinates o[d] (0-based dims) thread tid holds at y = 0: the sum of the
-- distribution's thread terms (those keep(t) accepts; all when nil), a dimension without one absent.
-- tid is a Value (the kernel's symbolic origin) or an integer (layout checks at trace time): both
-- have // % * +.
local function origin_of(f, block, tid, keep)
  local o = {}
  for _, t in ipairs(f.tterms) do
    if t.dim >= 0 and t.len > 1 and (not keep or keep(t)) then
      local digit = tid
      if t.div > 1 then digit = digit // t.div end
      if t.div * t.len < block then digit = digit % t.len end
      local term = t.stride ~= 1 and digit * t.stride or digit
      o[t.dim] = o[t.dim] and (o[t.dim] + term) or term
    end
  end
  return o
end
M.origin_of = origin_of

-- Symbolic tile coordinates of the calling thread: origin[d] (0-based, within the tile), cached.
local function thread_origin(c, f, dist)
  c.origins = c.origins or setmetatable({}, { __mode = "k" })
  local key = f -- one facts table per distribution, and per rank it is lifted to (lifted_facts)
  local cached = c.origins[key]
  if cached and cached.region == c.region then return cached.o end
  local o = origin_of(f, c.block, c.tid)
  for d = 0, f.ndim - 1 do o[d] = o[d] or tr.const(0, "i32") end
  c.origins[key] = { region = c.region, o = o }
  return o
end
M.thread_origin = thread_origin

-- The dimension of the thread's element grid: for access ordering by a curve.
local function access_groups(f, curve)
  local vec = f.vector
  local n = f.elements // vec
  local order = {}
  if curve then
    local na = curve:num_access()
    if na ~= n then
      tr.fail("window: the curve has %d accesses but each thread makes %d vector accesses " ..
              "(%d elements / vector %d)", na, n, f.elements, vec)
    end
    local lengths = curve.lengths
    for i = 0, na - 1 do
      local idx = curve:index(i)
      -- the access's flat position in the curve's row-major element space, in units of accesses
      local flat, mul = 0, 1
      for d = #lengths, 1, -1 do
        local vd = curve.vector[d]
        flat = flat + (idx[d] // vd) * mul
        mul = mul * ((lengths[d] + vd - 1) // vd)
      end
      order[#order + 1] = flat
    end
  else
    for i = 0, n - 1 do order[#order + 1] = i end
  end
  return order, vec
end

-- window object --------------------------------------------------------------------------------
local Window = {}
Window.__index = Window
M.Window = Window

-- The facts of an n-dimensional distribution seen as one of `rank` > n dimensions whose leading
-- rank - n have length 1 (the tile of a window at fixed leading coordinates), cached per rank.
local function lifted_facts(c, dist, f, rank)
  c.lifted = c.lifted or setmetatable({}, { __mode = "k" })
  local per = c.lifted[dist] or {}
  c.lifted[dist] = per
  if per[rank] then return per[rank] end
  local lead = rank - f.ndim
  local g = setmetatable({ ndim = rank, lengths = {}, offsets = {}, tterms = {} }, { __index = f })
  for d = 1, rank do g.lengths[d] = d <= lead and 1 or f.lengths[d - lead] end
  for y = 1, f.elements do
    local o = {}
    for d = 1, rank do o[d] = d <= lead and 0 or f.offsets[y][d - lead] end
    g.offsets[y] = o
  end
  for i, t in ipairs(f.tterms) do
    g.tterms[i] = setmetatable({ dim = t.dim >= 0 and t.dim + lead or t.dim }, { __index = t })
  end
  per[rank] = g
  return g
end

-- src: a kernel tensor parameter (tr.TensorParam) or an LDS buffer. A distribution of fewer
-- dimensions than src covers its last ones: the leading lengths must be 1 (e.g. a {1, 1, 64, 128}
-- tile of a {B, H, S, D} tensor through a 2-D distribution); the loaded tensor has the
-- distribution's own dimensions.
function M.window(k, src, origin, lengths, dist, curve)
  local c = tr.current()
  if type(src) ~= "table" or not (src.is_tensor or src.is_lds) then
    tr.fail("window: the first argument must be a tensor parameter or an LDS buffer, got %s", type(src))
  end
  if type(origin) ~= "table" or type(lengths) ~= "table" then
    tr.fail("window: origin and lengths must be sequences, e.g. k:window(p.x, {r0, c0}, {64, 64}, dist)")
  end
  local rank = src.rank
  if dist == nil then
    -- a box without a distribution: what a TMA copy moves (k:copy with barrier=), nothing else
    if #origin ~= rank or #lengths ~= rank then
      tr.fail("window: rank mismatch: the %s has rank %d, origin has %d entries, lengths %d",
              src.is_lds and "LDS buffer" or "tensor", rank, #origin, #lengths)
    end
    for d = 1, rank do
      if math.type(lengths[d]) ~= "integer" or lengths[d] < 1 then
        tr.fail("window: lengths[%d] must be a positive integer (got %s)", d, tostring(lengths[d]))
      end
      if src.is_lds and type(origin[d]) == "number" and (origin[d] < 0 or origin[d] + lengths[d] > src.lengths[d]) then
        tr.fail("window: the window [%d, %d) along dimension %d leaves the LDS buffer (length %d)",
                origin[d], origin[d] + lengths[d], d - 1, src.lengths[d])
      end
    end
    return setmetatable({ src = src, origin = origin, lengths = lengths, box = true }, Window)
  end
  local own = facts_of(c, dist)
  local f = own
  if #origin ~= rank or #lengths ~= rank or f.ndim > rank then
    tr.fail("window: rank mismatch: the %s has rank %d, origin has %d entries, lengths %d, " ..
            "the distribution %d dimensions", src.is_lds and "LDS buffer" or "tensor", rank, #origin,
            #lengths, f.ndim)
  end
  if f.ndim < rank then f = lifted_facts(c, dist, f, rank) end
  for d = 1, rank do
    if lengths[d] ~= f.lengths[d] then
      tr.fail("window: lengths[%d] = %s but the distribution's tile is %d along that dimension",
              d, tostring(lengths[d]), f.lengths[d])
    end
  end
  if src.is_lds then
    for d = 1, rank do
      if type(origin[d]) == "number" and (origin[d] < 0 or origin[d] + lengths[d] > src.lengths[d]) then
        tr.fail("window: the window [%d, %d) along dimension %d leaves the LDS buffer (length %d)",
                origin[d], origin[d] + lengths[d], d - 1, src.lengths[d])
      end
    end
  end
  return setmetatable({ src = src, origin = origin, lengths = lengths, dist = dist, facts = f, own = own,
                        curve = curve }, Window)
end

-- The offsets of lane 0 of element y's vector group (elements y - y % vec ..) when the group starts
-- at a multiple of vec along the last dimension and y is lane y % vec along it (the other
-- coordinates equal); nil otherwise.
local function group_lead(f, y, vec, rank)
  local lane, first, off = y % vec, f.offsets[y - y % vec + 1], f.offsets[y + 1]
  if first[rank] % vec ~= 0 then return nil end
  for d = 1, rank do
    if off[d] ~= first[d] + (d == rank and lane or 0) then return nil end
  end
  return first
end

-- A thread's elements on a swizzled LDS buffer, relative to others: for each {y, ref} of refs (0-based elements,
-- ref < y) where y's offset is ref's plus a constant, or (remat_offsets) an earlier element's plus a constant, or
-- ref's XOR a constant, for every thread of the block and every origin the window can have, rel[y] = {ref = ref or
-- the earlier element, op = "add" | "xor", c = constant}. The origins: a number
-- as it is, a Value every multiple of its known power-of-two divisor that keeps the window in the buffer.
-- Checked by evaluating the descriptor on them all (nil when that would take more than EVAL_CAP evaluations).
-- Each element's offset is then one operation on its reference's, not a chain of its own from the thread id:
-- such chains are loop-invariant, and ptxas kept them live across the loop (std.attention_backward's dK/dV
-- kernel at D = 128: 112 bytes of spill stores, 4 with this; bench/RESULTS.md, 2026-11-27 session 21).
local EVAL_CAP = 1 << 17
local function relative_offsets(c, w, f, refs)
  local src, rank = w.src, w.src.rank
  local cands, ncand = {}, 1
  for d = 1, rank do
    local o, list = w.origin[d], {}
    if type(o) == "number" then list[1] = o
    else
      local p = tr.pow2_divisor(tr.as(o, "i32"))
      for v = 0, src.lengths[d] - w.lengths[d], p do list[#list + 1] = v end
    end
    if #list == 0 then return nil end
    cands[d] = list
    ncand = ncand * #list
  end
  -- the threads' distinct coordinates (a distribution of fewer threads than the block repeats)
  local seen, coords = {}, {}
  for tid = 0, c.block - 1 do
    local o = origin_of(f, c.block, tid)
    local key = {}
    for d = 0, rank - 1 do key[d + 1] = o[d] or 0 end
    local ks = table.concat(key, ",")
    if not seen[ks] then seen[ks] = true; coords[#coords + 1] = key end
  end
  if ncand * #coords * (#refs + 1) > EVAL_CAP then return nil end
  local h = c.hints
  local remat = h and h.remat_offsets
  local add, xor = {}, {}
  -- (remat) moved[e]: element e's offset at each evaluation less its offset at the first (equal for two elements
  -- exactly when one is the other's plus a constant)
  local moved, first = {}, {}
  local pick, idx = {}, {}
  local function at(base, y)
    local off = f.offsets[y + 1]
    for d = 1, rank do idx[d - 1] = base[d] + off[d] end
    return src:element_offset(idx)
  end
  local function note(e, o)
    if not remat then return end
    local m = moved[e]
    if not m then m = {}; moved[e] = m; first[e] = o end
    m[#m + 1] = o - first[e]
  end
  local function each(d)
    if d > rank then
      for _, tc in ipairs(coords) do
        local base, offs = {}, {}
        for e = 1, rank do base[e] = pick[e] + tc[e] end
        for _, pr in ipairs(refs) do
          local y, ref = pr[1], pr[2]
          if not offs[ref] then offs[ref] = at(base, ref); note(ref, offs[ref]) end
          local oy, o0 = at(base, y), offs[ref]
          offs[y] = oy
          note(y, oy)
          if add[y] == nil then add[y] = oy - o0 elseif add[y] and add[y] ~= oy - o0 then add[y] = false end
          if xor[y] == nil then xor[y] = oy ~ o0 elseif xor[y] and xor[y] ~= oy ~ o0 then xor[y] = false end
        end
      end
      return
    end
    for _, v in ipairs(cands[d]) do pick[d] = v; each(d + 1) end
  end
  each(1)
  -- (remat) the first element (in order) of each class of elements a constant apart: it leads the class
  local leader, key = {}, {}
  if remat then
    local order = {}
    for _, pr in ipairs(refs) do order[#order + 1] = pr[2]; order[#order + 1] = pr[1] end
    table.sort(order)
    for _, e in ipairs(order) do
      key[e] = key[e] or table.concat(moved[e], ",")
      leader[key[e]] = leader[key[e]] or e
    end
  end
  local rel = {}
  for _, pr in ipairs(refs) do
    local y = pr[1]
    local l = remat and leader[key[y]]
    if add[y] then rel[y] = { ref = pr[2], op = "add", c = add[y] }
    -- with remat_offsets (each XOR computed where the access is), another element plus a constant before the
    -- reference XOR one: on a swizzle whose XOR reaches bits of the row groups the thread's offset never has (the
    -- 128-byte swizzle's 8-row groups) only the low part needs an XOR of its own, the rest is an addition the
    -- access's address takes as its immediate (std.attention_backward at D = 128: 78 XORs -> 30, 1.01-1.04x not
    -- causal on an H200). Without the hint the offsets are hoisted out of the loops anyway, and the form only moved
    -- ptxas's allocation (the D = 64 forward 0.88x at 4k): bench/RESULTS.md, 2026-11-27 session 26
    elseif l and l < y then rel[y] = { ref = l, op = "add", c = first[y] - first[l] }
    elseif xor[y] then rel[y] = { ref = pr[2], op = "xor", c = xor[y] } end
  end
  return rel
end

-- b ~ c; with the kernel's hint remat_offsets computed where the access is (the IR's xor "stay"): b is often
-- loop-invariant, and NVVM hoists each element's XOR out of the loop, where ptxas keeps them all live. That costs
-- registers a kernel at its limit spills (std.attention's persistent D = 128 forward: 220 bytes of spill stores,
-- 132 with the hint; its backward at D = 128 4 -> 0 and 1.04-1.08x faster from S = 4k) and saves instructions
-- one below it (the D = 64 causal forward 4-6% slower with it): bench/RESULTS.md, 2026-11-27 session 22.
local STAY = { imm = 1 } -- (ir.h TLUA_XOR_STAY)
local function xor_stay(b, c)
  local h = tr.current().hints
  return tr.binary("xor", b, c, true, h and h.remat_offsets and STAY or nil)
end

-- Per element y: absolute coordinates (Values), offset (Value) and in-bounds mask (Value or nil).
local function element_addresses(w)
  local c = tr.current()
  local f, src = w.facts, w.src
  local o = thread_origin(c, f, w.dist)
  local rank = src.rank
  -- LDS offsets are i32 (a buffer is at most 64 KiB), tensor offsets i64
  local it = src.is_lds and "i32" or "i64"
  local base = {}
  for d = 1, rank do base[d] = tr.as(w.origin[d], it) + tr.as(o[d - 1], it) end
  local out = {}
  if src.is_lds then
    -- a vector group whose lane 0 starts a run the buffer keeps consecutive (Lds:run) gets lane 0's
    -- offset through the descriptor and base + lane for the others, so the HIP emitter fuses it
    -- into one access even on a swizzled buffer
    local vec = f.vector
    local grouped = vec > 1 and src:run() % vec == 0 and tr.pow2_divisor(base[rank]) % vec == 0
    local function led(y) return grouped and y % vec > 0 and group_lead(f, y, vec, rank) end
    -- (each element against a reference: a lane of a vector group against the group's first lane, which the
    -- HIP emitter then fuses with it, any other element against the thread's first)
    local rel
    if src.desc and f.elements > 1 then
      local refs = {}
      for y = 1, f.elements - 1 do
        if not led(y) then
          local lane = y % vec
          refs[#refs + 1] = { y, (lane > 0 and group_lead(f, y, vec, rank)) and y - lane or 0 }
        end
      end
      rel = relative_offsets(c, w, f, refs)
    end
    for y = 0, f.elements - 1 do
      local off, lane = f.offsets[y + 1], y % vec
      if led(y) then
        out[y] = { offset = out[y - lane].offset + lane }
      elseif rel and rel[y] then
        local r = rel[y]
        local b = out[r.ref].offset
        out[y] = { offset = r.op == "add" and (r.c == 0 and b or b + r.c) or xor_stay(b, r.c) }
      else
        local coord = {}
        for d = 1, rank do coord[d] = off[d] ~= 0 and (base[d] + off[d]) or base[d] end
        out[y] = { offset = src:offset(coord) }
      end
    end
    return out
  end
  -- global tensor: offset = sum coord_d * stride_d; mask = 0 <= coord_d < shape_d
  local thr = nil
  for d = 1, rank do
    local s = src:stride_value(d - 1)
    local term = s == 1 and base[d] or base[d] * s
    thr = thr and (thr + term) or term
  end
  local in_dim, row_base = {}, {}
  -- the lanes of a vector group share lane 0's bound along the last dimension when that dimension
  -- is contiguous, its length is a multiple of the group (specialization facts: of 16, or its
  -- power-of-two divisor, as an even 5000 columns for pairs) and lane 0's coordinate a multiple of the
  -- group: one comparison per group instead of one per element, and the group stays one access
  local vec = f.vector
  local share = vec > 1 and 16 % vec == 0 and src:stride_value(rank - 1) == 1 and (src.last_div or 1) % vec == 0 and
                tr.pow2_divisor(base[rank]) % vec == 0
  for y = 0, f.elements - 1 do
    local off = f.offsets[y + 1]
    local bound_off = share and group_lead(f, y, vec, rank) or off
    local ec, ev = 0, nil -- the element's offset from the thread's: constant part, symbolic part
    local vkey = ""       -- which symbolic part: elements sharing it share one base (below)
    local mask, mkey  -- the element's mask and its key: elements with the same bounds share one value
    for d = 1, rank do
      if off[d] ~= 0 then
        local s = src:stride_value(d - 1)
        if s == 1 then ec = ec + off[d]
        else
          local term = s * off[d]
          ev = ev and (ev + term) or term
          vkey = vkey .. d .. ":" .. off[d] .. ","
        end
      end
      local key = d .. ":" .. bound_off[d]
      local m = in_dim[key]
      if not m then
        local coord = bound_off[d] ~= 0 and (base[d] + bound_off[d]) or base[d]
        m = tl.land(tl.ge(coord, 0), tl.lt(coord, src:shape_value(d - 1)))
        in_dim[key] = m
      end
      mkey = mkey and (mkey .. "|" .. key) or key
      if mask then
        local both = in_dim[mkey]
        if not both then both = tl.land(mask, m); in_dim[mkey] = both end
        mask = both
      else mask = m end
    end
    -- offset = (thread base + symbolic part) + constant: the elements of one vector then differ
    -- from one shared base by constants 0..vec-1, which the HIP emitter fuses into one access
    local base_y = thr
    if ev then
      base_y = row_base[vkey]
      if not base_y then base_y = thr + ev; row_base[vkey] = base_y end
    end
    local offset = ec ~= 0 and (base_y + ec) or base_y
    out[y] = { offset = offset, mask = mask }
  end
  return out
end

-- w:load{pad = 0, matrix = true} -> DistTensor. From LDS, a distribution that is a set of 8x8
-- matrix fragments loads with lds_matrix (ldmatrix.lua) unless matrix = false.
function Window:load(opts)
  if self.box then tr.fail("window: a window without a distribution is a box for TMA copies (k:copy with barrier=); give it a distribution to load, store or update it") end
  local c = tr.current()
  local pad = opts and opts.pad or 0
  local f, src = self.facts, self.src
  if src.is_lds and not (opts and opts.matrix == false) then
    local mv = ldmatrix.load(self)
    if mv then return M.new_dist_tensor(self.dist, self.own, src.dtype, mv) end
  end
  local addrs = element_addresses(self)
  local order, vec = access_groups(f, self.curve)
  local vals = {}
  local contiguous = src.is_lds or src:stride_value(src.rank - 1) == 1
  for _, g in ipairs(order) do
    for lane = 0, vec - 1 do
      local y = g * vec + lane
      local a = addrs[y]
      local fields = { imm = src.index, vec = contiguous and vec or 1, vec_lane = contiguous and lane or 0 }
      if tr.FLOAT[src.dtype] then fields.fimm = pad else fields.imm2 = math.tointeger(pad) or 0 end
      local ops = { a.offset }
      if a.mask then ops[2] = a.mask end
      vals[y] = tr.emit(src.is_lds and "lds_load" or "load", src.dtype, ops, fields)
    end
  end
  return M.new_dist_tensor(self.dist, self.own, src.dtype, vals)
end

-- w:store(t): t a DistTensor of the same distribution (converted to the target dtype)
function Window:store(t)
  if self.box then tr.fail("window: a window without a distribution is a box for TMA copies (k:copy with barrier=); give it a distribution to load, store or update it") end
  if not is_dist_tensor(t) then tr.fail("window:store: expected a distributed tensor, got %s", type(t)) end
  if t.facts.elements ~= self.facts.elements or t.dist ~= self.dist then
    tr.fail("window:store: the tensor's distribution differs from the window's")
  end
  local f, src = self.facts, self.src
  local addrs = element_addresses(self)
  local order, vec = access_groups(f, self.curve)
  local contiguous = src.is_lds or src:stride_value(src.rank - 1) == 1
  -- convert every value first: conversions emitted between the lanes of a vector group would
  -- break the group (its lanes must be adjacent instructions)
  local vals = {}
  for y = 0, f.elements - 1 do vals[y] = tr.as(t.vals[y], src.dtype) end
  for _, g in ipairs(order) do
    for lane = 0, vec - 1 do
      local y = g * vec + lane
      local a = addrs[y]
      local v = vals[y]
      local ops = { a.offset, v }
      if a.mask then ops[3] = a.mask end
      tr.emit(src.is_lds and "lds_store" or "store", nil, ops,
              { imm = src.index, vec = contiguous and vec or 1, vec_lane = contiguous and lane or 0 })
    end
  end
end

-- M.copy(dst, src): window src on a tensor parameter into window dst on an LDS buffer, element by
-- element through the same distribution (masked elements of src become 0), as lds_copy
-- instructions in vector groups (see k:copy).
function M.copy(dst, src)
  if getmetatable(dst) ~= Window or getmetatable(src) ~= Window then
    tr.fail("k:copy(dst, src): both must be windows, e.g. k:copy(k:window(lds, ...), k:window(p.x, ...))")
  end
  if dst.box or src.box then
    tr.fail("k:copy(dst, src): windows without a distribution are copied by TMA only: k:copy(dst, src, {barrier = mb, index = i})")
  end
  if not dst.src.is_lds or src.src.is_lds then
    tr.fail("k:copy(dst, src): dst must be a window on an LDS buffer and src one on a tensor parameter")
  end
  if dst.dist ~= src.dist then tr.fail("k:copy(dst, src): the two windows must have the same distribution") end
  if dst.src.dtype ~= src.src.dtype then
    tr.fail("k:copy(dst, src): the LDS buffer holds %s but the tensor %s (copies do not convert)", dst.src.dtype, src.src.dtype)
  end
  local f = src.facts
  local da, sa = element_addresses(dst), element_addresses(src)
  local order, vec = access_groups(f, src.curve)
  local contiguous = src.src:stride_value(src.src.rank - 1) == 1
  for _, g in ipairs(order) do
    for lane = 0, vec - 1 do
      local y = g * vec + lane
      local ops = { da[y].offset, sa[y].offset }
      if sa[y].mask then ops[3] = sa[y].mask end
      tr.emit("lds_copy", nil, ops, { imm = dst.src.index, imm2 = src.src.index, vec = contiguous and vec or 1,
                                      vec_lane = contiguous and lane or 0 })
    end
  end
end

-- w:atomic(op, t, opts): element-wise atomics of a distributed tensor into the window.
function Window:atomic(op, t, opts)
  if self.box then tr.fail("window: a window without a distribution is a box for TMA copies (k:copy with barrier=); give it a distribution to load, store or update it") end
  if not is_dist_tensor(t) then tr.fail("window:atomic: expected a distributed tensor, got %s", type(t)) end
  local addrs = element_addresses(self)
  local olds = {}
  for y = 0, self.facts.elements - 1 do
    olds[y] = M.atomic_at(self.src, addrs[y].offset, addrs[y].mask, op, t.vals[y], opts)
  end
  if opts and opts.old then return M.new_dist_tensor(self.dist, self.own, self.src.dtype, olds) end
end

local ATOMIC_OPS = { add = 0, ["and"] = 1, ["or"] = 2, xor = 3, max = 4, min = 5, xchg = 6, cas = 7 }
local ORDERS = { relaxed = 0, acquire = 1, release = 2, acq_rel = 3 }
local SCOPES = { block = 0, device = 1, system = 2 }
M.ATOMIC_OPS = ATOMIC_OPS

-- One atomic per lane at `offset` (Value) of src (tensor param or LDS buffer).
function M.atomic_at(src, offset, mask, op, value, opts)
  opts = opts or {}
  local code = ATOMIC_OPS[op]
  if not code then
    tr.fail("atomic: unknown op '%s' (expected add, and, or, xor, max, min, xchg or cas)", tostring(op))
  end
  local order = ORDERS[opts.order or "acq_rel"]
  if not order then tr.fail("atomic: order must be relaxed, acquire, release or acq_rel (got %s)", tostring(opts.order)) end
  local scope = SCOPES[opts.scope or "device"]
  if not scope then tr.fail("atomic: scope must be block, device or system (got %s)", tostring(opts.scope)) end
  if (op == "and" or op == "or" or op == "xor") and tr.FLOAT[src.dtype] then
    tr.fail("atomic: '%s' needs an integer tensor, got %s", op, src.dtype)
  end
  local v = tr.as(value, src.dtype)
  local ops = { offset, v }
  if op == "cas" then
    if opts.cmp == nil then tr.fail("atomic: cas needs opts.cmp, the value to compare with") end
    ops[3] = tr.as(opts.cmp, src.dtype)
  else
    ops[3] = nil
  end
  local fields = { imm = src.index, atomic_op = code, order = order, scope = scope,
                   space = src.is_lds and 1 or 0, want_old = opts.old and 1 or 0 }
  -- operands: offset, value, cmp (cas), mask (always last when present); imm2 says which are there
  fields.imm2 = (op == "cas" and 1 or 0) + (mask and 2 or 0)
  if mask then ops[#ops + 1] = mask end
  local res = tr.emit("atomic", opts.old and src.dtype or nil, ops, fields)
  if opts.old then return res end
  return nil
end

-- distributed tensors --------------------------------------------------------------------------
function M.new_dist_tensor(dist, facts, dtype, vals)
  return setmetatable({ dist = dist, facts = facts, dtype = dtype, vals = vals }, DistTensor)
end

function DistTensor:elements() return self.facts.elements end

-- y is 0-based
function DistTensor:get(y)
  if math.type(y) ~= "integer" or y < 0 or y >= self.facts.elements then
    tr.fail("get: element index %s out of range 0..%d", tostring(y), self.facts.elements - 1)
  end
  return self.vals[y]
end
function DistTensor:set(y, v)
  if math.type(y) ~= "integer" or y < 0 or y >= self.facts.elements then
    tr.fail("set: element index %s out of range 0..%d", tostring(y), self.facts.elements - 1)
  end
  self.vals[y] = tr.as(v, self.dtype)
end

local function wrap(v)
  if tr.is_value(v) then return v end
  if type(v) == "number" or type(v) == "boolean" then
    return tr.const(v, type(v) == "boolean" and "bool" or (math.type(v) == "float" and "f32" or "i32"))
  end
  tr.fail("sweep: the function must return a number or a symbolic value, got %s", type(v))
end

-- t:map(fn(v)) -> new DistTensor
function DistTensor:map(fn)
  local vals, dtype = {}, nil
  for y = 0, self.facts.elements - 1 do
    vals[y] = wrap(fn(self.vals[y]))
    dtype = dtype and tr.promote(dtype, vals[y].dtype) or vals[y].dtype
  end
  for y = 0, self.facts.elements - 1 do vals[y] = tr.as(vals[y], dtype) end
  return M.new_dist_tensor(self.dist, self.facts, dtype, vals)
end

-- idx: tile coordinates of element y of this thread (Values, 0-based, within the tile)
local function tile_coords(self, y)
  local c = tr.current()
  local o = thread_origin(c, self.facts, self.dist)
  local off = self.facts.offsets[y + 1]
  local idx = {}
  for d = 1, self.facts.ndim do idx[d] = off[d] ~= 0 and (o[d - 1] + off[d]) or o[d - 1] end
  return idx
end
DistTensor.coords = tile_coords

-- t:foreach(fn(v, idx, y)): idx = {row, col} tile coordinates (symbolic). A returned value
-- replaces the element (so accumulations can be written in place).
function DistTensor:foreach(fn)
  for y = 0, self.facts.elements - 1 do
    local r = fn(self.vals[y], tile_coords(self, y), y)
    if r ~= nil then self.vals[y] = tr.as(wrap(r), self.dtype) end
  end
  return self
end

local function combiner(op)
  if type(op) == "function" then return op end
  if op == "sum" or op == "add" then return function(a, b) return a + b end end
  if op == "prod" or op == "mul" then return function(a, b) return a * b end end
  if op == "max" or op == "min" then
    return function(a, b)
      local t, x, y = tr.unify(a, b)
      return tr.emit(op, t, { x, y })
    end
  end
  tr.fail("reduce: unknown op '%s' (expected sum, prod, max, min or a function(a, b))", tostring(op))
end
M.combiner = combiner

-- t:reduce(op) -> Value: all the thread's elements combined
function DistTensor:reduce(op)
  local f = combiner(op)
  local acc = self.vals[0]
  for y = 1, self.facts.elements - 1 do acc = wrap(f(acc, self.vals[y])) end
  return acc
end

-- t:relabel(dist[, u, ...]) -> the thread's values of t (then those of u, ...) as a tensor of
-- distribution dist, which must hold as many elements per thread. No data moves: only the tile
-- coordinates the values stand for change (e.g. the accumulators of two MMAs reused as the A
-- operand of the next, or a fragment loaded through a transposed encoding given the operand's).
function DistTensor:relabel(dist, ...)
  local c = tr.current()
  local f = facts_of(c, dist)
  local vals, n = {}, 0
  for i, t in ipairs({ self, ... }) do
    if not is_dist_tensor(t) then tr.fail("relabel: argument #%d must be a distributed tensor, got %s", i, type(t)) end
    if t.dtype ~= self.dtype then tr.fail("relabel: the tensors must have one dtype (%s and %s)", self.dtype, t.dtype) end
    for y = 0, t.facts.elements - 1 do vals[n] = t.vals[y]; n = n + 1 end
  end
  if n ~= f.elements then
    tr.fail("relabel: %d values per thread, but the distribution holds %d elements per thread", n, f.elements)
  end
  return M.new_dist_tensor(dist, f, self.dtype, vals)
end

function DistTensor:cast(dt)
  local name = tr.dtname(dt)
  if not name then tr.fail("cast: unknown dtype %s", tostring(dt)) end
  return self:map(function(v) return tr.as(v, name) end)
end

-- element-wise arithmetic between distributed tensors (same distribution) and scalars
local function elementwise(op)
  return function(a, b)
    local da, db = is_dist_tensor(a) and a or nil, is_dist_tensor(b) and b or nil
    local ref = da or db
    if da and db and da.dist ~= db.dist then tr.fail("distributed tensors of different distributions cannot be combined") end
    local vals = {}
    for y = 0, ref.facts.elements - 1 do
      local x = da and da.vals[y] or a
      local z = db and db.vals[y] or b
      vals[y] = op(x, z)
    end
    return M.new_dist_tensor(ref.dist, ref.facts, vals[0].dtype, vals)
  end
end
DistTensor.__add = elementwise(function(a, b) return tr.binary("add", a, b) end)
DistTensor.__sub = elementwise(function(a, b) return tr.binary("sub", a, b) end)
DistTensor.__mul = elementwise(function(a, b) return tr.binary("mul", a, b) end)
DistTensor.__div = elementwise(function(a, b) return tr.binary("div", a, b) end)
DistTensor.__unm = function(a) return a:map(function(v) return -v end) end
DistTensor.__len = function(a) return a.facts.elements end
DistTensor.__tostring = function(a)
  return string.format("DistTensor{dtype=%s, elements per thread=%d}", a.dtype, a.facts.elements)
end

-- Cross-thread reduction along `axis` (0-based tensor dimension): every element receives the
-- combination of all elements of the tile that share its other coordinates.
function M.reduce(t, op, axis)
  local c = tr.current()
  if not is_dist_tensor(t) then tr.fail("tl.reduce: expected a distributed tensor, got %s", type(t)) end
  local f = t.facts
  if math.type(axis) ~= "integer" or axis < 0 or axis >= f.ndim then
    tr.fail("tl.reduce: axis %s out of range 0..%d", tostring(axis), f.ndim - 1)
  end
  local comb = combiner(op)
  local function key_of(off)
    local parts = {}
    for d = 1, f.ndim do if d - 1 ~= axis then parts[#parts + 1] = off[d] end end
    return table.concat(parts, ",")
  end
  -- 1. within the thread: one partial per line (elements sharing the non-axis coordinates)
  local groups, order = {}, {}
  for y = 0, f.elements - 1 do
    local key = key_of(f.offsets[y + 1])
    local g = groups[key]
    if not g then
      g = { ys = {}, first = y }
      groups[key] = g
      order[#order + 1] = key
    end
    g.ys[#g.ys + 1] = y
    g.acc = g.acc and wrap(comb(g.acc, t.vals[y])) or t.vals[y]
  end
  -- 2. across threads: the digits of the thread id that move along the axis
  local shfl_masks, lds_terms = {}, {}
  local warp = c.warp
  for _, term in ipairs(f.tterms) do
    if term.dim == axis and term.len > 1 then
      local pow2 = (term.div & (term.div - 1)) == 0 and (term.len & (term.len - 1)) == 0
      if pow2 and term.div * term.len <= warp then
        local m = term.div
        while m < term.div * term.len do
          shfl_masks[#shfl_masks + 1] = m
          m = m * 2
        end
      else
        lds_terms[#lds_terms + 1] = term
      end
    end
  end
  for _, key in ipairs(order) do
    local g = groups[key]
    for _, m in ipairs(shfl_masks) do
      local other = tr.emit("shfl_xor", g.acc.dtype, { g.acc }, { imm = m })
      g.acc = wrap(comb(g.acc, other))
    end
  end
  if #lds_terms > 0 then
    -- partials of the threads that differ only in the remaining digits meet in LDS:
    -- slot [line][j], line = the tile coordinates except the axis, j = those digits
    local G = 1
    for _, term in ipairs(lds_terms) do G = G * term.len end
    local lines = 1
    for d = 1, f.ndim do if d - 1 ~= axis then lines = lines * f.lengths[d] end end
    local dtype = groups[order[1]].acc.dtype
    local buf = M.lds_buffer(c, dtype, { lines * G }, nil)
    local j = nil
    local tid = c.tid
    for _, term in ipairs(lds_terms) do
      local digit = tid
      if term.div > 1 then digit = digit // tr.const(term.div, "i32") end
      digit = digit % tr.const(term.len, "i32")
      j = j and (j * term.len + digit) or digit
    end
    local function line_index(y)
      local coords = tile_coords(t, y)
      local li = nil
      for d = 1, f.ndim do
        if d - 1 ~= axis then
          li = li and (li * f.lengths[d] + coords[d]) or coords[d]
        end
      end
      return li or tr.const(0, "i32")
    end
    for _, key in ipairs(order) do
      local g = groups[key]
      g.line = line_index(g.first)
      tr.emit("lds_store", nil, { tr.as(g.line * G + j, "i64"), g.acc }, { imm = buf.index })
    end
    tr.emit("barrier", nil, {})
    for _, key in ipairs(order) do
      local g = groups[key]
      local base = g.line * G
      local acc = nil
      for jj = 0, G - 1 do
        local v = tr.emit("lds_load", dtype, { tr.as(base + jj, "i64") }, { imm = buf.index })
        acc = acc and wrap(comb(acc, v)) or v
      end
      g.acc = acc
    end
  end
  local vals = {}
  for _, key in ipairs(order) do
    local g = groups[key]
    for _, y in ipairs(g.ys) do vals[y] = g.acc end
  end
  return M.new_dist_tensor(t.dist, f, vals[0].dtype, vals)
end

-- LDS buffers ------------------------------------------------------------------------------------
local Lds = {}
Lds.__index = Lds
M.Lds = Lds

function M.lds_buffer(c, dtype, lengths, desc)
  local count = 1
  for _, n in ipairs(lengths) do
    if math.type(n) ~= "integer" or n < 1 then tr.fail("lds: lengths must be positive integers (got %s)", tostring(n)) end
    count = count * n
  end
  local size = tr.SIZE[dtype]
  local space = count
  if desc then
    local facts = tl._desc_facts(desc)
    if #facts.top ~= #lengths then
      tr.fail("lds: the swizzle descriptor has %d dimensions but the buffer %d", #facts.top, #lengths)
    end
    for d = 1, #lengths do
      if facts.top[d] ~= lengths[d] then
        tr.fail("lds: the swizzle descriptor's lengths[%d] = %d but the buffer's is %d", d, facts.top[d], lengths[d])
      end
    end
    space = math.max(count, facts.element_space)
    desc = facts
  end
  local bytes = space * size
  if c.lds_bytes + bytes > c.lds_limit then
    tr.fail("lds: %d bytes requested, %d already used, over the limit of %d bytes per block",
            bytes, c.lds_bytes, c.lds_limit)
  end
  c.lds_bytes = c.lds_bytes + bytes
  local index = c.ir:lds(dtype, space)
  return setmetatable({ is_lds = true, index = index, dtype = dtype, rank = #lengths,
                        lengths = lengths, desc = desc, count = space }, Lds)
end

-- The offset of idx (0-based, idx[0..rank-1]) through descriptor facts f: seed 003's transform
-- chain walked from the top down, then dotted with the strides. idx holds Values (the kernel's
-- symbolic offset) or plain integers (the layout checks below): both have + * % // ~.
local function desc_offset(f, idx)
  for s = #f.stages, 1, -1 do
    local lower = {}
    for _, u in ipairs(f.stages[s]) do
      local up = {}
      for i, id in ipairs(u.upper) do up[i] = idx[id] end
      local k = u.kind
      if k == "pass_through" then
        lower[u.lower[1]] = up[1]
      elseif k == "pad" then
        lower[u.lower[1]] = up[1] - u.coefficients[1]
      elseif k == "merge" then
        -- one upper dim -> digits, the first lower length most significant
        local rest = up[1]
        for i = #u.lower, 1, -1 do
          local len = u.lengths[i]
          if i == 1 then lower[u.lower[i]] = rest
          else
            lower[u.lower[i]] = rest % len
            rest = rest // len
          end
        end
      elseif k == "unmerge" then
        local acc = nil
        for i = 1, #u.upper do acc = acc and (acc * u.lengths[i] + up[i]) or up[i] end
        lower[u.lower[1]] = acc
      elseif k == "embed" then
        local acc = nil
        for i = 1, #u.upper do
          local term = up[i] * u.coefficients[i]
          acc = acc and (acc + term) or term
        end
        lower[u.lower[1]] = acc
      elseif k == "xor" then
        lower[u.lower[1]] = up[1]
        lower[u.lower[2]] = up[2] ~ (up[1] % u.lengths[2])
      else
        tr.fail("lds: transform '%s' is not supported in kernels", tostring(k))
      end
    end
    idx = lower
  end
  local off = nil
  for d = 1, #f.strides do
    local s = f.strides[d]
    if s ~= 0 then
      local term = s == 1 and idx[d - 1] or idx[d - 1] * s
      off = off and (off + term) or term
    end
  end
  return off
end

-- The widest run (a power of two, up to 16 elements) the descriptor keeps whole: for every index
-- whose last coordinate is a multiple of the run, the run's elements lie at consecutive offsets
-- from an offset that is itself a multiple of the run. Checked on every index of the buffer
-- (LDS tiles are small), cached per descriptor. An XOR preshuffle in kpack-element chunks keeps
-- runs of kpack; a plain row-major buffer (f nil) keeps runs of any power of two dividing its last
-- length.
local runs = setmetatable({}, { __mode = "k" })
local function desc_run(f, lengths)
  local rank = #lengths
  local r = 16
  while r > 1 and lengths[rank] % r ~= 0 do r = r // 2 end
  if not f then return r end
  if runs[f] then return runs[f] end
  local idx, total = {}, 1
  for d = 1, rank do total = total * lengths[d] end
  while r > 1 do
    local ok = true
    for flat = 0, total - 1, r do
      local rest = flat
      for d = rank, 1, -1 do
        idx[d - 1] = rest % lengths[d]
        rest = rest // lengths[d]
      end
      local o0 = desc_offset(f, idx) or 0
      if o0 % r ~= 0 then ok = false break end
      local last = idx[rank - 1]
      for j = 1, r - 1 do
        idx[rank - 1] = last + j
        if (desc_offset(f, idx) or 0) ~= o0 + j then ok = false break end
      end
      if not ok then break end
    end
    if ok then break end
    r = r // 2
  end
  runs[f] = r
  return r
end

-- Symbolic offset (i32) of an index through the buffer's descriptor (row-major when none).
function Lds:offset(coord)
  if not self.desc then
    local off = nil
    for d = 1, self.rank do
      local x = tr.as(coord[d], "i32")
      off = off and (off * self.lengths[d] + x) or x
    end
    return off
  end
  local idx = {}
  for d = 1, #coord do idx[d - 1] = tr.as(coord[d], "i32") end
  return desc_offset(self.desc, idx) or tr.const(0, "i32")
end

-- The widest run of consecutive elements along the last dimension that stays consecutive in the
-- buffer, starting at a multiple of the run (1 when none).
function Lds:run() return desc_run(self.desc, self.lengths) end

-- The element offset (an integer) of an index of integers (0-based idx[0..rank-1]): the layout the
-- symbolic offsets follow, for checks at trace time (lua/wgmma.lua's descriptor fit).
function Lds:element_offset(idx)
  if not self.desc then
    local off = 0
    for d = 1, self.rank do off = off * self.lengths[d] + idx[d - 1] end
    return off
  end
  return desc_offset(self.desc, idx) or 0
end

-- lds:tile(origin, lengths[, {transposed = true}]) -> a rectangle of the buffer (integer origin and
-- lengths), the operand form of the warpgroup MMA (tl.wgmma_shape); transposed: the operand is the
-- rectangle's transpose (an A tile stored K x M, a B tile stored N x K)
-- {stage = i, stages = n, stride = r}: the tile of stage i (an i32 value, or an integer, in 0 .. n - 1) of n
-- alike, stage j's origin r * j rows below the origin given (a ring of buffers picked at run time; the
-- warpgroup MMA checks that every stage's descriptor is stage 0's moved by j times one step; the start is then
-- added per product at run time. As q's ring in std.attention's persistent kernel it was 0.85-1.06x the kernel
-- without it, for reasons not separated: bench/RESULTS.md, 2026-11-27 session 20)
function Lds:tile(origin, lengths, opts)
  if type(origin) ~= "table" or type(lengths) ~= "table" or #origin ~= self.rank or #lengths ~= self.rank then
    tr.fail("lds:tile: origin and lengths must be sequences of %d integers", self.rank)
  end
  if opts ~= nil and (type(opts) ~= "table" or (opts.transposed ~= nil and type(opts.transposed) ~= "boolean")) then
    tr.fail("lds:tile: options must be {transposed = boolean, stage = i, stages = n, stride = rows}")
  end
  local stage, stages, stride = opts and opts.stage, opts and opts.stages or 1, opts and opts.stride or 0
  if stage ~= nil or (opts and (opts.stages ~= nil or opts.stride ~= nil)) then
    if math.type(stages) ~= "integer" or stages < 1 or math.type(stride) ~= "integer" or stride < 1 then
      tr.fail("lds:tile: {stage = i, stages = n, stride = rows} needs n and rows positive integers (got stages = %s, stride = %s)",
              tostring(opts.stages), tostring(opts.stride))
    end
    if not (math.type(stage) == "integer" or (tr.is_value(stage) and not tr.FLOAT[stage.dtype])) then
      tr.fail("lds:tile: stage must be an integer or an integer value in 0 .. %d (got %s)", stages - 1, tostring(stage))
    end
    if math.type(stage) == "integer" and (stage < 0 or stage >= stages) then
      tr.fail("lds:tile: stage %d is not one of the %d stages (0 .. %d)", stage, stages, stages - 1)
    end
  end
  for d = 1, self.rank do
    local o, n = origin[d], lengths[d]
    local last = d == 1 and (stages - 1) * stride or 0 -- (the last stage's rows)
    if math.type(o) ~= "integer" or math.type(n) ~= "integer" or o < 0 or n < 1 or o + last + n > self.lengths[d] then
      tr.fail("lds:tile: [%s, %s + %s) along dimension %d is not inside the buffer (length %d)%s", tostring(o), tostring(o),
              tostring(last > 0 and last + n or n), d - 1, self.lengths[d], last > 0 and string.format(" with its %d stages", stages) or "")
    end
  end
  if math.type(stage) == "integer" then origin, stage, stages, stride = { origin[1] + stage * stride, table.unpack(origin, 2) }, nil, 1, 0 end
  return { is_lds_tile = true, lds = self, origin = origin, lengths = lengths, transposed = opts and opts.transposed or false,
           stage = stage, stages = stages, stride = stride }
end

function Lds:load(idx, opts)
  return tr.emit("lds_load", self.dtype, { self:offset(idx) }, { imm = self.index })
end
function Lds:store(idx, v)
  tr.emit("lds_store", nil, { self:offset(idx), tr.as(v, self.dtype) }, { imm = self.index })
end
function Lds:atomic(op, idx, v, opts)
  return M.atomic_at(self, self:offset(idx), nil, op, v, opts)
end

return M
