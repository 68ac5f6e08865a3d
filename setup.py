"""pip install --no-build-isolation .  -- the Python module tilelua, built by the project's CMake.

Needs only what Debian ships: cmake, gcc, liblua5.4-dev, libdlpack-dev, python3-dev, python3-setuptools
(and python3-wheel, which python3-pip brings). The extension uses Python's stable ABI (3.11+)."""
import os
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))


def project_version():
    with open(os.path.join(HERE, "CMakeLists.txt"), encoding="utf-8") as f:
        return re.search(r"project\(tilelua VERSION ([0-9.]+)", f.read()).group(1)


class CMakeBuild(build_ext):
    """Configures and builds only the tilelua_python target, then puts it where setuptools wants it."""

    def build_extension(self, ext):
        build = os.path.join(os.path.abspath(self.build_temp), "cmake")
        subprocess.check_call(["cmake", "-S", HERE, "-B", build, "-DTILELUA_PYTHON=ON", "-DTILELUA_BUILD_TESTS=OFF",
                               "-DCMAKE_BUILD_TYPE=Release", "-DPython3_EXECUTABLE=" + sys.executable])
        subprocess.check_call(["cmake", "--build", build, "--target", "tilelua_python", "-j", str(os.cpu_count() or 1)])
        out = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        shutil.copyfile(os.path.join(build, "python", "tilelua", "_tilelua.abi3.so"), out)


setup(
    name="tilelua",
    version=project_version(),
    description="Tile-level GPU kernels from small Lua scripts, launched on NumPy, PyTorch and CuPy arrays",
    license="MIT",
    python_requires=">=3.11",
    packages=["tilelua"],
    package_dir={"tilelua": "python/tilelua"},
    ext_modules=[Extension("tilelua._tilelua", sources=[], py_limited_api=True)],
    cmdclass={"build_ext": CMakeBuild},
    options={"bdist_wheel": {"py_limited_api": "cp311"}},
    zip_safe=False,
)
