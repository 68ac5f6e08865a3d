// tilelua HIP source of kernel copy for sm_90 (NVIDIA, NVRTC, warp 32)
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
