-- common.lua - what the std kernels share: argument checks that raise at the caller's line, dtype
-- facts, cached flat/2D views of tensors, the two tile layouts (flat 1-D tiles, row tiles) and the
-- memo of built kernels (one per configuration, listed by std.kernels()).
local debug = debug -- captured at load: sandboxed scripts run without it
local tl = require "tilelua"
local M = {}

M.BLOCK = 256 -- threads per block of every std kernel
M.LOG2E = 1.4426950408889634 -- log2(e): exp(x) = exp2(x LOG2E), the kernels' softmax scale

-- Raises "std.<op>: message" at the first stack frame outside tilelua's own files (the user's line).
function M.fail(fmt, ...)
  local msg = string.format(fmt, ...)
  if not debug then error(msg, 3) end -- sandboxed: the caller of the std function, most often
  for level = 2, 40 do
    local info = debug.getinfo(level, "S")
    if not info then break end
    if not info.source:find("^@tilelua/") and info.what ~= "C" then error(msg, level) end
  end
  error(msg, 2)
end

-- dtype facts -----------------------------------------------------------------------------------
local SIZE = { i8 = 1, u8 = 1, i16 = 2, u16 = 2, i32 = 4, u32 = 4, i64 = 8, u64 = 8,
               f16 = 2, bf16 = 2, f32 = 4, f64 = 8 , f8e4m3 = 1, f8e5m2 = 1 }
local FLOAT = { f16 = true, bf16 = true, f32 = true, f64 = true, f8e4m3 = true, f8e5m2 = true }
M.SIZE, M.FLOAT = SIZE, FLOAT

-- the dtype name of a tensor, or fails naming the argument
local function shape_method(x) return x.shape end
function M.tensor_dtype(who, what, x)
  if not (type(x) == "userdata" and pcall(shape_method, x)) then
    M.fail("std.%s: %s must be a tensor (got %s)", who, what, type(x))
  end
  local name = tostring(x:dtype())
  if not SIZE[name] then M.fail("std.%s: %s has dtype %s, which std kernels do not take", who, what, name) end
  return name
end

function M.dtype_name(who, dt)
  local ok, name = pcall(function() return type(dt) == "string" and dt or dt.name end)
  if not ok or not SIZE[name] then M.fail("std.%s: unknown dtype %s", who, tostring(dt)) end
  return name
end

-- the dtype reductions and normalizations accumulate in
function M.acc_dtype(dt)
  if dt == "f16" or dt == "bf16" or dt == "f32" then return "f32" end
  if dt == "f64" then return "f64" end
  if dt:sub(1, 1) == "u" then return "u64" end
  return "i64"
end

