/* rtc_clang.c - the offline LLVM compiler for AMD targets: HIP source -> AMD GPU code object (an ELF
 * for hipModuleLoadData) through a clang executable (Debian 12: `apt-get install clang-19 lld-19`),
 * for the targets Debian's hiprtc 5.2 cannot build (gfx940/941/942/950, gfx11xx, gfx12xx) and, when
 * chosen (TILELUA_AMD_COMPILER=clang), for all AMD targets.
 *
 * The source is compiled freestanding: `-nogpuinc -nogpulib`, no HIP headers and no ROCm device
 * libraries (Debian's are 5.2 and have no gfx942/gfx11 bitcode). The code generator's AMD prelude
 * carries what the kernel needs from the HIP runtime header (codegen_hip_amd.c), so hiprtc and
 * clang accept the same text.
 *
 * Executable: $TILELUA_CLANG (a path or a name on PATH; when set, only it), else the first of
 * clang-19, clang-20, clang-18, clang on PATH whose major version is 17 or newer (older ones lack
 * gfx942/gfx1201). It links with lld (`-fuse-ld=lld`: clang finds ld.lld beside itself; Debian's
 * lld-19 puts it there). Options: -x hip --offload-arch=<arch> --cuda-device-only
 * --no-gpu-bundle-output -nogpulib -nogpuinc -O3 -std=c++17, then the caller's. Work files live in a
 * private directory under $TMPDIR (default /tmp), removed afterwards.
 *
 * Identity for cache keys: the first line of `clang --version` ("Debian clang version 19.1.7 (3)").
 * Thread-safe after the first load (once-guard); each compile uses its own directory. */
#define _GNU_SOURCE /* mkdtemp */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rtc.h"
#include "tilelua.h"

extern char **environ;

static char clang_path[1024];
static char version_text[160] = "clang (not loaded)";
static char load_error[1024];
static int loaded;
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* AMD targets clang 17+ knows (its --offload-arch list); others are refused before it runs. */
static const char *const known[] = {
  "gfx900", "gfx902", "gfx904", "gfx906", "gfx908", "gfx909", "gfx90a", "gfx90c", "gfx940", "gfx941", "gfx942",
  "gfx950", "gfx1010", "gfx1011", "gfx1012", "gfx1013", "gfx1030", "gfx1031", "gfx1032", "gfx1033", "gfx1034",
  "gfx1035", "gfx1036", "gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1152", "gfx1200",
  "gfx1201"};

/* Runs argv (argv[0] looked up on PATH) with stdout and stderr into out (n bytes, NUL-terminated,
 * truncated); returns the exit status, or -1 with out saying why it could not run. */
static int run_capture(char *const argv[], char *out, size_t n) {
  out[0] = '\0';
  int fd[2];
  if (pipe(fd) != 0) { snprintf(out, n, "pipe: %s", strerror(errno)); return -1; }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addclose(&fa, fd[0]);
  posix_spawn_file_actions_adddup2(&fa, fd[1], 1);
  posix_spawn_file_actions_adddup2(&fa, fd[1], 2);
  posix_spawn_file_actions_addclose(&fa, fd[1]);
  pid_t pid;
  int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  close(fd[1]);
  if (rc != 0) {
    close(fd[0]);
    snprintf(out, n, "cannot run %s: %s", argv[0], strerror(rc));
    return -1;
  }
  size_t used = 0;
  char buf[4096];
  for (;;) {
    ssize_t got = read(fd[0], buf, sizeof buf);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    size_t take = (size_t)got < n - 1 - used ? (size_t)got : n - 1 - used;
    memcpy(out + used, buf, take);
    used += take;
  }
  out[used] = '\0';
  close(fd[0]);
  int st;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR) { snprintf(out, n, "waitpid: %s", strerror(errno)); return -1; }
  if (WIFEXITED(st)) return WEXITSTATUS(st);
  snprintf(out + used, n - used, "%s(killed by signal %d)", used ? "\n" : "", WIFSIGNALED(st) ? WTERMSIG(st) : 0);
  return 128;
}

