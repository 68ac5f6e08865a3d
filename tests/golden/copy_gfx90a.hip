// tilelua HIP source of kernel copy for gfx90a (AMD, hiprtc or clang, warp 64)
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

extern "C" __global__ void __launch_bounds__(64) copy(
    float* __restrict__ x, const long long x_shape0, const long long x_shape1, const long long x_stride0, const long long x_stride1,
    float* __restrict__ y, const long long y_shape0, const long long y_shape1, const long long y_stride0, const long long y_stride1) {
#line 19 "codegen_golden.lua"
  const int v0 = (int)threadIdx.x;
#line 19 "codegen_golden.lua"
  const int v1 = (int)blockIdx.x;
#line 19 "codegen_golden.lua"
  const int v2 = (int)blockIdx.y;
#line 19 "codegen_golden.lua"
  const int v3 = (int)blockIdx.z;
#line 19 "codegen_golden.lua"
  const int v4 = (int)gridDim.x;
#line 19 "codegen_golden.lua"
  const int v5 = (int)gridDim.y;
#line 19 "codegen_golden.lua"
  const int v6 = (int)gridDim.z;
#line 19 "codegen_golden.lua"
  const long long v7 = x_shape0;
#line 19 "codegen_golden.lua"
  const long long v8 = x_stride0;
#line 19 "codegen_golden.lua"
  const long long v9 = x_shape1;
#line 19 "codegen_golden.lua"
  const long long v10 = x_stride1;
#line 19 "codegen_golden.lua"
  const long long v11 = y_shape0;
#line 19 "codegen_golden.lua"
  const long long v12 = y_stride0;
#line 19 "codegen_golden.lua"
  const long long v13 = y_shape1;
#line 19 "codegen_golden.lua"
  const long long v14 = y_stride1;
#line 15 "codegen_golden.lua"
  const int v15 = 128;
#line 15 "codegen_golden.lua"
  const int v16 = (int)((unsigned int)v1 * (unsigned int)v15);
#line 15 "codegen_golden.lua"
  const int v17 = 32;
#line 15 "codegen_golden.lua"
  const int v18 = tl_div(v0, v17);
#line 15 "codegen_golden.lua"
  const int v19 = tl_rem(v0, v17);
#line 15 "codegen_golden.lua"
  const int v20 = 4;
#line 15 "codegen_golden.lua"
  const int v21 = (int)((unsigned int)v19 * (unsigned int)v20);
#line 15 "codegen_golden.lua"
  const long long v22 = 0LL;
#line 15 "codegen_golden.lua"
  const long long v23 = (long long)v18;
#line 15 "codegen_golden.lua"
  const long long v24 = (long long)((unsigned long long)v22 + (unsigned long long)v23);
#line 15 "codegen_golden.lua"
  const long long v25 = (long long)v16;
#line 15 "codegen_golden.lua"
  const long long v26 = (long long)v21;
#line 15 "codegen_golden.lua"
  const long long v27 = (long long)((unsigned long long)v25 + (unsigned long long)v26);
#line 15 "codegen_golden.lua"
  const long long v28 = (long long)((unsigned long long)v24 * (unsigned long long)v8);
#line 15 "codegen_golden.lua"
  const long long v29 = (long long)((unsigned long long)v28 + (unsigned long long)v27);
#line 15 "codegen_golden.lua"
  const bool v30 = v24 >= v22;
#line 15 "codegen_golden.lua"
  const bool v31 = v24 < v7;
#line 15 "codegen_golden.lua"
  const bool v32 = v30 && v31;
#line 15 "codegen_golden.lua"
  const bool v33 = v27 >= v22;
#line 15 "codegen_golden.lua"
  const bool v34 = v27 < v9;
#line 15 "codegen_golden.lua"
  const bool v35 = v33 && v34;
#line 15 "codegen_golden.lua"
  const bool v36 = v32 && v35;
#line 15 "codegen_golden.lua"
  const long long v37 = 1LL;
#line 15 "codegen_golden.lua"
  const long long v38 = (long long)((unsigned long long)v29 + (unsigned long long)v37);
#line 15 "codegen_golden.lua"
  const long long v39 = 2LL;
#line 15 "codegen_golden.lua"
  const long long v40 = (long long)((unsigned long long)v29 + (unsigned long long)v39);
#line 15 "codegen_golden.lua"
  const long long v41 = 3LL;
#line 15 "codegen_golden.lua"
  const long long v42 = (long long)((unsigned long long)v29 + (unsigned long long)v41);
#line 15 "codegen_golden.lua"
  float v43; float v44; float v45; float v46;
  if (v36 && v36 && v36 && v36) {
    const tl_vec<float, 4> t43 = *reinterpret_cast<const tl_vec<float, 4>*>(x + v29);
    v43 = t43.v[0]; v44 = t43.v[1]; v45 = t43.v[2]; v46 = t43.v[3];
  } else {
    v43 = v36 ? x[v29] : 0.0f;
    v44 = v36 ? x[v38] : 0.0f;
    v45 = v36 ? x[v40] : 0.0f;
    v46 = v36 ? x[v42] : 0.0f;
  }
#line 16 "codegen_golden.lua"
  const int v47 = (int)((unsigned int)v1 * (unsigned int)v15);
#line 16 "codegen_golden.lua"
  const long long v48 = (long long)v18;
#line 16 "codegen_golden.lua"
  const long long v49 = (long long)((unsigned long long)v22 + (unsigned long long)v48);
#line 16 "codegen_golden.lua"
  const long long v50 = (long long)v47;
#line 16 "codegen_golden.lua"
  const long long v51 = (long long)v21;
#line 16 "codegen_golden.lua"
  const long long v52 = (long long)((unsigned long long)v50 + (unsigned long long)v51);
#line 16 "codegen_golden.lua"
  const long long v53 = (long long)((unsigned long long)v49 * (unsigned long long)v12);
#line 16 "codegen_golden.lua"
  const long long v54 = (long long)((unsigned long long)v53 + (unsigned long long)v52);
#line 16 "codegen_golden.lua"
  const bool v55 = v49 >= v22;
#line 16 "codegen_golden.lua"
  const bool v56 = v49 < v11;
#line 16 "codegen_golden.lua"
  const bool v57 = v55 && v56;
#line 16 "codegen_golden.lua"
  const bool v58 = v52 >= v22;
#line 16 "codegen_golden.lua"
  const bool v59 = v52 < v13;
#line 16 "codegen_golden.lua"
  const bool v60 = v58 && v59;
#line 16 "codegen_golden.lua"
  const bool v61 = v57 && v60;
#line 16 "codegen_golden.lua"
  const long long v62 = (long long)((unsigned long long)v54 + (unsigned long long)v37);
#line 16 "codegen_golden.lua"
  const long long v63 = (long long)((unsigned long long)v54 + (unsigned long long)v39);
#line 16 "codegen_golden.lua"
  const long long v64 = (long long)((unsigned long long)v54 + (unsigned long long)v41);
  if (v61 && v61 && v61 && v61) {
    tl_vec<float, 4> t65; t65.v[0] = v43; t65.v[1] = v44; t65.v[2] = v45; t65.v[3] = v46;
    *reinterpret_cast<tl_vec<float, 4>*>(y + v54) = t65;
  } else {
    if (v61) y[v54] = v43;
    if (v61) y[v62] = v44;
    if (v61) y[v63] = v45;
    if (v61) y[v64] = v46;
  }
}
