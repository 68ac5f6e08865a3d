#!/usr/bin/env python3
"""ptxas_report.py FILE.cu [ARCH]: compile a kernel source tilelua generated (kern:source("sm_90a")) to a cubin with
NVRTC, as the CUDA backend does, and print ptxas's -v report: registers, spills, stack, and any C75xx performance
warning (wgmma serialized). Needs only libnvrtc and the CUDA headers (cuda_fp16.h for f16/bf16 kernels), no GPU:
what ptxas does with a kernel can be read here before a device call. ARCH: sm_90a unless given; CUDA_INCLUDE: the
headers' directory (/usr/local/cuda/include unless given); CUBIN: a path to write the code object to (its SASS:
cuobjdump -sass, on a machine that has it); PTXAS_EXTRA: more NVRTC options, space-separated (such as
--ptxas-options=--register-usage-level=2). Exit status 1 where the compile fails."""
import ctypes
import os
import sys

if len(sys.argv) < 2:
    sys.exit(__doc__)
lib = ctypes.CDLL("libnvrtc.so")
src = open(sys.argv[1], "rb").read()
arch = sys.argv[2] if len(sys.argv) > 2 else "sm_90a"
prog = ctypes.c_void_p()
rc = lib.nvrtcCreateProgram(ctypes.byref(prog), src, sys.argv[1].encode(), 0, None, None)
assert rc == 0, rc
include = os.environ.get("CUDA_INCLUDE", "/usr/local/cuda/include")
# (the CUDA backend's options, src/rtc_nvrtc.c, with ptxas's report)
opts = [b"--gpu-architecture=" + arch.encode(), b"-default-device", b"--std=c++17", b"-I" + include.encode(),
        b"--ptxas-options=-v"] + [o.encode() for o in os.environ.get("PTXAS_EXTRA", "").split()]
arr = (ctypes.c_char_p * len(opts))(*opts)
rc = lib.nvrtcCompileProgram(prog, len(opts), arr)
n = ctypes.c_size_t()
lib.nvrtcGetProgramLogSize(prog, ctypes.byref(n))
log = ctypes.create_string_buffer(n.value)
lib.nvrtcGetProgramLog(prog, log)
for line in log.value.decode(errors="replace").splitlines():
    if "ptxas" in line or "spill" in line or "stack" in line or "error" in line or "C75" in line:
        print(line)
# CUBIN=path: the code object too (for cuobjdump -sass where one is at hand: the device machine)
if rc == 0 and os.environ.get("CUBIN"):
    size = ctypes.c_size_t()
    lib.nvrtcGetCUBINSize(prog, ctypes.byref(size))
    buf = ctypes.create_string_buffer(size.value)
    lib.nvrtcGetCUBIN(prog, buf)
    with open(os.environ["CUBIN"], "wb") as f:
        f.write(buf.raw)
sys.exit(1 if rc else 0)