-- elements of one 16-byte vector
function M.vec16(dt) return math.max(1, 16 // SIZE[dt]) end

function M.next_pow2(n)
  local p = 1
  while p < n do p = p * 2 end
  return p
end

function M.numel(shape)
  local n = 1
  for _, s in ipairs(shape) do n = n * s end
  return n
end

function M.same_shape(a, b)
  if #a ~= #b then return false end
  for i = 1, #a do if a[i] ~= b[i] then return false end end
  return true
end

function M.shape_str(s) return "{" .. table.concat(s, ", ") .. "}" end

-- views -----------------------------------------------------------------------------------------
-- Reshaped views of contiguous tensors are cached per tensor (weak keys), so a kernel called in a
-- loop does not rebuild them (a reshape brings the host copy up to date, a device read-back when a
-- GPU wrote the tensor last). A non-contiguous tensor is copied each time (inputs only).
local views = setmetatable({}, { __mode = "k" })
function M.view(x, shape)
  if not x:is_contiguous() then return x:reshape(shape) end
  local key = table.concat(shape, "x")
  local per = views[x]
  if not per then per = {}; views[x] = per end
  local v = per[key]
  if not v then v = x:reshape(shape); per[key] = v end
  return v
end

-- whether TMA can copy boxes of kernel parameter t (rank its rank): a 16-byte-aligned base, contiguous
-- rows, and every stride but the last a multiple of 16 bytes (what the launch key knows of it)
function M.tma_copyable(t, rank)
  local strides = true
  for dd = 0, rank - 2 do strides = strides and (t.stride_div16 or 0) & (1 << dd) ~= 0 end
  return t.aligned16 and t.contiguous and strides
end
-- the same for a tensor x passed as an argument of a kernel (what its launch key will know of it)
function M.tma_copyable_tensor(x)
  local _, rank, _, _, tdiv, aligned, contiguous = tl._launch_facts(x)
  return M.tma_copyable({ aligned16 = aligned, contiguous = contiguous, stride_div16 = tdiv }, rank)
end
-- why TMA cannot copy boxes of t (a sentence naming it), or nil when it can
function M.tma_why(t, rank)
  if M.tma_copyable(t, rank) then return nil end
  return string.format("tensor %s is not 16-byte aligned with contiguous rows and strides of a multiple of 16 bytes", t.name)
end

-- an output must be written in place: it must be contiguous
function M.check_out(who, what, x)
  if not x:is_contiguous() then M.fail("std.%s: %s must be contiguous (its strides are {%s})", who, what,
                                       table.concat(x:strides(), ", ")) end
end

-- tl.empty's options for a tensor whose every element a kernel writes: its device memory is not cleared first
M.NO_CLEAR = { clear = false }

-- the result tensor of an op: opts.out when the caller gives one (reused: no allocation per call),
-- else a new tensor of that shape and dtype (full: the op's kernels write every element: M.NO_CLEAR)
function M.output(who, opts, shape, dt, full)
  local out = opts and opts.out
  if out == nil then return tl.empty(shape, tl[dt], full and M.NO_CLEAR or nil) end
  local odt = M.tensor_dtype(who, "out", out)
  if odt ~= dt then M.fail("std.%s: out must be a %s tensor (got %s)", who, dt, odt) end
  if not M.same_shape(out:shape(), shape) then
    M.fail("std.%s: out must have shape %s (got %s)", who, M.shape_str(shape), M.shape_str(out:shape()))
  end
  M.check_out(who, "out", out)
  return out
end

-- layouts ---------------------------------------------------------------------------------------
-- Flat tiles: ITERS vectors of VEC contiguous elements per thread; each iteration the block reads
-- BLOCK*VEC contiguous elements (coalesced, 16-byte vectors of the narrowest dtype involved).
local flat_cache = {}
function M.flat_layout(min_size, per_thread)
  local vec = math.max(1, 16 // min_size)
  local elems = math.max(per_thread or 16, vec)
  local iters = elems // vec
  local key = vec .. ":" .. iters
  local l = flat_cache[key]
  if not l then
    local dist = tl.encoding { h = { { iters, M.BLOCK, vec } }, p = { { { 1, 1 } } }, y = { { 1, 0 }, { 1, 2 } } }
    l = { dist = dist, tile = iters * M.BLOCK * vec, vec = vec, iters = iters }
    flat_cache[key] = l
  end
  return l
end

local row_cache = {}
-- the row layout's encoding: rows of the tile across warps' lanes (rows x warps x lanes threads a block), each
-- thread's iters vectors of vec consecutive columns, kept by its shape
function M.row_dist(rows, iters, warps, lanes, vec)
  local key = table.concat({ rows, iters, warps, lanes, vec }, ":")
  local dist = row_cache[key]
  if not dist then
    dist = tl.encoding { h = { { rows }, { iters, warps, lanes, vec } },
                         p = { { { 1, 0 }, { 2, 1 }, { 2, 2 } } }, y = { { 2, 0 }, { 2, 3 } } }
    row_cache[key] = dist
  end
  return dist
end

-- Row tiles for work along the last axis of a {rows, cols} view. One row per group of threads:
-- lanes (<= warp, the row's reduction is warp shuffles) times warps per row (their partials meet in
-- LDS); each thread holds `iters` vectors of `vec` elements of its row. When a row does not fit in
-- max_elems elements per thread, `chunked` is set and the kernel loops over column chunks of `cols`.
-- Result: {dist, rows, cols, chunked, vec, lanes, warps, iters}.
function M.row_layout(ncols, size, warp, max_elems, block)
  block = block or M.BLOCK
  local vec = math.max(1, 16 // size)
  local tc = M.next_pow2(math.max(ncols, 1))
  if tc < vec then vec = tc end
  local tpr = tc // vec -- threads per row at one vector each
  local lanes, warps, iters, chunked = tpr, 1, 1, false
  if tpr > warp then
    lanes = warp
    warps = math.min(block // warp, tpr // warp)
    iters = tpr // (warp * warps)
    if iters * vec > max_elems then iters, chunked = math.max(1, max_elems // vec), true end
  end
  local rows = block // (lanes * warps)
  local key = table.concat({ rows, iters, warps, lanes, vec, block }, ":")
  return { dist = M.row_dist(rows, iters, warps, lanes, vec), rows = rows, cols = iters * warps * lanes * vec, chunked = chunked, vec = vec,
           lanes = lanes, warps = warps, iters = iters, block = block, key = key .. (chunked and ":c" or "") }
end

-- Writes one value per row of a row-layout tile: t has every element of a row equal (after
-- tl.reduce along axis 1); the thread at column 0 of each row stores element 0 to out[r0 + row].
function M.store_rows(p_out, t, r0, nrows, cast)
  local idx = t:coords(0)
  local row = r0 + idx[1]
  local v = t:get(0)
  if cast then v = v:cast(cast) end
  p_out:store({ row }, v, { mask = tl.land(tl.eq(idx[2], 0), tl.lt(row, nrows)) })
end

-- the block index along x as a 64-bit value (tile origins can pass 2^31 elements)
function M.bid64(k) return k.block_id(0):cast("i64") end

-- by_form(fn) -> a function like fn whose results are kept by its arguments (each a number, string, boolean or nil,
-- or a config table by its config_key) and the target (tl.target().arch, tl.default_warp()): a std function that
-- resolves a call's kernel (its defaults, the memo key's text) then does that work once per form of call, not at every
-- call (bench/RESULTS.md 2026-12-01 session 49: 40-65 us of std.attention's 57-86 a call on an H200's host). Errors are
-- not kept (a bad argument fails at every call); fn gets copies of the tables. Two generations of at most 256 forms
-- each: a full one becomes the old one, whose forms move back to the new one when used, so a working set of up to 256
-- forms is never thrown out.
function M.by_form(fn)
  local new, old, n = {}, {}, 0
  return function(...)
    local parts = { tl.target().arch, tl.default_warp() }
    for i = 1, select("#", ...) do
      local a = select(i, ...)
      parts[#parts + 1] = type(a) == "table" and M.config_key(a) or tostring(a)
    end
    local key = table.concat(parts, "\30")
    local r = new[key]
    if not r then
      r = old[key]
      if not r then
        -- (fn takes a copy of each table, so what it keeps (tl.retargetable's arguments for a rebuild) is the form kept
        -- here, whatever the caller does to its table after)
        local args = table.pack(...)
        for i = 1, args.n do if type(args[i]) == "table" then args[i] = M.copy(args[i]) end end
        r = table.pack(fn(table.unpack(args, 1, args.n)))
      end
      if n >= 256 then new, old, n = {}, new, 0 end
      new[key], n = r, n + 1
    end
    return table.unpack(r, 1, r.n)
  end
end

-- kernels ---------------------------------------------------------------------------------------
local built, order = {}, {}

-- The cache's front index keys a kernel by a fingerprint of its body and what the body reaches.
-- A std body reaches this module's tables, whose contents (the kernels built so far) depend on what
-- the process did before, so that walk would differ from run to run and the disk cache would miss.
-- Each std kernel carries its configuration key instead (deterministic; the std sources themselves
-- are covered by the tilelua version in the key).
function M.pin_fingerprint(kern, key) kern.fingerprint = "tilelua.std|" .. key end

-- a shallow copy of table t with the fields of extra (when given) set over it
function M.copy(t, extra)
  local o = {}
  for key, v in pairs(t) do o[key] = v end
  for key, v in pairs(extra or {}) do o[key] = v end
  return o
end

-- a config table's fields as one string, in key order ("bn=64,ws=true"; nil: "-"), for memo keys: an
-- edited table gives another string
function M.config_key(cfg)
  if cfg == nil then return "-" end
  if type(cfg) ~= "table" then return "?" .. tostring(cfg) end
  local parts = {}
  for key, v in pairs(cfg) do parts[#parts + 1] = tostring(key) .. "=" .. tostring(v) end
  table.sort(parts)
  return table.concat(parts, ",")
end

-- the kernel for `key` (warp included by the caller), built by make() the first time
function M.memo(key, make)
  local kern = built[key]
  if not kern then
    kern = make()
    M.pin_fingerprint(kern, key)
    built[key] = kern
    order[#order + 1] = kern
  end
  return kern
end
-- a kernel memoized elsewhere (std.map keys its kernels by function): listed by std.kernels()
function M.register(kern) order[#order + 1] = kern; return kern end
function M.kernels()
  local out = {}
  for i, kern in ipairs(order) do out[i] = kern end
  return out
end

-- a 1-element-or-more grid count, checked against the x limit of GPUs
function M.blocks(n, per)
  local b = (n + per - 1) // per
  if b > 0x7fffffff then M.fail("std: %d blocks needed, over the grid limit of 2^31-1", b) end
  return math.max(b, 1)
end

-- a persistent kernel's grid: per_sm blocks for each multiprocessor of the device (default 1), cpu blocks
-- on the executor (default 2: few, so each walks several units); at most units when given
-- (tl._sm_count: no tl.backend() table at each launch)
function M.resident_blocks(units, per_sm, cpu)
  local sms = tl._sm_count()
  local n = sms > 0 and sms * (per_sm or 1) or (cpu or 2)
  return units and math.min(units, n) or n
end

return M
