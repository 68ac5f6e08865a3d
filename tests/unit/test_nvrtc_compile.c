/* test_nvrtc_compile.c - compiles every tests/golden/<name>_sm_90.hip with NVRTC (dlopen'd, never linked)
 * for sm_90; skipped (exit 77, message) when libnvrtc is absent. */
#include <dirent.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int nvrtcResult;             /* NVRTC_SUCCESS = 0 */
typedef struct _nvrtcProgram *nvrtcProgram;
typedef nvrtcResult (*create_fn)(nvrtcProgram *, const char *, const char *, int, const char *const *, const char *const *);
typedef nvrtcResult (*compile_fn)(nvrtcProgram, int, const char *const *);
typedef nvrtcResult (*logsize_fn)(nvrtcProgram, size_t *);
typedef nvrtcResult (*log_fn)(nvrtcProgram, char *);
typedef nvrtcResult (*destroy_fn)(nvrtcProgram *);

static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = malloc((size_t)n + 1);
  if (s && fread(s, 1, (size_t)n, f) != (size_t)n) { free(s); s = NULL; }
  if (s) s[n] = '\0';
  fclose(f);
  return s;
}

int main(int argc, char **argv) {
  const char *libs[] = {"libnvrtc.so", "/usr/local/cuda/lib64/libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12"};
  void *h = NULL;
  for (size_t i = 0; i < sizeof libs / sizeof libs[0] && !h; i++) h = dlopen(libs[i], RTLD_NOW);
  if (!h) { printf("skipped: libnvrtc not found\n"); return 77; }
  create_fn create = (create_fn)dlsym(h, "nvrtcCreateProgram");
  compile_fn compile = (compile_fn)dlsym(h, "nvrtcCompileProgram");
  logsize_fn logsize = (logsize_fn)dlsym(h, "nvrtcGetProgramLogSize");
  log_fn getlog = (log_fn)dlsym(h, "nvrtcGetProgramLog");
  destroy_fn destroy = (destroy_fn)dlsym(h, "nvrtcDestroyProgram");
  if (!create || !compile || !logsize || !getlog || !destroy) { printf("skipped: libnvrtc lacks symbols\n"); return 77; }
  char dir[4096];
  snprintf(dir, sizeof dir, "%s", __FILE__);
  char *slash = strrchr(dir, '/');
  if (slash) *slash = '\0'; else strcpy(dir, ".");
  strncat(dir, "/../golden", sizeof dir - strlen(dir) - 1);
  if (argc > 1) snprintf(dir, sizeof dir, "%s", argv[1]); /* another directory of *_sm_90.hip */
  DIR *d = opendir(dir);
  if (!d) { fprintf(stderr, "no golden directory %s\n", dir); return 1; }
  int failed = 0, count = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    size_t n = strlen(e->d_name);
    if (n < 10 || strcmp(e->d_name + n - 10, "_sm_90.hip") != 0) continue;
    char path[8192];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    char *src = slurp(path);
    if (!src) { fprintf(stderr, "cannot read %s\n", path); failed = 1; continue; }
    const char *opts[] = {"--gpu-architecture=sm_90", "-I/usr/local/cuda/include", "-std=c++17"};
    nvrtcProgram prog;
    int rc = create(&prog, src, e->d_name, 0, NULL, NULL);
    if (rc == 0) rc = compile(prog, 3, opts);
    if (rc != 0) {
      size_t ln = 0;
      logsize(prog, &ln);
      char *lg = malloc(ln + 1);
      if (lg) { getlog(prog, lg); lg[ln] = '\0'; fprintf(stderr, "%s: NVRTC error %d\n%s\n", e->d_name, rc, lg); free(lg); }
      failed = 1;
    }
    destroy(&prog);
    free(src);
    count++;
    printf("%s: %s\n", e->d_name, rc == 0 ? "ok" : "FAILED");
  }
  closedir(d);
  if (count == 0) { fprintf(stderr, "no *_sm_90.hip goldens in %s\n", dir); return 1; }
  return failed;
}
