/* cache.c - the code-object cache: a bounded memory table (LRU) in front of a directory of entry
 * files published by rename (see cache.h for the contract). */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "cache.h"
#include "sha256.h"

#define DEFAULT_MEMORY_LIMIT ((size_t)256 << 20)
#define MAX_ENTRY_FILE ((off_t)1 << 30)   /* refuse entry files over 1 GiB */
#define PATH_CAP 4096

/* One memory-table entry; key and blob live in the same allocation, after the struct. */
typedef struct MemEntry {
  struct MemEntry *chain;        /* next in the hash bucket */
  struct MemEntry *newer, *older;  /* use order: c->newest ... c->oldest */
  uint64_t hash;
  size_t klen, len;
  char *key;
  uint8_t *blob;
} MemEntry;

/* Paths already reported as bad, so each is reported once. */
typedef struct Reported { struct Reported *next; char path[]; } Reported;

struct tlua_Cache {
  MemEntry **buckets;
  size_t nbuckets, count, bytes, limit;
  MemEntry *newest, *oldest;
  char *dir;                  /* NULL: disk off */
  char off_reason[PATH_CAP + 128];
  int fsync;
  FILE *warn;
  int warned_write;
  Reported *reported;
  tlua_CacheStats stats;
  uint8_t *scratch;           /* a disk hit too large for the memory table */
};

static void warnf(tlua_Cache *c, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("tilelua: cache: ", c->warn);
  vfprintf(c->warn, fmt, ap);
  fputc('\n', c->warn);
  fflush(c->warn);
  va_end(ap);
}

/* --- memory table ------------------------------------------------------------------------------ */

static uint64_t fnv1a(const char *s, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++) h = (h ^ (uint8_t)s[i]) * 1099511628211ull;
  return h;
}

static MemEntry *mem_find(tlua_Cache *c, const char *key, size_t klen, uint64_t h) {
  if (!c->nbuckets) return NULL;
  for (MemEntry *e = c->buckets[h & (c->nbuckets - 1)]; e; e = e->chain)
    if (e->hash == h && e->klen == klen && memcmp(e->key, key, klen) == 0) return e;
  return NULL;
}

static void lru_unlink(tlua_Cache *c, MemEntry *e) {
  if (e->newer) e->newer->older = e->older; else c->newest = e->older;
  if (e->older) e->older->newer = e->newer; else c->oldest = e->newer;
  e->newer = e->older = NULL;
}

static void lru_push(tlua_Cache *c, MemEntry *e) {
  e->older = c->newest;
  e->newer = NULL;
  if (c->newest) c->newest->newer = e; else c->oldest = e;
  c->newest = e;
}

static void mem_remove(tlua_Cache *c, MemEntry *e) {
  MemEntry **pp = &c->buckets[e->hash & (c->nbuckets - 1)];
  while (*pp != e) pp = &(*pp)->chain;
  *pp = e->chain;
  lru_unlink(c, e);
  c->count--;
  c->bytes -= e->klen + e->len;
  free(e);
}

static int mem_grow(tlua_Cache *c) {
  size_t n = c->nbuckets ? c->nbuckets * 2 : 64;
  MemEntry **b = calloc(n, sizeof *b);
  if (!b) return -1;
  for (size_t i = 0; i < c->nbuckets; i++) {
    for (MemEntry *e = c->buckets[i], *next; e; e = next) {
      next = e->chain;
      e->chain = b[e->hash & (n - 1)];
      b[e->hash & (n - 1)] = e;
    }
  }
  free(c->buckets);
  c->buckets = b;
  c->nbuckets = n;
  return 0;
}

/* Copies (key, blob) into the table, replacing an entry of the same key and evicting the
 * least recently used ones to stay under the limit. Returns the entry, or NULL when it does not
 * fit the limit or memory ran out (*oom set then). */
