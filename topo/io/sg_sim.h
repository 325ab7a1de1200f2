/*
 * sg_sim.h — a ring's iterative steps simulated by SimGrid itself (s4u,
 * CM02), in a forked child as the platform loader does (topo/io/simgrid.c):
 * SimGrid's engine never runs in the calling process. The child (C++,
 * topo/io/sg_sim.cpp) loads the SimGrid platform file, starts one actor per
 * ring position on its host, each doing what iterapp's stencil does per
 * step (iterapp/run.c), and writes back when the last position ended each
 * step; the parent (topo/io/sg_sim.c) turns that into the steady-state pace.
 */
#ifndef RM_TOPO_SG_SIM_H
#define RM_TOPO_SG_SIM_H

#include "ringmap/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/** SMPI's default smpi/send-is-detached-thresh (SimGrid 3.32, bytes): a
 *  message below it is sent detached (the sender does not wait for it). */
#define RMI_SG_SIM_DETACHED_BYTES 65536.0

/** At most this many messages in one simulation (q positions x 2 messages
 *  x steps): a deterministic size budget. */
#define RMI_SG_SIM_MAX_MESSAGES 4000000LL

/** What to simulate. Ring position k runs on host hosts[k] (SimGrid host
 *  names); its successor is k+1, its predecessor k-1 (cyclically). Each
 *  step, position k posts a receive from its predecessor and one from its
 *  successor, then sends `bytes` to its successor and to its predecessor
 *  (iterapp's MPI_Irecv, MPI_Irecv, MPI_Isend, MPI_Isend; sends below
 *  RMI_SG_SIM_DETACHED_BYTES detached, as SMPI does);
 *   - blocking (bnd_flops NULL): waits for the messages, then computes
 *     flops[k] flop;
 *   - overlap (bnd_flops set): computes flops[k] - bnd_flops[k] flop, waits
 *     for the messages, then computes bnd_flops[k] flop.
 *  A ring of one position sends nothing. Computations run on one core of
 *  the host at its speed (SimGrid's exec, as smpi_execute_flops). */
typedef struct rmi_sg_sim_spec {
    int q;
    const char *const *hosts; /* q SimGrid host names, distinct */
    const double *flops;      /* q, flop per step, finite >= 0 */
    const double *bnd_flops;  /* q (<= flops[k]) or NULL: the blocking step */
    double bytes;             /* message size, bytes, finite >= 0 */
    int steps;                /* >= 2 */
    double timeout_s;         /* > 0: the child is killed after this wall time */
} rmi_sg_sim_spec;

/** The simulation's result: pace, s per step, the slope over the second
 *  half of the steps of the time at which the last position ends each step
 *  ((end[K-1] - end[h-1]) / (K - h), h = K/2: bench_fidelity's measure);
 *  end: the steps' ends (K entries, s), library-allocated (free()). */
typedef struct rmi_sg_sim_result {
    double pace;
    double *end;
    int steps;
} rmi_sg_sim_result;

/** Simulate spec on the SimGrid platform file at path (shown in messages),
 *  under CM02 with no cross traffic (SimGrid's max-min sharing, latency
 *  factor and bandwidth factor 1, the TCP window bound gamma / (2 RTT) of
 *  SimGrid's default network/TCP-gamma), in a forked child. The file is
 *  vetted first (rmi_sg_vet). Errors: RM_EINVAL (NULL arguments, a bad
 *  spec), RM_ELIMIT (more than RMI_SG_SIM_MAX_MESSAGES messages; the
 *  timeout passed), RM_EINPUT (the file, an unknown host, SimGrid's own
 *  failure, with its message), RM_EINTERNAL (fork, pipe), RM_ENOMEM. On
 *  error out->end is NULL. Not thread-safe (fork). Time: SimGrid's, about
 *  O(steps q (log q + the flows' sharing)). */
rm_status rmi_sg_simulate(const char *path, const rmi_sg_sim_spec *spec, rmi_sg_sim_result *out,
                          rm_error *err);

/** In the child only (topo/io/sg_sim.c): load path (dir on SimGrid's
 *  search path), run spec and write to fd "RMSS" i32 K, K x f64 end, "END!",
 *  or "ERR!" u32 length + message. Returns 0, 3 after an "ERR!" record, 4
 *  when fd could not be written. Not thread-safe: one call per process. */
int rmi_sg_child_simulate(const char *path, const char *dir, const rmi_sg_sim_spec *spec, int fd);

/** sg_loader.cpp's pinning of SimGrid's configuration (only the keys
 *  rmi_sg_config_allowed names may come from the file); in a child, after
 *  the engine is created. */
void rmi_sg_pin_config(void);

#ifdef __cplusplus
}
#endif

#endif
