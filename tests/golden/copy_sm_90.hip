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
  const long long v38 = (long long)((unsigned long long)v27 + (unsigned long long)v37);
#line 15 "codegen_golden.lua"
  const bool v39 = v38 >= v22;
#line 15 "codegen_golden.lua"
  const bool v40 = v38 < v9;
#line 15 "codegen_golden.lua"
  const bool v41 = v39 && v40;
#line 15 "codegen_golden.lua"
  const bool v42 = v32 && v41;
#line 15 "codegen_golden.lua"
  const long long v43 = (long long)((unsigned long long)v29 + (unsigned long long)v37);
#line 15 "codegen_golden.lua"
  const long long v44 = 2LL;
#line 15 "codegen_golden.lua"
  const long long v45 = (long long)((unsigned long long)v27 + (unsigned long long)v44);
#line 15 "codegen_golden.lua"
  const bool v46 = v45 >= v22;
#line 15 "codegen_golden.lua"
  const bool v47 = v45 < v9;
#line 15 "codegen_golden.lua"
  const bool v48 = v46 && v47;
#line 15 "codegen_golden.lua"
  const bool v49 = v32 && v48;
#line 15 "codegen_golden.lua"
  const long long v50 = (long long)((unsigned long long)v29 + (unsigned long long)v44);
#line 15 "codegen_golden.lua"
  const long long v51 = 3LL;
#line 15 "codegen_golden.lua"
  const long long v52 = (long long)((unsigned long long)v27 + (unsigned long long)v51);
#line 15 "codegen_golden.lua"
  const bool v53 = v52 >= v22;
#line 15 "codegen_golden.lua"
  const bool v54 = v52 < v9;
#line 15 "codegen_golden.lua"
  const bool v55 = v53 && v54;
#line 15 "codegen_golden.lua"
  const bool v56 = v32 && v55;
#line 15 "codegen_golden.lua"
  const long long v57 = (long long)((unsigned long long)v29 + (unsigned long long)v51);
#line 15 "codegen_golden.lua"
  float v58; float v59; float v60; float v61;
  if (v36 && v42 && v49 && v56) {
    const tl_vec<float, 4> t58 = *reinterpret_cast<const tl_vec<float, 4>*>(x + v29);
    v58 = t58.v[0]; v59 = t58.v[1]; v60 = t58.v[2]; v61 = t58.v[3];
  } else {
    v58 = v36 ? x[v29] : 0.0f;
    v59 = v42 ? x[v43] : 0.0f;
    v60 = v49 ? x[v50] : 0.0f;
    v61 = v56 ? x[v57] : 0.0f;
  }
#line 16 "codegen_golden.lua"
  const int v62 = (int)((unsigned int)v1 * (unsigned int)v15);
#line 16 "codegen_golden.lua"
  const long long v63 = (long long)v18;
#line 16 "codegen_golden.lua"
  const long long v64 = (long long)((unsigned long long)v22 + (unsigned long long)v63);
#line 16 "codegen_golden.lua"
  const long long v65 = (long long)v62;
#line 16 "codegen_golden.lua"
  const long long v66 = (long long)v21;
#line 16 "codegen_golden.lua"
  const long long v67 = (long long)((unsigned long long)v65 + (unsigned long long)v66);
#line 16 "codegen_golden.lua"
  const long long v68 = (long long)((unsigned long long)v64 * (unsigned long long)v12);
#line 16 "codegen_golden.lua"
  const long long v69 = (long long)((unsigned long long)v68 + (unsigned long long)v67);
#line 16 "codegen_golden.lua"
  const bool v70 = v64 >= v22;
#line 16 "codegen_golden.lua"
  const bool v71 = v64 < v11;
#line 16 "codegen_golden.lua"
  const bool v72 = v70 && v71;
#line 16 "codegen_golden.lua"
  const bool v73 = v67 >= v22;
#line 16 "codegen_golden.lua"
  const bool v74 = v67 < v13;
#line 16 "codegen_golden.lua"
  const bool v75 = v73 && v74;
#line 16 "codegen_golden.lua"
  const bool v76 = v72 && v75;
#line 16 "codegen_golden.lua"
  const long long v77 = (long long)((unsigned long long)v67 + (unsigned long long)v37);
#line 16 "codegen_golden.lua"
  const bool v78 = v77 >= v22;
#line 16 "codegen_golden.lua"
  const bool v79 = v77 < v13;
#line 16 "codegen_golden.lua"
  const bool v80 = v78 && v79;
#line 16 "codegen_golden.lua"
  const bool v81 = v72 && v80;
#line 16 "codegen_golden.lua"
  const long long v82 = (long long)((unsigned long long)v69 + (unsigned long long)v37);
#line 16 "codegen_golden.lua"
  const long long v83 = (long long)((unsigned long long)v67 + (unsigned long long)v44);
#line 16 "codegen_golden.lua"
  const bool v84 = v83 >= v22;
#line 16 "codegen_golden.lua"
  const bool v85 = v83 < v13;
#line 16 "codegen_golden.lua"
  const bool v86 = v84 && v85;
#line 16 "codegen_golden.lua"
  const bool v87 = v72 && v86;
#line 16 "codegen_golden.lua"
  const long long v88 = (long long)((unsigned long long)v69 + (unsigned long long)v44);
#line 16 "codegen_golden.lua"
  const long long v89 = (long long)((unsigned long long)v67 + (unsigned long long)v51);
#line 16 "codegen_golden.lua"
  const bool v90 = v89 >= v22;
#line 16 "codegen_golden.lua"
  const bool v91 = v89 < v13;
#line 16 "codegen_golden.lua"
  const bool v92 = v90 && v91;
#line 16 "codegen_golden.lua"
  const bool v93 = v72 && v92;
#line 16 "codegen_golden.lua"
  const long long v94 = (long long)((unsigned long long)v69 + (unsigned long long)v51);
  if (v76 && v81 && v87 && v93) {
    tl_vec<float, 4> t95; t95.v[0] = v58; t95.v[1] = v59; t95.v[2] = v60; t95.v[3] = v61;
    *reinterpret_cast<tl_vec<float, 4>*>(y + v69) = t95;
  } else {
    if (v76) y[v69] = v58;
    if (v81) y[v82] = v59;
    if (v87) y[v88] = v60;
    if (v93) y[v94] = v61;
  }
}