static MemEntry *mem_insert(tlua_Cache *c, const char *key, size_t klen, uint64_t h,
                            const void *blob, size_t len, int *oom) {
  *oom = 0;
  MemEntry *old = mem_find(c, key, klen, h);
  if (old) mem_remove(c, old);
  if (len > c->limit || klen > c->limit - len) return NULL;
  if (c->count + 1 > c->nbuckets && mem_grow(c) != 0) { *oom = 1; return NULL; }
  MemEntry *e = malloc(sizeof *e + klen + 1 + len);
  if (!e) { *oom = 1; return NULL; }
  e->hash = h;
  e->klen = klen;
  e->len = len;
  e->key = (char *)(e + 1);
  memcpy(e->key, key, klen);
  e->key[klen] = '\0';
  e->blob = (uint8_t *)e->key + klen + 1;
  if (len) memcpy(e->blob, blob, len);
  while (c->oldest && c->bytes + klen + len > c->limit) mem_remove(c, c->oldest);
  e->chain = c->buckets[h & (c->nbuckets - 1)];
  c->buckets[h & (c->nbuckets - 1)] = e;
  lru_push(c, e);
  c->count++;
  c->bytes += klen + len;
  return e;
}

void tlua_cache_clear(tlua_Cache *c) {
  if (!c) return;
  while (c->oldest) mem_remove(c, c->oldest);
  free(c->scratch);
  c->scratch = NULL;
}

/* --- the directory ------------------------------------------------------------------------------ */

/* mkdir -p with mode 0700 for every directory it creates. */
static int mkdir_p(const char *dir, char *err, size_t errsz) {
  char path[PATH_CAP];
  size_t n = strlen(dir);
  if (n == 0 || n >= sizeof path) return tlua_errorf(-1, err, errsz, "path of %zu bytes", n);
  memcpy(path, dir, n + 1);
  for (size_t i = 1; i <= n; i++) {
    if (path[i] != '/' && path[i] != '\0') continue;
    char saved = path[i];
    path[i] = '\0';
    if (mkdir(path, 0700) != 0 && errno != EEXIST)
      return tlua_errorf(-1, err, errsz, "cannot create %s: %s", path, strerror(errno));
    path[i] = saved;
  }
  return 0;
}

/* The disk part is usable when dir is a directory we own that nobody else can write to. */
static int check_dir(const char *dir, char *why, size_t wn) {
  struct stat st;
  if (stat(dir, &st) != 0) return tlua_errorf(-1, why, wn, "cannot stat %s: %s", dir, strerror(errno));
  if (!S_ISDIR(st.st_mode)) return tlua_errorf(-1, why, wn, "%s is not a directory", dir);
  if (st.st_uid != geteuid())
    return tlua_errorf(-1, why, wn, "%s is owned by uid %u, not by you (uid %u)", dir,
                       (unsigned)st.st_uid, (unsigned)geteuid());
  if (st.st_mode & (S_IWGRP | S_IWOTH))
    return tlua_errorf(-1, why, wn, "%s is writable by group or others (mode %03o; chmod 700 it)", dir,
                       (unsigned)(st.st_mode & 0777));
  return 0;
}

