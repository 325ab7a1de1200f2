/* text.c — UTF-8 validation and repair of user strings (topo/text.h). */
#include "topo/text.h"

#include <stdlib.h>
#include <string.h>

size_t rmi_utf8_seq(const char *str)
{
    const unsigned char *s = (const unsigned char *)str;
    unsigned c = s[0];
    if (c == 0)
        return 0;
    if (c < 0x80)
        return 1;
    size_t n;
    unsigned min, cp;
    if (c >= 0xc2 && c <= 0xdf)
        n = 2, min = 0x80, cp = c & 0x1f;
    else if (c >= 0xe0 && c <= 0xef)
        n = 3, min = 0x800, cp = c & 0x0f;
    else if (c >= 0xf0 && c <= 0xf4)
        n = 4, min = 0x10000, cp = c & 0x07;
    else
        return 0; /* continuation byte, 0xc0/0xc1 (overlong), > 0xf4 */
    for (size_t i = 1; i < n; i++) { /* stops at the NUL: not a continuation byte */
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return n;
}

int rmi_utf8_valid(const char *s)
{
    while (s && *s) {
        size_t n = rmi_utf8_seq(s);
        if (!n)
            return 0;
        s += n;
    }
    return 1;
}

char *rmi_utf8_fix(const char *s)
{
    if (!s)
        s = "";
    size_t len = strlen(s);
    char *d = malloc(3 * len + 1); /* each byte becomes at most 3 */
    if (!d)
        return NULL;
    char *w = d;
    while (*s) {
        size_t n = rmi_utf8_seq(s);
        if (n) {
            memcpy(w, s, n);
            w += n;
            s += n;
        } else {
            memcpy(w, "\xef\xbf\xbd", 3); /* U+FFFD */
            w += 3;
            s++;
        }
    }
    *w = '\0';
    return d;
}
