-- testing.lua - assertions for tests/lua scripts: each prints both values on failure.
local T = {}

local function show(v)
  if type(v) == "table" then
    local parts = {}
    for i = 1, #v do parts[#parts + 1] = show(v[i]) end
    return "{" .. table.concat(parts, ", ") .. "}"
  end
  return tostring(v)
end
T.show = show

local function deep_eq(a, b)
  if type(a) ~= "table" or type(b) ~= "table" then return a == b end
  if #a ~= #b then return false end
  for i = 1, #a do if not deep_eq(a[i], b[i]) then return false end end
  for k, v in pairs(a) do
    if type(k) ~= "number" and not deep_eq(v, b[k]) then return false end
  end
  return true
end
T.deep_eq = deep_eq

function T.eq(got, want, what)
  if not deep_eq(got, want) then
    error(string.format("%s: got %s, want %s", what or "eq", show(got), show(want)), 2)
  end
end

function T.near(got, want, tol, what)
  if math.abs(got - want) > (tol or 1e-6) then
    error(string.format("%s: got %.9g, want %.9g (tol %g)", what or "near", got, want, tol or 1e-6), 2)
  end
end

-- T.worst(w, e): the larger of the error so far and a new one, a NaN counted as infinite (math.max keeps its first
-- argument when the comparison fails: math.max(0, 0 / 0) is 0, so a NaN result would pass a tolerance)
function T.worst(w, e)
  if e ~= e then return math.huge end
  return math.max(w, e)
end

-- T.raises(fn, "text"): fn must raise an error whose message contains text (plain).
function T.raises(fn, text, what)
  local ok, err = pcall(fn)
  if ok then error(string.format("%s: expected an error containing %q, got none", what or "raises", text), 2) end
  if not tostring(err):find(text, 1, true) then
    error(string.format("%s: error %q lacks %q", what or "raises", tostring(err), text), 2)
  end
  return err
end

-- T.compiles(src, name, arch, what): NVRTC (or the AMD compiler) must compile the source; skipped,
-- with a line saying so, where the compiler is not installed
function T.compiles(src, name, arch, what)
  local ok, err = pcall(tl._compile, src, name, arch)
  local e = tostring(err)
  if not ok and (e:find("library not found", 1, true) or e:find("cannot be used", 1, true) or e:find("no usable clang", 1, true)) then
    print("skipped (no compiler): " .. (what or name))
    return
  end
  if not ok then error(string.format("%s: %s", what or name, tostring(err)), 2) end
end

-- T.dirty(shape, dtype): leaves freed buffers of NaNs of that many bytes (on a GPU, in the device pool) for the next
-- allocations of that size, so that an output not cleared first shows each element its kernel did not write
-- (a kernel's undefined outputs, tl.empty{clear = false}); where nothing is pooled the check is vacuous
function T.dirty(shape, dtype)
  require("tilelua.std").cast(tl.full(shape, 0 / 0, dtype), dtype) -- (input and output: both NaNs on a device, unreferenced)
  collectgarbage()
  collectgarbage()
end

-- T.full_write(what, fn, shape, dtype): fn(out) computes an op's result into out (nil: a fresh output); over
-- T.dirty's NaNs the fresh result must equal the one given zeros to write into (the kernel writes every element)
function T.full_write(what, fn, shape, dtype)
  local zeroed = tl.zeros(shape, dtype)
  local want = fn(zeroed):tolist()
  T.dirty(shape, dtype)
  T.eq(fn(nil):tolist(), want, what .. ": a fresh output written in full")
  return zeroed -- (alive until the fresh output is made: its buffer is not the one handed out)
end

return T
