"""test_numpy.py - the Python module on NumPy arrays (cpu backend): zero-copy in and out through DLPack,
strides and dtypes, a non-contiguous view, released arrays, bad capsules, script errors."""
import ctypes
import gc
import sys

import numpy as np

import tilelua

T = tilelua.State(backend="cpu")
assert T.backend == "cpu", T.backend
T.exec("""
saxpy = tl.kernel{ name = 'saxpy', block = 128,
  params = {{'x', tl.tensor(tl.f32, 1)}, {'y', tl.tensor(tl.f32, 1)}, {'a', tl.f32}},
  body = function(k, p)
    local i = k.block_id(0) * 128 + k.thread_id()
    local m = tl.lt(i, p.x:shape(0))
    p.y:store({i}, p.x:load({i}, {mask = m}) * p.a + p.y:load({i}, {mask = m}), {mask = m})
  end }
for _, dt in ipairs{'f64', 'i32', 'u8', 'f16'} do
  tl.kernel{ name = 'add2d_' .. dt, block = 64,
    params = {{'x', tl.tensor(tl[dt], 2)}, {'y', tl.tensor(tl[dt], 2)}},
    body = function(k, p)
      local r, c = k.block_id(0), k.thread_id()
      local m = tl.lt(c, p.x:shape(1))
      p.y:store({r, c}, p.y:load({r, c}, {mask = m}) + p.x:load({r, c}, {mask = m}), {mask = m})
    end }
end
""", "=kernels")
saxpy = T.kernel("saxpy")

# writes land in the caller's arrays: zero-copy
x = np.arange(300, dtype=np.float32)
y = np.ones(300, dtype=np.float32)
y_ptr = y.__array_interface__["data"][0]
saxpy(3, x, y, 2.0)
assert np.array_equal(y, 2 * x + 1), y[:8]
assert y.__array_interface__["data"][0] == y_ptr
# the same memory seen through another view of it changes too
base = np.zeros(300, dtype=np.float32)
alias = base[:]
saxpy((3, 1, 1), x, base, 1.0)
assert np.array_equal(alias, x)

# a non-contiguous view: every other element; the ones between stay
w = np.full(600, -1, dtype=np.float32)
saxpy(3, x, w[::2], 1.0)
assert np.array_equal(w[::2], x - 1) and np.all(w[1::2] == -1), w[:8]
# a reversed (negative-stride) view is refused with a message
try:
    saxpy(3, x, w[::-2], 1.0)
    raise AssertionError("negative strides accepted")
except tilelua.Error as e:
    assert "negative stride" in str(e), e

# dtypes and 2-D strides: a transposed view of a Fortran-ordered array, column slices
for dt, npdt in (("f64", np.float64), ("i32", np.int32), ("u8", np.uint8), ("f16", np.float16)):
    k = T.kernel("add2d_" + dt)
    a = (np.arange(5 * 7) % 50).astype(npdt).reshape(5, 7)
    b = np.asfortranarray(np.ones((5, 7), dtype=npdt))
    k(5, a, b)
    assert np.array_equal(b, a + 1), (dt, b)
    wide = np.zeros((5, 20), dtype=npdt)
    k(5, a, wide[:, 3:10])
    assert np.array_equal(wide[:, 3:10], a) and not wide[:, :3].any() and not wide[:, 10:].any(), dt

# the arrays are given back: no reference left behind by a launch (DLPack deleters ran)
gc.collect()
r0 = sys.getrefcount(y)
for _ in range(10):
    saxpy(3, x, y, 0.0)
gc.collect()
assert sys.getrefcount(y) == r0, (sys.getrefcount(y), r0)

# an array released by the caller after the launch, and an Array released while a view lives on
tmp = np.ones(300, dtype=np.float32)
saxpy(3, x, tmp, 1.0)
del tmp
gc.collect()
a16 = (np.arange(64 * 32) % 7).astype(np.float16).reshape(64, 32)
b16 = (np.arange(32 * 48) % 5).astype(np.float16).reshape(32, 48)
c = tilelua.std.gemm(a16, b16)
assert isinstance(c, np.ndarray) and c.shape == (64, 48) and c.dtype == np.float32, (type(c), c)
want = a16.astype(np.float32) @ b16.astype(np.float32)
assert np.abs(c - want).max() == 0, np.abs(c - want).max()
raw = T.call("std.gemm", a16, b16)[0]
assert isinstance(raw, tilelua.Array) and raw.shape == (64, 48) and raw.dtype == "f32", raw
view = np.from_dlpack(raw)
del raw
gc.collect()
assert np.array_equal(view, want)
# std with options (a Lua table) and the caller's out array given back as itself
out = np.zeros((64, 48), dtype=np.float32)
got = tilelua.std.gemm(a16, b16, out=out, alpha=2.0)
assert got is out and np.array_equal(out, 2 * want)