/* Picks the directory (explicit, else the environment); sets c->dir or c->off_reason. */
static void choose_dir(tlua_Cache *c, const tlua_CacheConfig *cfg) {
  char buf[PATH_CAP];
  const char *dir = cfg->dir;
  int warn = 1;
  if (cfg->no_disk) {
    snprintf(c->off_reason, sizeof c->off_reason, "%s", cfg->no_disk_reason ? cfg->no_disk_reason : "disabled");
    return;
  }
  if (!dir) {
    const char *onoff = getenv("TILELUA_CACHE");
    if (onoff && (!strcmp(onoff, "0") || !strcmp(onoff, "off"))) {
      snprintf(c->off_reason, sizeof c->off_reason, "TILELUA_CACHE=%s", onoff);
      return;
    }
    const char *env = getenv("TILELUA_CACHE_DIR"), *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    int k = -1;
    if (env && *env) dir = env;
    else if (xdg && xdg[0] == '/') k = snprintf(buf, sizeof buf, "%s/tilelua", xdg);
    else if (home && home[0] == '/') k = snprintf(buf, sizeof buf, "%s/.cache/tilelua", home);
    else {
      snprintf(c->off_reason, sizeof c->off_reason,
               "no directory: TILELUA_CACHE_DIR, XDG_CACHE_HOME and HOME are unset");
      warn = 0;
    }
    if (k >= (int)sizeof buf) {
      snprintf(c->off_reason, sizeof c->off_reason, "the cache directory path is too long");
    } else if (k >= 0) {
      dir = buf;
    }
  }
  if (dir) {
    char err[PATH_CAP + 128];
    if (strlen(dir) >= PATH_CAP - 80) {
      snprintf(c->off_reason, sizeof c->off_reason, "the cache directory path is too long");
    } else if (mkdir_p(dir, err, sizeof err) != 0 || check_dir(dir, err, sizeof err) != 0) {
      snprintf(c->off_reason, sizeof c->off_reason, "%s", err);
    } else if (!(c->dir = malloc(strlen(dir) + 1))) {
      snprintf(c->off_reason, sizeof c->off_reason, "out of memory");
    } else {
      strcpy(c->dir, dir);
      return;
    }
  }
  if (warn) warnf(c, "disk cache off: %s", c->off_reason);
}

tlua_Cache *tlua_cache_open(const tlua_CacheConfig *cfg) {
  tlua_CacheConfig defaults;
  if (!cfg) {
    memset(&defaults, 0, sizeof defaults);
    cfg = &defaults;
  }
  tlua_Cache *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->limit = cfg->memory_limit ? cfg->memory_limit : DEFAULT_MEMORY_LIMIT;
  c->fsync = cfg->fsync;
  c->warn = cfg->warn ? cfg->warn : stderr;
  choose_dir(c, cfg);
  return c;
}

void tlua_cache_close(tlua_Cache *c) {
  if (!c) return;
  tlua_cache_clear(c);
  free(c->buckets);
  free(c->dir);
  for (Reported *r = c->reported, *next; r; r = next) {
    next = r->next;
    free(r);
  }
  free(c);
}

const char *tlua_cache_dir(const tlua_Cache *c) { return c->dir; }
const char *tlua_cache_disk_off_reason(const tlua_Cache *c) { return c->dir ? NULL : c->off_reason; }

void tlua_cache_stats(const tlua_Cache *c, tlua_CacheStats *out) {
  *out = c->stats;
  out->memory_entries = c->count;
  out->memory_bytes = c->bytes;
}

int tlua_cache_note(tlua_Cache *c, const char *name) {
  if (!strcmp(name, "traces")) c->stats.traces++;
  else if (!strcmp(name, "compiles")) c->stats.compiles++;
  else return -1;
  return 0;
}

int tlua_cache_entry_path(const tlua_Cache *c, const char *key, char *path, size_t pathsz) {
  if (!c->dir) return -1;
  uint8_t d[TLUA_SHA256_BYTES];
  char hex[TLUA_SHA256_HEX];
  tlua_sha256(key, strlen(key), d);
  tlua_sha256_hex(d, hex);
  int k = snprintf(path, pathsz, "%s/%.2s/%s", c->dir, hex, hex + 2);
  return k < 0 || (size_t)k >= pathsz ? -1 : 0;
}

/* --- disk reads --------------------------------------------------------------------------------- */

enum { READ_OK, READ_ABSENT, READ_REFUSED, READ_FAILED };

/* Reads the entry file at path into a malloc'd buffer, refusing anything but a regular file
 * owned by us (no symlinks followed, no FIFOs waited on). */
