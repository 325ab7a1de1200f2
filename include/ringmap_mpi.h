/*
 * ringmap_mpi.h — libringmap_mpi, the public API of the MPI side of ringmap:
 * an MPI communicator in ring order for a mapping, for users
 * who embed the mapper in their own solver: in the returned communicator the
 * process of rank k runs ring position k, its ring predecessor is rank k-1
 * and its successor rank k+1 (mod q). It is a periodic 1-D Cartesian
 * communicator (MPI_Cart_create, no reordering), so MPI_Cart_shift(ring, 0,
 * 1, &pred, &succ) gives the neighbours; processes of the base communicator
 * that are not in the ring get MPI_COMM_NULL.
 *
 * Collective over the base communicator; never prints, never aborts. Thread
 * safety: as the MPI calls it makes (MPI_THREAD_MULTIPLE needed to call it
 * from several threads at once).
 *
 * Link: -lringmap_mpi -lringmap and MPI (pkg-config ringmap-mpi; CMake
 * target ringmap::mpi). Built when the library is built with MPI.
 */
#ifndef RINGMAP_MPI_H
#define RINGMAP_MPI_H

#include <mpi.h>

#include "ringmap.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/**
 * Ring communicator from an explicit placement: pos_of_rank[r] (one entry per
 * rank of base, the same array on every process) is the ring position
 * 0..q-1 that base rank r runs, or -1 if r is not in the ring. Every
 * position must be taken exactly once.
 * Errors: RM_EINPUT (q < 1, q > size, a position out of range or taken
 * twice or not at all — the same verdict on every process, so no process is
 * left waiting), RM_EINTERNAL (an MPI call failed). On error *ring is
 * MPI_COMM_NULL. Complexity: O(size) plus MPI_Comm_split.
 */
rm_status rm_mpi_ring_comm(MPI_Comm base, int q, const int *pos_of_rank, MPI_Comm *ring,
                           rm_error *err);

/**
 * Ring communicator by host name: position k goes to the lowest base rank
 * whose MPI_Get_processor_name() equals labels[k] and that has no position
 * yet (several positions may not share a host name unless as many
 * processes run there). This is the placement for a hostfile in ring order
 * and for SimGrid SMPI, where the processor name is the simulated host.
 * Errors: RM_EINPUT (a label matched by no free process; message names it),
 * RM_ENOMEM, RM_EINTERNAL. Complexity: O(size * q) string compares plus an
 * MPI_Allgather of the names.
 */
rm_status rm_mpi_ring_comm_by_name(MPI_Comm base, int q, const char *const *labels,
                                   MPI_Comm *ring, rm_error *err);

/** How rm_mpi_ring_comm_for_mapping places ring positions on processes. */
typedef enum rm_ring_placement {
    RM_PLACE_BY_RANK = 0, /* base rank k runs position k (q <= size) */
    RM_PLACE_BY_NAME = 1  /* by host name = the ring host's label */
} rm_ring_placement;

/**
 * Ring communicator for a mapping computed by the library (rm_map etc.) on
 * platform p: q = m->q positions; labels are the ring hosts' labels.
 * Errors as rm_mpi_ring_comm / rm_mpi_ring_comm_by_name.
 */
rm_status rm_mpi_ring_comm_for_mapping(MPI_Comm base, const rm_platform *p, const rm_mapping *m,
                                       rm_ring_placement how, MPI_Comm *ring, rm_error *err);

/** Ring neighbours in a communicator of rm_mpi_ring_comm: pred = rank-1,
 *  succ = rank+1 (mod size). RM_EINTERNAL if MPI fails. O(1). */
rm_status rm_mpi_ring_neighbors(MPI_Comm ring, int *pred, int *succ, rm_error *err);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#include "ringmap_measure.h" /* measuring a platform: rm_measure_platform */

#endif /* RINGMAP_MPI_H */
