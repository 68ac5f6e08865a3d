/* rtc.c - what NVRTC and hiprtc share: choosing the compiler for an arch name, opening a vendor
 * library by a list of names, and one create/compile/fetch/destroy round through either API. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtc.h"
#include "rtc_vendor.h"
#include "tilelua.h"

const tlua_Rtc *tlua_rtc_for_arch_err(const char *arch, char *err, size_t n) {
  if (err && n) err[0] = '\0';
  if (!arch) return NULL;
  if (strncmp(arch, "sm_", 3) == 0 || strncmp(arch, "compute_", 8) == 0) return tlua_rtc_nvrtc();
  if (strncmp(arch, "gfx", 3) != 0) return NULL;
  const char *pick = getenv("TILELUA_AMD_COMPILER");
  if (pick && strcmp(pick, "clang") == 0) return tlua_rtc_clang();
  if (pick && strcmp(pick, "hiprtc") == 0) return tlua_rtc_hiprtc();
  if (pick && *pick && strcmp(pick, "auto") != 0) {
    tlua_errorf(TLUA_ERRARG, err, n, "TILELUA_AMD_COMPILER=%s: expected hiprtc, clang or auto", pick);
    return NULL;
  }
  /* auto: hiprtc for the targets it is verified on, when it loads; clang for the rest */
  const tlua_Rtc *h = tlua_rtc_hiprtc();
  char why[1024];
  if (h->check_arch(arch, why, sizeof why) == 0 && h->load(why, sizeof why) == 0) return h;
  return tlua_rtc_clang();
}

const tlua_Rtc *tlua_rtc_for_arch(const char *arch) { return tlua_rtc_for_arch_err(arch, NULL, 0); }

/* Appends "; <lib>: <why>" to the list of failures in err. */
static void note_failure(char *err, size_t n, size_t *used, const char *lib, const char *why) {
  if (!err || *used >= n) return;
  int k = snprintf(err + *used, n - *used, "%s%s (%s)", *used ? "; " : "", lib, why);
  if (k > 0) *used += (size_t)k < n - *used ? (size_t)k : n - *used - 1;
}

/* Opens lib and resolves every symbol; NULL with `why` set when it cannot. */
static void *try_library(const char *lib, const tlua_RtcSym *syms, int nsyms, char *why, size_t whysz) {
  void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    const char *e = dlerror();
    /* dlerror repeats the name first; keep only the reason after it */
    const char *colon = e ? strrchr(e, ':') : NULL;
    snprintf(why, whysz, "%s", colon ? colon + 2 : e ? e : "cannot open");
    return NULL;
  }
  for (int i = 0; i < nsyms; i++) {
    void *p = dlsym(h, syms[i].name);
    if (!p && !syms[i].optional) {
      snprintf(why, whysz, "lacks %s", syms[i].name);
      dlclose(h);
      return NULL;
    }
  }
  for (int i = 0; i < nsyms; i++) *syms[i].slot = dlsym(h, syms[i].name);
  return h;
}

void *tlua_rtc_open_library(const char *compiler, const char *env_var, const char *const *libs, int nlibs,
                            const tlua_RtcSym *syms, int nsyms, char *err, size_t n) {
  char tried[1536] = "";
  size_t used = 0;
  char why[256];
  const char *over = getenv(env_var);
  if (over && *over) {
    void *h = try_library(over, syms, nsyms, why, sizeof why);
    if (h) return h;
    /* an explicit choice that fails is an error, not a reason to pick another library */
    tlua_errorf(TLUA_ERRNOBACKEND, err, n, "%s: %s=%s cannot be used: %s", compiler, env_var, over, why);
    return NULL;
  }
  for (int i = 0; i < nlibs; i++) {
    void *h = try_library(libs[i], syms, nsyms, why, sizeof why);
    if (h) return h;
    note_failure(tried, sizeof tried, &used, libs[i], why);
  }
  tlua_errorf(TLUA_ERRNOBACKEND, err, n, "%s: library not found (set %s to its path); tried %s", compiler, env_var,
              tried);
  return NULL;
}

/* The compiler's log, malloc'd and NUL-terminated ("" when it has none); NULL when out of memory. */
static char *program_log(const tlua_RtcApi *api, tlua_rtc_program prog) {
  size_t ln = 0;
  if (api->log_size(prog, &ln) != 0) ln = 0;
  char *log = malloc(ln + 1);
  if (!log) return NULL;
  if (ln == 0 || api->log(prog, log) != 0) ln = 0;
  log[ln] = '\0';
  while (ln > 0 && (log[ln - 1] == '\n' || log[ln - 1] == '\0')) log[--ln] = '\0';
  return log;
}

static int compile_failure(const tlua_RtcApi *api, tlua_rtc_program prog, const char *compiler, const char *name,
                           const char *arch, const char *step, tlua_rtc_result r, char *err, size_t n) {
  char *log = prog ? program_log(api, prog) : NULL;
  const char *status = api->error_string ? api->error_string(r) : NULL;
  tlua_errorf(TLUA_ERRCOMPILE, err, n, "%s: %s for %s: %s (%s, status %d)\n%s", compiler, name, arch,
              status ? status : "error", step, r, log ? log : "");
  free(log);
  return TLUA_ERRCOMPILE;
}

int tlua_rtc_run(const tlua_RtcApi *api, const char *compiler, const char *source, const char *name, const char *arch,
                 const char *const *opts, int nopts, int want_ptx, void **code, size_t *size, char *err, size_t n) {
  *code = NULL;
  *size = 0;
  char file[256];
  snprintf(file, sizeof file, "%s.hip", name);
  tlua_rtc_program prog = NULL;
  tlua_rtc_result r = api->create(&prog, source, file, 0, NULL, NULL);
  if (r != 0) return compile_failure(api, NULL, compiler, name, arch, "create", r, err, n);
  int status = 0;
  r = api->compile(prog, nopts, opts);
  if (r != 0) {
    status = compile_failure(api, prog, compiler, name, arch, "compile", r, err, n);
  } else {
    size_t sz = 0;
    r = want_ptx ? api->ptx_size(prog, &sz) : api->code_size(prog, &sz);
    if (r != 0 || sz == 0) {
      status = compile_failure(api, prog, compiler, name, arch, want_ptx ? "PTX size" : "code size", r, err, n);
    } else {
      char *buf = malloc(sz);
      if (!buf) {
        status = tlua_errorf(TLUA_ERRMEM, err, n, "%s: %s for %s: out of memory for a %zu-byte code object",
                             compiler, name, arch, sz);
      } else if ((r = want_ptx ? api->ptx(prog, buf) : api->code(prog, buf)) != 0) {
        free(buf);
        status = compile_failure(api, prog, compiler, name, arch, want_ptx ? "PTX" : "code", r, err, n);
      } else {
        *code = buf;
        *size = sz;
      }
    }
  }
  api->destroy(&prog);
  return status;
}
