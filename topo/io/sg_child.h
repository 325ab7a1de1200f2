/*
 * sg_child.h — the parent's side of every SimGrid child (the loader,
 * topo/io/simgrid.c; the simulation, topo/io/sg_sim.c): SimGrid runs in a
 * forked child so that its engine, its singletons and an abort never touch
 * the caller; the child writes its answer on a pipe that the parent reads
 * whole. Internal (rmi_*).
 */
#ifndef RM_TOPO_IO_SG_CHILD_H
#define RM_TOPO_IO_SG_CHILD_H

#include <ringmap/error.h>

#include <stddef.h>
#include <sys/types.h>

/* A growing byte buffer (d: n bytes used of cap). */
typedef struct rmi_sg_buf {
    unsigned char *d;
    size_t n, cap;
} rmi_sg_buf;

/* Room for `more` bytes after b->n (doubling from 64 KiB). 0, or -1 when out
 * of memory (b unchanged). */
int rmi_sg_buf_reserve(rmi_sg_buf *b, size_t more);

/* All of fd appended to b, at most limit bytes in b. 0 at end of file, -1
 * out of memory, -2 a read error, -3 over the limit. O(bytes read). */
int rmi_sg_read_all(int fd, rmi_sg_buf *b, size_t limit);

/* Fork a SimGrid child. In the parent: returns the child's pid and sets
 * *rfd to the pipe's read end. In the child: returns 0 and sets *wfd to the
 * pipe's write end; the child dies with its parent (Linux), has the default
 * disposition of the signals a SimGrid abort or an alarm raises (whatever
 * handlers the parent, a sanitizer or a fuzzer, installed), reads
 * /dev/null and writes its stdout and stderr to log_fd (or /dev/null when
 * log_fd < 0); dir (dir_n bytes) is the directory of `shown` (the user's
 * file name: SimGrid's "path" for the files a platform includes). The
 * child must end with _exit. On error: -1, err set (naming shown), nothing
 * left open. Not thread-safe (fork, fflush(NULL)). */
pid_t rmi_sg_fork(const char *shown, int log_fd, int *rfd, int *wfd, char *dir, size_t dir_n,
                  rm_error *err);

/* Wait for child pid (killing it first when kill_first), retrying on EINTR;
 * its wait status. */
int rmi_sg_reap(pid_t pid, int kill_first);

#endif
