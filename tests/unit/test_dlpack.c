/* test_dlpack.c - DLPack in and out of the public C API, and tensors handed between host and script. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <dlpack/dlpack.h>

#include "tilelua.h"
#include "tu.h"

static tlua_State *open_cpu(void) {
  tlua_Config cfg;
  tlua_config_init(&cfg);
  cfg.backend = "cpu";
  tlua_State *T = NULL;
  return tlua_open(&cfg, &T) == TLUA_OK ? T : NULL;
}

/* A producer's managed tensor over a static buffer; the deleter counts its calls. */
typedef struct Producer {
  DLManagedTensor m;
  int64_t shape[2], strides[2];
  int deleted;
} Producer;

static void producer_deleter(DLManagedTensor *m) { ((Producer *)m->manager_ctx)->deleted++; }

static void producer_init(Producer *p, void *data, DLDataType dt, int ndim, const int64_t *shape,
                          const int64_t *strides, int device_type) {
  memset(p, 0, sizeof *p);
  for (int i = 0; i < ndim; i++) {
    p->shape[i] = shape[i];
    if (strides) p->strides[i] = strides[i];
  }
  p->m.dl_tensor.data = data;
  p->m.dl_tensor.device.device_type = device_type;
  p->m.dl_tensor.ndim = ndim;
  p->m.dl_tensor.dtype = dt;
  p->m.dl_tensor.shape = p->shape;
  p->m.dl_tensor.strides = strides ? p->strides : NULL;
  p->m.manager_ctx = p;
  p->m.deleter = producer_deleter;
}

static const DLDataType F32 = {kDLFloat, 32, 1};

/* a 3x4 f32 array in, a script writes it, the producer's memory sees it: no copy */
TU_TEST(import_writes_in_place) {
  tlua_State *T = open_cpu();
  ASSERT(T != NULL);
  float buf[12] = {0};
  Producer p;
  producer_init(&p, buf, F32, 2, (int64_t[]){3, 4}, NULL, kDLCPU);
  tlua_Tensor *t = NULL;
  ASSERT_EQ(tlua_tensor_from_dlpack(T, &p.m, &t), TLUA_OK);
  ASSERT_EQ(tlua_set_tensor(T, "a", t), TLUA_OK);
  ASSERT_EQ(tlua_dostring(T, "a:set(1, 2, 7.5); n = a:numel()", "=t"), TLUA_OK);
  ASSERT_EQ(buf[1 * 4 + 2], 7.5);
  double n = 0;
  ASSERT_EQ(tlua_get_number(T, "n", &n), TLUA_OK);
  ASSERT_EQ(n, 12);
  tlua_tensor_free(t);
  ASSERT_EQ(p.deleted, 0); /* the global `a` still holds it */
  ASSERT_EQ(tlua_dostring(T, "a = nil; collectgarbage()", "=t"), TLUA_OK);
  ASSERT_EQ(p.deleted, 1);
  tlua_close(T);
  ASSERT_EQ(p.deleted, 1);
}

/* a transposed view (strides {1, 3}) and a byte offset keep their layout */
TU_TEST(import_strided_view) {
  tlua_State *T = open_cpu();
  ASSERT(T != NULL);
  int32_t buf[7] = {0, 1, 2, 3, 4, 5, 6};
  Producer p;
  producer_init(&p, buf, (DLDataType){kDLInt, 32, 1}, 2, (int64_t[]){3, 2}, (int64_t[]){1, 3}, kDLCPU);
  p.m.dl_tensor.byte_offset = 4; /* starts at buf[1] */
  tlua_Tensor *t = NULL;
  ASSERT_EQ(tlua_tensor_from_dlpack(T, &p.m, &t), TLUA_OK);
  ASSERT_EQ(tlua_set_tensor(T, "v", t), TLUA_OK);
  ASSERT_EQ(tlua_dostring(T, "s = table.concat({v:get(0,0), v:get(0,1), v:get(2,0), v:get(2,1)}, ',')"
                             " c = tostring(v:is_contiguous())", "=t"), TLUA_OK);
  const char *s;
  ASSERT_EQ(tlua_get_string(T, "s", &s), TLUA_OK);
  ASSERT_STR_EQ(s, "1,4,3,6");
  ASSERT_EQ(tlua_get_string(T, "c", &s), TLUA_OK);
  ASSERT_STR_EQ(s, "false");
  tlua_tensor_free(t);
  tlua_close(T);
  ASSERT_EQ(p.deleted, 1);
}

