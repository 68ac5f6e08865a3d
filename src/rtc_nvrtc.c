/* rtc_nvrtc.c - the NVRTC run-time compiler: HIP-dialect CUDA C++ -> CUBIN for sm_NN (PTX for
 * compute_NN), through libnvrtc dlopen'd on first use (never linked).
 *
 * Library search: $TILELUA_NVRTC (a path; when set, only it), then libnvrtc.so, libnvrtc.so.13,
 * libnvrtc.so.12 and the same under /usr/local/cuda/lib64. NVRTC needs no device. It needs an
 * include path only for kernels of f16/bf16 (cuda_fp16.h, cuda_bf16.h are not built into NVRTC 13):
 * the first of <library dir>/../include, $CUDA_PATH/include, $CUDA_HOME/include,
 * /usr/local/cuda/include, /usr/include that has cuda_fp16.h is passed as -I (none: those kernels
 * fail with NVRTC's "cannot open source file" in the log).
 *
 * Options: --gpu-architecture=<arch> -default-device --std=c++17 -lineinfo [-I<cuda include>],
 * then the caller's.
 * -lineinfo keeps the #line directives of the generated source in the CUBIN (profilers and
 * compute-sanitizer then name script lines); it costs no measurable compile time.
 *
 * Targets: sm_NN[a|f] (a CUBIN) or compute_NN[a|f] (PTX), NN a CUDA architecture number from 50
 * to 121. Once the library is loaded, the arch must also be one it lists (nvrtcGetSupportedArchs):
 * NVRTC 13 dropped everything below sm_75. */
#define _GNU_SOURCE /* dladdr, realpath */
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtc.h"
#include "rtc_vendor.h"
#include "tilelua.h"

static tlua_RtcApi api;
static void *library;
static char load_error[2048];
static char version_text[64] = "nvrtc (not loaded)";
static int supported[64], nsupported; /* 0 when the library cannot list them */
static char include_opt[PATH_MAX + 16];  /* "-I<dir>", or "" when no CUDA headers were found */
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* "-I<dir>" for the first candidate directory holding cuda_fp16.h (see the header comment). */
static void find_include(void) {
  char cand[5][PATH_MAX];
  int nc = 0;
  Dl_info info;
  char real[PATH_MAX];
  if (dladdr((void *)api.create, &info) && info.dli_fname && realpath(info.dli_fname, real)) {
    char *slash = strrchr(real, '/');
    if (slash) {
      *slash = '\0'; /* the library's directory; its sibling include/ holds the headers */
      snprintf(cand[nc++], PATH_MAX, "%.*s/../include", PATH_MAX - 16, real);
    }
  }
  const char *envs[] = {"CUDA_PATH", "CUDA_HOME"};
  for (int i = 0; i < 2; i++) {
    const char *e = getenv(envs[i]);
    if (e && *e) snprintf(cand[nc++], PATH_MAX, "%.*s/include", PATH_MAX - 16, e);
  }
  snprintf(cand[nc++], PATH_MAX, "/usr/local/cuda/include");
  snprintf(cand[nc++], PATH_MAX, "/usr/include");
  for (int i = 0; i < nc; i++) {
    char probe[PATH_MAX + 16];
    snprintf(probe, sizeof probe, "%.*s/cuda_fp16.h", PATH_MAX - 1, cand[i]);
    FILE *f = fopen(probe, "r");
    if (f) {
      fclose(f);
      snprintf(include_opt, sizeof include_opt, "-I%.*s", PATH_MAX - 1, cand[i]);
      return;
    }
  }
}

static void load_once(void) {
  static const char *const libs[] = {"libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12",
                                     "/usr/local/cuda/lib64/libnvrtc.so", "/usr/local/cuda/lib64/libnvrtc.so.13",
                                     "/usr/local/cuda/lib64/libnvrtc.so.12"};
  const tlua_RtcSym syms[] = {
      {"nvrtcCreateProgram", (void **)&api.create, 0},
      {"nvrtcCompileProgram", (void **)&api.compile, 0},
      {"nvrtcGetProgramLogSize", (void **)&api.log_size, 0},
      {"nvrtcGetProgramLog", (void **)&api.log, 0},
      {"nvrtcGetCUBINSize", (void **)&api.code_size, 0},
      {"nvrtcGetCUBIN", (void **)&api.code, 0},
      {"nvrtcGetPTXSize", (void **)&api.ptx_size, 0},
      {"nvrtcGetPTX", (void **)&api.ptx, 0},
      {"nvrtcDestroyProgram", (void **)&api.destroy, 0},
      {"nvrtcGetErrorString", (void **)&api.error_string, 0},
      {"nvrtcVersion", (void **)&api.version, 0},
      {"nvrtcGetNumSupportedArchs", (void **)&api.num_supported_archs, 1},
      {"nvrtcGetSupportedArchs", (void **)&api.supported_archs, 1},
  };
  library = tlua_rtc_open_library("nvrtc", "TILELUA_NVRTC", libs, (int)(sizeof libs / sizeof libs[0]), syms,
                                  (int)(sizeof syms / sizeof syms[0]), load_error, sizeof load_error);
  if (!library) return;
  int major = 0, minor = 0;
  api.version(&major, &minor);
  snprintf(version_text, sizeof version_text, "nvrtc %d.%d", major, minor);
  find_include();
  int k = 0;
  if (api.num_supported_archs && api.supported_archs && api.num_supported_archs(&k) == 0 && k > 0 &&
      k <= (int)(sizeof supported / sizeof supported[0]) && api.supported_archs(supported) == 0)
    nsupported = k;
}

