/* test_cache.c - the code-object cache: entry format (every truncation, every bit flip, random
 * bytes), memory table, disk hits, bad and refused entries, unsafe and read-only directories, the
 * environment, and 8 processes sharing one empty directory. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cache.h"
#include "sha256.h"
#include "tlua_version.h"
#include "tu.h"

#define NOBODY 65534

/* --- helpers ------------------------------------------------------------------------------------ */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (uint32_t)(rng_state >> 16);
}

static char *make_tmpdir(void) {
  static char buf[8][64];
  static int next = 0;
  char *b = buf[next++ % 8];
  snprintf(b, 64, "/tmp/tlua-cache-test.XXXXXX");
  return mkdtemp(b) ? b : NULL;
}

static void rm_rf(const char *path) {
  struct stat st;
  if (lstat(path, &st) != 0) return;
  if (S_ISDIR(st.st_mode)) {
    chmod(path, 0700);
    DIR *d = opendir(path);
    if (d) {
      struct dirent *e;
      while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        char sub[4096];
        snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
        rm_rf(sub);
      }
      closedir(d);
    }
    rmdir(path);
  } else {
    unlink(path);
  }
}

/* A cache on dir whose warnings go to a temporary file (read back with warnings()). */
static tlua_Cache *open_on(const char *dir, FILE **warn) {
  *warn = tmpfile();
  tlua_CacheConfig cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.dir = dir;
  cfg.warn = *warn;
  return tlua_cache_open(&cfg);
}

static const char *warnings(FILE *f) {
  static char text[8192];
  fflush(f);
  long end = ftell(f);
  rewind(f);
  size_t n = fread(text, 1, sizeof text - 1, f);
  text[n] = '\0';
  fseek(f, end, SEEK_SET);
  return text;
}

static int count_of(const char *hay, const char *needle) {
  int n = 0;
  for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle)) n++;
  return n;
}

static char *read_file(const char *path, size_t *n) {
  *n = 0;
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *b = malloc(1 << 20);
  *n = fread(b, 1, 1 << 20, f);
  fclose(f);
  return b;
}

static int write_file(const char *path, const void *b, size_t n) {
  FILE *f = fopen(path, "wb");
  if (!f) return -1;
  size_t k = fwrite(b, 1, n, f);
  return fclose(f) == 0 && k == n ? 0 : -1;
}

/* --- entry format ------------------------------------------------------------------------------- */

TU_TEST(entry_roundtrip) {
  void *e;
  size_t n;
  char err[256];
  const char payload[] = "code object bytes\0with a NUL";
  ASSERT_EQ(tlua_cache_entry_build("code|k1", payload, sizeof payload, &e, &n, err, sizeof err), 0);
  const void *p;
  size_t len;
  char why[256];
  ASSERT_EQ(tlua_cache_entry_parse(e, n, "code|k1", &p, &len, why, sizeof why), 0);
  ASSERT_EQ(len, sizeof payload);
  ASSERT(memcmp(p, payload, len) == 0);
  ASSERT_EQ(tlua_cache_entry_parse(e, n, NULL, &p, &len, why, sizeof why), 0);
  ASSERT(memcmp(e, TLUA_CACHE_MAGIC, 8) == 0);
  free(e);
  /* an empty payload is an entry too */
  ASSERT_EQ(tlua_cache_entry_build("k", NULL, 0, &e, &n, err, sizeof err), 0);
  ASSERT_EQ(tlua_cache_entry_parse(e, n, "k", &p, &len, why, sizeof why), 0);
  ASSERT_EQ(len, 0);
  free(e);
}