/* what tilelua cannot take is refused with a message, and the capsule stays the caller's */
TU_TEST(import_refusals) {
  tlua_State *T = open_cpu();
  ASSERT(T != NULL);
  float buf[4];
  Producer p;
  tlua_Tensor *t = (tlua_Tensor *)&p; /* must come back NULL */
  producer_init(&p, buf, (DLDataType){kDLComplex, 64, 1}, 1, (int64_t[]){2}, NULL, kDLCPU);
  ASSERT_EQ(tlua_tensor_from_dlpack(T, &p.m, &t), TLUA_ERRARG);
  ASSERT(t == NULL);
  ASSERT_CONTAINS(tlua_errmsg(T), "dtype complex64 is not one tilelua takes");
  producer_init(&p, buf, (DLDataType){kDLFloat, 32, 4}, 1, (int64_t[]){1}, NULL, kDLCPU);
  ASSERT_EQ(tlua_tensor_from_dlpack(T, &p.m, &t), TLUA_ERRARG);
  ASSERT_CONTAINS(tlua_errmsg(T), "float32 x4");
  producer_init(&p, buf, F32, 1, (int64_t[]){4}, NULL, kDLCUDA);
  ASSERT_EQ(tlua_tensor_from_dlpack(T, &p.m, &t), TLUA_ERRDEVICE);
  ASSERT_CONTAINS(tlua_errmsg(T), "CUDA device memory (GPU 0), but the state runs on the cpu backend");
  producer_init(&p, buf, F32, 1, (int64_t[]){4}, NULL, kDLVulkan);
  ASSERT_EQ(tlua_tensor_from_dlpack(T, &p.m, &t), TLUA_ERRDEVICE);
  ASSERT_CONTAINS(tlua_errmsg(T), "Vulkan device");
  producer_init(&p, buf, F32, 1, (int64_t[]){-1}, NULL, kDLCPU);
  ASSERT_EQ(tlua_tensor_from_dlpack(T, &p.m, &t), TLUA_ERRARG);
  ASSERT_CONTAINS(tlua_errmsg(T), "dimension 0 must be >= 0");
  ASSERT_EQ(p.deleted, 0);
  ASSERT_EQ(tlua_tensor_from_dlpack(T, NULL, &t), TLUA_ERRARG);
  tlua_close(T);
}

