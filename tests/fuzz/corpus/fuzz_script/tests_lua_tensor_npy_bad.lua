-- tensor_npy_bad.lua - tl.load_npy refuses broken and unsupported files with a clear message.
local T = require "testing"
local dir = os.getenv("TILELUA_TEST_TMP") or "/tmp"
local path = dir .. "/tensor_npy_bad.npy"
local function npy(dict, data, major)
  major = major or 1
  local pre = major == 1 and 10 or 12
  local body = dict .. "\n"
  local pad = (64 - (pre + #body) % 64) % 64
  local header = dict .. string.rep(" ", pad) .. "\n"
  return "\x93NUMPY" .. string.char(major, 0) .. string.pack(major == 1 and "<I2" or "<I4", #header)
         .. header .. (data or "")
end
local function load(bytes)
  local f = assert(io.open(path, "wb"))
  f:write(bytes)
  f:close()
  return tl.load_npy(path)
end
local floats6 = string.rep(string.pack("<f", 1.5), 6)
-- a good hand-built v2.0 file first, so the helper is known to work
local ok = load(npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", floats6, 2))
T.eq(ok:tolist(), {{1.5, 1.5, 1.5}, {1.5, 1.5, 1.5}}, "v2.0 file")
T.raises(function() load(npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", floats6:sub(1, 20))) end,
         "truncated data: expected 24 bytes, found 20")
T.raises(function() load("GIF89a" .. floats6) end, "not a .npy file (bad magic)")
T.raises(function() load(npy("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3), }", floats6)) end,
         "fortran_order=True is not supported")
T.raises(function() load(npy("{'descr': '>f4', 'fortran_order': False, 'shape': (2, 3), }", floats6)) end,
         "big-endian data ('>f4') is not supported")
T.raises(function() load(npy("{'descr': '|O', 'fortran_order': False, 'shape': (2,), }", floats6)) end,
         "object arrays ('|O') cannot be read")
T.raises(function() load("\x93NUMPY\x02\x00" .. string.pack("<I4", 1 << 30) .. "{") end,
         "header of 1073741824 bytes is too large")
T.raises(function() load(npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", floats6):sub(1, 30)) end,
         "truncated header")
local err = T.raises(function() load("") end, "bad magic")
assert(err:find(path, 1, true), "the message names the file: " .. err)
os.remove(path)
