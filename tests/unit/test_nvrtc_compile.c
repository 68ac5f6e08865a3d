/* test_nvrtc_compile.c - compiles every <name>_sm_90.hip of a directory (default tests/golden) with
 * NVRTC through the run-time compiler of src/rtc_nvrtc.c (dlopen'd, never linked), for sm_90;
 * skipped (exit 77, message) when libnvrtc is absent. tests/cli/nvrtc_examples.sh passes the
 * directory of the example kernels. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtc.h"

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

int main(int argc, char **argv) {
  const tlua_Rtc *nv = tlua_rtc_nvrtc();
  char err[16384];
  if (nv->load(err, sizeof err)) { printf("skipped: %s\n", err); return 77; }
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
    char path[8192], name[256];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    snprintf(name, sizeof name, "%.*s", (int)(n - 10), e->d_name);
    char *src = slurp(path);
    if (!src) { fprintf(stderr, "cannot read %s\n", path); failed = 1; continue; }
    void *code = NULL;
    size_t size = 0;
    int rc = nv->compile(src, name, "sm_90", NULL, 0, &code, &size, err, sizeof err);
    if (rc) { fprintf(stderr, "%s\n", err); failed = 1; }
    free(code);
    free(src);
    count++;
    printf("%s: %s\n", e->d_name, rc == 0 ? "ok" : "FAILED");
  }
  closedir(d);
  if (count == 0) { fprintf(stderr, "no *_sm_90.hip goldens in %s\n", dir); return 1; }
  return failed;
}