/* 0 and the first line of `cand --version` in line when cand is a clang of major >= 17. */
static int probe(const char *cand, char *line, size_t n, char *why, size_t whysz) {
  char out[2048];
  char *argv[] = {(char *)cand, "--version", NULL};
  int rc = run_capture(argv, out, sizeof out);
  if (rc != 0) {
    snprintf(why, whysz, "%s", rc < 0 ? "not found" : "--version failed");
    return -1;
  }
  char *nl = strchr(out, '\n');
  if (nl) *nl = '\0';
  const char *v = strstr(out, "clang version ");
  if (!v) { snprintf(why, whysz, "not a clang (%.60s)", out); return -1; }
  int major = atoi(v + strlen("clang version "));
  if (major < 17) { snprintf(why, whysz, "clang %d is too old (17 or newer knows gfx942 and gfx1201)", major); return -1; }
  snprintf(line, n, "%.*s", (int)(n > 1 ? n - 1 : 0), out);
  return 0;
}

static void load_once(void) {
  const char *over = getenv("TILELUA_CLANG");
  char why[160];
  if (over && *over) {
    if (probe(over, version_text, sizeof version_text, why, sizeof why) == 0) {
      snprintf(clang_path, sizeof clang_path, "%s", over);
      loaded = 1;
    } else {
      snprintf(load_error, sizeof load_error, "clang: TILELUA_CLANG=%s cannot be used: %s", over, why);
    }
    return;
  }
  static const char *const names[] = {"clang-19", "clang-20", "clang-18", "clang"};
  size_t used = 0;
  char tried[768] = "";
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    if (probe(names[i], version_text, sizeof version_text, why, sizeof why) == 0) {
      snprintf(clang_path, sizeof clang_path, "%s", names[i]);
      loaded = 1;
      return;
    }
    int k = snprintf(tried + used, sizeof tried - used, "%s%s (%s)", used ? ", " : "", names[i], why);
    if (k > 0 && (size_t)k < sizeof tried - used) used += (size_t)k;
  }
  snprintf(version_text, sizeof version_text, "clang (not loaded)");
  snprintf(load_error, sizeof load_error,
           "clang: no usable clang for AMD targets (apt-get install clang-19 lld-19, or set TILELUA_CLANG); tried %s",
           tried);
}

static int clang_load(char *err, size_t n) {
  pthread_once(&once, load_once);
  if (loaded) return TLUA_OK;
  return tlua_errorf(TLUA_ERRNOBACKEND, err, n, "%s", load_error);
}

static const char *clang_version(void) { return version_text; }

static int clang_check_arch(const char *arch, char *err, size_t n) {
  if (!arch) arch = "(null)";
  for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
    if (strcmp(arch, known[i]) == 0) return TLUA_OK;
  return tlua_errorf(TLUA_ERRARG, err, n,
                     "clang: target '%s' is not an AMD GPU clang 17+ compiles for (gfx9: gfx900..gfx950, gfx10: "
                     "gfx1010..gfx1036, gfx11: gfx1100..gfx1152, gfx12: gfx1200, gfx1201)", arch);
}

static int write_file(const char *path, const char *text, size_t len) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd < 0) return -1;
  size_t done = 0;
  while (done < len) {
    ssize_t w = write(fd, text + done, len - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) { close(fd); return -1; }
    done += (size_t)w;
  }
  return close(fd);
}

static int read_file(const char *path, void **data, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) return -1;
  if (fseek(f, 0, SEEK_END) != 0) { fclose(f); return -1; }
  long len = ftell(f);
  if (len <= 0 || fseek(f, 0, SEEK_SET) != 0) { fclose(f); return -1; }
  char *buf = malloc((size_t)len);
  if (!buf || fread(buf, 1, (size_t)len, f) != (size_t)len) { free(buf); fclose(f); return -1; }
  fclose(f);
  *data = buf;
  *size = (size_t)len;
  return 0;
}

