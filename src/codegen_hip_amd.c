/* codegen_hip_amd.c - the freestanding part of the AMD prelude: what generated kernels use of the HIP
 * runtime header, defined from clang builtins, so the same source compiles with hiprtc (which brings
 * its own header and defines __HIPCC_RTC__: this part is skipped) and with an offline clang
 * (`-nogpuinc -nogpulib`, rtc_clang.c), which has neither the HIP headers nor the ROCm device
 * libraries for the targets Debian's HIP 5.2 does not know (gfx942, gfx1100, gfx1201).
 *
 * - Ids: workitem/workgroup ids from __builtin_amdgcn_*; gridDim from the dispatch packet
 *   (hsa_kernel_dispatch_packet_t: workgroup_size_x/y/z are u16 at bytes 4..9, grid_size_x/y/z u32
 *   at 12..23, in work-items), as HIP's own header computes it.
 * - __syncthreads: release fence, s_barrier, acquire fence at workgroup scope (HIP's definition).
 * - Shuffles: ds_bpermute with byte addresses, 4 bytes at a time, HIP's lane rules for a width.
 * - f32 math: clang builtins; the AMDGPU back end lowers exp/log/exp2/log2/sin/cos/sqrt/floor/fma
 *   to instructions. powf and tanhf have no instruction: powf = exp2f(y * log2f|x|) with IEEE
 *   special cases (relative error grows with |y log2 x|), tanhf a Taylor polynomial below 0.55 and
 *   (1 - e^-2|x|) / (1 + e^-2|x|) above.
 * - f64 exp/exp2/log/log2/sin/cos/tanh/pow have no instruction either: written here (Cody-Waite
 *   reduction by ln 2 or pi/2 split in three, Taylor polynomials to below 2^-53 on the reduced
 *   interval: within a few ulp; sin/cos lose accuracy above |x| ~ 1e9, where a three-part pi/2
 *   no longer reduces exactly). */
#include <string.h>

#include "codegen_hip_impl.h"

static const char base_text[] =
  "#if !defined(__HIPCC_RTC__)\n"
  "// freestanding (clang -nogpuinc -nogpulib): the part of the HIP runtime header this kernel uses\n"
  "#define __global__ __attribute__((global))\n"
  "#define __device__ __attribute__((device))\n"
  "#define __shared__ __attribute__((shared))\n"
  "#define __forceinline__ inline __attribute__((always_inline))\n"
  "#define __launch_bounds__(n) __attribute__((amdgpu_flat_work_group_size(1, n)))\n"
  "struct tl_uint3 { unsigned int x, y, z; };\n"
  "static __device__ __forceinline__ tl_uint3 tl_thread_idx() {\n"
  "  return {__builtin_amdgcn_workitem_id_x(), __builtin_amdgcn_workitem_id_y(), __builtin_amdgcn_workitem_id_z()};\n"
  "}\n"
  "static __device__ __forceinline__ tl_uint3 tl_block_idx() {\n"
  "  return {__builtin_amdgcn_workgroup_id_x(), __builtin_amdgcn_workgroup_id_y(), __builtin_amdgcn_workgroup_id_z()};\n"
  "}\n"
  "static __device__ __forceinline__ tl_uint3 tl_grid_dim() {\n"
  "  const unsigned short* const w = (const unsigned short*)__builtin_amdgcn_dispatch_ptr() + 2;\n"
  "  const unsigned int* const n = (const unsigned int*)__builtin_amdgcn_dispatch_ptr() + 3;\n"
  "  return {n[0] / w[0], n[1] / w[1], n[2] / w[2]};\n"
  "}\n"
  "#define threadIdx (tl_thread_idx())\n"
  "#define blockIdx (tl_block_idx())\n"
  "#define gridDim (tl_grid_dim())\n"
  "static __device__ __forceinline__ void __syncthreads() {\n"
  "  __builtin_amdgcn_fence(__ATOMIC_RELEASE, \"workgroup\");\n"
  "  __builtin_amdgcn_s_barrier();\n"
  "  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, \"workgroup\");\n"
  "}\n"
  "typedef _Float16 __half;\n"
  "static __device__ __forceinline__ float __half2float(__half x) { return (float)x; }\n"
  "static __device__ __forceinline__ __half __float2half_rn(float x) { return (__half)x; }\n"
  "static __device__ __forceinline__ float __int_as_float(int x) { return __builtin_bit_cast(float, x); }\n"
  "static __device__ __forceinline__ float __uint_as_float(unsigned int x) { return __builtin_bit_cast(float, x); }\n"
  "static __device__ __forceinline__ unsigned int __float_as_uint(float x) { return __builtin_bit_cast(unsigned int, x); }\n"
  "static __device__ __forceinline__ double __longlong_as_double(long long x) { return __builtin_bit_cast(double, x); }\n";