static int read_entry(const char *path, uint8_t **buf, size_t *n, char *why, size_t wn) {
  *buf = NULL;
  *n = 0;
  int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    if (errno == ENOENT || errno == ENOTDIR) return READ_ABSENT;
    if (errno == ELOOP) return tlua_errorf(READ_REFUSED, why, wn, "a symbolic link");
    return tlua_errorf(READ_FAILED, why, wn, "cannot open: %s", strerror(errno));
  }
  struct stat st;
  int status = READ_OK;
  if (fstat(fd, &st) != 0) status = tlua_errorf(READ_FAILED, why, wn, "cannot stat: %s", strerror(errno));
  else if (!S_ISREG(st.st_mode)) status = tlua_errorf(READ_REFUSED, why, wn, "not a regular file");
  else if (st.st_uid != geteuid())
    status = tlua_errorf(READ_REFUSED, why, wn, "owned by uid %u, not by you (uid %u)",
                         (unsigned)st.st_uid, (unsigned)geteuid());
  else if (st.st_size > MAX_ENTRY_FILE)
    status = tlua_errorf(READ_REFUSED, why, wn, "%lld bytes, more than the %lld-byte limit",
                         (long long)st.st_size, (long long)MAX_ENTRY_FILE);
  if (status != READ_OK) {
    close(fd);
    return status;
  }
  size_t cap = (size_t)st.st_size + 1, len = 0;   /* +1: see a file that grew */
  uint8_t *b = malloc(cap);
  if (!b) {
    close(fd);
    return tlua_errorf(READ_FAILED, why, wn, "out of memory reading %zu bytes", cap);
  }
  for (;;) {
    ssize_t k = read(fd, b + len, cap - len);
    if (k < 0 && errno == EINTR) continue;
    if (k < 0) {
      status = tlua_errorf(READ_FAILED, why, wn, "cannot read: %s", strerror(errno));
      break;
    }
    if (k == 0) break;
    len += (size_t)k;
    if (len == cap) {   /* the file changed under us: take what it has now, within the limit */
      if (cap > (size_t)MAX_ENTRY_FILE) { status = tlua_errorf(READ_REFUSED, why, wn, "grew past the limit"); break; }
      uint8_t *nb = realloc(b, cap * 2);
      if (!nb) { status = tlua_errorf(READ_FAILED, why, wn, "out of memory"); break; }
      b = nb;
      cap *= 2;
    }
  }
  close(fd);
  if (status != READ_OK) {
    free(b);
    return status;
  }
  *buf = b;
  *n = len;
  return READ_OK;
}

/* Reports path once per cache; later reports of the same path are silent. */
static void report_bad(tlua_Cache *c, const char *path, const char *reason) {
  for (Reported *r = c->reported; r; r = r->next)
    if (!strcmp(r->path, path)) return;
  size_t n = strlen(path) + 1;
  Reported *r = malloc(sizeof *r + n);
  if (r) {
    memcpy(r->path, path, n);
    r->next = c->reported;
    c->reported = r;
  }
  warnf(c, "ignoring %s: %s; it will be rebuilt", path, reason);
}

#define MISS(...) (c->stats.misses++, tlua_errorf(TLUA_CACHE_MISS, why, wn, __VA_ARGS__))

tlua_CacheWhere tlua_cache_get(tlua_Cache *c, const char *key, const void **blob, size_t *len,
                               char *why, size_t wn) {
  *blob = NULL;
  *len = 0;
  if (why && wn) why[0] = '\0';
  size_t klen = strlen(key);
  uint64_t h = fnv1a(key, klen);
  MemEntry *e = mem_find(c, key, klen, h);
  if (e) {
    lru_unlink(c, e);
    lru_push(c, e);
    c->stats.memory_hits++;
    *blob = e->blob;
    *len = e->len;
    return TLUA_CACHE_MEMORY;
  }
  if (!c->dir) return MISS("not in memory; disk cache off (%s)", c->off_reason);
  char path[PATH_CAP], reason[PATH_CAP];
  if (tlua_cache_entry_path(c, key, path, sizeof path) != 0)
    return MISS("not in memory; the entry path under %s is too long", c->dir);
  uint8_t *buf;
  size_t n;
  switch (read_entry(path, &buf, &n, reason, sizeof reason)) {
  case READ_ABSENT:
    return MISS("not in memory; no disk entry %s", path);
  case READ_REFUSED:
    c->stats.bad_entries++;
    report_bad(c, path, reason);
    return MISS("not in memory; disk entry %s refused (%s)", path, reason);
  case READ_FAILED:
    return MISS("not in memory; disk entry %s unreadable (%s)", path, reason);
  default:
    break;
  }
  const void *payload;
  size_t plen;
  if (tlua_cache_entry_parse(buf, n, key, &payload, &plen, reason, sizeof reason) != 0) {
    free(buf);
    c->stats.bad_entries++;
    report_bad(c, path, reason);
    return MISS("not in memory; disk entry %s is bad (%s)", path, reason);
  }
  int oom;
  e = mem_insert(c, key, klen, h, payload, plen, &oom);
  if (e) {
    free(buf);
    *blob = e->blob;
  } else {   /* larger than the memory table: hand out the file buffer itself */
    memmove(buf, payload, plen);
    free(c->scratch);
    c->scratch = buf;
    *blob = buf;
  }
  *len = plen;
  c->stats.disk_hits++;
  return TLUA_CACHE_DISK;
}