static int clang_compile(const char *source, const char *name, const char *arch, const char *const *opts, int nopts,
                         void **code, size_t *size, char *err, size_t n) {
  *code = NULL;
  *size = 0;
  int status = clang_check_arch(arch, err, n);
  if (status) return status;
  if (nopts < 0 || (nopts > 0 && !opts)) return tlua_errorf(TLUA_ERRARG, err, n, "clang: %d options but no array", nopts);
  for (int i = 0; i < nopts; i++)
    if (!opts[i] || strncmp(opts[i], "--offload-arch", 14) == 0 || strncmp(opts[i], "-o", 2) == 0)
      return tlua_errorf(TLUA_ERRARG, err, n, "clang: option '%s' refused: the target and output are tilelua's",
                         opts[i] ? opts[i] : "(null)");
  if ((status = clang_load(err, n))) return status;
  const char *tmp = getenv("TMPDIR");
  if (!tmp || !*tmp) tmp = "/tmp";
  char dir[1024], src[1100], out[1100];
  snprintf(dir, sizeof dir, "%s/tilelua-clang-XXXXXX", tmp);
  if (!mkdtemp(dir))
    return tlua_errorf(TLUA_ERRCOMPILE, err, n, "clang: %s for %s: cannot make a work directory in '%s' ($TMPDIR): %s",
                       name, arch, tmp, strerror(errno));
  snprintf(src, sizeof src, "%s/%s.hip", dir, name);
  snprintf(out, sizeof out, "%s/%s.co", dir, name);
  if (write_file(src, source, strlen(source)) != 0) {
    status = tlua_errorf(TLUA_ERRCOMPILE, err, n, "clang: %s for %s: cannot write %s: %s", name, arch, src, strerror(errno));
  } else {
    enum { FIXED = 12 };
    char archopt[64];
    snprintf(archopt, sizeof archopt, "--offload-arch=%s", arch);
    const char **argv = malloc(sizeof *argv * (size_t)(FIXED + nopts + 4));
    if (!argv) {
      status = tlua_errorf(TLUA_ERRMEM, err, n, "clang: out of memory for %d options", nopts);
    } else {
      int a = 0;
      argv[a++] = clang_path;
      argv[a++] = "-x";
      argv[a++] = "hip";
      argv[a++] = archopt;
      argv[a++] = "--cuda-device-only";
      argv[a++] = "--no-gpu-bundle-output";
      argv[a++] = "-nogpulib";
      argv[a++] = "-nogpuinc";
      argv[a++] = "-O3";
      argv[a++] = "-std=c++17";
      argv[a++] = "-fuse-ld=lld";
      argv[a++] = "-w";
      for (int i = 0; i < nopts; i++) argv[a++] = opts[i];
      argv[a++] = "-o";
      argv[a++] = out;
      argv[a++] = src;
      argv[a] = NULL;
      char *log = malloc(16384);
      if (!log) {
        status = tlua_errorf(TLUA_ERRMEM, err, n, "clang: out of memory for the compiler's log");
      } else {
        int rc = run_capture((char *const *)argv, log, 16384);
        if (rc != 0) {
          const char *hint = strstr(log, "ld.lld") ? " (is lld installed? apt-get install lld-19)" : "";
          status = tlua_errorf(TLUA_ERRCOMPILE, err, n, "clang: %s for %s: exit status %d%s\n%s", name, arch, rc, hint, log);
        } else if (read_file(out, code, size) != 0) {
          status = tlua_errorf(TLUA_ERRCOMPILE, err, n, "clang: %s for %s: no code object at %s\n%s", name, arch, out, log);
        }
        free(log);
      }
      free(argv);
    }
  }
  unlink(src);
  unlink(out);
  rmdir(dir);
  return status;
}

static const tlua_Rtc clang_rtc = {
    .name = "clang",
    .vendor = "amd",
    .load = clang_load,
    .version = clang_version,
    .check_arch = clang_check_arch,
    .compile = clang_compile,
};

const tlua_Rtc *tlua_rtc_clang(void) { return &clang_rtc; }
