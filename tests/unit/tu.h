/* tu.h - a tiny test runner and assertion macros for the C unit tests (libuv style).
 *
 * A test file defines tests with TU_TEST(name) { ... } and lists them once:
 *   TU_MAIN(TU_ENTRY(name_a), TU_ENTRY(name_b))
 * Run all:      ./test_curve
 * Run one:      ./test_curve name_a
 * Assertions print the expression and both values, then fail the current test. */
#ifndef TLUA_TU_H
#define TLUA_TU_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct tu_Test { const char *name; void (*fn)(int *failed); } tu_Test;

#define TU_TEST(name) static void tu_##name(int *tu_failed_)
#define TU_ENTRY(name) { #name, tu_##name }

#define TU_FAIL_(...) do { fprintf(stderr, "  %s:%d: ", __FILE__, __LINE__); \
    fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); *tu_failed_ = 1; return; } while (0)

#define ASSERT(expr) do { if (!(expr)) TU_FAIL_("ASSERT(%s) failed", #expr); } while (0)
#define ASSERT_EQ(a, b) do { long long tu_a_ = (long long)(a), tu_b_ = (long long)(b); \
    if (tu_a_ != tu_b_) TU_FAIL_("ASSERT_EQ(%s, %s): %lld != %lld", #a, #b, tu_a_, tu_b_); } while (0)
#define ASSERT_NE(a, b) do { long long tu_a_ = (long long)(a), tu_b_ = (long long)(b); \
    if (tu_a_ == tu_b_) TU_FAIL_("ASSERT_NE(%s, %s): both %lld", #a, #b, tu_a_); } while (0)
#define ASSERT_STR_EQ(a, b) do { const char *tu_a_ = (a), *tu_b_ = (b); \
    if (!tu_a_ || !tu_b_ || strcmp(tu_a_, tu_b_) != 0) \
      TU_FAIL_("ASSERT_STR_EQ(%s, %s): \"%s\" != \"%s\"", #a, #b, tu_a_ ? tu_a_ : "(null)", \
               tu_b_ ? tu_b_ : "(null)"); } while (0)
#define ASSERT_CONTAINS(hay, needle) do { const char *tu_h_ = (hay), *tu_n_ = (needle); \
    if (!tu_h_ || !strstr(tu_h_, tu_n_)) TU_FAIL_("ASSERT_CONTAINS(%s, %s): \"%s\" lacks \"%s\"", \
      #hay, #needle, tu_h_ ? tu_h_ : "(null)", tu_n_); } while (0)
#define ASSERT_NEAR(a, b, tol) do { double tu_a_ = (double)(a), tu_b_ = (double)(b); \
    if (!(tu_a_ - tu_b_ <= (tol) && tu_b_ - tu_a_ <= (tol))) \
      TU_FAIL_("ASSERT_NEAR(%s, %s): %g vs %g", #a, #b, tu_a_, tu_b_); } while (0)

#define TU_SKIP(reason) do { fprintf(stderr, "  skipped: %s\n", reason); return; } while (0)

static int tu_run_(const tu_Test *tests, int n, int argc, char **argv) {
  int failures = 0, ran = 0;
  for (int i = 0; i < n; i++) {
    if (argc > 1 && strcmp(argv[1], tests[i].name) != 0) continue;
    int failed = 0;
    tests[i].fn(&failed);
    ran++;
    failures += failed;
    printf("%s %s\n", failed ? "not ok" : "ok", tests[i].name);
  }
  if (argc > 1 && ran == 0) { fprintf(stderr, "no test named %s\n", argv[1]); return 2; }
  printf("%d passed, %d failed\n", ran - failures, failures);
  return failures ? 1 : 0;
}

#define TU_MAIN(...) int main(int argc, char **argv) { \
    static const tu_Test tu_tests_[] = { __VA_ARGS__ }; \
    return tu_run_(tu_tests_, (int)(sizeof tu_tests_ / sizeof tu_tests_[0]), argc, argv); }

#endif
