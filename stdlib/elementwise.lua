-- elementwise.lua - std.map (a function over N tensors of one shape, scalars broadcast), std.axpy and
-- std.cast: every tensor is viewed flat and swept in 16-byte vectors, several per thread.
local tl = require "tilelua"
local C = require "tilelua.std.common"
local fingerprint = require "tilelua.fingerprint"
local M = {}

-- f16/bf16 values reach the user's function as f32 (the arithmetic type), the result is converted
-- to the output's dtype when stored
local function arith(dt) return (dt == "f16" or dt == "bf16") and "f32" or dt end

-- the dtype a Lua number argument is passed as, next to the tensors' dtypes
local function scalar_dtype(v, tensor_dtypes)
  local float_t, int_t
  for _, dt in ipairs(tensor_dtypes) do
    if C.FLOAT[dt] then
      float_t = (float_t == "f64" or dt == "f64") and "f64" or "f32"
    elseif not int_t or C.SIZE[dt] > C.SIZE[int_t] then int_t = dt end
  end
  if math.type(v) == "integer" then return int_t or float_t end
  return float_t or "f64"
end


-- kernels by function (weak: a closure that is gone frees its kernels), then by signature
local by_fn = setmetatable({}, { __mode = "k" })

local function build(fn, out_dt, specs, sig)
  local min_size = C.SIZE[out_dt]
  for _, s in ipairs(specs) do if s.tensor then min_size = math.min(min_size, C.SIZE[s.dtype]) end end
  local layout = C.flat_layout(min_size)
  local dist, tile = layout.dist, layout.tile
  local params = { { "out", tl.tensor(out_dt, 1) } }
  for i, s in ipairs(specs) do
    params[#params + 1] = { "a" .. i, s.tensor and tl.tensor(s.dtype, 1) or s.dtype }
  end
  local n = #specs
  return tl.kernel {
    name = "std_map", block = C.BLOCK,
    params = params,
    body = function(k, p)
      local origin = { C.bid64(k) * tile }
      local args, template = {}, nil
      for i, s in ipairs(specs) do
        if s.tensor then
          local t = k:window(p["a" .. i], origin, { tile }, dist):load()
          if arith(s.dtype) ~= s.dtype then t = t:cast(arith(s.dtype)) end
          args[i] = t
          template = template or t
        else
          args[i] = p["a" .. i]
        end
      end
      -- only scalars: the output's tile gives the element positions (its values are unused)
      template = template or k:window(p.out, origin, { tile }, dist):load()
      local res = template:cast(arith(out_dt))
      local vals = {}
      res:foreach(function(_, _, y)
        for i, s in ipairs(specs) do vals[i] = s.tensor and args[i]:get(y) or args[i] end
        local r = fn(table.unpack(vals, 1, n))
        if r == nil then C.fail("std.map: the function returned nil (it must return a value for element %d)", y) end
        return r
      end)
      -- converted before the store: a conversion between the lanes of a vector store would split it
      if res.dtype ~= out_dt then res = res:cast(out_dt) end
      k:window(p.out, origin, { tile }, dist):store(res)
    end,
  }, sig
end

-- std.map(fn, out, a, b, ...): out[i] = fn(a[i], b[i], ...); returns out
function M.map(fn, out, ...)
  if type(fn) ~= "function" then C.fail("std.map: the first argument must be a function (got %s)", type(fn)) end
  local out_dt = C.tensor_dtype("map", "out", out)
  C.check_out("map", "out", out)
  local shape = out:shape()
  local n = select("#", ...)
  local raw = { ... }
  local tensor_dtypes, specs = {}, {}
  for i = 1, n do
    local a = raw[i]
    if type(a) == "number" then
      specs[i] = { tensor = false }
    else
      local dt = C.tensor_dtype("map", "argument " .. i, a)
      if not C.same_shape(a:shape(), shape) then
        C.fail("std.map: argument %d has shape %s but out has shape %s (tensors must match; numbers broadcast)",
               i, C.shape_str(a:shape()), C.shape_str(shape))
      end
      specs[i] = { tensor = true, dtype = dt }
      tensor_dtypes[#tensor_dtypes + 1] = dt
    end
  end
  if #tensor_dtypes == 0 then tensor_dtypes[1] = out_dt end
  local parts = { out_dt, "w" .. tl.default_warp() }
  for i, s in ipairs(specs) do
    if not s.tensor then s.dtype = scalar_dtype(raw[i], tensor_dtypes) end
    parts[#parts + 1] = (s.tensor and "t" or "s") .. s.dtype
  end
  local sig = table.concat(parts, ",")
  local per = by_fn[fn]
  if not per then per = {}; by_fn[fn] = per end
  local kern = per[sig]
  if not kern then
    kern = C.register(build(fn, out_dt, specs, sig))
    -- the user's function is part of what the kernel computes: its fingerprint (source hash,
    -- line, upvalues) joins the signature
    C.pin_fingerprint(kern, "map|" .. sig .. "|" .. fingerprint.of(fn, tl))
    per[sig] = kern
  end
  local total = C.numel(shape)
  if total == 0 then return out end
  local args = { C.view(out, { total }) }
  for i = 1, n do args[i + 1] = specs[i].tensor and C.view(raw[i], { total }) or raw[i] end
  local min_size = C.SIZE[out_dt]
  for _, s in ipairs(specs) do if s.tensor then min_size = math.min(min_size, C.SIZE[s.dtype]) end end
  kern({ C.blocks(total, C.flat_layout(min_size).tile) }, table.unpack(args, 1, n + 1))
  return out
end

local function axpy_fn(alpha, x, y) return alpha * x + y end

-- std.axpy(alpha, x, y): y = alpha*x + y in place; returns y
function M.axpy(alpha, x, y)
  if type(alpha) ~= "number" then C.fail("std.axpy: alpha must be a number (got %s)", type(alpha)) end
  local xd = C.tensor_dtype("axpy", "x", x)
  local yd = C.tensor_dtype("axpy", "y", y)
  if xd ~= yd then C.fail("std.axpy: x is %s but y is %s (they must have the same dtype)", xd, yd) end
  if not C.same_shape(x:shape(), y:shape()) then
    C.fail("std.axpy: x has shape %s but y has shape %s", C.shape_str(x:shape()), C.shape_str(y:shape()))
  end
  if not C.FLOAT[xd] and math.type(alpha) ~= "integer" then
    C.fail("std.axpy: alpha must be an integer for %s tensors (got %s)", xd, tostring(alpha))
  end
  return M.map(axpy_fn, y, alpha, x, y)
end

local function identity(v) return v end

-- std.cast(x, dtype): a new tensor of x's shape and values in dtype
function M.cast(x, dtype)
  C.tensor_dtype("cast", "x", x)
  local dt = C.dtype_name("cast", dtype)
  local out = tl.empty(x:shape(), tl[dt], C.NO_CLEAR) -- (std.map writes every element)
  return M.map(identity, out, x)
end

return M