/* --- disk writes -------------------------------------------------------------------------------- */

static int write_all(int fd, const uint8_t *p, size_t n) {
  while (n) {
    ssize_t k = write(fd, p, n);
    if (k < 0 && errno == EINTR) continue;
    if (k < 0) return -1;
    p += k;
    n -= (size_t)k;
  }
  return 0;
}

/* Writes the entry bytes to a temporary in the entry's directory and renames it into place. */
static int publish(tlua_Cache *c, const char *path, const uint8_t *bytes, size_t n, char *err, size_t errsz) {
  char sub[PATH_CAP], tmp[PATH_CAP];
  const char *slash = strrchr(path, '/');
  size_t sl = (size_t)(slash - path);
  memcpy(sub, path, sl);
  sub[sl] = '\0';
  if (mkdir(sub, 0700) != 0 && errno != EEXIST)
    return tlua_errorf(-1, err, errsz, "cannot create %s: %s", sub, strerror(errno));
  int k = snprintf(tmp, sizeof tmp, "%s/.tmp-XXXXXX", sub);
  if (k < 0 || (size_t)k >= sizeof tmp) return tlua_errorf(-1, err, errsz, "path %s is too long", sub);
  int fd = mkstemp(tmp);
  if (fd < 0) return tlua_errorf(-1, err, errsz, "cannot create a temporary file in %s: %s", sub, strerror(errno));
  const char *what = NULL;
  if (write_all(fd, bytes, n) != 0) what = "write";
  else if (c->fsync && fsync(fd) != 0) what = "fsync";
  int saved = errno;
  if (close(fd) != 0 && !what) what = "close", saved = errno;
  if (!what && rename(tmp, path) != 0) what = "rename", saved = errno;
  if (what) {
    unlink(tmp);
    return tlua_errorf(-1, err, errsz, "%s of %s failed: %s", what, what[0] == 'r' ? path : tmp, strerror(saved));
  }
  return 0;
}

int tlua_cache_put(tlua_Cache *c, const char *key, const void *blob, size_t len) {
  size_t klen = strlen(key);
  int oom;
  mem_insert(c, key, klen, fnv1a(key, klen), blob, len, &oom);
  if (oom) return -1;
  if (!c->dir) return 0;
  char path[PATH_CAP], err[PATH_CAP + 128];
  void *bytes = NULL;
  size_t n = 0;
  int status = 0;
  if (tlua_cache_entry_path(c, key, path, sizeof path) != 0) {
    snprintf(err, sizeof err, "the entry path under %s is too long", c->dir);
    status = 1;
  } else if (tlua_cache_entry_build(key, blob, len, &bytes, &n, err, sizeof err) != 0 ||
             publish(c, path, bytes, n, err, sizeof err) != 0) {
    status = 1;
  }
  free(bytes);
  if (status) {
    c->stats.write_errors++;
    if (!c->warned_write) {
      c->warned_write = 1;
      warnf(c, "not stored on disk: %s (the program goes on; further write errors are only "
            "counted in tl.cache.stats().write_errors)", err);
    }
  }
  return status;
}
