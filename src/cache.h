/* cache.h - the code-object cache: key -> blob, a bounded memory table in front of a directory of
 * entry files. Pure C (no Lua).
 *
 * Keys are arbitrary NUL-terminated strings built by the caller ("code|<sha256>", "front|...").
 * Blobs are opaque bytes (code objects, serialized IR, front-index records).
 *
 * Disk layout. <dir>/<h0h1>/<h2..h63> where h = hex sha256(key). Each file is one entry (format
 * below); files are written to a mkstemp temporary in the same directory and published by
 * rename(), so a reader sees either no file or a whole one. The directory is created 0700; a
 * directory owned by another user or writable by group/others turns the disk part off (one
 * warning). Entry files must be regular files owned by geteuid(), opened with O_NOFOLLOW.
 *
 * Failures never become errors: a bad or refused entry is reported once per cache on the warning
 * stream ("tilelua: cache: ignoring <path>: <reason>; it will be rebuilt"), counted in
 * bad_entries and treated as a miss; a failed write is warned about once per cache and counted in
 * write_errors. The caller compiles and puts again.
 *
 * Thread safety: a tlua_Cache is used by one thread at a time (one per lua_State). There is no
 * process-global state; several caches (and processes) may share one directory.
 */
#ifndef TLUA_CACHE_H
#define TLUA_CACHE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "tlua.h"

/* --- entry format (cache_entry.c): pure functions over bytes ----------------------------------
 *
 *   offset  size  field
 *   0       8     magic "TLUACO\0\1"
 *   8       4     format version (u32 little endian), TLUA_CACHE_FORMAT
 *   12      4     length V of the tilelua version string (u32 LE, at most 64)
 *   16      V     tilelua version string (no NUL) of the writer
 *   ..      4     length K of the key (u32 LE)
 *   ..      K     key bytes (no NUL)
 *   ..      8     payload length P (u64 LE)
 *   ..      32    SHA-256 of the payload
 *   ..      P     payload; the file ends there (trailing bytes are an error) */
#define TLUA_CACHE_FORMAT 1u
#define TLUA_CACHE_MAGIC "TLUACO\0\1"
#define TLUA_CACHE_MAX_KEY (1u << 20)

/* The entry for (key, payload) as malloc'd bytes in *out (caller frees), *outlen bytes. Returns 0,
 * or -1 with a message in err (key too long, out of memory). payload may be NULL when len is 0. */
TLUA_HIDDEN int tlua_cache_entry_build(const char *key, const void *payload, size_t len, void **out,
                                       size_t *outlen, char *err, size_t errsz);

/* Checks the n bytes of an entry: magic, format version, writer version == this build's, key ==
 * expect_key (not checked when expect_key is NULL), payload length == bytes present, checksum.
 * Returns 0 with *payload pointing into bytes and *len set; else 1 with a precise reason in why
 * ("truncated: header says 4096 payload bytes, file has 1000", "checksum mismatch", "bad magic",
 * "written by tilelua 0.1.0, this is 0.2.0", "key differs (hash collision or tampering)").
 * Reads nothing outside bytes[0..n) for any input. */
TLUA_HIDDEN int tlua_cache_entry_parse(const void *bytes, size_t n, const char *expect_key,
                                       const void **payload, size_t *len, char *why, size_t wn);

/* --- the cache (cache.c) ---------------------------------------------------------------------- */

typedef struct tlua_CacheStats {
  uint64_t memory_hits, disk_hits, misses;
  uint64_t compiles, traces;        /* bumped by the caller through tlua_cache_note */
  uint64_t bad_entries;             /* entries ignored: bad format/checksum/key, refused files */
  uint64_t write_errors;            /* puts whose disk write failed (the blob stays in memory) */
  uint64_t memory_entries, memory_bytes;   /* what the memory table holds now */
} tlua_CacheStats;

