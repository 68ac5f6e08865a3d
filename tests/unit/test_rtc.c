/* test_rtc.c - the run-time compilers (rtc.h): target checks, compiling a tiny kernel with NVRTC
 * (sm_90), hiprtc (gfx90a) and clang (gfx942, gfx1100, gfx1201), compile errors carrying the log,
 * the choice of the AMD compiler (TILELUA_AMD_COMPILER). A compile test whose library is
 * absent prints a note and checks only what needs no library.
 *
 * Also a compile driver for the cli tests:
 *   test_rtc --compile ARCH FILE...   compiles each file for ARCH (kernel name: the file name
 *                                     without "_ARCH.hip"), printing "FILE: ok (bytes, ms)"; a
 *                                     file of the same bytes as an earlier one is not compiled
 *                                     again (its line says whose result it shares);
 *                                     exit 0 all compiled, 1 some failed, 77 compiler absent. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rtc.h"
#include "rtc_vendor.h"
#include "tilelua.h"
#include "tu.h"

static const char tiny[] =
    "extern \"C\" __global__ void tiny_scale(float *x, int n) {\n"
    "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "  if (i < n) x[i] *= 2.0f;\n"
    "}\n";
static const char broken[] =
    "extern \"C\" __global__ void broken_kernel(float *x) {\n"
    "  x[0] = undeclared_value;\n"
    "}\n";

static int is_elf(const void *code, size_t size) { return size > 4 && memcmp(code, "\177ELF", 4) == 0; }
static int contains(const void *code, size_t size, const char *s) {
  size_t k = strlen(s);
  for (size_t i = 0; i + k <= size; i++)
    if (memcmp((const char *)code + i, s, k) == 0) return 1;
  return 0;
}

/* 1 when rtc's library loads; else prints why the caller skips. */
static int usable(const tlua_Rtc *rtc) {
  char err[2048];
  if (rtc->load(err, sizeof err) == 0) return 1;
  fprintf(stderr, "  note: %s absent, compile not tested: %s\n", rtc->name, err);
  return 0;
}

TU_TEST(for_arch) {
  ASSERT(tlua_rtc_for_arch("sm_90") == tlua_rtc_nvrtc());
  ASSERT(tlua_rtc_for_arch("compute_80") == tlua_rtc_nvrtc());
  ASSERT(tlua_rtc_for_arch("gfx90a") == tlua_rtc_hiprtc());
  ASSERT(tlua_rtc_for_arch("") == NULL);
  ASSERT(tlua_rtc_for_arch("x86_64") == NULL);
  ASSERT(tlua_rtc_for_arch(NULL) == NULL);
  ASSERT_STR_EQ(tlua_rtc_nvrtc()->vendor, "nvidia");
  ASSERT_STR_EQ(tlua_rtc_hiprtc()->vendor, "amd");
}

/* TILELUA_AMD_COMPILER picks the AMD compiler; auto takes clang where hiprtc is not verified */
TU_TEST(amd_compiler_choice) {
  char err[256];
  setenv("TILELUA_AMD_COMPILER", "clang", 1);
  ASSERT(tlua_rtc_for_arch("gfx90a") == tlua_rtc_clang());
  setenv("TILELUA_AMD_COMPILER", "hiprtc", 1);
  ASSERT(tlua_rtc_for_arch("gfx942") == tlua_rtc_hiprtc());
  setenv("TILELUA_AMD_COMPILER", "gcc", 1);
  ASSERT(tlua_rtc_for_arch_err("gfx90a", err, sizeof err) == NULL);
  ASSERT_CONTAINS(err, "TILELUA_AMD_COMPILER=gcc: expected hiprtc, clang or auto");
  ASSERT(tlua_rtc_for_arch_err("sm_90", err, sizeof err) == tlua_rtc_nvrtc());
  setenv("TILELUA_AMD_COMPILER", "auto", 1);
  ASSERT(tlua_rtc_for_arch("gfx942") == tlua_rtc_clang());
  ASSERT(tlua_rtc_for_arch("gfx1201") == tlua_rtc_clang());
  unsetenv("TILELUA_AMD_COMPILER");
  ASSERT(tlua_rtc_for_arch("gfx1100") == tlua_rtc_clang());
  ASSERT_STR_EQ(tlua_rtc_clang()->vendor, "amd");
}

