/* cache_entry.c - the on-disk cache entry format: building and checking entries (see cache.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "sha256.h"
#include "tlua_version.h"

#define MAGIC_LEN 8
#define MAX_VERSION_LEN 64

static void put_u32(uint8_t *p, uint32_t v) {
  for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static void put_u64(uint8_t *p, uint64_t v) {
  for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static uint32_t get_u32(const uint8_t *p) {
  uint32_t v = 0;
  for (int i = 0; i < 4; i++) v |= (uint32_t)p[i] << (8 * i);
  return v;
}
static uint64_t get_u64(const uint8_t *p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; i++) v |= (uint64_t)p[i] << (8 * i);
  return v;
}

int tlua_cache_entry_build(const char *key, const void *payload, size_t len, void **out,
                           size_t *outlen, char *err, size_t errsz) {
  *out = NULL;
  *outlen = 0;
  const char *version = TLUA_BUILD_VERSION;
  size_t vlen = strlen(version), klen = strlen(key);
  if (klen > TLUA_CACHE_MAX_KEY)
    return tlua_errorf(-1, err, errsz, "cache: key of %zu bytes is longer than %u", klen,
                       (unsigned)TLUA_CACHE_MAX_KEY);
  size_t head = MAGIC_LEN + 4 + 4 + vlen + 4 + klen + 8 + TLUA_SHA256_BYTES;
  if (len > SIZE_MAX - head)
    return tlua_errorf(-1, err, errsz, "cache: payload of %zu bytes is too large", len);
  uint8_t *b = malloc(head + len);
  if (!b) return tlua_errorf(-1, err, errsz, "cache: out of memory building a %zu-byte entry", head + len);
  uint8_t *p = b;
  memcpy(p, TLUA_CACHE_MAGIC, MAGIC_LEN), p += MAGIC_LEN;
  put_u32(p, TLUA_CACHE_FORMAT), p += 4;
  put_u32(p, (uint32_t)vlen), p += 4;
  memcpy(p, version, vlen), p += vlen;
  put_u32(p, (uint32_t)klen), p += 4;
  memcpy(p, key, klen), p += klen;
  put_u64(p, (uint64_t)len), p += 8;
  tlua_sha256(payload, len, p), p += TLUA_SHA256_BYTES;
  if (len) memcpy(p, payload, len);
  *out = b;
  *outlen = head + len;
  return 0;
}

/* A cursor over the entry bytes: every read checks what is left first. */
typedef struct Reader { const uint8_t *p; size_t left; } Reader;

static int take(Reader *r, size_t n, const uint8_t **at) {
  if (n > r->left) return -1;
  *at = r->p;
  r->p += n;
  r->left -= n;
  return 0;
}

#define WHY(...) tlua_errorf(1, why, wn, __VA_ARGS__)

int tlua_cache_entry_parse(const void *bytes, size_t n, const char *expect_key,
                           const void **payload, size_t *len, char *why, size_t wn) {
  *payload = NULL;
  *len = 0;
  if (why && wn) why[0] = '\0';
  if (!bytes && n) return WHY("no bytes");
  Reader r = {(const uint8_t *)bytes, n};
  const uint8_t *at = NULL;
  if (n < MAGIC_LEN) {
    if (n == 0) return WHY("truncated: the file is empty");
    if (memcmp(bytes, TLUA_CACHE_MAGIC, n) != 0) return WHY("bad magic");
    return WHY("truncated: %zu bytes, shorter than the %d-byte magic", n, MAGIC_LEN);
  }
  if (take(&r, MAGIC_LEN, &at) || memcmp(at, TLUA_CACHE_MAGIC, MAGIC_LEN) != 0) return WHY("bad magic");
  if (take(&r, 4, &at)) return WHY("truncated: %zu bytes end inside the header (format version)", n);
  uint32_t format = get_u32(at);
  if (format != TLUA_CACHE_FORMAT)
    return WHY("entry format version %u, this tilelua reads version %u", (unsigned)format,
               (unsigned)TLUA_CACHE_FORMAT);
  if (take(&r, 4, &at)) return WHY("truncated: %zu bytes end inside the header (version length)", n);
  uint32_t vlen = get_u32(at);
  if (vlen > MAX_VERSION_LEN) return WHY("bad header: version string of %u bytes (at most %d)", (unsigned)vlen, MAX_VERSION_LEN);
  if (take(&r, vlen, &at)) return WHY("truncated: %zu bytes end inside the header (version string)", n);
  const char *mine = TLUA_BUILD_VERSION;
  if (vlen != strlen(mine) || memcmp(at, mine, vlen) != 0) {
    char theirs[MAX_VERSION_LEN + 1];
    for (uint32_t i = 0; i < vlen; i++) theirs[i] = at[i] >= 0x20 && at[i] < 0x7f ? (char)at[i] : '?';
    theirs[vlen] = '\0';
    return WHY("written by tilelua %s, this is %s", theirs, mine);
  }
  if (take(&r, 4, &at)) return WHY("truncated: %zu bytes end inside the header (key length)", n);
  uint32_t klen = get_u32(at);
  if (klen > TLUA_CACHE_MAX_KEY) return WHY("bad header: key of %u bytes (at most %u)", (unsigned)klen, (unsigned)TLUA_CACHE_MAX_KEY);
  if (take(&r, klen, &at)) return WHY("truncated: header says a %u-byte key, %zu bytes are left", (unsigned)klen, r.left);
  if (expect_key && (strlen(expect_key) != klen || memcmp(at, expect_key, klen) != 0))
    return WHY("key differs (hash collision or tampering)");
  if (take(&r, 8, &at)) return WHY("truncated: %zu bytes end inside the header (payload length)", n);
  uint64_t plen = get_u64(at);
  const uint8_t *sum = NULL;
  if (take(&r, TLUA_SHA256_BYTES, &sum)) return WHY("truncated: %zu bytes end inside the header (checksum)", n);
  if (plen > r.left)
    return WHY("truncated: header says %llu payload bytes, file has %zu", (unsigned long long)plen, r.left);
  if (plen < r.left)
    return WHY("%zu bytes after the %llu-byte payload the header announces", r.left - (size_t)plen,
               (unsigned long long)plen);
  uint8_t digest[TLUA_SHA256_BYTES];
  tlua_sha256(r.p, (size_t)plen, digest);
  if (memcmp(digest, sum, TLUA_SHA256_BYTES) != 0) return WHY("checksum mismatch");
  *payload = r.p;
  *len = (size_t)plen;
  return 0;
}
