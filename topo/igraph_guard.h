/*
 * igraph_guard.h — run igraph calls without letting igraph abort or print.
 *
 * igraph reports errors through a process-wide (thread-local in igraph's
 * build) error handler whose default aborts the program, and warnings
 * through a handler that prints to stderr. A library must do neither, so
 * every igraph call of topo/ is bracketed by rmi_igraph_guard_begin() /
 * rmi_igraph_guard_end(): the guard installs handlers that record igraph's
 * message (including the GML line number) and free igraph's FINALLY stack,
 * and restores the caller's handlers afterwards.
 *
 * igraph's handlers take no user-data pointer, so the recorded message lives
 * in a thread-local buffer: the one piece of mutable static state of topo/,
 * forced on us by igraph's API. It is only meaningful between begin and end.
 *
 * igraph's fatal errors (igraph_fatal: its GML lexer's "input in flex
 * scanner failed" on a read error) end in abort() whatever handler is set
 * (a fatal handler must not return). So no stream that can fail reaches
 * igraph: the GML reader reads the whole file first and refuses a read error
 * (/proc/self/mem) itself.
 *
 * Thread safety: Debian's igraph is built without thread support: its error
 * handlers, FINALLY stack, attribute table and RNG are process-wide globals.
 * So every igraph call of the library runs under ONE process-wide recursive
 * mutex: rmi_igraph_guard_begin() takes it (and rmi_igraph_guard_end()
 * releases it); code that calls igraph without the guard (destroying igraph
 * objects) takes it with rmi_igraph_lock()/rmi_igraph_unlock(). igraph work
 * of concurrent threads is thus serialised; everything else runs in
 * parallel. Lock order: this mutex is innermost (take module locks first).
 */
#ifndef RM_TOPO_IGRAPH_GUARD_H
#define RM_TOPO_IGRAPH_GUARD_H

#include <igraph.h>

/** Saved handlers of the caller, restored by rmi_igraph_guard_end(). */
typedef struct rm_igraph_guard {
    igraph_error_handler_t *error_handler;
    igraph_warning_handler_t *warning_handler;
} rm_igraph_guard;

/** Take the library's igraph mutex (recursive), then install the recording
 *  handlers and clear the recorded messages. O(1) plus the wait. */
void rmi_igraph_guard_begin(rm_igraph_guard *g);

/** Restore the handlers saved by rmi_igraph_guard_begin() and release the
 *  igraph mutex. O(1). */
void rmi_igraph_guard_end(const rm_igraph_guard *g);

/** Take / release the library's igraph mutex without touching the
 *  handlers (recursive: may be nested in a guard). O(1) plus the wait. */
void rmi_igraph_lock(void);
void rmi_igraph_unlock(void);

/** igraph's last error message since begin ("" if none). */
const char *rmi_igraph_last_error(void);

/** igraph's first warning message since begin ("" if none). */
const char *rmi_igraph_first_warning(void);

#endif