static int nvrtc_load(char *err, size_t n) {
  pthread_once(&once, load_once);
  if (library) return TLUA_OK;
  return tlua_errorf(TLUA_ERRNOBACKEND, err, n, "%s", load_error);
}

static const char *nvrtc_version(void) { return version_text; }

/* The architecture number of "sm_90" / "compute_90a" / "sm_100f", or 0 when arch has another shape;
 * *ptx says which prefix it had. */
static int arch_number(const char *arch, int *ptx) {
  const char *p;
  if (strncmp(arch, "sm_", 3) == 0) p = arch + 3, *ptx = 0;
  else if (strncmp(arch, "compute_", 8) == 0) p = arch + 8, *ptx = 1;
  else return 0;
  int v = 0, digits = 0;
  for (; *p >= '0' && *p <= '9' && digits < 4; p++, digits++) v = v * 10 + (*p - '0');
  if (digits < 2 || digits > 3) return 0;
  if ((*p == 'a' || *p == 'f') && v >= 90) p++; /* arch-specific (sm_90a) and family (sm_100f) variants */
  return *p ? 0 : v;
}

static int nvrtc_check_arch(const char *arch, char *err, size_t n) {
  static const int known[] = {50, 52, 53, 60, 61, 62, 70, 72, 75, 80, 86, 87, 88, 89, 90, 100, 101, 103, 110, 120, 121};
  int ptx = 0, v = arch ? arch_number(arch, &ptx) : 0;
  int ok = 0;
  for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) ok |= known[i] == v;
  if (!ok)
    return tlua_errorf(TLUA_ERRARG, err, n,
                       "nvrtc: unknown target '%s' (expected sm_NN for a CUBIN or compute_NN for PTX, NN a CUDA "
                       "architecture from 50 to 121 such as 80, 90, 100; optional suffix a or f from 90 on)",
                       arch ? arch : "(null)");
  pthread_once(&once, load_once);
  if (library && nsupported > 0) {
    for (int i = 0; i < nsupported; i++)
      if (supported[i] == v) return TLUA_OK;
    return tlua_errorf(TLUA_ERRARG, err, n, "nvrtc: %s does not support target '%s' (it supports sm_%d to sm_%d)",
                       version_text, arch, supported[0], supported[nsupported - 1]);
  }
  return TLUA_OK;
}

static int nvrtc_compile(const char *source, const char *name, const char *arch, const char *const *opts, int nopts,
                         void **code, size_t *size, char *err, size_t n) {
  *code = NULL;
  *size = 0;
  int status = nvrtc_check_arch(arch, err, n);
  if (status) return status;
  if ((status = nvrtc_load(err, n))) return status;
  if (nopts < 0 || (nopts > 0 && !opts)) return tlua_errorf(TLUA_ERRARG, err, n, "nvrtc: %d options but no array", nopts);
  enum { FIXED = 5 };
  const char **all = malloc(sizeof *all * (size_t)(FIXED + nopts));
  if (!all) return tlua_errorf(TLUA_ERRMEM, err, n, "nvrtc: out of memory for %d options", nopts);
  char archopt[64];
  snprintf(archopt, sizeof archopt, "--gpu-architecture=%s", arch);
  all[0] = archopt;
  all[1] = "-default-device";
  all[2] = "--std=c++17";
  all[3] = "-lineinfo";
  int fixed = 4;
  if (include_opt[0]) all[fixed++] = include_opt;
  for (int i = 0; i < nopts; i++) all[fixed + i] = opts[i];
  int ptx = 0;
  arch_number(arch, &ptx);
  status = tlua_rtc_run(&api, "nvrtc", source, name, arch, all, fixed + nopts, ptx, code, size, err, n);
  free(all);
  return status;
}

static const tlua_Rtc nvrtc = {
    .name = "nvrtc",
    .vendor = "nvidia",
    .load = nvrtc_load,
    .version = nvrtc_version,
    .check_arch = nvrtc_check_arch,
    .compile = nvrtc_compile,
};

const tlua_Rtc *tlua_rtc_nvrtc(void) { return &nvrtc; }