static const char shuffle_text[] =
  "template <typename T> static __device__ __forceinline__ T tl_bperm(T x, int lane) {\n"
  "  int w[sizeof(T) / 4];\n"
  "  __builtin_memcpy(w, &x, sizeof(T));\n"
  "  for (unsigned i = 0; i < sizeof(T) / 4; i++) w[i] = __builtin_amdgcn_ds_bpermute(lane << 2, w[i]);\n"
  "  __builtin_memcpy(&x, w, sizeof(T));\n"
  "  return x;\n"
  "}\n"
  "static __device__ __forceinline__ int tl_lane() { return __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u)); }\n"
  "template <typename T> static __device__ __forceinline__ T __shfl_xor(T x, int mask, int width = __AMDGCN_WAVEFRONT_SIZE) {\n"
  "  const int self = tl_lane(), src = self ^ mask;\n"
  "  return tl_bperm(x, src < ((self + width) & -width) ? src : self);\n"
  "}\n"
  "template <typename T> static __device__ __forceinline__ T __shfl(T x, int src, int width = __AMDGCN_WAVEFRONT_SIZE) {\n"
  "  return tl_bperm(x, (tl_lane() & -width) + (src & (width - 1)));\n"
  "}\n";

static const char math32_text[] =
  "static __device__ __forceinline__ float fmodf(float a, float b) { return __builtin_fmodf(a, b); }\n"
  "static __device__ __forceinline__ float fminf(float a, float b) { return __builtin_fminf(a, b); }\n"
  "static __device__ __forceinline__ float fmaxf(float a, float b) { return __builtin_fmaxf(a, b); }\n"
  "static __device__ __forceinline__ float fabsf(float x) { return __builtin_fabsf(x); }\n"
  "static __device__ __forceinline__ float expf(float x) { return __builtin_expf(x); }\n"
  "static __device__ __forceinline__ float logf(float x) { return __builtin_logf(x); }\n"
  "static __device__ __forceinline__ float exp2f(float x) { return __builtin_exp2f(x); }\n"
  "static __device__ __forceinline__ float log2f(float x) { return __builtin_log2f(x); }\n"
  "static __device__ __forceinline__ float sqrtf(float x) { return __builtin_sqrtf(x); }\n"
  "static __device__ __forceinline__ float rsqrtf(float x) { return __builtin_amdgcn_rsqf(x); }\n"
  "static __device__ __forceinline__ float sinf(float x) { return __builtin_sinf(x); }\n"
  "static __device__ __forceinline__ float cosf(float x) { return __builtin_cosf(x); }\n"
  "static __device__ __forceinline__ float floorf(float x) { return __builtin_floorf(x); }\n"
  "static __device__ __forceinline__ float ceilf(float x) { return __builtin_ceilf(x); }\n"
  "static __device__ __forceinline__ float fmaf(float a, float b, float c) { return __builtin_fmaf(a, b, c); }\n"
  "static __device__ __forceinline__ float tanhf(float x) {\n"
  "  const float a = __builtin_fabsf(x);\n"
  "  if (a < 0.55f) {\n"
  "    const float z = x * x;\n"
  "    return x + x * z * (-0.333333333f + z * (0.133333333f + z * (-0.0539682540f + z * (0.0218694885f +\n"
  "           z * (-0.00886323552f + z * (0.00359212803f + z * -0.00145583438f))))));\n"
  "  }\n"
  "  const float t = __builtin_expf(-2.0f * a), r = (1.0f - t) / (1.0f + t);\n"
  "  return __builtin_copysignf(r, x);\n"
  "}\n"
  "static __device__ __forceinline__ float powf(float x, float y) {\n"
  "  if (y == 0.0f || x == 1.0f) return 1.0f;\n"
  "  if (x != x || y != y) return x + y;\n"
  "  const float ay = __builtin_fabsf(y);\n"
  "  const bool yint = __builtin_floorf(y) == y, yodd = yint && ay < 16777216.0f && __builtin_fmodf(ay, 2.0f) == 1.0f;\n"
  "  if (x < 0.0f && !yint && ay != __builtin_inff()) return __builtin_nanf(\"\");\n"
  "  const float r = __builtin_exp2f(y * __builtin_log2f(__builtin_fabsf(x)));\n"
  "  return x < 0.0f && yodd ? -r : (x == 0.0f && yodd ? __builtin_copysignf(r, x) : r);\n"
  "}\n";

