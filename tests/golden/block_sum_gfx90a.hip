// tilelua HIP source of kernel block_sum for gfx90a (AMD, hiprtc or clang, warp 64)
#if !defined(__HIPCC_RTC__)
// freestanding (clang -nogpuinc -nogpulib): the part of the HIP runtime header this kernel uses
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __forceinline__ inline __attribute__((always_inline))
#define __launch_bounds__(n) __attribute__((amdgpu_flat_work_group_size(1, n)))
struct tl_uint3 { unsigned int x, y, z; };
static __device__ __forceinline__ tl_uint3 tl_thread_idx() {
  return {__builtin_amdgcn_workitem_id_x(), __builtin_amdgcn_workitem_id_y(), __builtin_amdgcn_workitem_id_z()};
}
static __device__ __forceinline__ tl_uint3 tl_block_idx() {
  return {__builtin_amdgcn_workgroup_id_x(), __builtin_amdgcn_workgroup_id_y(), __builtin_amdgcn_workgroup_id_z()};
}
static __device__ __forceinline__ tl_uint3 tl_grid_dim() {
  const unsigned short* const w = (const unsigned short*)__builtin_amdgcn_dispatch_ptr() + 2;
  const unsigned int* const n = (const unsigned int*)__builtin_amdgcn_dispatch_ptr() + 3;
  return {n[0] / w[0], n[1] / w[1], n[2] / w[2]};
}
#define threadIdx (tl_thread_idx())
#define blockIdx (tl_block_idx())
#define gridDim (tl_grid_dim())
static __device__ __forceinline__ void __syncthreads() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
typedef _Float16 __half;
static __device__ __forceinline__ float __half2float(__half x) { return (float)x; }
static __device__ __forceinline__ __half __float2half_rn(float x) { return (__half)x; }
static __device__ __forceinline__ float __int_as_float(int x) { return __builtin_bit_cast(float, x); }
static __device__ __forceinline__ float __uint_as_float(unsigned int x) { return __builtin_bit_cast(float, x); }
static __device__ __forceinline__ unsigned int __float_as_uint(float x) { return __builtin_bit_cast(unsigned int, x); }
static __device__ __forceinline__ double __longlong_as_double(long long x) { return __builtin_bit_cast(double, x); }
template <typename T> static __device__ __forceinline__ T tl_bperm(T x, int lane) {
  int w[sizeof(T) / 4];
  __builtin_memcpy(w, &x, sizeof(T));
  for (unsigned i = 0; i < sizeof(T) / 4; i++) w[i] = __builtin_amdgcn_ds_bpermute(lane << 2, w[i]);
  __builtin_memcpy(&x, w, sizeof(T));
  return x;
}
static __device__ __forceinline__ int tl_lane() { return __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u)); }
template <typename T> static __device__ __forceinline__ T __shfl_xor(T x, int mask, int width = __AMDGCN_WAVEFRONT_SIZE) {
  const int self = tl_lane(), src = self ^ mask;
  return tl_bperm(x, src < ((self + width) & -width) ? src : self);
}
template <typename T> static __device__ __forceinline__ T __shfl(T x, int src, int width = __AMDGCN_WAVEFRONT_SIZE) {
  return tl_bperm(x, (tl_lane() & -width) + (src & (width - 1)));
}
static __device__ __forceinline__ float fmodf(float a, float b) { return __builtin_fmodf(a, b); }
static __device__ __forceinline__ float fminf(float a, float b) { return __builtin_fminf(a, b); }
static __device__ __forceinline__ float fmaxf(float a, float b) { return __builtin_fmaxf(a, b); }
static __device__ __forceinline__ float fabsf(float x) { return __builtin_fabsf(x); }
static __device__ __forceinline__ float expf(float x) { return __builtin_expf(x); }
static __device__ __forceinline__ float logf(float x) { return __builtin_logf(x); }
static __device__ __forceinline__ float exp2f(float x) { return __builtin_exp2f(x); }
static __device__ __forceinline__ float log2f(float x) { return __builtin_log2f(x); }
static __device__ __forceinline__ float sqrtf(float x) { return __builtin_sqrtf(x); }
static __device__ __forceinline__ float rsqrtf(float x) { return __builtin_amdgcn_rsqf(x); }
static __device__ __forceinline__ float sinf(float x) { return __builtin_sinf(x); }
static __device__ __forceinline__ float cosf(float x) { return __builtin_cosf(x); }
static __device__ __forceinline__ float floorf(float x) { return __builtin_floorf(x); }
static __device__ __forceinline__ float ceilf(float x) { return __builtin_ceilf(x); }
static __device__ __forceinline__ float fmaf(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
static __device__ __forceinline__ float tanhf(float x) {
  const float a = __builtin_fabsf(x);
  if (a < 0.55f) {
    const float z = x * x;
    return x + x * z * (-0.333333333f + z * (0.133333333f + z * (-0.0539682540f + z * (0.0218694885f +
           z * (-0.00886323552f + z * (0.00359212803f + z * -0.00145583438f))))));
  }
  const float t = __builtin_expf(-2.0f * a), r = (1.0f - t) / (1.0f + t);
  return __builtin_copysignf(r, x);
}
static __device__ __forceinline__ float powf(float x, float y) {
  if (y == 0.0f || x == 1.0f) return 1.0f;
  if (x != x || y != y) return x + y;
  const float ay = __builtin_fabsf(y);
  const bool yint = __builtin_floorf(y) == y, yodd = yint && ay < 16777216.0f && __builtin_fmodf(ay, 2.0f) == 1.0f;
  if (x < 0.0f && !yint && ay != __builtin_inff()) return __builtin_nanf("");
  const float r = __builtin_exp2f(y * __builtin_log2f(__builtin_fabsf(x)));
  return x < 0.0f && yodd ? -r : (x == 0.0f && yodd ? __builtin_copysignf(r, x) : r);
}
#endif
template <typename T, int N> struct alignas(sizeof(T) * N) tl_vec { T v[N]; };
static __device__ __forceinline__ int tl_div(int a, int b) { return b == 0 ? 0 : b == -1 ? (int)(0u - (unsigned int)a) : a / b; }
static __device__ __forceinline__ int tl_rem(int a, int b) { return b == 0 || b == -1 ? 0 : a % b; }
static __device__ __forceinline__ unsigned int tl_div(unsigned int a, unsigned int b) { return b == 0 ? 0 : a / b; }
static __device__ __forceinline__ unsigned int tl_rem(unsigned int a, unsigned int b) { return b == 0 ? 0 : a % b; }
static __device__ __forceinline__ long long tl_div(long long a, long long b) { return b == 0 ? 0 : b == -1 ? (long long)(0u - (unsigned long long)a) : a / b; }
static __device__ __forceinline__ long long tl_rem(long long a, long long b) { return b == 0 || b == -1 ? 0 : a % b; }
static __device__ __forceinline__ unsigned long long tl_div(unsigned long long a, unsigned long long b) { return b == 0 ? 0 : a / b; }
static __device__ __forceinline__ unsigned long long tl_rem(unsigned long long a, unsigned long long b) { return b == 0 ? 0 : a % b; }

extern "C" __global__ void __launch_bounds__(64) block_sum(
    int* __restrict__ x, const long long x_shape0, const long long x_shape1, const long long x_stride0, const long long x_stride1,
    int* __restrict__ total, const long long total_shape0, const long long total_stride0) {
#line 30 "codegen_golden.lua"
  const int v0 = (int)threadIdx.x;
#line 30 "codegen_golden.lua"
  const int v1 = (int)blockIdx.x;
#line 30 "codegen_golden.lua"
  const int v2 = (int)blockIdx.y;
#line 30 "codegen_golden.lua"
  const int v3 = (int)blockIdx.z;
#line 30 "codegen_golden.lua"
  const int v4 = (int)gridDim.x;
#line 30 "codegen_golden.lua"
  const int v5 = (int)gridDim.y;
#line 30 "codegen_golden.lua"
  const int v6 = (int)gridDim.z;
#line 30 "codegen_golden.lua"
  const long long v7 = x_shape0;
#line 30 "codegen_golden.lua"
  const long long v8 = x_stride0;
#line 30 "codegen_golden.lua"
  const long long v9 = x_shape1;
#line 30 "codegen_golden.lua"
  const long long v10 = x_stride1;
#line 30 "codegen_golden.lua"
  const long long v11 = total_shape0;
#line 30 "codegen_golden.lua"
  const long long v12 = total_stride0;
#line 25 "codegen_golden.lua"
  const int v13 = 128;
#line 25 "codegen_golden.lua"
  const int v14 = (int)((unsigned int)v1 * (unsigned int)v13);
#line 25 "codegen_golden.lua"
  const int v15 = 32;
#line 25 "codegen_golden.lua"
  const int v16 = tl_div(v0, v15);
#line 25 "codegen_golden.lua"
  const int v17 = tl_rem(v0, v15);
#line 25 "codegen_golden.lua"
  const int v18 = 4;
#line 25 "codegen_golden.lua"
  const int v19 = (int)((unsigned int)v17 * (unsigned int)v18);
#line 25 "codegen_golden.lua"
  const long long v20 = 0LL;
#line 25 "codegen_golden.lua"
  const long long v21 = (long long)v16;
#line 25 "codegen_golden.lua"
  const long long v22 = (long long)((unsigned long long)v20 + (unsigned long long)v21);
#line 25 "codegen_golden.lua"
  const long long v23 = (long long)v14;
#line 25 "codegen_golden.lua"
  const long long v24 = (long long)v19;
#line 25 "codegen_golden.lua"
  const long long v25 = (long long)((unsigned long long)v23 + (unsigned long long)v24);
#line 25 "codegen_golden.lua"
  const long long v26 = (long long)((unsigned long long)v22 * (unsigned long long)v8);
#line 25 "codegen_golden.lua"
  const long long v27 = (long long)((unsigned long long)v26 + (unsigned long long)v25);
#line 25 "codegen_golden.lua"
  const bool v28 = v22 >= v20;
#line 25 "codegen_golden.lua"
  const bool v29 = v22 < v7;
#line 25 "codegen_golden.lua"
  const bool v30 = v28 && v29;
#line 25 "codegen_golden.lua"
  const bool v31 = v25 >= v20;
#line 25 "codegen_golden.lua"
  const bool v32 = v25 < v9;
#line 25 "codegen_golden.lua"
  const bool v33 = v31 && v32;
#line 25 "codegen_golden.lua"
  const bool v34 = v30 && v33;
#line 25 "codegen_golden.lua"
  const long long v35 = 1LL;
#line 25 "codegen_golden.lua"
  const long long v36 = (long long)((unsigned long long)v27 + (unsigned long long)v35);
#line 25 "codegen_golden.lua"
  const long long v37 = 2LL;
#line 25 "codegen_golden.lua"
  const long long v38 = (long long)((unsigned long long)v27 + (unsigned long long)v37);
#line 25 "codegen_golden.lua"
  const long long v39 = 3LL;
#line 25 "codegen_golden.lua"
  const long long v40 = (long long)((unsigned long long)v27 + (unsigned long long)v39);
#line 25 "codegen_golden.lua"
  int v41; int v42; int v43; int v44;
  if (v34 && v34 && v34 && v34) {
    const tl_vec<int, 4> t41 = *reinterpret_cast<const tl_vec<int, 4>*>(x + v27);
    v41 = t41.v[0]; v42 = t41.v[1]; v43 = t41.v[2]; v44 = t41.v[3];
  } else {
    v41 = v34 ? x[v27] : 0;
    v42 = v34 ? x[v36] : 0;
    v43 = v34 ? x[v38] : 0;
    v44 = v34 ? x[v40] : 0;
  }
#line 26 "codegen_golden.lua"
  const int v45 = (int)((unsigned int)v41 + (unsigned int)v42);
#line 26 "codegen_golden.lua"
  const int v46 = (int)((unsigned int)v45 + (unsigned int)v43);
#line 26 "codegen_golden.lua"
  const int v47 = (int)((unsigned int)v46 + (unsigned int)v44);
#line 26 "codegen_golden.lua"
  int v48 = (int)__shfl_xor((int)v47, 1);
#line 26 "codegen_golden.lua"
  const int v49 = (int)((unsigned int)v47 + (unsigned int)v48);
#line 26 "codegen_golden.lua"
  int v50 = (int)__shfl_xor((int)v49, 2);
#line 26 "codegen_golden.lua"
  const int v51 = (int)((unsigned int)v49 + (unsigned int)v50);
#line 26 "codegen_golden.lua"
  int v52 = (int)__shfl_xor((int)v51, 4);
#line 26 "codegen_golden.lua"
  const int v53 = (int)((unsigned int)v51 + (unsigned int)v52);
#line 26 "codegen_golden.lua"
  int v54 = (int)__shfl_xor((int)v53, 8);
#line 26 "codegen_golden.lua"
  const int v55 = (int)((unsigned int)v53 + (unsigned int)v54);
#line 26 "codegen_golden.lua"
  int v56 = (int)__shfl_xor((int)v55, 16);
#line 26 "codegen_golden.lua"
  const int v57 = (int)((unsigned int)v55 + (unsigned int)v56);
  const int v58 = 0;
#line 27 "codegen_golden.lua"
  const bool v59 = v0 == v58;
#line 27 "codegen_golden.lua"
  if (v59) {
#line 27 "codegen_golden.lua"
    const long long v61 = 0LL;
#line 27 "codegen_golden.lua"
    {
      (void)__hip_atomic_fetch_add(&total[v61], v57, __ATOMIC_ACQ_REL, __HIP_MEMORY_SCOPE_AGENT);
    }
  }
}