TU_TEST(clang_check_arch) {
  const tlua_Rtc *cl = tlua_rtc_clang();
  char err[512];
  ASSERT_EQ(cl->check_arch("gfx942", err, sizeof err), 0);
  ASSERT_EQ(cl->check_arch("gfx1100", err, sizeof err), 0);
  ASSERT_EQ(cl->check_arch("gfx1201", err, sizeof err), 0);
  ASSERT_EQ(cl->check_arch("gfx999", err, sizeof err), TLUA_ERRARG);
  ASSERT_CONTAINS(err, "target 'gfx999' is not an AMD GPU clang 17+ compiles for");
  ASSERT_EQ(cl->check_arch("sm_90", err, sizeof err), TLUA_ERRARG);
}

/* a freestanding kernel (no HIP header: what the code generator's AMD prelude provides) */
static const char tiny_freestanding[] =
    "extern \"C\" __attribute__((global)) void tiny_scale(float *x, int n) {\n"
    "  int i = __builtin_amdgcn_workgroup_id_x() * 64 + __builtin_amdgcn_workitem_id_x();\n"
    "  if (i < n) x[i] *= 2.0f;\n"
    "}\n";

TU_TEST(clang_compile) {
  const tlua_Rtc *cl = tlua_rtc_clang();
  if (!usable(cl)) return;
  ASSERT(strstr(cl->version(), "clang version ") != NULL);
  char err[8192];
  void *code = NULL;
  size_t size = 0;
  const char *archs[] = {"gfx942", "gfx1100", "gfx1201"};
  for (int i = 0; i < 3; i++) {
    ASSERT_EQ(cl->compile(tiny_freestanding, "tiny_scale", archs[i], NULL, 0, &code, &size, err, sizeof err), 0);
    ASSERT(is_elf(code, size));
    ASSERT(contains(code, size, archs[i]));
    ASSERT(contains(code, size, "tiny_scale"));
    free(code);
  }
  ASSERT_EQ(cl->compile(broken, "broken_kernel", "gfx942", NULL, 0, &code, &size, err, sizeof err), TLUA_ERRCOMPILE);
  ASSERT(code == NULL);
  ASSERT_CONTAINS(err, "clang: broken_kernel for gfx942: exit status");
  ASSERT_CONTAINS(err, "undeclared_value");
  const char *bad[] = {"--offload-arch=gfx90a"};
  ASSERT_EQ(cl->compile(tiny_freestanding, "tiny_scale", "gfx942", bad, 1, &code, &size, err, sizeof err), TLUA_ERRARG);
}

TU_TEST(nvrtc_check_arch) {
  const tlua_Rtc *nv = tlua_rtc_nvrtc();
  char err[512];
  ASSERT_EQ(nv->check_arch("sm_90", err, sizeof err), 0);
  ASSERT_EQ(nv->check_arch("sm_90a", err, sizeof err), 0);
  ASSERT_EQ(nv->check_arch("compute_90", err, sizeof err), 0);
  const char *bad[] = {"sm_abc", "", "sm_", "sm_9", "sm_91", "sm_1000", "sm_90x", "sm_80a", "gfx90a", "SM_90"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    err[0] = '\0';
    ASSERT_EQ(nv->check_arch(bad[i], err, sizeof err), TLUA_ERRARG);
    char quoted[64];
    snprintf(quoted, sizeof quoted, "'%s'", bad[i]);
    ASSERT_CONTAINS(err, quoted);
    ASSERT_CONTAINS(err, "expected sm_NN");
  }
  ASSERT_NE(nv->check_arch(NULL, err, sizeof err), 0);
  /* a compile for a refused target fails before the library is used */
  void *code = (void *)1;
  size_t size = 1;
  ASSERT_EQ(nv->compile(tiny, "tiny_scale", "sm_abc", NULL, 0, &code, &size, err, sizeof err), TLUA_ERRARG);
  ASSERT(code == NULL && size == 0);
}