TU_TEST(entry_reasons) {
  uint8_t payload[4096];
  for (int i = 0; i < 4096; i++) payload[i] = (uint8_t)i;
  void *ev;
  size_t n;
  char err[256], why[256];
  ASSERT_EQ(tlua_cache_entry_build("code|abc", payload, sizeof payload, &ev, &n, err, sizeof err), 0);
  uint8_t *e = ev;
  const void *p;
  size_t len;
  /* truncated inside the payload: the exact numbers */
  size_t head = n - 4096;
  ASSERT_EQ(tlua_cache_entry_parse(e, head + 1000, "code|abc", &p, &len, why, sizeof why), 1);
  ASSERT_STR_EQ(why, "truncated: header says 4096 payload bytes, file has 1000");
  ASSERT(p == NULL && len == 0);
  ASSERT_EQ(tlua_cache_entry_parse(e, 0, "code|abc", &p, &len, why, sizeof why), 1);
  ASSERT_CONTAINS(why, "truncated");
  ASSERT_EQ(tlua_cache_entry_parse(e, 5, "code|abc", &p, &len, why, sizeof why), 1);
  ASSERT_CONTAINS(why, "truncated");
  ASSERT_EQ(tlua_cache_entry_parse(e, n, "code|abd", &p, &len, why, sizeof why), 1);
  ASSERT_STR_EQ(why, "key differs (hash collision or tampering)");
  ASSERT_EQ(tlua_cache_entry_parse(e, n, "code|ab", &p, &len, why, sizeof why), 1);
  ASSERT_STR_EQ(why, "key differs (hash collision or tampering)");
  e[n - 1] ^= 0x10;
  ASSERT_EQ(tlua_cache_entry_parse(e, n, "code|abc", &p, &len, why, sizeof why), 1);
  ASSERT_STR_EQ(why, "checksum mismatch");
  e[n - 1] ^= 0x10;
  e[0] = 'X';
  ASSERT_EQ(tlua_cache_entry_parse(e, n, "code|abc", &p, &len, why, sizeof why), 1);
  ASSERT_STR_EQ(why, "bad magic");
  e[0] = 'T';
  /* another writer version: patch the version string's first digit */
  const char *mine = TLUA_BUILD_VERSION;
  uint8_t *v = e + 16;
  ASSERT(memcmp(v, mine, strlen(mine)) == 0);
  char other[64];
  snprintf(other, sizeof other, "%s", mine);
  other[0] = other[0] == '9' ? '8' : (char)(other[0] + 1);
  v[0] = (uint8_t)other[0];
  ASSERT_EQ(tlua_cache_entry_parse(e, n, "code|abc", &p, &len, why, sizeof why), 1);
  char want[160];
  snprintf(want, sizeof want, "written by tilelua %s, this is %s", other, mine);
  ASSERT_STR_EQ(why, want);
  v[0] = (uint8_t)mine[0];
  /* trailing garbage */
  uint8_t *longer = malloc(n + 3);
  memcpy(longer, e, n);
  memset(longer + n, 0, 3);
  ASSERT_EQ(tlua_cache_entry_parse(longer, n + 3, "code|abc", &p, &len, why, sizeof why), 1);
  ASSERT_CONTAINS(why, "3 bytes after the 4096-byte payload");
  free(longer);
  ASSERT_EQ(tlua_cache_entry_parse(e, n, "code|abc", &p, &len, why, sizeof why), 0);
  free(ev);
}

/* Every prefix and every single-bit flip of a valid entry is rejected (parsed from an exact-size
 * heap copy, so reading past the end would show under the sanitizers). */
