"""tilelua for Python: tile kernels written in Lua, launched on NumPy, PyTorch and CuPy arrays in place.

    import tilelua
    T = tilelua.State()                    # backend: auto (a GPU if there is one), "cpu", "cuda", "hip"
    T.exec(open("scale.lua").read())       # or T.run("scale.lua")
    k = T.kernel("scale")                  # the kernel tl.kernel{name = "scale", ...} made
    k((64, 64), x, y, 2.0)                 # zero-copy through DLPack, on torch's/CuPy's current stream
    c = tilelua.std.gemm(a, b)             # the standard library; returns an array of a's kind

Script errors raise tilelua.Error, whose .script and .line name the failing line.
"""
import sys as _sys

from ._tilelua import Array, Error, Kernel, State, version

__all__ = ["Array", "Error", "Kernel", "State", "std", "version", "default_state"]

_default = None


def default_state():
    """The State tilelua.std uses (made on first use, backend from $TILELUA_BACKEND, else auto)."""
    global _default
    if _default is None:
        _default = State()
    return _default


def _kind_of(args):
    """The module whose from_dlpack makes an array of the caller's kind: torch, cupy or numpy."""
    for a in args:
        mod = type(a).__module__.split(".")[0]
        if mod in ("torch", "cupy", "numpy", "jax", "jaxlib"):
            return _sys.modules.get(mod)
    return None


def _like(value, module):
    if isinstance(value, tuple):
        return tuple(_like(v, module) for v in value)
    if isinstance(value, Array):
        if module is None:
            import numpy
            module = numpy
        if module.__name__ == "torch":
            return module.utils.dlpack.from_dlpack(value)
        return module.from_dlpack(value)
    return value


class _Std:
    """tilelua.std.<name>(*args, **options): the Lua standard library (std.gemm, std.softmax, std.sum,
    std.transpose, std.map with a Lua function, ...) on arrays; options become the Lua options table
    (out=..., ...). Arrays come back of the kind of the first array argument."""

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)

        def call(*args, **options):
            state = options.pop("state", None) or default_state()
            out = state.call("std." + name, *args, **options)
            if isinstance(out, tuple):  # Lua tables (kernels, configs) come back as None: drop them
                out = tuple(v for v in out if v is not None)
                out = out[0] if len(out) == 1 else out
            return _like(out, _kind_of(args))

        call.__name__ = name
        call.__qualname__ = "std." + name
        return call

    def __dir__(self):
        return ["axpy", "cast", "gemm", "histogram", "layernorm", "max", "mean", "min", "softmax", "sum",
                "transpose"]


std = _Std()
