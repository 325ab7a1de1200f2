/* error.c — (module model/) rm_error: status codes and messages shared by every module. */
#include "ringmap/error.h"

#include <stdarg.h>
#include <stdio.h>

rm_status rm_error_set(rm_error *err, rm_status st, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        err->status = st;
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return st;
}

int rm_status_exit_code(rm_status st)
{
    switch (st) {
    case RM_OK: return 0;
    case RM_EINPUT:
    case RM_ELIMIT: return 2;
    default: return 1;
    }
}

const char *rm_status_name(rm_status st)
{
    switch (st) {
    case RM_OK: return "ok";
    case RM_EINTERNAL: return "internal error";
    case RM_EINPUT: return "bad input";
    case RM_ENOMEM: return "out of memory";
    case RM_ESOLVER: return "solver failure";
    case RM_ELIMIT: return "beyond limit";
    case RM_EINVAL: return "invalid argument";
    }
    return "unknown status";
}
