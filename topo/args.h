/*
 * args.h — the argument checks of the public entry points (hardening:
 * NULL options or outputs, a platform never finalized, a corrupted
 * link index crashed instead of returning an error). Internal.
 */
#ifndef RM_TOPO_ARGS_H
#define RM_TOPO_ARGS_H

#include "ringmap/topo.h"

/** RM_EINVAL "FN: ..." unless p is a usable platform: not NULL, sizes >= 0
 *  with their arrays, finalized (rm_platform_finalize: hosts listed, each
 *  a node that is a host), every link's ends in 0..n_nodes-1. Thread-safe.
 *  O(N + E). */
rm_status rmi_platform_args_check(const rm_platform *p, const char *fn, rm_error *err);

/** RM_EINVAL "FN: NAME is NULL" when ptr is NULL, else RM_OK. O(1). */
rm_status rmi_arg_nonnull(const void *ptr, const char *fn, const char *name, rm_error *err);

#endif