typedef struct tlua_CacheConfig {
  /* Directory of the disk part. NULL: $TILELUA_CACHE_DIR, else $XDG_CACHE_HOME/tilelua, else
     $HOME/.cache/tilelua; and TILELUA_CACHE=0 turns the disk part off. An explicit dir ignores
     the environment. */
  const char *dir;
  int no_disk;            /* 1: memory only (sandboxed states); disk_off_reason says why */
  const char *no_disk_reason;  /* shown in miss explanations; NULL: "disabled" */
  size_t memory_limit;    /* bytes of blobs kept in memory; 0: 256 MiB. Oldest-used evicted. */
  int fsync;              /* 1: fsync each entry file before publishing it */
  FILE *warn;             /* where warnings go; NULL: stderr */
} tlua_CacheConfig;

typedef struct tlua_Cache tlua_Cache;

/* Where tlua_cache_get found the blob. */
typedef enum tlua_CacheWhere { TLUA_CACHE_MISS = 0, TLUA_CACHE_MEMORY = 1, TLUA_CACHE_DISK = 2 } tlua_CacheWhere;

/* Opens a cache (cfg NULL: all defaults). Creates the directory (mkdir -p, 0700) unless the disk
 * part is off; a directory that cannot be created or is unsafe turns the disk part off with one
 * warning, never a failure. Returns NULL only when out of memory. */
TLUA_HIDDEN tlua_Cache *tlua_cache_open(const tlua_CacheConfig *cfg);
/* Frees the cache and its memory table (the disk is left as is). NULL is a no-op. */
TLUA_HIDDEN void tlua_cache_close(tlua_Cache *c);

/* Looks key up: memory table, then disk. On a hit returns TLUA_CACHE_MEMORY or TLUA_CACHE_DISK
 * with *blob / *len set; the bytes are owned by the cache and valid until the next
 * tlua_cache_get/put/clear/close on it. A disk hit is copied into the memory table. On a miss
 * returns TLUA_CACHE_MISS with why (may be NULL) saying why: "not in memory; no disk entry
 * <path>", "not in memory; disk entry <path> is bad (checksum mismatch)", "not in memory; disk
 * entry <path> refused (a symbolic link)", "not in memory; disk cache off (TILELUA_CACHE=0)". */
TLUA_HIDDEN tlua_CacheWhere tlua_cache_get(tlua_Cache *c, const char *key, const void **blob,
                                           size_t *len, char *why, size_t wn);

/* Stores key -> blob in memory and (when on) publishes it on disk. Returns 0 when stored
 * everywhere it should be, 1 when the disk write failed (warned once, counted in write_errors;
 * the blob is still in memory), -1 when out of memory (nothing stored). Never fatal. */
TLUA_HIDDEN int tlua_cache_put(tlua_Cache *c, const char *key, const void *blob, size_t len);

/* Bumps the counter `name` ("traces" or "compiles"). Returns 0, or -1 for another name. */
TLUA_HIDDEN int tlua_cache_note(tlua_Cache *c, const char *name);

TLUA_HIDDEN void tlua_cache_stats(const tlua_Cache *c, tlua_CacheStats *out);
/* The disk directory, or NULL when the disk part is off. Owned by the cache. */
TLUA_HIDDEN const char *tlua_cache_dir(const tlua_Cache *c);
/* Why the disk part is off ("TILELUA_CACHE=0", "sandboxed state", "<dir> is owned by uid 7,
 * not 0", ...), or NULL when it is on. Owned by the cache. */
TLUA_HIDDEN const char *tlua_cache_disk_off_reason(const tlua_Cache *c);
/* Empties the memory table (the disk and the counters stay). */
TLUA_HIDDEN void tlua_cache_clear(tlua_Cache *c);
/* The entry file of key: "<dir>/ab/cdef..." into path (pathsz bytes). Returns 0, or -1 when the
 * disk part is off or the path does not fit. */
TLUA_HIDDEN int tlua_cache_entry_path(const tlua_Cache *c, const char *key, char *path, size_t pathsz);

#endif