/* a tensor a script made goes out as DLPack and stays alive until the consumer's deleter */
TU_TEST(export_roundtrip) {
  tlua_State *T = open_cpu();
  ASSERT(T != NULL);
  ASSERT_EQ(tlua_dostring(T, "r = tl.arange(0, 6, 1, tl.f64):reshape({2, 3})", "=t"), TLUA_OK);
  tlua_Tensor *r = NULL;
  ASSERT_EQ(tlua_get_tensor(T, "r", &r), TLUA_OK);
  DLManagedTensor *m = NULL;
  ASSERT_EQ(tlua_tensor_to_dlpack(T, r, 0, &m), TLUA_OK);
  tlua_tensor_free(r);
  ASSERT_EQ(tlua_dostring(T, "r = nil; collectgarbage()", "=t"), TLUA_OK);
  ASSERT_EQ(m->dl_tensor.device.device_type, kDLCPU);
  ASSERT_EQ(m->dl_tensor.ndim, 2);
  ASSERT_EQ(m->dl_tensor.dtype.code, kDLFloat);
  ASSERT_EQ(m->dl_tensor.dtype.bits, 64);
  ASSERT_EQ(m->dl_tensor.shape[1], 3);
  ASSERT_EQ(m->dl_tensor.strides[0], 3);
  const double *d = (const double *)m->dl_tensor.data;
  ASSERT_EQ(d[5], 5.0);
  /* and back in: the same bytes */
  tlua_Tensor *back = NULL;
  ASSERT_EQ(tlua_tensor_from_dlpack(T, m, &back), TLUA_OK);
  tlua_TensorDesc desc;
  ASSERT_EQ(tlua_tensor_describe(T, back, 0, &desc), TLUA_OK);
  ASSERT(desc.data == d);
  ASSERT_EQ(desc.device, TLUA_DEVICE_CPU);
  ASSERT_EQ(tlua_tensor_describe(T, back, TLUA_DEVICE_GPU, &desc), TLUA_ERRDEVICE);
  tlua_tensor_free(back); /* calls m's deleter, which drops the script tensor: ASan sees no leak */
  ASSERT_EQ(tlua_get_tensor(T, "r", &back), TLUA_ERRTYPE);
  ASSERT_CONTAINS(tlua_errmsg(T), "global 'r' is nil, not a tensor");
  tlua_close(T);
}

/* tlua_tensor_wrap's refusals name the bad field */
TU_TEST(wrap_refusals) {
  tlua_State *T = open_cpu();
  ASSERT(T != NULL);
  float buf[4];
  int64_t n = 4;
  tlua_TensorDesc d;
  tlua_Tensor *t = NULL;
  tlua_tensor_desc_init(&d, buf, 99, TLUA_DEVICE_CPU, 1, &n);
  ASSERT_EQ(tlua_tensor_wrap(T, &d, &t), TLUA_ERRARG);
  ASSERT_CONTAINS(tlua_errmsg(T), "dtype 99 is not a TLUA_DTYPE_* code (0..14)");
  tlua_tensor_desc_init(&d, buf, TLUA_DTYPE_F32, 7, 1, &n);
  ASSERT_EQ(tlua_tensor_wrap(T, &d, &t), TLUA_ERRARG);
  ASSERT_CONTAINS(tlua_errmsg(T), "device 7 is neither TLUA_DEVICE_CPU (1) nor TLUA_DEVICE_GPU (2)");
  tlua_tensor_desc_init(&d, NULL, TLUA_DTYPE_F32, TLUA_DEVICE_CPU, 1, &n);
  ASSERT_EQ(tlua_tensor_wrap(T, &d, &t), TLUA_ERRARG);
  ASSERT_CONTAINS(tlua_errmsg(T), "data is NULL for a non-empty tensor");
  tlua_tensor_desc_init(&d, buf, TLUA_DTYPE_F32, TLUA_DEVICE_CPU, 1, &n);
  ASSERT_EQ(tlua_tensor_wrap(T, &d, &t), TLUA_OK);
  tlua_TensorDesc back;
  ASSERT_EQ(tlua_tensor_describe(T, t, TLUA_DEVICE_GPU, &back), TLUA_ERRDEVICE);
  ASSERT_CONTAINS(tlua_errmsg(T), "the GPU copy was asked for, but the state runs on the cpu backend");
  ASSERT_STR_EQ(tlua_backend(T), "cpu");
  ASSERT_EQ(tlua_set_stream(T, NULL), TLUA_OK);
  ASSERT_EQ(tlua_synchronize(T, NULL), TLUA_OK);
  tlua_tensor_free(t);
  tlua_close(T);
}

TU_MAIN(TU_ENTRY(wrap_refusals), TU_ENTRY(import_writes_in_place), TU_ENTRY(import_strided_view), TU_ENTRY(import_refusals),
        TU_ENTRY(export_roundtrip))
