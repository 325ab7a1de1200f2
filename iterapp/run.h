/*
 * run.h — the distributed Jacobi stencil on a ring communicator (see
 * stencil.h for the computation and ringcomm.h for the communicator): ring
 * position k owns a slab of cols[k] consecutive columns (slabs in ring
 * order), exchanges its boundary columns with its ring predecessor and
 * successor each step (periodic in x: position q-1's successor is 0), and
 * times each step's communication and computation.
 *
 * Emulation of a heterogeneous platform on a homogeneous machine: given
 * emulated times, position k pads each step's computation phase (real
 * kernel, then wait) to cols[k] * emu_col_time[k] seconds — a host of
 * cycle-time w_k takes w_k * (n-2) * 7e-6 s for one column of (n-2) cell
 * updates of 7 flops — and, after its exchange has completed, waits
 * emu_comm_time[k] more seconds — D_c (c_pred + c_succ), the time to send one
 * column over each of its two routes (eq. (1) of Legrand et al. 2004). The wait
 * sleeps (clock_nanosleep) until 100 us before the deadline and spins the
 * rest, so oversubscribed processes leave the cores to the others. If the
 * real kernel is slower than the emulated host, no padding is added (the
 * run reports it: comp above emulated).
 *
 * Overlapping mode (opts->overlap = 1): each step posts the halo exchange
 * (MPI_Irecv into both ghosts, MPI_Isend of columns 1 and c), computes the
 * interior columns 2..c-1 meanwhile (they read no ghost), waits for the
 * exchange, then computes the boundary columns 1 and c; the result equals
 * the blocking mode bit for bit (same updates, rmi_stencil_step_cols). A
 * step then lasts max(interior, communication) + boundary (the overlap cost
 * model, Weissman's dissertation §4.1.2 Eq. 4.10 with a boundary part that
 * cannot overlap). Emulated: the interior is padded to (c - b) cols
 * emu_col_time, the exchange to emu_comm_time counted from its posting, the
 * boundary to b emu_col_time, b = min(c, 2) boundary columns.
 *
 * Built with smpicc and -DRM_SMPI (SimGrid SMPI), the emulation is ignored:
 * each step's computation is declared to the simulator with
 * smpi_execute_flops((n-2) c 7) and the simulated host and links time it.
 */
#ifndef RINGMAP_ITERAPP_RUN_H
#define RINGMAP_ITERAPP_RUN_H

#include <mpi.h>

#include "ringmap.h"

