-- bank_report.lua - script-time bank-conflict report of a tile read/written through a distribution into LDS.
--
-- report{dist = <distribution>, lds = <descriptor or function(coord) -> offset>, curve = <optional>,
--        elem_bytes = 4, target = "sm_90" | "gfx90a" | ..., op = "read" | "write",
--        vector = <elements per access; default the distribution's, narrowed to 16 bytes>,
--        banks, bank_bytes, phase, max_access_bytes, warp (model overrides, as tl.bank_conflicts)}
-- For every access step (the thread's vector access starting at element y; in the curve's order
-- when a curve is given) and every warp of the block, the offsets of the warp's threads are
-- dist:coord(t, y) through lds:offset(coord); tl.bank_conflicts (src/bank.c) gives the degree.
-- The report holds worst and average degree and the per-step degrees; tostring() renders it.
local M = {}

local Report = {}
Report.__index = Report

local known = {vector = true, dist = true, lds = true, curve = true, elem_bytes = true, target = true, op = true,
               banks = true, bank_bytes = true, phase = true, max_access_bytes = true, warp = true}

-- Errors found here are raised at the caller's line (see M.report); others pass through unchanged.
local Failure = {}
local function fail(fmt, ...)
  error(setmetatable({msg = "bank_report: " .. string.format(fmt, ...)}, Failure), 0)
end

local function is_int(v) return math.type(v) == "integer" end

-- A C error message without its "file:line:" prefix and the callee's own "bank model: " prefix.
local function bare(msg) return (tostring(msg):gsub("^[^:]*:%d+: ", ""):gsub("^bank model: ", "")) end

-- The callable that maps a coordinate (a sequence {row, col}) to an LDS element offset.
local function offset_fn(lds)
  if type(lds) == "function" then return lds end
  local ok, off = pcall(function() return lds.offset end)
  if ok and type(off) == "function" then return function(coord) return off(lds, coord) end end
  fail("lds must be a descriptor (with :offset{row, col}) or a function(coord) -> offset (got %s)",
       type(lds))
end

