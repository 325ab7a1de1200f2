/*
 * warn.h — how a platform reader reports a warning (rm_read_options.warn,
 * include/ringmap/topo.h): through the caller's callback, or, when there is
 * none (ro or ro->warn NULL: rm_read_options_init's default and a zeroed
 * struct), on standard error by rm_warn_stderr. Internal.
 */
#ifndef RM_TOPO_WARN_H
#define RM_TOPO_WARN_H

#include "ringmap/topo.h"

/** Report msg (one line, no newline; it names the file first, "FILE: ...")
 *  through ro->warn(ro->warn_ctx, msg), or rm_warn_stderr(NULL, msg) when ro
 *  or ro->warn is NULL. O(|msg|). Thread safety: as the callback (the
 *  default printer writes one line with one stdio call). */
void rmi_read_warn(const rm_read_options *ro, const char *msg);

#endif