#ifdef __cplusplus
extern "C" {
#endif

/** What to run. */
typedef struct rm_stencil_run_opts {
    long n;                      /* rows, >= 1 (rows 0 and n-1 fixed) */
    long steps;                  /* iterations, >= 0 */
    const long *cols;            /* q entries, columns of each ring position, >= 1 */
    const double *emu_col_time;  /* q entries or NULL: emulated s per column per step */
    const double *emu_comm_time; /* q entries or NULL: emulated s of communication per step */
    int gather;                  /* 1: gather the final grid at ring rank 0 */
    int overlap;                 /* 1: overlapping mode (exchange behind the interior) */
} rm_stencil_run_opts;

/** Boundary columns of a slab of c >= 1 columns, those computed after the
 *  halo exchange in the overlapping mode: min(c, 2). O(1). */
static inline long rmi_stencil_boundary_cols(long c)
{
    return c < 2 ? c : 2;
}

/** The overlapping stencil's boundary on every position, 2 of the grid's m
 *  columns (all of them when m < 2), as the overlap model's absolute
 *  boundary b/D_w (rm_cost_model.overlap_boundary_dw): a position of c
 *  columns computes min(2, c) of them after the wait, min(2/m, c/m) of
 *  D_w. */
static inline double rmi_iterapp_boundary_dw(long m)
{
    return m > 0 ? (double)rmi_stencil_boundary_cols(m) / (double)m : 0.0;
}

/** Results, valid at ring rank 0 (other ranks: only wall and my_* fields). */
typedef struct rm_stencil_result {
    int q;
    long steps, m;
    double *comp;  /* q * steps: comp[k * steps + s], seconds (rank 0); overlapping
                      mode: interior + boundary computation */
    double *comm;  /* q * steps, seconds: wait + exchange + emulated transfer;
                      overlapping mode: the wait after the interior */
    double *bnd;   /* overlapping mode only (else NULL): q * steps, seconds of the
                      boundary computation (its interior: comp - bnd) */
    double wall;   /* seconds for all steps, max over ranks (all ranks) */
    double *grid;  /* n * m column-major, ring rank 0 if gather, else NULL */
} rm_stencil_result;

/**
 * Run opts->steps Jacobi steps on the ring communicator ring (rank k = ring
 * position k, size q; e.g. from rm_mpi_ring_comm). Collective over ring.
 * The initial grid is rmi_stencil_init_value over the global n x m grid, m =
 * sum cols. res is zeroed first; release it with rmi_stencil_result_destroy.
 * Errors: RM_EINPUT (n < 1, steps < 0, a cols[k] < 1, n*m too large for an
 * MPI count), RM_ENOMEM, RM_EINTERNAL (MPI failure) — verdicts on input are
 * the same on every rank; memory failures are agreed by an Allreduce.
 * Complexity: O(steps * n * cols[k]) per rank, 2 messages of n doubles
 * per step and neighbour.
 */
rm_status rmi_stencil_run(MPI_Comm ring, const rm_stencil_run_opts *opts, rm_stencil_result *res,
                         rm_error *err);

/** Free what rmi_stencil_run allocated in res. */
void rmi_stencil_result_destroy(rm_stencil_result *res);

/** Busy-waits until MPI_Wtime() >= deadline (s, MPI_Wtime's clock): sleeps with
 *  nanosleep until 100 us before it, then spins, so that emulated compute and
 *  link times are accurate to a few us. Thread-safe; O(deadline - now) time.
 *  Used by the emulation of slow hosts and links (run.c, balance_run.c). */
void rmi_wait_until(double deadline);

/**
 * One step of the overlapping mode on a slab a (c columns, ghosts 0 and
 * c+1) into b: post the halo exchange, compute the interior columns
 * 2..c-1, wait, compute the boundary columns 1 and c (bit for bit the
 * blocking step). Emulated (col_t s per column, comm_t s per exchange,
 * > 0): the interior padded to (c - nb) col_t fac from the posting, the
 * exchange to comm_t, the boundary to nb col_t fac (nb =
 * rmi_stencil_boundary_cols(c)); under SMPI the flops times fac. *tc gets
 * interior + boundary time, *tm the wait, *tb the boundary, in s. Returns
 * MPI_SUCCESS or the first MPI error. O(n c).
 */
int rmi_stencil_overlap_step(MPI_Comm ring, long n, long c, int pred, int succ, double col_t,
                             double comm_t, double fac, double *a, double *b, double *tc,
                             double *tm, double *tb);

/**
 * Gather the ring's grid on ring rank 0: rank k sends its cols[k] owned
 * columns of n doubles (a + n: its slab after the left ghost column), rank
 * 0 receives all of them in ring order into grid (n * sum cols doubles,
 * column-major; ignored on the other ranks). Collective over ring (q ranks,
 * this rank k). Returns 1 when done, 0 on every rank when rank 0 ran out
 * of memory for the counts (nothing gathered). O(n * sum cols) on rank 0.
 */
int rmi_stencil_gather_grid(MPI_Comm ring, int q, int k, long n, const long *cols, const double *a,
                            double *grid);

/** One halo exchange of the sliced stencil on the ring: the slab `a` holds
 *  c + 2 columns of n doubles (ghost 0, own columns 1..c, ghost c+1); ghost 0
 *  receives the predecessor's last column, ghost c+1 the successor's first
 *  (non-blocking sends and receives, then MPI_Waitall). A ring of one rank
 *  copies its own last and first columns in memory and sends nothing (the
 *  model's ring of one has no communication). pred/succ: ranks in
 *  `ring`. Returns MPI_SUCCESS or the first MPI error code. O(n) data moved;
 *  collective between ring neighbours (every rank calls it once per step). */
int rmi_stencil_halo_exchange(MPI_Comm ring, long n, long c, double *a, int pred, int succ);

#ifdef __cplusplus
}
#endif

#endif