TU_TEST(hiprtc_check_arch) {
  const tlua_Rtc *hip = tlua_rtc_hiprtc();
  char err[512];
  ASSERT_EQ(hip->check_arch("gfx90a", err, sizeof err), 0);
  ASSERT_EQ(hip->check_arch("gfx908", err, sizeof err), 0);
  ASSERT_EQ(hip->check_arch("gfx1030", err, sizeof err), 0);
  const char *aborting[] = {"gfx940", "gfx942", "gfx1100"};
  for (size_t i = 0; i < sizeof aborting / sizeof aborting[0]; i++) {
    err[0] = '\0';
    ASSERT_EQ(hip->check_arch(aborting[i], err, sizeof err), TLUA_ERRARG);
    ASSERT_CONTAINS(err, aborting[i]);
    ASSERT_CONTAINS(err, "hiprtc 5.2 aborts");
  }
  const char *bad[] = {"", "gfx", "gfx90a ", "gfx9999", "sm_90", "GFX90A"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    err[0] = '\0';
    ASSERT_EQ(hip->check_arch(bad[i], err, sizeof err), TLUA_ERRARG);
    char quoted[64];
    snprintf(quoted, sizeof quoted, "'%s'", bad[i]);
    ASSERT_CONTAINS(err, quoted);
    ASSERT_CONTAINS(err, "gfx90a");
  }
  /* the refusal happens before hiprtc is loaded or called: no abort, an error */
  void *code = (void *)1;
  size_t size = 1;
  ASSERT_EQ(hip->compile(tiny, "tiny_scale", "gfx1100", NULL, 0, &code, &size, err, sizeof err), TLUA_ERRARG);
  ASSERT(code == NULL && size == 0);
  const char *sneaky[] = {"--offload-arch=gfx940"};
  ASSERT_EQ(hip->compile(tiny, "tiny_scale", "gfx90a", sneaky, 1, &code, &size, err, sizeof err), TLUA_ERRARG);
  ASSERT_CONTAINS(err, "--offload-arch=gfx940");
}

TU_TEST(missing_library) {
  const char *libs[] = {"libtilelua-no-such-compiler.so.1"};
  void *slot = NULL;
  const tlua_RtcSym syms[] = {{"no_such_symbol", &slot, 0}};
  char err[512];
  unsetenv("TILELUA_TEST_NO_RTC");
  ASSERT(tlua_rtc_open_library("testrtc", "TILELUA_TEST_NO_RTC", libs, 1, syms, 1, err, sizeof err) == NULL);
  ASSERT_CONTAINS(err, "testrtc: library not found");
  ASSERT_CONTAINS(err, "libtilelua-no-such-compiler.so.1");
  ASSERT_CONTAINS(err, "TILELUA_TEST_NO_RTC");
  /* an override naming a library without the symbols is refused, naming the symbol */
  setenv("TILELUA_TEST_NO_RTC", "libc.so.6", 1);
  ASSERT(tlua_rtc_open_library("testrtc", "TILELUA_TEST_NO_RTC", libs, 1, syms, 1, err, sizeof err) == NULL);
  ASSERT_CONTAINS(err, "TILELUA_TEST_NO_RTC=libc.so.6");
  ASSERT_CONTAINS(err, "lacks no_such_symbol");
  unsetenv("TILELUA_TEST_NO_RTC");
  ASSERT(slot == NULL);
}

