/*
 * balance_run.h — iterapp's run-time balancing (docs/balance.md): the stencil of
 * run.h run in periods of K steps, with DFPA (Lastovetsky and Reddy §2) or dynamic
 * rebalancing (Boulet et al. 1999 §3.2.2) moving whole columns between ring positions
 * between periods (the data really moves, MPI_Alltoallv of the slab
 * overlaps: with slabs in ring order these are the ring neighbours unless a
 * boundary moves past a whole slab); the result stays bit-exact with the
 * sequential run. Also the emulation spec (emulate.c): per position a memory
 * cliff (the time per column is multiplied by F above X columns) and a load
 * change (F times slower from step S on).
 */
#ifndef RINGMAP_ITERAPP_BALANCE_RUN_H
#define RINGMAP_ITERAPP_BALANCE_RUN_H

#include <mpi.h>

#include "iterapp/ringspec.h"
#include "ringmap.h"

/** The largest product of a position's cliff and load factors. */
#define RM_EMU_MAX_FACTOR 1e6
/** An emulated run (sleeping hosts) ends within a day. */
#define RM_EMU_MAX_SECONDS 86400.0

/** Emulated behaviour of one ring position (1 / 0 = none). */
typedef struct rm_emu_host {
    long cliff_cols;     /* above this many columns ... (0 = no cliff) */
    double cliff_factor; /* ... every column costs this factor more (2 = w doubles) */
    long load_step;      /* from this step on (-1 = never) ... */
    double load_factor;  /* ... the position is this factor slower */
} rm_emu_host;

/**
 * Read an emulation spec: lines "cliff POS X F" and "load POS S F", '#'
 * comments, POS a ring position 0..q-1 or a host label of spec. hosts (q
 * entries) is reset to "no effect" first. Errors: RM_EINPUT naming
 * file:line. O(size).
 */
rm_status rmi_emu_spec_read(const char *path, const rm_ringspec *spec, rm_emu_host *hosts,
                           rm_error *err);

/** Factor on a position's emulated computation time with cols columns at
 *  step (0-based). O(1). */
double rmi_emu_factor(const rm_emu_host *h, long cols, long step);

typedef enum rm_balance_policy {
    RM_POLICY_STATIC = 0,
    RM_POLICY_DFPA = 1,
    RM_POLICY_DYNAMIC = 2
} rm_balance_policy;

typedef struct rm_balance_run_opts {
    long n, steps, period;       /* rows, steps, steps per measurement period */
    long *cols;                  /* q entries: start distribution in, final out */
    rm_balance_policy policy;
    double eps;                  /* DFPA accuracy and dynamic threshold */
    const double *emu_col_time;  /* q or NULL: emulated s per column per step */
    const double *emu_comm_time; /* q or NULL: emulated s of communication per step */
    const rm_emu_host *emu;      /* q or NULL: cliff / load change */
    int gather;
    int overlap;                 /* 1: overlapping steps (run.h), DFPA under the overlap
                                    model with iterapp's boundary of 2 columns */
    const double *comm_pred;     /* q or NULL: DFPA's communication times in s per step
                                    when comm_measured is 0 (NULL: computation only) */
    int comm_measured;           /* 1: DFPA's communication time of each position is
                                    measured after each period (comm_probe) */
} rm_balance_run_opts;

typedef struct rm_balance_result {
    double wall;            /* s, all steps (max over ranks) */
    double dfpa_time;       /* s of the initial DFPA phase (policy dfpa), rank 0 */
    long dfpa_steps;        /* stencil steps run during it */
    int dfpa_iterations;    /* DFPA steps (all phases) */
    int rebalances;         /* distributions changed */
    long cols_moved;        /* columns that changed owner, in total */
    int n_periods;
    double *period_imbalance; /* n_periods: (max T - min T)/min T of the period's medians */
    double *period_tstep;     /* n_periods: max_k median(comp + comm) */
    long *period_end;         /* n_periods: step count at the period's end */
    double *comp_last;      /* q: median computation time of the last period */
    double *comm_last;      /* q (overlapping: the wait after the interior) */
    double *pred_last;      /* q: DFPA models' prediction for the final cols (NAN if none) */
    double *comm_probe;     /* q: the last period's measured communication time in s (the
                               least of RM_COMM_PROBES synchronised halo exchanges), NAN
                               when not measured */
    double *comm_dfpa;      /* q: the communication times DFPA used last, in s (0: none) */
    double *grid;           /* gathered grid (rank 0, gather) */
} rm_balance_result;

/** Synchronised halo exchanges per measurement of a position's communication
 *  time (the least one counts: a barrier's exit skew only adds). */
#define RM_COMM_PROBES 3

/** Run (collective over ring). Errors: RM_EINPUT, RM_ENOMEM, RM_EINTERNAL. */
rm_status rmi_balance_stencil_run(MPI_Comm ring, const rm_balance_run_opts *o,
                                 rm_balance_result *res, rm_error *err);

void rmi_balance_result_destroy(rm_balance_result *res);

#endif