TU_TEST(entry_every_truncation_and_bit_flip) {
  uint8_t payload[200];
  for (int i = 0; i < 200; i++) payload[i] = (uint8_t)(i * 31);
  void *ev;
  size_t n;
  char err[256], why[256];
  ASSERT_EQ(tlua_cache_entry_build("front|script.lua|kern", payload, sizeof payload, &ev, &n, err, sizeof err), 0);
  const void *p;
  size_t len;
  for (size_t k = 0; k < n; k++) {
    uint8_t *copy = malloc(k ? k : 1);
    memcpy(copy, ev, k);
    int rc = tlua_cache_entry_parse(copy, k, "front|script.lua|kern", &p, &len, why, sizeof why);
    free(copy);
    if (rc != 1) TU_FAIL_("prefix of %zu bytes accepted", k);
    ASSERT(why[0] != '\0');
  }
  uint8_t *copy = malloc(n);
  for (size_t bit = 0; bit < n * 8; bit++) {
    memcpy(copy, ev, n);
    copy[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    if (tlua_cache_entry_parse(copy, n, "front|script.lua|kern", &p, &len, why, sizeof why) != 1) {
      free(copy);
      TU_FAIL_("flip of bit %zu accepted", bit);
    }
  }
  free(copy);
  free(ev);
}

TU_TEST(entry_random_bytes) {
  const void *p;
  size_t len;
  char why[256], err[256];
  void *ev;
  size_t n;
  ASSERT_EQ(tlua_cache_entry_build("key", "abcdef", 6, &ev, &n, err, sizeof err), 0);
  for (int iter = 0; iter < 200000; iter++) {
    size_t k = rnd() % 96;
    uint8_t *b = malloc(k ? k : 1);
    if (iter % 2) {
      for (size_t i = 0; i < k; i++) b[i] = (uint8_t)rnd();
    } else {   /* a valid entry with a few bytes changed and a random length */
      memcpy(b, ev, k < n ? k : n);
      for (size_t i = n; i < k; i++) b[i] = (uint8_t)rnd();
      for (int j = rnd() % 4; j >= 0 && k; j--) b[rnd() % k] = (uint8_t)rnd();
    }
    int rc = tlua_cache_entry_parse(b, k, iter % 3 ? "key" : NULL, &p, &len, why, sizeof why);
    if (rc == 0 && (len != 6 || memcmp(p, "abcdef", 6) != 0)) {
      free(b);
      TU_FAIL_("iteration %d accepted a different payload", iter);
    }
    free(b);
  }
  free(ev);
}

/* --- memory table ------------------------------------------------------------------------------- */

TU_TEST(memory_hits_misses_stats) {
  tlua_CacheConfig cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.no_disk = 1;
  cfg.no_disk_reason = "sandboxed state";
  tlua_Cache *c = tlua_cache_open(&cfg);
  ASSERT(c != NULL);
  ASSERT(tlua_cache_dir(c) == NULL);
  ASSERT_STR_EQ(tlua_cache_disk_off_reason(c), "sandboxed state");
  const void *b;
  size_t n;
  char why[512];
  ASSERT_EQ(tlua_cache_get(c, "code|1", &b, &n, why, sizeof why), TLUA_CACHE_MISS);
  ASSERT_STR_EQ(why, "not in memory; disk cache off (sandboxed state)");
  ASSERT_EQ(tlua_cache_put(c, "code|1", "one", 3), 0);
  ASSERT_EQ(tlua_cache_get(c, "code|1", &b, &n, why, sizeof why), TLUA_CACHE_MEMORY);
  ASSERT_EQ(n, 3);
  ASSERT(memcmp(b, "one", 3) == 0);
  ASSERT_EQ(tlua_cache_put(c, "code|1", "uno!", 4), 0);   /* replaces */
  ASSERT_EQ(tlua_cache_get(c, "code|1", &b, &n, why, sizeof why), TLUA_CACHE_MEMORY);
  ASSERT_EQ(n, 4);
  ASSERT(memcmp(b, "uno!", 4) == 0);
  ASSERT_EQ(tlua_cache_note(c, "traces"), 0);
  ASSERT_EQ(tlua_cache_note(c, "compiles"), 0);
  ASSERT_EQ(tlua_cache_note(c, "compiles"), 0);
  ASSERT_EQ(tlua_cache_note(c, "launches"), -1);
  tlua_CacheStats s;
  tlua_cache_stats(c, &s);
  ASSERT_EQ(s.memory_hits, 2);
  ASSERT_EQ(s.disk_hits, 0);
  ASSERT_EQ(s.misses, 1);
  ASSERT_EQ(s.traces, 1);
  ASSERT_EQ(s.compiles, 2);
  ASSERT_EQ(s.memory_entries, 1);
  ASSERT_EQ(s.memory_bytes, strlen("code|1") + 4);
  tlua_cache_clear(c);
  ASSERT_EQ(tlua_cache_get(c, "code|1", &b, &n, why, sizeof why), TLUA_CACHE_MISS);
  tlua_cache_stats(c, &s);
  ASSERT_EQ(s.memory_entries, 0);
  ASSERT_EQ(s.misses, 2);
  tlua_cache_close(c);
  tlua_cache_close(NULL);
}

TU_TEST(memory_evicts_least_recently_used) {
  tlua_CacheConfig cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.no_disk = 1;
  cfg.memory_limit = 3 * (100 + 2);   /* three 100-byte blobs with 2-byte keys */
  tlua_Cache *c = tlua_cache_open(&cfg);
  char blob[100];
  memset(blob, 'x', sizeof blob);
  const void *b;
  size_t n;
  ASSERT_EQ(tlua_cache_put(c, "k1", blob, 100), 0);
  ASSERT_EQ(tlua_cache_put(c, "k2", blob, 100), 0);
  ASSERT_EQ(tlua_cache_put(c, "k3", blob, 100), 0);
  ASSERT_EQ(tlua_cache_get(c, "k1", &b, &n, NULL, 0), TLUA_CACHE_MEMORY);  /* k2 is now oldest */
  ASSERT_EQ(tlua_cache_put(c, "k4", blob, 100), 0);
  ASSERT_EQ(tlua_cache_get(c, "k2", &b, &n, NULL, 0), TLUA_CACHE_MISS);
  ASSERT_EQ(tlua_cache_get(c, "k1", &b, &n, NULL, 0), TLUA_CACHE_MEMORY);
  ASSERT_EQ(tlua_cache_get(c, "k3", &b, &n, NULL, 0), TLUA_CACHE_MEMORY);
  ASSERT_EQ(tlua_cache_get(c, "k4", &b, &n, NULL, 0), TLUA_CACHE_MEMORY);
  /* a blob larger than the whole table is not kept, and evicts nothing */
  char big[400];
  memset(big, 'y', sizeof big);
  ASSERT_EQ(tlua_cache_put(c, "kb", big, sizeof big), 0);
  ASSERT_EQ(tlua_cache_get(c, "kb", &b, &n, NULL, 0), TLUA_CACHE_MISS);
  tlua_CacheStats s;
  tlua_cache_stats(c, &s);
  ASSERT_EQ(s.memory_entries, 3);
  ASSERT(s.memory_bytes <= cfg.memory_limit);
  /* many keys: the table grows its buckets and finds each one */
  cfg.memory_limit = 0;
  tlua_Cache *d = tlua_cache_open(&cfg);
  char key[32];
  for (int i = 0; i < 5000; i++) {
    snprintf(key, sizeof key, "key%d", i);
    ASSERT_EQ(tlua_cache_put(d, key, key, strlen(key)), 0);
  }
  for (int i = 0; i < 5000; i++) {
    snprintf(key, sizeof key, "key%d", i);
    ASSERT_EQ(tlua_cache_get(d, key, &b, &n, NULL, 0), TLUA_CACHE_MEMORY);
    ASSERT(n == strlen(key) && memcmp(b, key, n) == 0);
  }
  tlua_cache_close(d);
  tlua_cache_close(c);
}

/* --- disk ------------------------------------------------------------------------------------- */

TU_TEST(disk_hit_in_a_new_cache) {
  char *dir = make_tmpdir();
  ASSERT(dir != NULL);
  char sub[256];
  snprintf(sub, sizeof sub, "%s/nested/cache", dir);   /* created with mkdir -p */
  FILE *w;
  tlua_Cache *a = open_on(sub, &w);
  ASSERT_STR_EQ(tlua_cache_dir(a), sub);
  struct stat st;
  ASSERT_EQ(stat(sub, &st), 0);
  ASSERT_EQ(st.st_mode & 0777, 0700);
  const void *b;
  size_t n;
  char why[1024], path[1024];
  ASSERT_EQ(tlua_cache_get(a, "code|x", &b, &n, why, sizeof why), TLUA_CACHE_MISS);
  ASSERT_CONTAINS(why, "not in memory; no disk entry ");
  ASSERT_EQ(tlua_cache_put(a, "code|x", "payload-x", 9), 0);
  ASSERT_EQ(tlua_cache_entry_path(a, "code|x", path, sizeof path), 0);
  uint8_t d[32];
  char hex[65], want[1024];
  tlua_sha256("code|x", 6, d);
  tlua_sha256_hex(d, hex);
  snprintf(want, sizeof want, "%s/%.2s/%s", sub, hex, hex + 2);
  ASSERT_STR_EQ(path, want);
  ASSERT_EQ(stat(path, &st), 0);
  ASSERT(S_ISREG(st.st_mode));
  ASSERT_EQ(st.st_mode & 0077, 0);
  tlua_Cache *c = tlua_cache_open(&(tlua_CacheConfig){.dir = sub, .warn = w});
  ASSERT_EQ(tlua_cache_get(c, "code|x", &b, &n, why, sizeof why), TLUA_CACHE_DISK);
  ASSERT(n == 9 && memcmp(b, "payload-x", 9) == 0);
  ASSERT_EQ(tlua_cache_get(c, "code|x", &b, &n, why, sizeof why), TLUA_CACHE_MEMORY);
  tlua_CacheStats s;
  tlua_cache_stats(c, &s);
  ASSERT_EQ(s.disk_hits, 1);
  ASSERT_EQ(s.memory_hits, 1);
  ASSERT_EQ(s.misses, 0);
  ASSERT_STR_EQ(warnings(w), "");
  /* a blob too large for the memory table still comes back from disk */
  tlua_Cache *small = tlua_cache_open(&(tlua_CacheConfig){.dir = sub, .warn = w, .memory_limit = 4});
  ASSERT_EQ(tlua_cache_get(small, "code|x", &b, &n, why, sizeof why), TLUA_CACHE_DISK);
  ASSERT(n == 9 && memcmp(b, "payload-x", 9) == 0);
  tlua_cache_close(small);
  tlua_cache_close(a);
  tlua_cache_close(c);
  fclose(w);
  rm_rf(dir);
}

/* Damages the entry of key (by fn), then checks: reported once, counted, a miss with the reason,
 * rebuilt by a put, then a disk hit from a fresh cache. */
static void damaged_entry_case(int *tu_failed_, void (*damage)(const char *path), const char *reason) {
  char *dir = make_tmpdir();
  ASSERT(dir != NULL);
  FILE *w;
  tlua_Cache *a = open_on(dir, &w);
  ASSERT_EQ(tlua_cache_put(a, "code|d", "0123456789abcdef", 16), 0);
  char path[1024], why[2048];
  ASSERT_EQ(tlua_cache_entry_path(a, "code|d", path, sizeof path), 0);
  damage(path);
  tlua_Cache *c = tlua_cache_open(&(tlua_CacheConfig){.dir = dir, .warn = w});
  const void *b;
  size_t n;
  ASSERT_EQ(tlua_cache_get(c, "code|d", &b, &n, why, sizeof why), TLUA_CACHE_MISS);
  ASSERT_CONTAINS(why, reason);
  ASSERT_CONTAINS(why, path);
  ASSERT_EQ(tlua_cache_get(c, "code|d", &b, &n, why, sizeof why), TLUA_CACHE_MISS);
  tlua_CacheStats s;
  tlua_cache_stats(c, &s);
  ASSERT_EQ(s.bad_entries, 2);
  ASSERT_EQ(s.misses, 2);
  char line[2048];
  snprintf(line, sizeof line, "tilelua: cache: ignoring %s: ", path);
  ASSERT_EQ(count_of(warnings(w), line), 1);
  ASSERT_CONTAINS(warnings(w), "; it will be rebuilt\n");
  ASSERT_CONTAINS(warnings(w), reason);
  ASSERT_EQ(tlua_cache_put(c, "code|d", "0123456789abcdef", 16), 0);   /* rebuilt */
  tlua_Cache *f = tlua_cache_open(&(tlua_CacheConfig){.dir = dir, .warn = w});
  ASSERT_EQ(tlua_cache_get(f, "code|d", &b, &n, why, sizeof why), TLUA_CACHE_DISK);
  ASSERT(n == 16 && memcmp(b, "0123456789abcdef", 16) == 0);
  struct stat st;
  ASSERT_EQ(lstat(path, &st), 0);
  ASSERT(S_ISREG(st.st_mode));
  tlua_cache_close(a);
  tlua_cache_close(c);
  tlua_cache_close(f);
  fclose(w);
  rm_rf(dir);
}

static void truncate_entry(const char *path) {   /* drop the last 7 of the 16 payload bytes */
  struct stat st;
  if (stat(path, &st) != 0 || truncate(path, st.st_size - 7) != 0) abort();
}
static void flip_bit(const char *path) {
  size_t n;
  char *b = read_file(path, &n);
  if (!b || n < 5) abort();
  b[n - 5] ^= 0x04;
  if (write_file(path, b, n) != 0) abort();
  free(b);
}
static void symlink_entry(const char *path) {
  /* a valid entry elsewhere, reached through a symbolic link: refused anyway */
  char target[1100];
  snprintf(target, sizeof target, "%s.elsewhere", path);
  if (rename(path, target) != 0 || symlink(target, path) != 0) abort();
}
static void fifo_entry(const char *path) {
  if (unlink(path) != 0 || mkfifo(path, 0600) != 0) abort();
}

TU_TEST(truncated_entry_rebuilt) { damaged_entry_case(tu_failed_, truncate_entry, "truncated: header says 16 payload bytes, file has 9"); }
TU_TEST(bit_flipped_entry_rebuilt) { damaged_entry_case(tu_failed_, flip_bit, "checksum mismatch"); }
TU_TEST(symlink_entry_refused) { damaged_entry_case(tu_failed_, symlink_entry, "a symbolic link"); }
TU_TEST(fifo_entry_refused) { damaged_entry_case(tu_failed_, fifo_entry, "not a regular file"); }

static void chown_entry(const char *path) { if (chown(path, NOBODY, NOBODY) != 0) abort(); }
TU_TEST(foreign_owned_entry_refused) {
  if (geteuid() != 0) TU_SKIP("needs root to chown an entry to another user (CI runs as root)");
  damaged_entry_case(tu_failed_, chown_entry, "owned by uid 65534, not by you (uid 0)");
}

TU_TEST(unsafe_directory_turns_disk_off) {
  char *dir = make_tmpdir();
  ASSERT(dir != NULL);
  ASSERT_EQ(chmod(dir, 0777), 0);
  FILE *w;
  tlua_Cache *c = open_on(dir, &w);
  ASSERT(tlua_cache_dir(c) == NULL);
  ASSERT_CONTAINS(tlua_cache_disk_off_reason(c), "is writable by group or others (mode 777");
  ASSERT_EQ(count_of(warnings(w), "tilelua: cache: disk cache off: "), 1);
  ASSERT_EQ(tlua_cache_put(c, "k", "v", 1), 0);   /* memory still works */
  const void *b;
  size_t n;
  char why[1024];
  ASSERT_EQ(tlua_cache_get(c, "k", &b, &n, why, sizeof why), TLUA_CACHE_MEMORY);
  ASSERT_EQ(tlua_cache_get(c, "k2", &b, &n, why, sizeof why), TLUA_CACHE_MISS);
  ASSERT_CONTAINS(why, "disk cache off (");
  tlua_cache_close(c);
  fclose(w);
  /* owned by someone else: root chowns it away; others use "/" (owned by root) */
  const char *foreign = "/";
  if (geteuid() == 0) {
    ASSERT_EQ(chmod(dir, 0700), 0);
    ASSERT_EQ(chown(dir, NOBODY, NOBODY), 0);
    foreign = dir;
  }
  c = open_on(foreign, &w);
  ASSERT(tlua_cache_dir(c) == NULL);
  ASSERT_CONTAINS(tlua_cache_disk_off_reason(c), "not by you");
  ASSERT_CONTAINS(warnings(w), "tilelua: cache: disk cache off: ");
  tlua_cache_close(c);
  fclose(w);
  /* a regular file where the directory should be */
  char file[256];
  snprintf(file, sizeof file, "%s/plain", dir);
  ASSERT_EQ(write_file(file, "x", 1), 0);
  c = open_on(file, &w);
  ASSERT(tlua_cache_dir(c) == NULL);
  ASSERT_CONTAINS(tlua_cache_disk_off_reason(c), "is not a directory");
  tlua_cache_close(c);
  fclose(w);
  rm_rf(dir);
}

static void chmod_tree(const char *path, mode_t mode) {
  DIR *d = opendir(path);
  if (d) {
    struct dirent *e;
    while ((e = readdir(d))) {
      if (e->d_name[0] == '.') continue;
      char sub[4096];
      snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
      struct stat st;
      if (lstat(sub, &st) == 0 && S_ISDIR(st.st_mode)) chmod_tree(sub, mode);
    }
    closedir(d);
  }
  chmod(path, mode);
}

/* Body of the read-only case, in a child process (as "nobody" when run as root, since root
 * writes into read-only directories anyway). Returns 0 when every check held. */
static int read_only_child(const char *dir) {
  FILE *w;
  tlua_Cache *a = open_on(dir, &w);
  if (!tlua_cache_dir(a) || tlua_cache_put(a, "code|ro", "kept", 4) != 0) return 10;
  chmod_tree(dir, 0500);
  tlua_Cache *c = open_on(dir, &w);
  const void *b;
  size_t n;
  if (!tlua_cache_dir(c)) return 11;
  if (tlua_cache_get(c, "code|ro", &b, &n, NULL, 0) != TLUA_CACHE_DISK || n != 4) return 12;
  if (tlua_cache_put(c, "code|new1", "abc", 3) != 1) return 13;
  if (tlua_cache_put(c, "code|new2", "abc", 3) != 1) return 14;
  if (tlua_cache_put(c, "code|ro", "kept", 4) != 1) return 15;   /* existing subdirectory, too */
  if (tlua_cache_get(c, "code|new1", &b, &n, NULL, 0) != TLUA_CACHE_MEMORY) return 16;
  tlua_CacheStats s;
  tlua_cache_stats(c, &s);
  if (s.write_errors != 3) return 17;
  const char *text = warnings(w);
  if (count_of(text, "tilelua: cache: not stored on disk: ") != 1) return 18;
  if (!strstr(text, "Permission denied")) return 19;
  tlua_cache_close(a);
  tlua_cache_close(c);
  return 0;
}

TU_TEST(read_only_directory_warns_and_reads) {
  char *dir = make_tmpdir();
  ASSERT(dir != NULL);
  int root = geteuid() == 0;
  if (root) ASSERT_EQ(chown(dir, NOBODY, NOBODY), 0);
  pid_t pid = fork();
  ASSERT(pid >= 0);
  if (pid == 0) {
    if (root && (setgid(NOBODY) != 0 || setuid(NOBODY) != 0)) _exit(9);
    _exit(read_only_child(dir));
  }
  int st;
  ASSERT_EQ(waitpid(pid, &st, 0), pid);
  ASSERT(WIFEXITED(st));
  ASSERT_EQ(WEXITSTATUS(st), 0);
  rm_rf(dir);
}

TU_TEST(environment_rules) {
  char *dir = make_tmpdir();
  ASSERT(dir != NULL);
  char a[256], x[256], want[300];
  snprintf(a, sizeof a, "%s/explicit", dir);
  snprintf(x, sizeof x, "%s/xdg", dir);
  unsetenv("TILELUA_CACHE");
  setenv("TILELUA_CACHE_DIR", a, 1);
  setenv("XDG_CACHE_HOME", x, 1);
  tlua_Cache *c = tlua_cache_open(NULL);
  ASSERT_STR_EQ(tlua_cache_dir(c), a);
  tlua_cache_close(c);
  unsetenv("TILELUA_CACHE_DIR");
  c = tlua_cache_open(NULL);
  snprintf(want, sizeof want, "%s/tilelua", x);
  ASSERT_STR_EQ(tlua_cache_dir(c), want);
  struct stat st;
  ASSERT_EQ(stat(want, &st), 0);
  ASSERT_EQ(st.st_mode & 0777, 0700);
  tlua_cache_close(c);
  unsetenv("XDG_CACHE_HOME");
  setenv("HOME", dir, 1);
  c = tlua_cache_open(NULL);
  snprintf(want, sizeof want, "%s/.cache/tilelua", dir);
  ASSERT_STR_EQ(tlua_cache_dir(c), want);
  tlua_cache_close(c);
  /* TILELUA_CACHE=0: memory only, silently; an explicit directory is still honoured */
  setenv("TILELUA_CACHE", "0", 1);
  setenv("TILELUA_CACHE_DIR", a, 1);
  FILE *w = tmpfile();
  c = tlua_cache_open(&(tlua_CacheConfig){.warn = w});
  ASSERT(tlua_cache_dir(c) == NULL);
  ASSERT_STR_EQ(tlua_cache_disk_off_reason(c), "TILELUA_CACHE=0");
  ASSERT_STR_EQ(warnings(w), "");
  const void *b;
  size_t n;
  char why[256];
  ASSERT_EQ(tlua_cache_put(c, "k", "v", 1), 0);
  ASSERT_EQ(tlua_cache_get(c, "k", &b, &n, why, sizeof why), TLUA_CACHE_MEMORY);
  ASSERT_EQ(tlua_cache_get(c, "q", &b, &n, why, sizeof why), TLUA_CACHE_MISS);
  ASSERT_STR_EQ(why, "not in memory; disk cache off (TILELUA_CACHE=0)");
  tlua_cache_close(c);
  c = tlua_cache_open(&(tlua_CacheConfig){.dir = x, .warn = w});
  ASSERT_STR_EQ(tlua_cache_dir(c), x);
  tlua_cache_close(c);
  fclose(w);
  unsetenv("TILELUA_CACHE");
  unsetenv("TILELUA_CACHE_DIR");
  rm_rf(dir);
}

/* --- 8 processes on one empty directory ---------------------------------------------------------- */

#define NPROC 8
#define NKEYS 48

static size_t blob_for(int k, uint8_t *out) {
  size_t n = 1000 + (size_t)k * 1733;   /* up to ~80 KiB: writes take a while */
  for (size_t i = 0; i < n; i++) out[i] = (uint8_t)(k * 131 + i * 7);
  return n;
}

static int concurrent_child(const char *dir, int id) {
  static uint8_t blob[100000];
  char key[64];
  for (int round = 0; round < 3; round++) {
    tlua_Cache *c = tlua_cache_open(&(tlua_CacheConfig){.dir = dir});
    if (!c || !tlua_cache_dir(c)) return 20;
    for (int j = 0; j < NKEYS; j++) {
      int k = (j * 5 + id * 7 + round) % NKEYS;   /* every process, its own order */
      snprintf(key, sizeof key, "code|%d", k);
      const void *b;
      size_t n;
      tlua_CacheWhere wh = tlua_cache_get(c, key, &b, &n, NULL, 0);
      size_t want = blob_for(k, blob);
      if (wh != TLUA_CACHE_MISS && (n != want || memcmp(b, blob, n) != 0)) return 21;
      if (wh == TLUA_CACHE_MISS && tlua_cache_put(c, key, blob, want) != 0) return 22;
    }
    tlua_CacheStats s;
    tlua_cache_stats(c, &s);
    if (s.bad_entries || s.write_errors) return 23;
    tlua_cache_close(c);
  }
  return 0;
}

TU_TEST(eight_processes_one_empty_directory) {
  char *top = make_tmpdir();
  ASSERT(top != NULL);
  char dir[256];
  snprintf(dir, sizeof dir, "%s/shared", top);   /* not there yet: all race to create it */
  pid_t pids[NPROC];
  int go[2];
  ASSERT_EQ(pipe(go), 0);
  for (int i = 0; i < NPROC; i++) {
    pids[i] = fork();
    ASSERT(pids[i] >= 0);
    if (pids[i] == 0) {
      char x;
      close(go[1]);
      if (read(go[0], &x, 1) != 0) _exit(30);   /* start together when the pipe closes */
      _exit(concurrent_child(dir, i));
    }
  }
  close(go[0]);
  close(go[1]);
  for (int i = 0; i < NPROC; i++) {
    int st;
    ASSERT_EQ(waitpid(pids[i], &st, 0), pids[i]);
    ASSERT(WIFEXITED(st));
    ASSERT_EQ(WEXITSTATUS(st), 0);
  }
  /* every entry valid, no temporaries left behind, nothing else in the directory */
  tlua_Cache *c = tlua_cache_open(&(tlua_CacheConfig){.dir = dir});
  static uint8_t blob[100000];
  for (int k = 0; k < NKEYS; k++) {
    char key[64], path[1024];
    snprintf(key, sizeof key, "code|%d", k);
    ASSERT_EQ(tlua_cache_entry_path(c, key, path, sizeof path), 0);
    size_t n;
    char *bytes = read_file(path, &n);
    ASSERT(bytes != NULL);
    const void *p;
    size_t len;
    char why[256];
    int rc = tlua_cache_entry_parse(bytes, n, key, &p, &len, why, sizeof why);
    size_t want = blob_for(k, blob);
    int same = rc == 0 && len == want && memcmp(p, blob, len) == 0;
    free(bytes);
    if (!same) TU_FAIL_("entry %s: %s", path, rc ? why : "payload differs");
  }
  int files = 0, temps = 0;
  DIR *d = opendir(dir);
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    char sub[1024];
    snprintf(sub, sizeof sub, "%s/%s", dir, e->d_name);
    DIR *s = opendir(sub);
    ASSERT(s != NULL);
    struct dirent *f;
    while ((f = readdir(s))) {
      if (!strcmp(f->d_name, ".") || !strcmp(f->d_name, "..")) continue;
      if (!strncmp(f->d_name, ".tmp-", 5)) temps++; else files++;
    }
    closedir(s);
  }
  closedir(d);
  ASSERT_EQ(temps, 0);
  ASSERT_EQ(files, NKEYS);
  tlua_cache_close(c);
  rm_rf(top);
}

TU_MAIN(TU_ENTRY(entry_roundtrip), TU_ENTRY(entry_reasons), TU_ENTRY(entry_every_truncation_and_bit_flip),
        TU_ENTRY(entry_random_bytes), TU_ENTRY(memory_hits_misses_stats),
        TU_ENTRY(memory_evicts_least_recently_used), TU_ENTRY(disk_hit_in_a_new_cache),
        TU_ENTRY(truncated_entry_rebuilt), TU_ENTRY(bit_flipped_entry_rebuilt),
        TU_ENTRY(symlink_entry_refused), TU_ENTRY(fifo_entry_refused), TU_ENTRY(foreign_owned_entry_refused),
        TU_ENTRY(unsafe_directory_turns_disk_off), TU_ENTRY(read_only_directory_warns_and_reads),
        TU_ENTRY(environment_rules), TU_ENTRY(eight_processes_one_empty_directory))