/* Compiles the tiny kernel and a broken one with rtc for arch; code must be an ELF naming the kernel. */
static void compile_both(int *tu_failed_, const tlua_Rtc *rtc, const char *arch) {
  char err[4096];
  void *code = NULL;
  size_t size = 0;
  int rc = rtc->compile(tiny, "tiny_scale", arch, NULL, 0, &code, &size, err, sizeof err);
  if (rc) TU_FAIL_("%s for %s: %s", rtc->name, arch, err);
  ASSERT(is_elf(code, size));
  ASSERT(contains(code, size, "tiny_scale"));
  free(code);
  ASSERT_CONTAINS(rtc->version(), rtc->name);
  code = (void *)1;
  rc = rtc->compile(broken, "broken_kernel", arch, NULL, 0, &code, &size, err, sizeof err);
  ASSERT_EQ(rc, TLUA_ERRCOMPILE);
  ASSERT(code == NULL && size == 0);
  char head[128];
  snprintf(head, sizeof head, "%s: broken_kernel for %s: ", rtc->name, arch);
  ASSERT(strncmp(err, head, strlen(head)) == 0);
  ASSERT_CONTAINS(err, "undeclared_value"); /* the compiler's log */
}

TU_TEST(nvrtc_compile) {
  const tlua_Rtc *nv = tlua_rtc_nvrtc();
  if (!usable(nv)) return;
  compile_both(tu_failed_, nv, "sm_90");
  if (*tu_failed_) return;
  ASSERT(strncmp(nv->version(), "nvrtc ", 6) == 0);
  /* compute_NN asks for PTX */
  char err[4096];
  void *code = NULL;
  size_t size = 0;
  const char *opts[] = {"-DTL_UNUSED=1"};
  ASSERT_EQ(nv->compile(tiny, "tiny_scale", "compute_90", opts, 1, &code, &size, err, sizeof err), 0);
  ASSERT(!is_elf(code, size));
  ASSERT(contains(code, size, ".entry tiny_scale"));
  free(code);
  /* a caller's option reaches the compiler */
  const char *badopt[] = {"--no-such-option"};
  ASSERT_EQ(nv->compile(tiny, "tiny_scale", "sm_90", badopt, 1, &code, &size, err, sizeof err), TLUA_ERRCOMPILE);
  ASSERT_CONTAINS(err, "no-such-option");
}

TU_TEST(hiprtc_compile) {
  const tlua_Rtc *hip = tlua_rtc_hiprtc();
  if (!usable(hip)) return;
  compile_both(tu_failed_, hip, "gfx90a");
  if (*tu_failed_) return;
  ASSERT(strncmp(hip->version(), "hiprtc ", 7) == 0);
  /* another target gives other code: the arch option is honoured (gfx90a and gfx1030 differ) */
  char err[4096];
  void *a = NULL, *b = NULL;
  size_t na = 0, nb = 0;
  ASSERT_EQ(hip->compile(tiny, "tiny_scale", "gfx90a", NULL, 0, &a, &na, err, sizeof err), 0);
  ASSERT_EQ(hip->compile(tiny, "tiny_scale", "gfx1030", NULL, 0, &b, &nb, err, sizeof err), 0);
  ASSERT(contains(a, na, "gfx90a") && !contains(a, na, "gfx1030"));
  ASSERT(contains(b, nb, "gfx1030"));
  free(a);
  free(b);
}

static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *s = NULL;
  if (fseek(f, 0, SEEK_END) == 0) {
    long n = ftell(f);
    if (n >= 0 && fseek(f, 0, SEEK_SET) == 0 && (s = malloc((size_t)n + 1))) {
      if (fread(s, 1, (size_t)n, f) != (size_t)n) { free(s); s = NULL; }
      else s[n] = '\0';
    }
  }
  fclose(f);
  return s;
}

/* test_rtc --compile ARCH FILE...: files of the same bytes (a kernel several scripts or
 * specializations generate alike) are compiled once, under the first one's name; the others say
 * whose result they share, and a failure names every file of that source. */
