/* test_exec_sched.c - the executor's tasks (exec_sched.h): children run one at a time in a fixed
 * order, a blocked task gets the turn again after others progressed, nested spawns, slots reused
 * over many spawns, and a deadlock reported with every task's wait. */
#include <stdio.h>
#include <string.h>

#include "exec_sched.h"
#include "tu.h"

typedef struct Shared {
  tlua_Sched *s;
  int counter, order[16], norder;
  int running;                 /* tasks inside their body at once (must stay <= 1) */
  int max_running;
  char deadlock[512];
  int waiting, blocked_rc;
} Shared;

typedef struct Arg { Shared *sh; int id; } Arg;

static void enter(Shared *sh) {
  if (++sh->running > sh->max_running) sh->max_running = sh->running;
}

/* Task id waits until the counter reaches id, then bumps it: the tasks finish in id order whatever
 * order they start in. */
static int in_turn(void *p) {
  Arg *a = p;
  Shared *sh = a->sh;
  enter(sh);
  while (sh->counter != a->id) {
    char what[64];
    snprintf(what, sizeof what, "task %d waits for %d", a->id, a->id);
    sh->running--;
    int rc = tlua_sched_block(sh->s, what, sh->deadlock, sizeof sh->deadlock, &sh->waiting);
    enter(sh);
    if (rc) {
      sh->running--;
      return -1;
    }
  }
  if (sh->norder < 16) sh->order[sh->norder++] = a->id;
  sh->counter++;
  tlua_sched_progress(sh->s);
  sh->running--;
  return 0;
}

TU_TEST(turns_in_order) {
  Shared sh;
  memset(&sh, 0, sizeof sh);
  sh.s = tlua_sched_new();
  ASSERT(sh.s != NULL);
  Arg args[4];
  void *argp[4];
  for (int k = 0; k < 4; k++) {
    args[k].sh = &sh;
    args[k].id = 3 - k; /* started in reverse order */
    argp[k] = &args[k];
  }
  ASSERT_EQ(tlua_sched_spawn(sh.s, 4, in_turn, argp), 0);
  ASSERT_EQ(sh.counter, 4);
  for (int k = 0; k < 4; k++) ASSERT_EQ(sh.order[k], k);
  ASSERT_EQ(sh.max_running, 1);
  tlua_sched_free(sh.s);
}

/* Nobody can make progress: every task's wait is in the message, and the spawn fails. */
static int forever(void *p) {
  Arg *a = p;
  char what[64];
  snprintf(what, sizeof what, "task %d waits forever", a->id);
  int rc;
  do rc = tlua_sched_block(a->sh->s, what, a->sh->deadlock, sizeof a->sh->deadlock, &a->sh->waiting);
  while (rc == 0);
  if (rc == 1) a->sh->blocked_rc = 1;
  return -1;
}

TU_TEST(deadlock_names_every_wait) {
  Shared sh;
  memset(&sh, 0, sizeof sh);
  sh.s = tlua_sched_new();
  Arg args[3] = {{&sh, 0}, {&sh, 1}, {&sh, 2}};
  void *argp[3] = {&args[0], &args[1], &args[2]};
  ASSERT_EQ(tlua_sched_spawn(sh.s, 3, forever, argp), -1);
  ASSERT_EQ(sh.blocked_rc, 1);
  ASSERT_EQ(sh.waiting, 3);
  ASSERT_CONTAINS(sh.deadlock, "task 0 waits forever");
  ASSERT_CONTAINS(sh.deadlock, "task 1 waits forever");
  ASSERT_CONTAINS(sh.deadlock, "task 2 waits forever");
  tlua_sched_free(sh.s);
}

/* A task spawns its own children (a block of a cluster spawning its roles), many times over: the
 * slots of ended tasks are reused. */
static int parent(void *p) {
  Arg *a = p;
  Shared *sh = a->sh;
  for (int round = 0; round < 50; round++) {
    Arg kids[2] = {{sh, 0}, {sh, 1}};
    void *kp[2] = {&kids[0], &kids[1]};
    const int base = sh->counter;
    kids[0].id = base, kids[1].id = base + 1;
    if (tlua_sched_spawn(sh->s, 2, in_turn, kp)) return -1;
  }
  return 0;
}

TU_TEST(nested_spawns_reuse_slots) {
  Shared sh;
  memset(&sh, 0, sizeof sh);
  sh.s = tlua_sched_new();
  Arg a = {&sh, 0};
  void *ap = &a;
  ASSERT_EQ(tlua_sched_spawn(sh.s, 1, parent, &ap), 0);
  ASSERT_EQ(sh.counter, 100);
  ASSERT_EQ(sh.max_running, 1);
  tlua_sched_free(sh.s);
}

TU_MAIN(TU_ENTRY(turns_in_order), TU_ENTRY(deadlock_names_every_wait), TU_ENTRY(nested_spawns_reuse_slots))