def raises(exc, text, fn, *args):
    try:
        fn(*args)
    except exc as e:
        assert text in str(e), (text, str(e))
        return
    raise AssertionError("no %s for %s" % (exc.__name__, text))


# bad capsules and arguments: clear errors, no crash
cap = x.__dlpack__()
saxpy(3, cap, y, 0.0)
raises(ValueError, "already consumed", saxpy, 3, cap, y, 0.0)
raises(ValueError, "dtype complex64 is not one tilelua takes", saxpy, 3, np.zeros(300, np.complex64), y, 0.0)
raises(tilelua.Error, "argument 'x' must be a f32 tensor (got f64)", saxpy, 3, np.zeros(300), y, 0.0)
raises(TypeError, "expected a number or an array", saxpy, 3, [1.0, 2.0], y, 0.0)
raises(TypeError, "expected 3 arguments, got 2", saxpy, 3, x, y)
raises(TypeError, "grid must be", saxpy, 0, x, y, 1.0)
raises(KeyError, "kernels are: add2d_f16", T.kernel, "nope")
raises(TypeError, "the only keyword argument is stream=", lambda: saxpy(3, x, y, 1.0, grid=3))
raises(TypeError, "stream must be an int", lambda: saxpy(3, x, y, 1.0, stream="s"))
other = tilelua.State(backend="cpu")
raises(ValueError, "belongs to another tilelua.State", saxpy, 3, x, other.call("tl.zeros", 300), 0.0)
raises(BufferError, "readonly", saxpy, 3, np.broadcast_to(np.float32(1), (300,)), y, 0.0)


# a producer whose memory is on a CUDA device (DLPack, through ctypes): refused on the cpu backend
class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int), ("device_id", ctypes.c_int)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", DLDevice), ("ndim", ctypes.c_int), ("dtype", DLDataType),
                ("shape", ctypes.POINTER(ctypes.c_int64)), ("strides", ctypes.POINTER(ctypes.c_int64)),
                ("byte_offset", ctypes.c_uint64)]


class DLManagedTensor(ctypes.Structure):
    pass


DELETER = ctypes.CFUNCTYPE(None, ctypes.POINTER(DLManagedTensor))
DLManagedTensor._fields_ = [("dl_tensor", DLTensor), ("manager_ctx", ctypes.c_void_p), ("deleter", DELETER)]
deleted = []
deleter = DELETER(lambda m: deleted.append(1))
shape = (ctypes.c_int64 * 1)(300)
managed = DLManagedTensor(DLTensor(0x10000, DLDevice(2, 0), 1, DLDataType(2, 32, 1), shape, None, 0), None, deleter)
capsule_new = ctypes.pythonapi.PyCapsule_New
capsule_new.restype = ctypes.py_object
capsule_new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]


class CudaProducer:
    def __dlpack_device__(self):
        return (2, 0)

    def __dlpack__(self, stream=None):
        assert stream == 1, stream  # the legacy default stream: no torch, no CuPy stream here
        return capsule_new(ctypes.addressof(managed), b"dltensor", None)


raises(tilelua.Error, "CUDA device memory (GPU 0), but the state runs on the cpu backend", saxpy, 3, CudaProducer(), y, 0.0)
assert deleted == [], deleted  # refused: the producer keeps its tensor

# script errors carry the script and the line
try:
    T.exec("local a = 1\nerror('boom')", "=myscript")
    raise AssertionError("no error")
except tilelua.Error as e:
    assert (e.script, e.line) == ("myscript", 2) and "myscript:2: boom" in str(e), (e.script, e.line, str(e))
try:
    T.run("/nonexistent/x.lua")
    raise AssertionError("no error")
except OSError as e:
    assert "/nonexistent/x.lua" in str(e), e
print("test_numpy: ok")