static int compile_files(const char *arch, int nfiles, char **files) {
  const tlua_Rtc *rtc = tlua_rtc_for_arch(arch);
  char err[16384];
  if (!rtc) { fprintf(stderr, "no compiler for target '%s'\n", arch); return 2; }
  if (rtc->check_arch(arch, err, sizeof err)) { fprintf(stderr, "%s\n", err); return 2; }
  if (rtc->load(err, sizeof err)) { printf("skipped: %s\n", err); return 77; }
  printf("%s for %s\n", rtc->version(), arch);
  char **srcs = calloc((size_t)nfiles, sizeof *srcs);
  int *first = malloc(sizeof *first * (size_t)nfiles); /* the file whose compile stands for this one */
  int *result = malloc(sizeof *result * (size_t)nfiles);
  uint64_t *hash = malloc(sizeof *hash * (size_t)nfiles);
  if (!srcs || !first || !result || !hash) { fprintf(stderr, "out of memory for %d files\n", nfiles); return 2; }
  int failed = 0, distinct = 0;
  double total = 0;
  for (int i = 0; i < nfiles; i++) {
    const char *base = strrchr(files[i], '/');
    base = base ? base + 1 : files[i];
    char *src = srcs[i] = slurp(files[i]);
    first[i] = i;
    result[i] = 1;
    if (!src) { fprintf(stderr, "%s: cannot read\n", files[i]); failed = 1; continue; }
    hash[i] = 14695981039346656037u; /* FNV-1a, then the bytes compared */
    for (const unsigned char *c = (const unsigned char *)src; *c; c++) hash[i] = (hash[i] ^ *c) * 1099511628211u;
    for (int j = 0; j < i; j++)
      if (first[j] == j && srcs[j] && hash[j] == hash[i] && strcmp(srcs[j], src) == 0) { first[i] = j; break; }
    if (first[i] != i) {
      const char *fb = strrchr(files[first[i]], '/');
      fb = fb ? fb + 1 : files[first[i]];
      result[i] = result[first[i]];
      if (result[i]) {
        fprintf(stderr, "%s: FAILED: the same source as %s, which failed above\n", files[i], fb);
        failed = 1;
      }
      printf("%s: %s (the same source as %s, not compiled again)\n", base, result[i] ? "FAILED" : "ok", fb);
      continue;
    }
    distinct++;
    char name[256], suffix[64];
    snprintf(name, sizeof name, "%s", base);
    snprintf(suffix, sizeof suffix, "_%s.hip", arch);
    size_t nl = strlen(name), sl = strlen(suffix);
    if (nl > sl && strcmp(name + nl - sl, suffix) == 0) name[nl - sl] = '\0';
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    void *code = NULL;
    size_t size = 0;
    int rc = rtc->compile(src, name, arch, NULL, 0, &code, &size, err, sizeof err);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
    total += ms;
    if (rc) { fprintf(stderr, "%s\n%s: FAILED\n", err, files[i]); failed = 1; }
    else if (!is_elf(code, size)) { fprintf(stderr, "%s: not an ELF code object\n", files[i]); failed = 1; rc = 1; }
    result[i] = rc != 0;
    printf("%s: %s (%zu bytes, %.0f ms)\n", base, rc ? "FAILED" : "ok", size, ms);
    free(code);
  }
  printf("%d files, %d distinct sources compiled (%d duplicates not compiled again), %.0f ms in all\n", nfiles,
         distinct, nfiles - distinct, total);
  for (int i = 0; i < nfiles; i++) free(srcs[i]);
  free(srcs);
  free(first);
  free(result);
  free(hash);
  return failed;
}

int main(int argc, char **argv) {
  if (argc >= 2 && strcmp(argv[1], "--compile") == 0) {
    if (argc < 4) { fprintf(stderr, "usage: test_rtc --compile ARCH FILE...\n"); return 2; }
    return compile_files(argv[2], argc - 3, argv + 3);
  }
  static const tu_Test tests[] = {TU_ENTRY(for_arch), TU_ENTRY(nvrtc_check_arch), TU_ENTRY(hiprtc_check_arch),
                                  TU_ENTRY(missing_library), TU_ENTRY(nvrtc_compile), TU_ENTRY(hiprtc_compile),
                                  TU_ENTRY(amd_compiler_choice), TU_ENTRY(clang_check_arch), TU_ENTRY(clang_compile)};
  return tu_run_(tests, (int)(sizeof tests / sizeof tests[0]), argc, argv);
}
