-- trace.lua - the tracing context: the kernel being built, the current region, symbolic values,
-- C-like typing and the IR emission every other part of the kernel language goes through.
local debug = debug -- captured at load: sandboxed scripts run without these globals
local M = {}

local ctx = nil -- the trace in progress (one at a time; tracing is not re-entrant)

-- dtype ranks for C-like promotion; f16/bf16 mixed promote to f32
local RANK = { bool = 0, i8 = 1, u8 = 2, i16 = 3, u16 = 4, i32 = 5, u32 = 6, i64 = 7, u64 = 8,
               f8e4m3 = 8.5, f8e5m2 = 8.6, f16 = 9, bf16 = 10, f32 = 11, f64 = 12 }
local FLOAT = { f16 = true, bf16 = true, f32 = true, f64 = true, f8e4m3 = true, f8e5m2 = true }
M.RANK, M.FLOAT = RANK, FLOAT
M.SIZE = { bool = 1, i8 = 1, u8 = 1, i16 = 2, u16 = 2, i32 = 4, u32 = 4, i64 = 8, u64 = 8,
           f16 = 2, bf16 = 2, f32 = 4, f64 = 8, f8e4m3 = 1, f8e5m2 = 1 }

-- Accepts "f32", tl.f32 (userdata with .name) or a table with .name; returns the name or nil.
function M.dtname(x)
  local tx = type(x)
  if tx == "string" then return RANK[x] and x or nil end
  if tx == "userdata" or tx == "table" then
    local ok, n = pcall(function() return x.name end)
    if ok and type(n) == "string" and RANK[n] then return n end
  end
  return nil
end

-- The line of the user's script that is running (the first frame outside tilelua's own files) and its file; with own
-- (a chunk's source, "@tilelua/std/x.lua": a kernel of tilelua's own) also the line of the innermost frame of that
-- file (-1 when none is running), found in the same walk.
function M.user_line(own)
  local src = -1
  for level = 3, 40 do
    local info = debug.getinfo(level, "Sl")
    if not info then break end
    if own and src < 0 and info.source == own and info.currentline > 0 then src = info.currentline end
    if info.currentline and info.currentline > 0 and not info.source:find("^@tilelua/") then
      return info.currentline, info.short_src, src
    end
  end
  return 0, "?", src
end

-- Raises an error at the user's script line (not inside tilelua's Lua files).
function M.fail(fmt, ...)
  local msg = string.format(fmt, ...)
  for level = 2, 40 do
    local info = debug.getinfo(level, "S")
    if not info then break end
    if not info.source:find("^@tilelua/") and info.what ~= "C" then
      error(msg, level)
    end
  end
  error(msg, 2)
end

-- The options of a group barrier (k:sync / role:sync, named by who): {warps = n} -> n, checked by the
-- caller against its block or role.
function M.group_warps(opts, who)
  if type(opts) ~= "table" then M.fail("%s(opts): opts must be a table {warps = n} (got %s)", who, type(opts)) end
  for key in pairs(opts) do
    if key ~= "warps" then M.fail("%s: unknown option '%s' (options: warps)", who, tostring(key)) end
  end
  return opts.warps
end

function M.current()
  if not ctx then M.fail("this operation is only available while a kernel body is being traced") end
  return ctx
end
function M.active() return ctx end

