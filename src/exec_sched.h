/* exec_sched.h - the CPU executor's tasks: code that runs concurrently on a GPU (the warp roles of a
 * block, the blocks of a cluster) runs here on threads that take turns. Only the task holding the
 * turn runs, so a run is deterministic and the executor's state needs no locks; a task passes the
 * turn on when it must wait (an mbarrier phase, a cluster barrier) or when it ends. A deadlock is a
 * round in which every task waits and nothing progressed. Pure C (pthreads).
 *
 * The thread that creates the scheduler is its root task and holds the turn. A task spawns child
 * tasks and waits for all of them (the roles of a block; the blocks of a cluster). */
#ifndef TLUA_EXEC_SCHED_H
#define TLUA_EXEC_SCHED_H

#include <stddef.h>
#include <stdint.h>

#include "tlua.h"

typedef struct tlua_Sched tlua_Sched;

/* A scheduler whose root task is the calling thread; NULL when out of memory. */
TLUA_HIDDEN tlua_Sched *tlua_sched_new(void);
TLUA_HIDDEN void tlua_sched_free(tlua_Sched *s);

/* Runs fn(args[k]) for k = 0..n-1 as children of the calling task, taking turns with every other
 * task, and returns when all have ended: 0, or -1 when one failed (fn returned non-zero) or the run
 * was aborted (a deadlock). */
TLUA_HIDDEN int tlua_sched_spawn(tlua_Sched *s, int n, int (*fn)(void *), void **args);

/* The calling task cannot go on until another task makes progress: hands the turn on and returns
 * when it comes back (0: check again), -1 when the run was aborted, or 1 when nobody can make
 * progress: then `deadlock` holds the `what` of every waiting task ("; "-separated) and *waiting
 * their number, and the run is aborted. `what` describes this task's wait. */
TLUA_HIDDEN int tlua_sched_block(tlua_Sched *s, const char *what, char *deadlock, size_t n, int *waiting);

/* Something another task may wait for happened (an arrival, bytes landed, a barrier reached). */
TLUA_HIDDEN void tlua_sched_progress(tlua_Sched *s);
/* The counter tlua_sched_progress increments (exec_async.c counts through it). */
TLUA_HIDDEN uint64_t *tlua_sched_counter(tlua_Sched *s);

#endif
