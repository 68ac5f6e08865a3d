-- tensor_npy.lua - tl.save_npy / tl.load_npy round trips for every dtype; refused in the sandbox.
local T = require "testing"
local dir = os.getenv("TILELUA_TEST_TMP") or "/tmp"
local path = dir .. "/tensor_npy_test.npy"
for _, name in ipairs{"f16", "bf16", "f32", "f64", "i8", "u8", "i16", "u16", "i32", "u32", "i64", "u64", "bool"} do
  local dt = tl[name]
  local t = tl.rand({2, 3, 4}, dt, 11)
  if dt.is_float then t:set(0, 0, 0, 0 / 0); t:set(0, 0, 1, -math.huge); t:set(1, 2, 3, 2^-24) end
  T.eq(tl.save_npy(path, t), true, name .. " saved")
  local u = tl.load_npy(path)
  T.eq(u:shape(), {2, 3, 4}, name .. " shape")
  T.eq(u:dtype(), name == "bf16" and tl.f32 or dt, name .. " dtype (bf16 is written as exact f32)")
  T.eq(t:max_abs_diff(u), 0.0, name .. " values")
  local back = tl.load_npy(path, dt)
  T.eq(back:dtype(), dt, name .. " load with a dtype")
  T.eq(back:max_abs_diff(t), 0.0, name .. " values after conversion")
end
-- shapes (), (0,), (3,); the file is what numpy.save writes
for _, shape in ipairs{{}, {0}, {3}} do
  local t = tl.arange(shape[1] or 1, tl.i16):reshape(shape)
  tl.save_npy(path, t)
  local f = assert(io.open(path, "rb"))
  local bytes = f:read("a")
  f:close()
  T.eq(bytes:sub(1, 8), "\x93NUMPY\x01\x00", "magic and version 1.0")
  local hlen = string.unpack("<I2", bytes, 9)
  T.eq((10 + hlen) % 64, 0, "data 64-byte aligned")
  local want = ({[0] = "()", "(0,)", "(3,)"})[#shape == 0 and 0 or (shape[1] == 0 and 1 or 2)]
  assert(bytes:find("'shape': " .. want, 1, true), "shape literal " .. want .. " in " .. bytes:sub(11, 10 + hlen))
  T.eq(#bytes, 10 + hlen + 2 * t:numel(), "data length")
  T.eq(tl.load_npy(path):shape(), shape, "shape back")
end
-- a strided view is written in row-major order
local tr = tl.arange(6, tl.i32):reshape{2, 3}
tl.save_npy(path, tr)
T.eq(tl.load_npy(path):tolist(), {{0, 1, 2}, {3, 4, 5}}, "contiguous")
os.remove(path)
T.raises(function() tl.load_npy(dir .. "/no/such/file.npy") end, "tl.load_npy: cannot open")
T.raises(function() tl.save_npy(path, {1, 2}) end, "tilelua.Tensor expected")
-- in a sandboxed tilesh both refuse, and nothing is written
local tilesh = arg and arg[-1]
if tilesh then
  local function sandboxed(code)
    local p = io.popen(string.format("%q --sandbox -e %q 2>&1", tilesh, code))
    local out = p:read("a")
    p:close()
    return out
  end
  local out = sandboxed("tl.save_npy('" .. path .. "', tl.zeros{2})")
  assert(out:find("tl.save_npy: writing files is not allowed in the sandbox", 1, true), "sandbox: " .. out)
  T.eq(io.open(path), nil, "no file written in the sandbox")
  out = sandboxed("tl.load_npy('" .. path .. "')")
  assert(out:find("tl.load_npy: reading files is not allowed in the sandbox", 1, true), "sandbox: " .. out)
end
