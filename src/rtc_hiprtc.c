/* rtc_hiprtc.c - the hiprtc run-time compiler: HIP C++ -> AMD GPU code object (an ELF for
 * hipModuleLoadData) for gfxNNN, through hiprtc dlopen'd on first use (never linked).
 *
 * Library search: $TILELUA_HIPRTC (a path; when set, only it), then libhiprtc.so, libhiprtc.so.5,
 * libamdhip64.so, libamdhip64.so.5: ROCm >= 5.3 ships hiprtc as its own library, HIP <= 5.2 (Debian
 * 12) keeps it inside libamdhip64.
 *
 * What hiprtc needs at run time (measured with strace on Debian 12, HIP 5.2.3): the libraries
 * libamdhip64.so.5 pulls in (libamd_comgr.so.2 -> libLLVM-15.so.1, libhsa-runtime64.so.1), and a
 * writable temporary directory (comgr works in $TMPDIR/comgr-XXXXXX, default /tmp). It needs no
 * GPU, no clang executable and no device-library files: comgr carries clang, lld and the AMD device
 * libraries (ockl/ocml bitcode) inside itself, and hiprtc carries its own runtime header. So no
 * environment variable or option is required; `apt-get install libamdhip64-5` is enough to compile
 * (tools/bootstrap.sh installs libamdhip64-dev libhiprtc-builtins5 hipcc for the headers and hipcc).
 * HIP_PATH/ROCM_PATH are not consulted by this hiprtc.
 *
 * Options: --offload-arch=<arch> (HIP 5.2 also accepts --gpu-architecture=), -O3, then the
 * caller's. Wave size is the target's default (64 on gfx9, 32 on gfx10+), as the code generator
 * assumes.
 *
 * Targets: only the allow-list below, each verified here to compile every example kernel. Debian's
 * hiprtc 5.2 aborts the whole process (SIGABRT inside LLVM) for targets its LLVM 15 does not know
 * (gfx940/941/942, gfx1100+), so any other name is refused before hiprtc sees it, and so is an
 * architecture option among the caller's options. */
#define _GNU_SOURCE /* dladdr, realpath */
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rtc.h"
#include "rtc_vendor.h"
#include "tilelua.h"

static tlua_RtcApi api;
static void *library;
static char load_error[2048];
static char version_text[128] = "hiprtc (not loaded)";
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* Verified with Debian 12's HIP 5.2.3: every kernel of tests/cli/hiprtc_examples.sh (examples,
 * kernel tests, a dtype sweep) compiles for each (it checks gfx90a and gfx1030 by default; all five
 * with HIPRTC_ARCHS="gfx900 gfx906 gfx908 gfx90a gfx1030"). */
static const char *const allowed[] = {"gfx900", "gfx906", "gfx908", "gfx90a", "gfx1030"};
/* Names hiprtc 5.2 is known to abort on, for a precise message. */
static const char *const aborting[] = {"gfx940", "gfx941", "gfx942", "gfx950", "gfx1100", "gfx1101", "gfx1102",
                                       "gfx1103", "gfx1150", "gfx1151", "gfx1200", "gfx1201"};

static void load_once(void) {
  static const char *const libs[] = {"libhiprtc.so", "libhiprtc.so.5", "libamdhip64.so", "libamdhip64.so.5"};
  const tlua_RtcSym syms[] = {
      {"hiprtcCreateProgram", (void **)&api.create, 0},
      {"hiprtcCompileProgram", (void **)&api.compile, 0},
      {"hiprtcGetProgramLogSize", (void **)&api.log_size, 0},
      {"hiprtcGetProgramLog", (void **)&api.log, 0},
      {"hiprtcGetCodeSize", (void **)&api.code_size, 0},
      {"hiprtcGetCode", (void **)&api.code, 0},
      {"hiprtcDestroyProgram", (void **)&api.destroy, 0},
      {"hiprtcGetErrorString", (void **)&api.error_string, 0},
      {"hiprtcVersion", (void **)&api.version, 0},
  };
  library = tlua_rtc_open_library("hiprtc", "TILELUA_HIPRTC", libs, (int)(sizeof libs / sizeof libs[0]), syms,
                                  (int)(sizeof syms / sizeof syms[0]), load_error, sizeof load_error);
  if (!library) return;
  int major = 0, minor = 0;
  api.version(&major, &minor);
  /* hiprtcVersion alone does not tell HIP releases apart (5.2 says 9.0): add the library's real file
   * name, which carries the full HIP version (libamdhip64.so.5.2.21153). */
  Dl_info info;
  char real[PATH_MAX];
  const char *file = "?";
  if (dladdr((void *)api.create, &info) && info.dli_fname) {
    file = realpath(info.dli_fname, real) ? real : info.dli_fname;
    const char *slash = strrchr(file, '/');
    if (slash) file = slash + 1;
  }
  snprintf(version_text, sizeof version_text, "hiprtc %d.%d (%.80s)", major, minor, file);
}

