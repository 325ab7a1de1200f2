/*
 * ringcomm.c — MPI communicators in ring order (include/ringmap_mpi.h, libringmap_mpi): split the base
 * communicator keyed by ring position, then a periodic 1-D Cartesian
 * topology without reordering.
 */
#include "ringmap_mpi.h"

#include <stdlib.h>
#include <string.h>

rm_status rm_mpi_ring_comm(MPI_Comm base, int q, const int *pos_of_rank, MPI_Comm *ring,
                           rm_error *err)
{
    *ring = MPI_COMM_NULL;
    int size, rank;
    if (MPI_Comm_size(base, &size) != MPI_SUCCESS || MPI_Comm_rank(base, &rank) != MPI_SUCCESS)
        return rm_error_set(err, RM_EINTERNAL, "ring communicator: MPI_Comm_size/rank failed");
    if (q < 1 || q > size)
        return rm_error_set(err, RM_EINPUT,
                            "ring communicator: ring of %d positions on %d processes", q, size);
    int *seen = calloc((size_t)q, sizeof(int));
    if (!seen)
        return rm_error_set(err, RM_ENOMEM, "ring communicator: out of memory");
    for (int r = 0; r < size; r++) {
        int p = pos_of_rank[r];
        if (p == -1)
            continue;
        if (p < 0 || p >= q || seen[p]) {
            free(seen);
            return rm_error_set(err, RM_EINPUT,
                                "ring communicator: rank %d: position %d %s (ring of %d)", r, p,
                                (p < 0 || p >= q) ? "out of range" : "already taken", q);
        }
        seen[p] = 1;
    }
    for (int p = 0; p < q; p++)
        if (!seen[p]) {
            free(seen);
            return rm_error_set(err, RM_EINPUT,
                                "ring communicator: position %d has no process", p);
        }
    free(seen);
    int mine = pos_of_rank[rank];
    MPI_Comm split = MPI_COMM_NULL;
    if (MPI_Comm_split(base, mine >= 0 ? 0 : MPI_UNDEFINED, mine >= 0 ? mine : 0, &split) !=
        MPI_SUCCESS)
        return rm_error_set(err, RM_EINTERNAL, "ring communicator: MPI_Comm_split failed");
    if (split == MPI_COMM_NULL)
        return RM_OK;
    int dims[1] = {q}, periods[1] = {1};
    int rc = MPI_Cart_create(split, 1, dims, periods, 0, ring);
    MPI_Comm_free(&split);
    if (rc != MPI_SUCCESS) {
        *ring = MPI_COMM_NULL;
        return rm_error_set(err, RM_EINTERNAL, "ring communicator: MPI_Cart_create failed");
    }
    return RM_OK;
}

rm_status rm_mpi_ring_comm_by_name(MPI_Comm base, int q, const char *const *labels,
                                   MPI_Comm *ring, rm_error *err)
{
    *ring = MPI_COMM_NULL;
    int size, len = 0;
    if (MPI_Comm_size(base, &size) != MPI_SUCCESS)
        return rm_error_set(err, RM_EINTERNAL, "ring communicator: MPI_Comm_size failed");
    char name[MPI_MAX_PROCESSOR_NAME];
    memset(name, 0, sizeof name);
    if (MPI_Get_processor_name(name, &len) != MPI_SUCCESS)
        return rm_error_set(err, RM_EINTERNAL, "ring communicator: MPI_Get_processor_name failed");
    char *all = malloc((size_t)size * MPI_MAX_PROCESSOR_NAME);
    int *pos = malloc(sizeof(int) * (size_t)size);
    int ok = all && pos;
    int all_ok;
    /* agree on memory before the collective, so that nobody waits */
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, base);
    if (!all_ok) {
        free(all);
        free(pos);
        return rm_error_set(err, RM_ENOMEM, "ring communicator: out of memory");
    }
    if (MPI_Allgather(name, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, all, MPI_MAX_PROCESSOR_NAME,
                      MPI_CHAR, base) != MPI_SUCCESS) {
        free(all);
        free(pos);
        return rm_error_set(err, RM_EINTERNAL, "ring communicator: MPI_Allgather failed");
    }
    for (int r = 0; r < size; r++)
        pos[r] = -1;
    rm_status st = RM_OK;
    for (int k = 0; k < q && st == RM_OK; k++) {
        int found = -1;
        for (int r = 0; r < size && found < 0; r++)
            if (pos[r] == -1 &&
                strncmp(all + (size_t)r * MPI_MAX_PROCESSOR_NAME, labels[k],
                        MPI_MAX_PROCESSOR_NAME) == 0)
                found = r;
        if (found < 0)
            st = rm_error_set(err, RM_EINPUT,
                              "ring communicator: ring position %d: no free process runs on "
                              "host \"%s\"",
                              k, labels[k]);
        else
            pos[found] = k;
    }
    free(all);
    if (st == RM_OK)
        st = rm_mpi_ring_comm(base, q, pos, ring, err);
    free(pos);
    return st;
}

rm_status rm_mpi_ring_comm_for_mapping(MPI_Comm base, const rm_platform *p, const rm_mapping *m,
                                       rm_ring_placement how, MPI_Comm *ring, rm_error *err)
{
    *ring = MPI_COMM_NULL;
    if (how == RM_PLACE_BY_NAME) {
        const char **labels = malloc(sizeof(char *) * (size_t)m->q);
        if (!labels)
            return rm_error_set(err, RM_ENOMEM, "ring communicator: out of memory");
        for (int k = 0; k < m->q; k++)
            labels[k] = p->nodes[m->ring[k]].label;
        rm_status st = rm_mpi_ring_comm_by_name(base, m->q, labels, ring, err);
        free(labels);
        return st;
    }
    int size;
    if (MPI_Comm_size(base, &size) != MPI_SUCCESS)
        return rm_error_set(err, RM_EINTERNAL, "ring communicator: MPI_Comm_size failed");
    int *pos = malloc(sizeof(int) * (size_t)size);
    if (!pos)
        return rm_error_set(err, RM_ENOMEM, "ring communicator: out of memory");
    for (int r = 0; r < size; r++)
        pos[r] = r < m->q ? r : -1;
    rm_status st = rm_mpi_ring_comm(base, m->q, pos, ring, err);
    free(pos);
    return st;
}

rm_status rm_mpi_ring_neighbors(MPI_Comm ring, int *pred, int *succ, rm_error *err)
{
    if (ring == MPI_COMM_NULL)
        return rm_error_set(err, RM_EINPUT, "ring neighbours: MPI_COMM_NULL");
    /* rank = ring position by construction, so neighbours are rank -+ 1 (no
     * MPI_Cart_shift: SimGrid SMPI lacks MPI_Topo_test) */
    int size, rank;
    if (MPI_Comm_size(ring, &size) != MPI_SUCCESS || MPI_Comm_rank(ring, &rank) != MPI_SUCCESS)
        return rm_error_set(err, RM_EINTERNAL, "ring neighbours: MPI failed");
    *pred = (rank + size - 1) % size;
    *succ = (rank + 1) % size;
    return RM_OK;
}
