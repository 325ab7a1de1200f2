/*
 * ringmap/error.h — the version, status codes and error reports (bottom layer: uses nothing of ours).
 *
 * Part of the public C API of libringmap (include <ringmap.h> for all of it).
 * Conventions, indices and units: see ringmap.h.
 */
#ifndef RINGMAP_ERROR_H
#define RINGMAP_ERROR_H


#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* The version of the package and of the library (one number, the same as
   CMakeLists.txt's project VERSION, checked at configure time); the SONAME
   libringmap.so.N is its major number N. A minor release keeps the ABI of
   its major (tools/check-abi, docs/library.md "ABI notes"). */
#define RINGMAP_VERSION "1.7.0"
#define RINGMAP_VERSION_MAJOR 1
#define RINGMAP_VERSION_MINOR 7
#define RINGMAP_VERSION_PATCH 0

/** One slot of the reserved tail that ends every public struct the caller
 *  allocates (rm_options, rm_read_options, ...): 8 bytes, aligned for any
 *  scalar field a later 1.x release may add (a double, a 64-bit integer, a
 *  pointer, a function pointer), so that such a field takes slots of the
 *  tail and the struct keeps its size and the offsets of its fields
 *  (docs/library.md, "ABI notes"). The _init functions zero the tail; a
 *  struct filled by hand must start from {0}. Never read or write it. */
typedef union rm_reserved_slot {
    double d;
    long long i;
    void *p;
    void (*f)(void);
} rm_reserved_slot;

/* ------------------------------------------------------------------------ */
/* Errors                                                                     */
/* ------------------------------------------------------------------------ */

/** Status codes. RM_EINPUT and RM_ELIMIT are the user's fault (CLI exit 2);
 *  the others are internal failures (CLI exit 1). */
typedef enum rm_status {
    RM_OK = 0,
    RM_EINTERNAL = 1, /* a bug or an unexpected library failure */
    RM_EINPUT = 2,    /* malformed / inconsistent input or option */
    RM_ENOMEM = 3,    /* allocation failed */
    RM_ESOLVER = 4,   /* a numerical solver did not converge / said infeasible */
    RM_ELIMIT = 5,    /* instance beyond a documented limit (e.g. exact solvers) */
    RM_EINVAL = 6     /* the caller broke a function's contract: NULL argument, platform
                         not finalized, corrupt index (a bug of the caller; CLI exit 1) */
} rm_status;

/** An error report: the status and a human-readable message. */
typedef struct rm_error {
    rm_status status;
    char msg[1024];
} rm_error;

/** Set err (may be NULL) to status st with a printf-style message; returns st.
 *  Complexity O(len(msg)).
 *  Thread safety: reentrant (writes only *err: one rm_error per thread). */
rm_status rm_error_set(rm_error *err, rm_status st, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/** Exit code the CLI uses for a status: 0 for RM_OK, 2 for RM_EINPUT and
 *  RM_ELIMIT, 1 otherwise.
 *  Thread safety: reentrant: no shared state, may be called from any number of
 *  threads at once. */
int rm_status_exit_code(rm_status st);

/** Short name of a status ("ok", "bad input", ...).
 *  Thread safety: reentrant: no shared state, may be called from any number of
 *  threads at once. */
const char *rm_status_name(rm_status st);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif /* RINGMAP_ERROR_H */
