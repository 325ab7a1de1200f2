/*
 * ringcomm.h — the MPI ring communicator; its API is public:
 * include/ringmap_mpi.h (libringmap_mpi). Kept so that
 * #include "iterapp/ringcomm.h" keeps working.
 */
#ifndef RINGMAP_ITERAPP_RINGCOMM_H
#define RINGMAP_ITERAPP_RINGCOMM_H
#include "ringmap_mpi.h"
#endif
