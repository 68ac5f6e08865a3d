-- fingerprint.lua - what a kernel's code can depend on, as one string, for the cache's front key.
--
-- A kernel body is Lua: the code it generates depends on the body's source, on the values it
-- reads through upvalues and globals, and on the functions it calls. The front index (launch.lua)
-- may skip tracing only when none of these changed, so the fingerprint walks them:
--   * every Lua function reached: its source file's content hash (tl._source_hash), the line it
--     starts on, and its upvalues, recursively;
--   * numbers, strings and booleans: their values; tables: their fields in sorted key order;
--   * the tilelua module and its embedded modules are covered by the tilelua version instead,
--     userdata (tensors, layouts) by their type only (kernels take tensors as arguments).
-- The walk is bounded (depth, item count); when it hits a bound it says so in the result, which
-- still changes whenever what it covered changes. It runs once per kernel and specialization.
local debug = debug -- captured at load: sandboxed scripts run without these globals
local M = {}

local MAX_DEPTH, MAX_ITEMS = 6, 20000

-- C functions have no source: name the ones of the standard libraries and of tilelua by where they
-- live ("math.floor"); any other gets its address, which differs between processes (a safe miss).
local C_NAMES
local function c_names(tl)
  local names = {}
  local libs = { string = string, table = table, math = math, utf8 = utf8, coroutine = coroutine, io = io,
                 os = os, tl = tl, _G = _G }
  for lib, t in pairs(libs) do
    if type(t) == "table" then
      for k, f in pairs(t) do if type(f) == "function" then names[f] = lib .. "." .. tostring(k) end end
    end
  end
  return names
end

function M.of(fn, tl)
  C_NAMES = C_NAMES or c_names(tl)
  local function c_name(f) return C_NAMES[f] or tostring(f) end
  local out, seen, items = {}, {}, 0
  local skip = { [tl] = true, [_G.string] = true, [_G.table] = true, [_G.math] = true, [_G.io or 0] = true,
                 [_G.os or 0] = true, [_G.coroutine] = true, [_G.utf8] = true, [_G.debug or 0] = true,
                 [_G.package or 0] = true }
  local walk
  local function put(s) items = items + 1; out[#out + 1] = s end
  local function key_order(a, b)
    local ta, tb = type(a), type(b)
    if ta ~= tb then return ta < tb end
    if ta == "number" or ta == "string" then return a < b end
    return false
  end
  walk = function(v, depth)
    if items > MAX_ITEMS then put("…items"); return end
    local t = type(v)
    if t == "number" then put(math.type(v) .. ":" .. string.format("%.17g", v))
    elseif t == "string" then put("s" .. #v .. ":" .. v)
    elseif t == "boolean" or t == "nil" then put(tostring(v))
    elseif t == "table" then
      if skip[v] then put("tl-lib"); return end
      if seen[v] then put("ref"); return end
      if depth >= MAX_DEPTH then put("…depth"); return end
      seen[v] = true
      local keys = {}
      for k in next, v do
        if type(k) == "string" or type(k) == "number" then keys[#keys + 1] = k end
      end
      table.sort(keys, key_order)
      put("{")
      for _, k in ipairs(keys) do
        walk(k, depth + 1)
        walk(rawget(v, k), depth + 1)
        if items > MAX_ITEMS then break end
      end
      put("}")
    elseif t == "function" then
      if seen[v] then put("fref"); return end
      seen[v] = true
      local info = debug.getinfo(v, "S")
      if info.what == "C" then put("cfn:" .. c_name(v)); return end
      -- tilelua's own functions: their text is covered by the version, but not what they captured
      -- (tl.exp and tl.log come from one constructor; stdlib kernels close over their configuration)
      if info.source:match("^@tilelua/") then put("tl-fn:" .. info.source .. ":" .. info.linedefined)
      else put("fn:" .. tl._source_hash(info.source) .. ":" .. info.linedefined) end
      if depth >= MAX_DEPTH then put("…depth"); return end
      local i = 1
      while true do
        local name, uv = debug.getupvalue(v, i)
        if not name then break end
        put(name .. "=")
        walk(uv, depth + 1)
        i = i + 1
      end
    else
      put(t) -- userdata, thread
    end
  end
  walk(fn, 0)
  return table.concat(out, "\0")
end

return M