static const char math64_text[] =
  "static __device__ __forceinline__ double fmod(double a, double b) { return __builtin_fmod(a, b); }\n"
  "static __device__ __forceinline__ double fmin(double a, double b) { return __builtin_fmin(a, b); }\n"
  "static __device__ __forceinline__ double fmax(double a, double b) { return __builtin_fmax(a, b); }\n"
  "static __device__ __forceinline__ double fabs(double x) { return __builtin_fabs(x); }\n"
  "static __device__ __forceinline__ double sqrt(double x) { return __builtin_sqrt(x); }\n"
  "static __device__ __forceinline__ double rsqrt(double x) { return 1.0 / __builtin_sqrt(x); }\n"
  "static __device__ __forceinline__ double floor(double x) { return __builtin_floor(x); }\n"
  "static __device__ __forceinline__ double ceil(double x) { return __builtin_ceil(x); }\n"
  "static __device__ __forceinline__ double fma(double a, double b, double c) { return __builtin_fma(a, b, c); }\n"
  "// e^r - 1 for |r| <= 1.1 (Taylor to r^20)\n"
  "static __device__ __forceinline__ double tl_expm1_small(double r) {\n"
  "  double p = 4.1103176233121648e-19;\n"
  "  const double c[19] = {8.2206352466243297e-18, 1.5619206968586225e-16, 2.8114572543455206e-15,\n"
  "    4.7794773323873853e-14, 7.6471637318198164e-13, 1.1470745597729725e-11, 1.6059043836821613e-10,\n"
  "    2.0876756987868100e-09, 2.5052108385441720e-08, 2.7557319223985888e-07, 2.7557319223985893e-06,\n"
  "    2.4801587301587302e-05, 1.9841269841269841e-04, 1.3888888888888889e-03, 8.3333333333333333e-03,\n"
  "    4.1666666666666667e-02, 1.6666666666666667e-01, 0.5, 1.0};\n"
  "  for (int i = 0; i < 19; i++) p = __builtin_fma(p, r, c[i]);\n"
  "  return p * r;\n"
  "}\n"
  "static __device__ __forceinline__ double exp(double x) {\n"
  "  if (x != x) return x;\n"
  "  if (x > 709.782712893384) return __builtin_inf();\n"
  "  if (x < -745.1332191019412) return 0.0;\n"
  "  const double k = __builtin_rint(x * 1.4426950408889634);\n"
  "  const double r = __builtin_fma(-k, 1.9082149292705877e-10, __builtin_fma(-k, 6.9314718036912382e-01, x));\n"
  "  return __builtin_ldexp(1.0 + tl_expm1_small(r), (int)k);\n"
  "}\n"
  "static __device__ __forceinline__ double exp2(double x) {\n"
  "  if (x != x) return x;\n"
  "  if (x >= 1024.0) return __builtin_inf();\n"
  "  if (x < -1075.0) return 0.0;\n"
  "  const double k = __builtin_rint(x);\n"
  "  return __builtin_ldexp(1.0 + tl_expm1_small((x - k) * 6.9314718055994531e-01), (int)k);\n"
  "}\n"
  "// log of m in [sqrt(1/2), sqrt(2)): 2 atanh(s), s = (m - 1) / (m + 1), |s| <= 0.1716\n"
  "static __device__ __forceinline__ double tl_log_reduced(double x, int* e) {\n"
  "  double m = __builtin_frexp(x, e);\n"
  "  if (m < 0.70710678118654752) { m *= 2.0; *e -= 1; }\n"
  "  const double f = m - 1.0, s = f / (2.0 + f), z = s * s;\n"
  "  double p = 1.0 / 25.0;\n"
  "  for (int k = 11; k >= 0; k--) p = __builtin_fma(p, z, 1.0 / (2 * k + 1));\n"
  "  return 2.0 * s * p;\n"
  "}\n"
  "static __device__ __forceinline__ double log(double x) {\n"
  "  if (x != x || x == __builtin_inf()) return x;\n"
  "  if (x < 0.0) return __builtin_nan(\"\");\n"
  "  if (x == 0.0) return -__builtin_inf();\n"
  "  int e;\n"
  "  const double l = tl_log_reduced(x, &e);\n"
  "  return __builtin_fma((double)e, 6.9314718036912382e-01, __builtin_fma((double)e, 1.9082149292705877e-10, l));\n"
  "}\n"
  "static __device__ __forceinline__ double log2(double x) {\n"
  "  if (x != x || x == __builtin_inf()) return x;\n"
  "  if (x < 0.0) return __builtin_nan(\"\");\n"
  "  if (x == 0.0) return -__builtin_inf();\n"
  "  int e;\n"
  "  const double l = tl_log_reduced(x, &e);\n"
  "  return (double)e + l * 1.4426950408889634;\n"
  "}\n"
  "// sin and cos of r, |r| <= pi/4 (Taylor to r^17 / r^18)\n"
  "static __device__ __forceinline__ double tl_sin_small(double r) {\n"
  "  const double z = r * r;\n"
  "  double p = 2.8114572543455206e-15;\n"
  "  const double c[8] = {-7.6471637318198164e-13, 1.6059043836821613e-10, -2.5052108385441720e-08,\n"
  "    2.7557319223985888e-06, -1.9841269841269841e-04, 8.3333333333333333e-03, -1.6666666666666667e-01, 1.0};\n"
  "  for (int i = 0; i < 8; i++) p = __builtin_fma(p, z, c[i]);\n"
  "  return r * p;\n"
  "}\n"
  "static __device__ __forceinline__ double tl_cos_small(double r) {\n"
  "  const double z = r * r;\n"
  "  double p = -1.5619206968586225e-16;\n"
  "  const double c[8] = {4.7794773323873853e-14, -1.1470745597729725e-11, 2.0876756987868100e-09,\n"
  "    -2.7557319223985888e-07, 2.4801587301587302e-05, -1.3888888888888889e-03, 4.1666666666666667e-02, -0.5};\n"
  "  for (int i = 0; i < 8; i++) p = __builtin_fma(p, z, c[i]);\n"
  "  return __builtin_fma(p, z, 1.0);\n"
  "}\n"
  "// x = k pi/2 + r (pi/2 in three parts), quadrant k mod 4\n"
  "static __device__ __forceinline__ double tl_reduce_pio2(double x, int* q) {\n"
  "  const double k = __builtin_rint(x * 6.3661977236758134e-01);\n"
  "  double r = __builtin_fma(-k, 1.5707963267341256e+00, x);\n"
  "  r = __builtin_fma(-k, 6.0771005063039660e-11, r);\n"
  "  r = __builtin_fma(-k, 2.0222662487111665e-21, r);\n"
  "  *q = (int)((long long)k & 3);\n"
  "  return r;\n"
  "}\n"
  "static __device__ __forceinline__ double sin(double x) {\n"
  "  if (x != x || __builtin_fabs(x) == __builtin_inf()) return __builtin_nan(\"\");\n"
  "  int q;\n"
  "  const double r = tl_reduce_pio2(x, &q);\n"
  "  const double v = q & 1 ? tl_cos_small(r) : tl_sin_small(r);\n"
  "  return q & 2 ? -v : v;\n"
  "}\n"
  "static __device__ __forceinline__ double cos(double x) {\n"
  "  if (x != x || __builtin_fabs(x) == __builtin_inf()) return __builtin_nan(\"\");\n"
  "  int q;\n"
  "  const double r = tl_reduce_pio2(x, &q);\n"
  "  const double v = q & 1 ? tl_sin_small(r) : tl_cos_small(r);\n"
  "  return (q + 1) & 2 ? -v : v;\n"
  "}\n"
  "static __device__ __forceinline__ double tanh(double x) {\n"
  "  const double a = __builtin_fabs(x);\n"
  "  if (x != x) return x;\n"
  "  if (a > 20.0) return __builtin_copysign(1.0, x);\n"
  "  if (a < 0.55) { const double e = tl_expm1_small(2.0 * x); return e / (e + 2.0); }\n"
  "  const double t = exp(-2.0 * a);\n"
  "  return __builtin_copysign((1.0 - t) / (1.0 + t), x);\n"
  "}\n"
  "static __device__ __forceinline__ double pow(double x, double y) {\n"
  "  if (y == 0.0 || x == 1.0) return 1.0;\n"
  "  if (x != x || y != y) return x + y;\n"
  "  const double ay = __builtin_fabs(y);\n"
  "  const bool yint = __builtin_floor(y) == y, yodd = yint && ay < 9007199254740992.0 && __builtin_fmod(ay, 2.0) == 1.0;\n"
  "  if (x < 0.0 && !yint && ay != __builtin_inf()) return __builtin_nan(\"\");\n"
  "  const double ax = __builtin_fabs(x);\n"
  "  const double r = ax == 0.0 ? (y < 0.0 ? __builtin_inf() : 0.0) : ax == __builtin_inf() ? (y < 0.0 ? 0.0 : ax)\n"
  "                 : exp(y * log(ax));\n"
  "  return x < 0.0 && yodd ? -r : (x == 0.0 && yodd ? __builtin_copysign(r, x) : r);\n"
  "}\n";

