/* test_sha256.c - SHA-256 against the FIPS 180-4 / NIST example vectors, one-shot and incremental. */
#include <stdlib.h>
#include <string.h>

#include "sha256.h"
#include "tu.h"

static void hex_of(const void *data, size_t n, char hex[TLUA_SHA256_HEX]) {
  uint8_t d[TLUA_SHA256_BYTES];
  tlua_sha256(data, n, d);
  tlua_sha256_hex(d, hex);
}

TU_TEST(empty_message) {
  char hex[TLUA_SHA256_HEX];
  hex_of("", 0, hex);
  ASSERT_STR_EQ(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  hex_of(NULL, 0, hex);
  ASSERT_STR_EQ(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TU_TEST(abc) {
  char hex[TLUA_SHA256_HEX];
  hex_of("abc", 3, hex);
  ASSERT_STR_EQ(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TU_TEST(two_block_448_bits) {
  const char *m = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  char hex[TLUA_SHA256_HEX];
  ASSERT_EQ(strlen(m) * 8, 448);
  hex_of(m, strlen(m), hex);
  ASSERT_STR_EQ(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TU_TEST(long_896_bits) {
  const char *m = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
                  "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
  char hex[TLUA_SHA256_HEX];
  hex_of(m, strlen(m), hex);
  ASSERT_STR_EQ(hex, "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
}

TU_TEST(million_a_one_shot_and_incremental) {
  const char *want = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0";
  size_t n = 1000000;
  char *a = malloc(n);
  ASSERT(a != NULL);
  memset(a, 'a', n);
  char hex[TLUA_SHA256_HEX];
  hex_of(a, n, hex);
  ASSERT_STR_EQ(hex, want);
  /* uneven pieces cross every block boundary position */
  tlua_Sha256 s;
  tlua_sha256_init(&s);
  size_t at = 0, step = 1;
  while (at < n) {
    size_t k = step < n - at ? step : n - at;
    tlua_sha256_update(&s, a + at, k);
    at += k;
    step = step % 131 + 7;
  }
  uint8_t d[TLUA_SHA256_BYTES];
  tlua_sha256_final(&s, d);
  tlua_sha256_hex(d, hex);
  free(a);
  ASSERT_STR_EQ(hex, want);
}

/* Padding edge cases: lengths around the 55/56/64-byte boundaries must agree between one-shot and
 * byte-at-a-time hashing, and differ from each other. */
TU_TEST(padding_boundaries) {
  uint8_t msg[130];
  for (int i = 0; i < 130; i++) msg[i] = (uint8_t)(i * 7 + 1);
  char prev[TLUA_SHA256_HEX] = "";
  for (size_t n = 50; n <= 130; n++) {
    char one[TLUA_SHA256_HEX], inc[TLUA_SHA256_HEX];
    hex_of(msg, n, one);
    tlua_Sha256 s;
    tlua_sha256_init(&s);
    for (size_t i = 0; i < n; i++) tlua_sha256_update(&s, msg + i, 1);
    uint8_t d[TLUA_SHA256_BYTES];
    tlua_sha256_final(&s, d);
    tlua_sha256_hex(d, inc);
    ASSERT_STR_EQ(one, inc);
    ASSERT(strcmp(one, prev) != 0);
    memcpy(prev, one, sizeof prev);
  }
}

TU_MAIN(TU_ENTRY(empty_message), TU_ENTRY(abc), TU_ENTRY(two_block_448_bits), TU_ENTRY(long_896_bits),
        TU_ENTRY(million_a_one_shot_and_incremental), TU_ENTRY(padding_boundaries))
