/* error.c — (module model/) rm_error: status codes and messages shared by every module. */
#include "ringmap/error.h"

#include "model/text_escape.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

size_t rmi_text_escape(char *out, size_t n, const char *s)
{
    size_t o = 0;
    for (const unsigned char *c = (const unsigned char *)s; c && *c; c++) {
        char esc[8];
        size_t k;
        if (*c < 0x20 || *c == 0x7f)
            k = (size_t)snprintf(esc, sizeof esc, "\\x%02x", *c);
        else if (*c == 0xc2 && c[1] >= 0x80 && c[1] <= 0x9f) {
            k = (size_t)snprintf(esc, sizeof esc, "\\u00%02x", c[1]);
            c++;
        } else {
            esc[0] = (char)*c;
            k = 1;
        }
        if (o + k >= n)
            break;
        memcpy(out + o, esc, k);
        o += k;
    }
    out[o] = '\0';
    return o;
}

int rmi_text_needs_escape(const char *s)
{
    for (const unsigned char *c = (const unsigned char *)s; c && *c; c++)
        if (*c < 0x20 || *c == 0x7f || (*c == 0xc2 && c[1] >= 0x80 && c[1] <= 0x9f))
            return 1;
    return 0;
}

rm_status rm_error_set(rm_error *err, rm_status st, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        err->status = st;
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
        /* a label or file name with a control character (an escape
         * sequence, a newline) is shown escaped, never raw */
        if (rmi_text_needs_escape(err->msg)) {
            char raw[sizeof err->msg];
            memcpy(raw, err->msg, sizeof raw);
            rmi_text_escape(err->msg, sizeof err->msg, raw);
        }
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