static int hiprtc_load(char *err, size_t n) {
  pthread_once(&once, load_once);
  if (library) return TLUA_OK;
  return tlua_errorf(TLUA_ERRNOBACKEND, err, n, "%s", load_error);
}

static const char *hiprtc_version(void) { return version_text; }

static int hiprtc_check_arch(const char *arch, char *err, size_t n) {
  if (!arch) arch = "(null)";
  for (size_t i = 0; i < sizeof allowed / sizeof allowed[0]; i++)
    if (strcmp(arch, allowed[i]) == 0) return TLUA_OK;
  char list[128] = "";
  for (size_t i = 0; i < sizeof allowed / sizeof allowed[0]; i++) {
    size_t used = strlen(list);
    snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", allowed[i]);
  }
  for (size_t i = 0; i < sizeof aborting / sizeof aborting[0]; i++)
    if (strcmp(arch, aborting[i]) == 0)
      return tlua_errorf(TLUA_ERRARG, err, n,
                         "hiprtc: target '%s' refused: Debian's hiprtc 5.2 aborts the process on it (its LLVM 15 "
                         "does not know it); verified targets: %s",
                         arch, list);
  return tlua_errorf(TLUA_ERRARG, err, n, "hiprtc: target '%s' is not a verified AMD target (expected one of %s)",
                     arch, list);
}

/* A caller's option that would choose another target (and so bypass check_arch). */
static int is_arch_option(const char *o) {
  return strncmp(o, "--offload-arch", 14) == 0 || strncmp(o, "--gpu-architecture", 18) == 0 ||
         strncmp(o, "-arch", 5) == 0 || strncmp(o, "-mcpu", 5) == 0 || strncmp(o, "--cuda-gpu-arch", 15) == 0;
}

static int hiprtc_compile(const char *source, const char *name, const char *arch, const char *const *opts, int nopts,
                          void **code, size_t *size, char *err, size_t n) {
  *code = NULL;
  *size = 0;
  int status = hiprtc_check_arch(arch, err, n);
  if (status) return status;
  if (nopts < 0 || (nopts > 0 && !opts)) return tlua_errorf(TLUA_ERRARG, err, n, "hiprtc: %d options but no array", nopts);
  for (int i = 0; i < nopts; i++)
    if (!opts[i] || is_arch_option(opts[i]))
      return tlua_errorf(TLUA_ERRARG, err, n, "hiprtc: option '%s' refused: the target comes from the arch argument",
                         opts[i] ? opts[i] : "(null)");
  if ((status = hiprtc_load(err, n))) return status;
  /* comgr fails with an empty log when it cannot make its work directory: say why instead */
  const char *tmp = getenv("TMPDIR");
  if (!tmp || !*tmp) tmp = "/tmp";
  if (access(tmp, W_OK | X_OK) != 0)
    return tlua_errorf(TLUA_ERRCOMPILE, err, n, "hiprtc: %s for %s: the temporary directory '%s' ($TMPDIR) is not "
                       "writable, and hiprtc compiles in a directory it creates there", name, arch, tmp);
  enum { FIXED = 2 };
  const char **all = malloc(sizeof *all * (size_t)(FIXED + nopts));
  if (!all) return tlua_errorf(TLUA_ERRMEM, err, n, "hiprtc: out of memory for %d options", nopts);
  char archopt[64];
  snprintf(archopt, sizeof archopt, "--offload-arch=%s", arch);
  all[0] = archopt;
  all[1] = "-O3";
  for (int i = 0; i < nopts; i++) all[FIXED + i] = opts[i];
  status = tlua_rtc_run(&api, "hiprtc", source, name, arch, all, FIXED + nopts, 0, code, size, err, n);
  free(all);
  return status;
}

static const tlua_Rtc hiprtc = {
    .name = "hiprtc",
    .vendor = "amd",
    .load = hiprtc_load,
    .version = hiprtc_version,
    .check_arch = hiprtc_check_arch,
    .compile = hiprtc_compile,
};

const tlua_Rtc *tlua_rtc_hiprtc(void) { return &hiprtc; }