-- Access steps as {y = first element, n = elements}: the distribution's vector accesses in order,
-- or the curve's accesses (coordinates flattened row-major over the curve's lengths; one step per
-- run along the curve's last dimension, of the width curve:valid gives there).
local function steps_of(dist, curve, elements, vector, max_vector)
  local steps = {}
  if curve == nil then
    local v = vector
    if v == nil then
      -- the distribution's vector, narrowed to what one instruction moves (16 bytes by default)
      v = dist.vector
      while v > max_vector and v % 2 == 0 do v = v // 2 end
    end
    if not is_int(v) or v < 1 or elements % v ~= 0 then
      fail("vector (%s) does not divide the %d elements of a thread", tostring(v), elements)
    end
    for y = 0, elements - 1, v do steps[#steps + 1] = {y = y, n = v} end
    return steps
  end
  local lengths = curve.lengths
  local total = 1
  for _, l in ipairs(lengths) do total = total * l end
  if total ~= elements then
    fail("curve covers %d elements, the distribution gives each thread %d", total, elements)
  end
  local nd = #lengths
  for i = 0, curve:num_access() - 1 do
    local base, valid = curve:index(i), curve:valid(i)
    -- every combination of the slower dimensions' vector lanes, each a run along the last one
    local combos = {{}}
    for d = 1, nd - 1 do
      local nxt = {}
      for _, c in ipairs(combos) do
        for k = 0, valid[d] - 1 do
          local cc = table.move(c, 1, #c, 1, {})
          cc[d] = base[d] + k
          nxt[#nxt + 1] = cc
        end
      end
      combos = nxt
    end
    for _, c in ipairs(combos) do
      c[nd] = base[nd]
      local y = 0
      for d = 1, nd do y = y * lengths[d] + c[d] end
      steps[#steps + 1] = {y = y, n = valid[nd], curve_access = i}
    end
  end
  return steps
end

local function build(args)
  if type(args) ~= "table" then fail("expects a table {dist = ..., lds = ...} (got %s)", type(args)) end
  for k in pairs(args) do
    if not known[k] then fail("unknown field '%s'", tostring(k)) end
  end
  local tl = require "tilelua"
  local dist, curve = args.dist, args.curve
  if dist == nil then fail("field 'dist' (a distribution) is required") end
  if args.lds == nil then fail("field 'lds' (an LDS descriptor) is required") end
  local offset = offset_fn(args.lds)
  local elem_bytes = args.elem_bytes or 4
  if not is_int(elem_bytes) or elem_bytes < 1 or elem_bytes > 64 then
    fail("elem_bytes must be an integer in 1..64 (got %s)", tostring(elem_bytes))
  end
  local op = args.op or "read"
  if op ~= "read" and op ~= "write" then fail("op must be \"read\" or \"write\" (got %s)", tostring(op)) end
  if args.target ~= nil and type(args.target) ~= "string" then
    fail("target must be a string such as \"sm_90\" or \"gfx90a\" (got %s)", type(args.target))
  end

  local ok, elements = pcall(function() return dist:elements() end)
  if not ok or not is_int(elements) then
    fail("dist must be a distribution (tl.pattern2d / tl.encoding) with :elements() and :coord(t, y)")
  end
  local threads = dist.block or dist.threads
  if not is_int(threads) or threads < 1 then
    fail("dist has no thread count (fields block / threads; got %s)", tostring(threads))
  end
  -- the warp: given, else the distribution's, else the target's; with none of them the DESIGN's
  -- default (64) when the block allows it, else 32
  local warp = args.warp or dist.warp
  if warp == nil then
    if args.target ~= nil then
      local okm, m = pcall(tl.bank_model, args.target, 64)
      if not okm then fail("%s", bare(m)) end
      warp = m.warp
    else
      warp = threads % 64 == 0 and 64 or 32
    end
  end
  if not is_int(warp) or warp < 1 then fail("warp must be a positive integer (got %s)", tostring(warp)) end
  if threads % warp ~= 0 then fail("block (%d) is not a multiple of the warp (%d)", threads, warp) end
  local model_ok, model = pcall(tl.bank_model, args.target, warp)
  if not model_ok then fail("%s", bare(model)) end
  if args.target ~= nil and args.warp == nil and warp > model.warp then
    fail("the distribution's warp (%d) is wider than a %s warp (%d)", warp, model.target, model.warp)
  end

  if args.vector ~= nil and (not is_int(args.vector) or args.vector < 1) then
    fail("vector must be a positive integer (got %s)", tostring(args.vector))
  end
  if args.vector ~= nil and curve ~= nil then fail("give vector or curve, not both (the curve sets the vector)") end
  local max_bytes = args.max_access_bytes or model.max_access_bytes
  local steps = steps_of(dist, curve, elements, args.vector, math.max(1, max_bytes // elem_bytes))
  local warps = threads // warp
  -- the model overrides are checked once here so a bad one is reported at the caller's line
  local probe_ok, probe = pcall(tl.bank_conflicts, {offsets = {0}, elem_bytes = elem_bytes,
    target = args.target or model.target, banks = args.banks, bank_bytes = args.bank_bytes,
    phase = args.phase, max_access_bytes = args.max_access_bytes, warp = args.warp, details = false})
  if not probe_ok then fail("%s", bare(probe):gsub("^bank_conflicts: ", "")) end
  local base = {elem_bytes = elem_bytes, target = args.target, op = op, banks = args.banks,
                bank_bytes = args.bank_bytes, phase = args.phase,
                max_access_bytes = args.max_access_bytes, warp = args.warp}

  local r = setmetatable({
    op = op, elem_bytes = elem_bytes, warp = warp, warps = warps, threads = threads,
    elements = elements, steps = {}, worst = 0, average = 0, cycles = 0, ideal_cycles = 0,
    dist = tostring(dist), lds = tostring(args.lds), curve = curve and tostring(curve) or nil,
    target = model.target, banks = args.banks or model.banks,
    bank_bytes = args.bank_bytes or model.bank_bytes,
  }, Report)
  local sum, count = 0, 0
  for si, s in ipairs(steps) do
    local step = {index = si - 1, y = s.y, elements = s.n, degree = 0, warp_degrees = {},
                  split = false, cycles = 0, curve_access = s.curve_access}
    -- offsets of every element of the step for every thread: offs[t + 1][k + 1]
    local offs = {}
    local cur_t, cur_y = 0, s.y
    local computed, why = pcall(function()
      for t = 0, threads - 1 do
        local row = {}
        for k = 0, s.n - 1 do
          cur_t, cur_y = t, s.y + k
          local coord = dist:coord(t, s.y + k)
          local o = offset(coord)
          if not is_int(o) then
            fail("lds offset of {%s} is %s, not an integer", table.concat(coord, ", "), tostring(o))
          end
          row[k + 1] = o
        end
        offs[t + 1] = row
      end
    end)
    if not computed then
      if getmetatable(why) == Failure then error(why, 0) end
      fail("%s (thread %d, element %d)", bare(why), cur_t, cur_y)
    end
    -- one vector access when every thread's elements are consecutive in LDS and aligned to the
    -- vector; otherwise the hardware needs one access per element (reported as split)
    local vec = s.n
    if vec > 1 then
      local pow2 = vec & (vec - 1) == 0
      for t = 1, threads do
        local row = offs[t]
        if pow2 and row[1] % vec ~= 0 then step.split = true end
        for k = 2, vec do
          if row[k] ~= row[1] + k - 1 then step.split = true end
        end
        if step.split then break end
      end
    end
    local accesses = step.split and vec or 1
    local width = step.split and 1 or vec
    for w = 0, warps - 1 do
      local wdeg = 0
      for a = 1, accesses do
        local o = {}
        for l = 1, warp do o[l] = offs[w * warp + l][a] end
        base.offsets, base.vector = o, width
        local d, det = tl.bank_conflicts(base)
        if d > wdeg then wdeg = d end
        step.cycles = step.cycles + det.cycles
        r.ideal_cycles = r.ideal_cycles + det.phases
        sum, count = sum + d, count + 1
      end
      step.warp_degrees[w + 1] = wdeg
      if wdeg > step.degree then step.degree = wdeg end
    end
    r.cycles = r.cycles + step.cycles
    if step.degree > r.worst then r.worst = step.degree end
    r.steps[si] = step
  end
  r.average = count > 0 and sum / count or 0
  r.conflict_free = r.worst <= 1
  return r
end

function M.report(args)
  local ok, r = pcall(build, args)
  if ok then return r end
  if getmetatable(r) == Failure then error(r.msg, 2) end
  error(r, 0)
end

local MAX_STEP_LINES = 64
local MAX_WARP_COLS = 16

function Report:text()
  local out = {}
  local function add(fmt, ...) out[#out + 1] = string.format(fmt, ...) end
  add("bank report: %s of %d elements per thread, %d threads (%d x %d-thread warps)", self.op,
      self.elements, self.threads, self.warps, self.warp)
  add("  dist  %s", self.dist)
  add("  lds   %s", self.lds)
  if self.curve then add("  curve %s", self.curve) end
  add("  model %s: %s banks x %s bytes, %d-byte elements", tostring(self.target), tostring(self.banks),
      tostring(self.bank_bytes), self.elem_bytes)
  add("worst %d-way, average %.2f-way (1 = conflict-free); %d wavefronts, %d without conflicts",
      self.worst, self.average, self.cycles, self.ideal_cycles)
  local nw = math.min(self.warps, MAX_WARP_COLS)
  add("%5s %6s %5s %7s  %s", "step", "y", "elems", "degree",
      "per warp" .. (self.warps > nw and string.format(" (first %d)", nw) or ""))
  local n = #self.steps
  for i, s in ipairs(self.steps) do
    if n > MAX_STEP_LINES and i == MAX_STEP_LINES // 2 + 1 then
      add("  ... (%d steps omitted)", n - MAX_STEP_LINES)
    end
    if n <= MAX_STEP_LINES or i <= MAX_STEP_LINES // 2 or i > n - MAX_STEP_LINES // 2 then
      local ws = {}
      for w = 1, nw do ws[w] = tostring(s.warp_degrees[w]) end
      add("%5d %6d %5d %7d  %s%s", s.index, s.y, s.elements, s.degree, table.concat(ws, " "),
          s.split and "  (not contiguous in LDS: one access per element)" or "")
    end
  end
  return table.concat(out, "\n")
end

Report.__tostring = Report.text

return M
