/* exec_sched.c - tasks that take turns (exec_sched.h). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_sched.h"

enum { T_FREE, T_RUN, T_BLOCKED, T_JOIN, T_DONE };
/* Tasks live in a fixed array (threads keep pointers to their slot): the root, up to 16 blocks of a
 * cluster and up to 15 roles each, with room to spare; a slot is free again once its task ended and
 * was joined. At most MAX_SPAWN children per spawn. */
#define MAX_TASKS 512
#define MAX_SPAWN 16

typedef struct Task {
  tlua_Sched *s;
  int id, parent, state, live_children, rc, started;
  uint64_t seen;            /* the progress counter when it last found its wait unmet */
  char what[200];           /* what it waits for */
  int (*fn)(void *);
  void *arg;
  pthread_t th;
} Task;

struct tlua_Sched {
  pthread_mutex_t mu;
  pthread_cond_t cv;
  Task *tasks;
  int n, cap, turn, abort;
  uint64_t progress;
};

/* the task the calling thread runs */
static _Thread_local int current = 0;

tlua_Sched *tlua_sched_new(void) {
  tlua_Sched *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->cap = MAX_TASKS;
  s->tasks = calloc((size_t)s->cap, sizeof *s->tasks);
  if (!s->tasks) {
    free(s);
    return NULL;
  }
  pthread_mutex_init(&s->mu, NULL);
  pthread_cond_init(&s->cv, NULL);
  s->n = 1;  /* the root: the calling thread */
  s->tasks[0].s = s;
  s->tasks[0].parent = -1;
  s->tasks[0].state = T_RUN;
  s->turn = 0;
  current = 0;
  return s;
}

void tlua_sched_free(tlua_Sched *s) {
  if (!s) return;
  pthread_cond_destroy(&s->cv);
  pthread_mutex_destroy(&s->mu);
  free(s->tasks);
  free(s);
}

void tlua_sched_progress(tlua_Sched *s) { s->progress++; }
uint64_t *tlua_sched_counter(tlua_Sched *s) { return &s->progress; }

/* The next task after `from` that may run or wants to check its wait again (round robin, `from`
 * itself last); -1 when none. Called with the lock held. */
static int next_task(const tlua_Sched *s, int from) {
  for (int j = 1; j <= s->n; j++) {
    const int t = (from + j) % s->n;
    if (s->tasks[t].state == T_RUN || s->tasks[t].state == T_BLOCKED) return t;
  }
  return -1;
}

/* Waits (lock held) until the turn is the caller's or the run is aborted. */
static void await_turn(tlua_Sched *s, int me) {
  while (s->turn != me && !s->abort) pthread_cond_wait(&s->cv, &s->mu);
}

static void *task_main(void *arg) {
  Task *t = arg;
  tlua_Sched *s = t->s;
  current = t->id;
  pthread_mutex_lock(&s->mu);
  await_turn(s, t->id);
  const int aborted = s->abort;
  pthread_mutex_unlock(&s->mu);
  const int rc = aborted ? -1 : t->fn(t->arg);
  pthread_mutex_lock(&s->mu);
  t->rc = rc;
  t->state = T_DONE;
  if (rc) s->abort = 1;
  Task *p = &s->tasks[t->parent];
  if (--p->live_children == 0) p->state = T_RUN;
  s->turn = next_task(s, t->id);
  pthread_cond_broadcast(&s->cv);
  pthread_mutex_unlock(&s->mu);
  return NULL;
}

int tlua_sched_spawn(tlua_Sched *s, int n, int (*fn)(void *), void **args) {
  const int me = current;
  if (n < 1) return 0;
  if (n > MAX_SPAWN) return -1;
  int ids[MAX_SPAWN];
  pthread_mutex_lock(&s->mu);
  int found = 0;
  for (int j = 1; j < s->cap && found < n; j++)
    if (s->tasks[j].state == T_FREE) ids[found++] = j;
  if (found < n) {
    s->abort = 1;
    pthread_mutex_unlock(&s->mu);
    return -1;
  }
  for (int k = 0; k < n; k++) {
    Task *t = &s->tasks[ids[k]];
    memset(t, 0, sizeof *t);
    t->s = s, t->id = ids[k], t->parent = me, t->state = T_RUN, t->fn = fn, t->arg = args[k];
    if (ids[k] >= s->n) s->n = ids[k] + 1;
  }
  int rc = 0, started = 0;
  for (int k = 0; k < n; k++) {
    if (pthread_create(&s->tasks[ids[k]].th, NULL, task_main, &s->tasks[ids[k]])) {
      rc = -1;
      break;
    }
    s->tasks[ids[k]].started = 1;
    started++;
  }
  if (rc) {
    s->abort = 1;
    for (int k = started; k < n; k++) s->tasks[ids[k]].state = T_DONE;
  }
  s->tasks[me].live_children = started;
  s->tasks[me].state = started ? T_JOIN : T_RUN;
  s->turn = started ? ids[0] : me;
  pthread_cond_broadcast(&s->cv);
  await_turn(s, me);
  /* aborted: the children still end (they see the abort), then the parent goes on */
  while (s->tasks[me].live_children > 0) pthread_cond_wait(&s->cv, &s->mu);
  s->tasks[me].state = T_RUN;
  if (s->abort) rc = -1;
  for (int k = 0; k < n; k++)
    if (s->tasks[ids[k]].rc) rc = -1;
  pthread_mutex_unlock(&s->mu);
  for (int k = 0; k < started; k++) pthread_join(s->tasks[ids[k]].th, NULL);
  pthread_mutex_lock(&s->mu);
  for (int k = 0; k < n; k++) s->tasks[ids[k]].state = T_FREE;
  pthread_mutex_unlock(&s->mu);
  return rc;
}

int tlua_sched_block(tlua_Sched *s, const char *what, char *deadlock, size_t n, int *waiting) {
  const int me = current;
  pthread_mutex_lock(&s->mu);
  Task *t = &s->tasks[me];
  t->state = T_BLOCKED;
  t->seen = s->progress;
  snprintf(t->what, sizeof t->what, "%s", what);
  int stuck = 1, count = 0;
  for (int j = 0; j < s->n && stuck; j++) {
    const Task *o = &s->tasks[j];
    if (o->state == T_RUN || (o->state == T_BLOCKED && o->seen != s->progress)) stuck = 0;
  }
  if (stuck) {
    size_t w = 0;
    if (deadlock && n) deadlock[0] = '\0';
    for (int j = 0; j < s->n; j++) {
      if (s->tasks[j].state != T_BLOCKED) continue;
      count++;
      if (deadlock && w < n) {
        int q = snprintf(deadlock + w, n - w, "%s%s", w ? "; " : "", s->tasks[j].what);
        if (q > 0) w += (size_t)q;
      }
    }
    if (waiting) *waiting = count;
    s->abort = 1;
    pthread_cond_broadcast(&s->cv);
    pthread_mutex_unlock(&s->mu);
    return 1;
  }
  s->turn = next_task(s, me);
  pthread_cond_broadcast(&s->cv);
  await_turn(s, me);
  t = &s->tasks[me];
  t->state = T_RUN;
  const int aborted = s->abort;
  pthread_mutex_unlock(&s->mu);
  return aborted ? -1 : 0;
}
