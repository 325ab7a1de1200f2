/* warn.c — the readers' warnings (topo/io/warn.h): the default printer on
 * standard error, the silent callback, and the dispatch between the
 * caller's callback and the default. */
#include "topo/io/warn.h"

#include <stdio.h>

void rm_warn_stderr(void *ctx, const char *msg)
{
    (void)ctx;
    /* one stdio call: one line, not interleaved with another thread's */
    fprintf(stderr, "ringmap: warning: %s\n", msg ? msg : "");
}

void rm_warn_silent(void *ctx, const char *msg)
{
    (void)ctx;
    (void)msg;
}

void rmi_read_warn(const rm_read_options *ro, const char *msg)
{
    if (ro && ro->warn)
        ro->warn(ro->warn_ctx, msg);
    else
        rm_warn_stderr(NULL, msg);
}