-- Starts a trace: ir is a tilelua.IR; kernel_name for messages; own_source: the body's chunk source where the
-- kernel is tilelua's own (the stdlib's), whose lines the instructions then carry too (src_line, for #line)
function M.begin(ir, kernel_name, warp, block, own_source)
  if ctx then M.fail("kernel '%s': a kernel cannot be traced inside another kernel's body", kernel_name) end
  ctx = { ir = ir, name = kernel_name, region = 0, parent = { [0] = -1 }, consts = {},
          region_of = {}, warp = warp, block = block, lds_bytes = 0, own_source = own_source }
  return ctx
end
function M.finish() ctx = nil end

local Value = {}
M.Value = Value

local function is_value(x) return getmetatable(x) == Value end
M.is_value = is_value

-- true when region r is `anc` or nested inside it
local function visible(c, def_region, use_region)
  local r = use_region
  while r and r >= 0 do
    if r == def_region then return true end
    r = c.parent[r]
  end
  return false
end

-- Emits an instruction in the current region; operands are Values. Returns the new Value
-- (dtype given) or the id (dtype nil).
function M.emit(op, dtype, operands, fields)
  local c = M.current()
  local ids = {}
  for i, v in ipairs(operands or {}) do
    if not visible(c, c.region_of[v.id], c.region) then
      M.fail("kernel '%s': a value computed inside a k:range/k:when body is used outside it; " ..
             "return it from the body to carry it out of a loop, or use tl.select", c.name)
    end
    ids[i] = v.id
  end
  -- (src_line: 0 in the user's kernels; in tilelua's own, the body file's line, -1 outside the body)
  local line, _, src = M.user_line(c.in_body and c.own_source or nil)
  if not c.own_source then src = 0 end
  local id = c.ir:emit(c.region, op, dtype, ids, line, fields, src)
  c.region_of[id] = c.region
  if dtype then return setmetatable({ id = id, dtype = dtype }, Value) end
  return id
end

-- A constant of dtype in the current region (cached per region).
function M.const(v, dtype)
  local c = M.current()
  if type(v) == "boolean" then v, dtype = v and 1 or 0, "bool" end
  if type(v) ~= "number" then M.fail("kernel '%s': expected a number, got %s", c.name, type(v)) end
  if not FLOAT[dtype] then
    if v ~= math.floor(v) then
      M.fail("kernel '%s': %s is not an integer and cannot be a %s constant", c.name, tostring(v), dtype)
    end
    v = math.tointeger(v) or v
  end
  local key = c.region .. ":" .. dtype .. ":" .. string.format("%.17g", v)
  local hit = c.consts[key]
  if hit then return hit end
  local fields = FLOAT[dtype] and { fimm = v } or { imm = v }
  local val = M.emit("const", dtype, {}, fields)
  if not FLOAT[dtype] and dtype ~= "bool" then val.p2 = M.pow2_divisor(v) end
  c.consts[key] = val
  return val
end

-- Converts a Lua number / boolean / Value to a Value of dtype `want` (casting Values).
function M.as(x, want)
  if is_value(x) then
    if x.dtype == want then return x end
    local v = M.emit("cast", want, { x })
    -- an integer widened or narrowed to >= 32 bits keeps its power-of-two divisor (up to 2^20)
    if not FLOAT[want] and not FLOAT[x.dtype] and want ~= "bool" and x.dtype ~= "bool" and M.SIZE[want] >= 4 then
      v.p2 = rawget(x, "p2")
    end
    return v
  end
  return M.const(x, want)
end

-- The dtype a Lua literal takes next to a Value of dtype t.
local function literal_type(lit, t)
  if type(lit) == "boolean" then return "bool" end
  if FLOAT[t] then return t end
  if math.type(lit) == "float" then return "f32" end
  return t == "bool" and "i32" or t
end

-- C-like usual arithmetic conversions between two dtypes.
function M.promote(a, b)
  if a == b then return a end
  if (a == "f16" and b == "bf16") or (a == "bf16" and b == "f16") then return "f32" end
  if (a == "f8e4m3" and b == "f8e5m2") or (a == "f8e5m2" and b == "f8e4m3") then return "f32" end
  return RANK[a] >= RANK[b] and a or b
end

-- Result dtype and converted operands for a binary op on (x, y), either a Value or a Lua number.
function M.unify(x, y)
  local tx = is_value(x) and x.dtype or nil
  local ty = is_value(y) and y.dtype or nil
  local t
  if tx and ty then t = M.promote(tx, ty)
  elseif tx then t = literal_type(y, tx)
  elseif ty then t = literal_type(x, ty)
  else t = (math.type(x) == "float" or math.type(y) == "float") and "f32" or "i32" end
  if tx and not ty then t = M.promote(tx, t) end
  if ty and not tx then t = M.promote(ty, t) end
  return t, M.as(x, t), M.as(y, t)
end

-- The largest power of two (up to 2^20) known to divide an integer Value or number: what the
-- arithmetic below could prove (constants, sums, products); 1 when nothing is known.
local P2_CAP = 1 << 20
function M.pow2_divisor(x)
  if is_value(x) then return rawget(x, "p2") or 1 end
  if math.type(x) ~= "integer" then return 1 end
  if x == 0 then return P2_CAP end
  local d = 1
  while d < P2_CAP and x % (2 * d) == 0 do d = 2 * d end
  return d
end

-- (fields: the instruction's, as M.emit takes them: the xor "stay" of lua/window.lua)
function M.binary(op, x, y, int_only, fields)
  local t, a, b = M.unify(x, y)
  if int_only and FLOAT[t] then
    M.fail("kernel '%s': '%s' needs integer operands, got %s", M.current().name, op, t)
  end
  if t == "bool" and (op == "add" or op == "sub" or op == "mul" or op == "div" or op == "rem") then
    t, a, b = "i32", M.as(a, "i32"), M.as(b, "i32")
  end
  local v = M.emit(op, t, { a, b }, fields)
  if not FLOAT[t] and t ~= "bool" then
    local da, db = M.pow2_divisor(a), M.pow2_divisor(b)
    -- (bitwise and, or, xor keep the low zero bits both operands have)
    if op == "add" or op == "sub" or op == "and" or op == "or" or op == "xor" then v.p2 = math.min(da, db)
    elseif op == "mul" then v.p2 = math.min(da * db, P2_CAP) end
  end
  return v
end

function M.compare(op, x, y)
  local _, a, b = M.unify(x, y)
  return M.emit(op, "bool", { a, b })
end

function M.unary(op, x, float_only, fields)
  if not is_value(x) then x = M.const(x, math.type(x) == "float" and "f32" or "i32") end
  if float_only and not FLOAT[x.dtype] then x = M.as(x, "f32") end
  return M.emit(op, x.dtype, { x }, fields)
end

local function no_lua_compare(op)
  return function()
    M.fail("kernel '%s': cannot use '%s' on symbolic values: Lua's if/while/comparisons run once at " ..
           "trace time, not per thread. Write tl.%s(a, b) to get a symbolic condition, then " ..
           "k:when(cond, fn) for a branch or tl.select(cond, a, b) for a value",
           (M.active() or { name = "?" }).name, op, op == "<" and "lt" or op == "<=" and "le" or "eq")
  end
end

Value.__add = function(a, b) return M.binary("add", a, b) end
Value.__sub = function(a, b) return M.binary("sub", a, b) end
Value.__mul = function(a, b) return M.binary("mul", a, b) end
Value.__div = function(a, b) return M.binary("div", a, b) end
Value.__mod = function(a, b) return M.binary("rem", a, b) end
Value.__idiv = function(a, b) return M.binary("div", a, b, true) end
Value.__pow = function(a, b)
  local t, x, y = M.unify(a, b)
  if not FLOAT[t] then t, x, y = "f32", M.as(x, "f32"), M.as(y, "f32") end
  return M.emit("pow", t, { x, y })
end
Value.__unm = function(a) return M.emit("neg", a.dtype, { a }) end
Value.__band = function(a, b) return M.binary("and", a, b, true) end
Value.__bor = function(a, b) return M.binary("or", a, b, true) end
Value.__bxor = function(a, b) return M.binary("xor", a, b, true) end
Value.__shl = function(a, b) return M.binary("shl", a, b, true) end
Value.__shr = function(a, b) return M.binary("shr", a, b, true) end
Value.__bnot = function(a) return M.emit("not", a.dtype, { a }) end
Value.__lt = no_lua_compare("<")
Value.__le = no_lua_compare("<=")
Value.__eq = no_lua_compare("==")
Value.__concat = function()
  M.fail("kernel '%s': a symbolic value has no text at trace time (use print outside the body)",
         (M.active() or { name = "?" }).name)
end
Value.__tostring = function(v) return string.format("Value{%%%d:%s}", v.id, v.dtype) end

local methods = {}
function methods.cast(v, dt)
  local name = M.dtname(dt)
  if not name then M.fail("cast: unknown dtype %s", tostring(dt)) end
  return M.as(v, name)
end
-- v:bitcast(dt): the same bits as a value of dt, a number type of v's width (f16 <-> u16, f32 <-> i32, ...)
function methods.bitcast(v, dt)
  local name = M.dtname(dt)
  if not name then M.fail("bitcast: unknown dtype %s", tostring(dt)) end
  if name == "bool" or v.dtype == "bool" or M.SIZE[name] ~= M.SIZE[v.dtype] then
    M.fail("bitcast: %s and %s must be number types of one width (%s bytes and %s bytes)", v.dtype, name,
           tostring(M.SIZE[v.dtype]), tostring(M.SIZE[name]))
  end
  if name == v.dtype then return v end
  return M.emit("bitcast", name, { v })
end
-- only absent keys reach here: id and dtype are fields of every value
Value.__index = function(v, k)
  local m = methods[k]
  if m then return m end
  M.fail("kernel '%s': a symbolic value has no field '%s'", (M.active() or { name = "?" }).name, tostring(k))
end
M.value_methods = methods

return M