/* Math ops of the IR that name a libm function in the generated source. */
static int is_math(int op) {
  switch (op) {
  case TLUA_OP_MIN: case TLUA_OP_MAX: case TLUA_OP_POW: case TLUA_OP_ABS: case TLUA_OP_EXP: case TLUA_OP_LOG:
  case TLUA_OP_EXP2: case TLUA_OP_LOG2: case TLUA_OP_SQRT: case TLUA_OP_RSQRT: case TLUA_OP_SIN: case TLUA_OP_COS:
  case TLUA_OP_TANH: case TLUA_OP_FLOOR: case TLUA_OP_CEIL: case TLUA_OP_FMA: case TLUA_OP_REM:
    return 1;
  default:
    return 0;
  }
}

void tlua_hg_amd_prelude(Gen *g) {
  const tlua_IR *ir = g->ir;
  int shuffles = 0, math32 = 0, math64 = 0;
  for (int i = 0; i < ir->ninstrs; i++) {
    const tlua_Instr *in = &ir->instrs[i];
    if (in->op == TLUA_OP_SHFL_XOR || in->op == TLUA_OP_SHFL_IDX || in->op == TLUA_OP_LDS_MATRIX) shuffles = 1;
    if (in->op == TLUA_OP_ATOMIC || in->op == TLUA_OP_CAST) math32 = 1; /* fminf/fmaxf in clamps and float CAS loops */
    if (is_math(in->op) && is_float(in->dtype)) {
      if (in->dtype == TLUA_F64) math64 = 1;
      else math32 = 1;
    }
    if (in->op == TLUA_OP_ATOMIC && in->dtype == TLUA_F64) math64 = 1;
  }
  put(&g->b, "%s", base_text);
  if (shuffles) put(&g->b, "%s", shuffle_text);
  if (math32) put(&g->b, "%s", math32_text);
  if (math64) put(&g->b, "%s", math64_text);
  put(&g->b, "#endif\n");
}
