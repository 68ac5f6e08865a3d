/* test_dist.c - the collectives' reference implementation and the simulated multi-process exchange
 * (two processes made with fork meeting in a temporary directory). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dist.h"
#include "tu.h"

TU_TEST(names) {
  ASSERT_EQ(tlua_redop_from_name("avg"), TLUA_RED_AVG);
  ASSERT_EQ(tlua_redop_from_name("mean"), -1);
  ASSERT_STR_EQ(tlua_coll_name(TLUA_COLL_REDUCE_SCATTER), "reduce_scatter");
  ASSERT(tlua_dist_dtype_ok(TLUA_BF16) && tlua_dist_dtype_ok(TLUA_U64));
  ASSERT(!tlua_dist_dtype_ok(TLUA_I16) && !tlua_dist_dtype_ok(TLUA_BOOL));
}

TU_TEST(reduce_integers_wrap_and_compare_by_signedness) {
  int8_t a[2] = {100, -7}, b[2] = {100, 2}, c[2] = {100, 3}, out[2];
  const void *in[3] = {a, b, c};
  tlua_dist_reduce(TLUA_I8, TLUA_RED_SUM, 3, in, 0, 2, out);
  ASSERT_EQ(out[0], (int8_t)(300 - 256)); /* wraps at 8 bits */
  ASSERT_EQ(out[1], -2);
  tlua_dist_reduce(TLUA_I8, TLUA_RED_AVG, 3, in, 1, 1, out);
  ASSERT_EQ(out[0], 0); /* -2 / 3 truncates toward zero */
  uint64_t u0 = UINT64_MAX, u1 = 5, uo;
  const void *uin[2] = {&u0, &u1};
  tlua_dist_reduce(TLUA_U64, TLUA_RED_MAX, 2, uin, 0, 1, &uo);
  ASSERT(uo == UINT64_MAX);
  tlua_dist_reduce(TLUA_U64, TLUA_RED_MIN, 2, uin, 0, 1, &uo);
  ASSERT(uo == 5);
}

TU_TEST(reduce_floats_round_each_step) {
  uint16_t h[4] = {tlua_float_to_half(2048.0f), tlua_float_to_half(1.0f), tlua_float_to_half(1.0f),
                   tlua_float_to_half(1.0f)}, o;
  const void *in[4] = {&h[0], &h[1], &h[2], &h[3]};
  tlua_dist_reduce(TLUA_F16, TLUA_RED_SUM, 4, in, 0, 1, &o);
  ASSERT_EQ(tlua_half_to_float(o), 2048); /* 2049 is no f16: every step rounds back */
  float f[3] = {1.5f, -4.0f, 2.0f}, fo;
  const void *fin[3] = {&f[0], &f[1], &f[2]};
  tlua_dist_reduce(TLUA_F32, TLUA_RED_PROD, 3, fin, 0, 1, &fo);
  ASSERT_NEAR(fo, -12.0, 0);
  tlua_dist_reduce(TLUA_F32, TLUA_RED_AVG, 3, fin, 0, 1, &fo);
  ASSERT_NEAR(fo, -0.5 / 3, 1e-7);
}

TU_TEST(reference_collectives) {
  int32_t r0[4] = {0, 1, 2, 3}, r1[4] = {10, 11, 12, 13}, out[8];
  const void *in[2] = {r0, r1};
  tlua_dist_reference(TLUA_COLL_ALL_GATHER, TLUA_I32, 0, 0, 2, in, 4, 1, out);
  ASSERT_EQ(out[0], 0);
  ASSERT_EQ(out[7], 13);
  tlua_dist_reference(TLUA_COLL_REDUCE_SCATTER, TLUA_I32, TLUA_RED_SUM, 0, 2, in, 2, 1, out);
  ASSERT_EQ(out[0], 2 + 12);
  ASSERT_EQ(out[1], 3 + 13);
  tlua_dist_reference(TLUA_COLL_BROADCAST, TLUA_I32, 0, 1, 2, in, 4, 0, out);
  ASSERT_EQ(out[2], 12);
}

static tlua_DistHeader header(int rank, uint64_t count) {
  tlua_DistHeader h;
  memset(&h, 0, sizeof h);
  memcpy(h.magic, "TLDIST1", 8);
  h.coll = TLUA_COLL_ALL_REDUCE;
  h.dtype = TLUA_F32;
  h.world = 2;
  h.rank = rank;
  h.count = count;
  return h;
}

/* rank 1 runs in a child process: exit 0 when its exchange gave rank 0's bytes, 3 on an error */
static pid_t child_exchange(const char *dir, uint64_t count, uint64_t seq) {
  pid_t pid = fork();
  if (pid == 0) {
    float mine[3] = {10, 20, 30};
    tlua_DistHeader h = header(1, count);
    h.seq = seq;
    void **all = NULL;
    char err[1024];
    int rc = tlua_dist_sim_exchange(dir, &h, mine, count * sizeof(float), 5.0, &all, err, sizeof err);
    if (rc) fprintf(stderr, "  child: %s\n", err);
    _exit(rc ? 3 : (((float *)all[0])[2] == 3.0f ? 0 : 4));
  }
  return pid;
}

TU_TEST(sim_exchange_two_processes) {
  char dir[] = "/tmp/tlua_dist_XXXXXX";
  ASSERT(mkdtemp(dir) != NULL);
  pid_t pid = child_exchange(dir, 3, 0);
  float mine[3] = {1, 2, 3};
  tlua_DistHeader h = header(0, 3);
  void **all = NULL;
  char err[1024];
  ASSERT_EQ(tlua_dist_sim_exchange(dir, &h, mine, sizeof mine, 5.0, &all, err, sizeof err), 0);
  ASSERT(all && ((float *)all[1])[0] == 10.0f && ((float *)all[0])[2] == 3.0f);
  tlua_dist_free_all(all, 2);
  int status = -1;
  waitpid(pid, &status, 0);
  ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  /* call 1: the child passes 2 elements, this rank 3: both fail naming the rule */
  pid = child_exchange(dir, 2, 1);
  h.seq = 1;
  ASSERT_EQ(tlua_dist_sim_exchange(dir, &h, mine, sizeof mine, 5.0, &all, err, sizeof err), 1);
  ASSERT_CONTAINS(err, "all_reduce: rank 1 passed 2 elements of f32, rank 0 passed 3 elements of f32");
  ASSERT(all == NULL);
  waitpid(pid, &status, 0);
  ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 3);
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  ASSERT_EQ(system(cmd), 0);
}

TU_TEST(sim_exchange_timeout) {
  char dir[] = "/tmp/tlua_dist_XXXXXX";
  ASSERT(mkdtemp(dir) != NULL);
  float mine[3] = {1, 2, 3};
  tlua_DistHeader h = header(0, 3);
  void **all = NULL;
  char err[1024];
  ASSERT_EQ(tlua_dist_sim_exchange(dir, &h, mine, sizeof mine, 0.05, &all, err, sizeof err), 1);
  ASSERT_CONTAINS(err, "timed out after 0.05 s waiting for rank 1 of 2 to join call 0");
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  ASSERT_EQ(system(cmd), 0);
}

TU_MAIN(TU_ENTRY(names), TU_ENTRY(reduce_integers_wrap_and_compare_by_signedness), TU_ENTRY(reduce_floats_round_each_step),
        TU_ENTRY(reference_collectives), TU_ENTRY(sim_exchange_two_processes), TU_ENTRY(sim_exchange_timeout))
