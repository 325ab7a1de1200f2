/* warn.c — the readers' warnings (topo/io/warn.h): the default printer on
 * standard error, the silent callback, and the dispatch between the
 * caller's callback and the default. */
#include "topo/io/warn.h"
#include "model/text_escape.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void rm_warn_stderr(void *ctx, const char *msg)
{
    (void)ctx;
    /* one stdio call: one line, not interleaved with another thread's */
    const char *m = msg ? msg : "";
    /* control characters (escape sequences) as \xHH, never raw */
    char *shown = rmi_text_needs_escape(m) ? malloc(strlen(m) * 6 + 1) : NULL;
    if (shown)
        rmi_text_escape(shown, strlen(m) * 6 + 1, m);
    else if (rmi_text_needs_escape(m))
        m = "(a message with control characters; out of memory to show it)";
    fprintf(stderr, "ringmap: warning: %s\n", shown ? shown : m);
    free(shown);
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
