/*
 * units.c — the one table of measurement units (topo/units.h): a prefix,
 * then a unit word, with SimGrid's spellings (its platform parser's
 * bandwidth units "bps"/"Bps" and speed units "f", with decimal and binary
 * prefixes) and the common ones. Only the letter b (bit) versus B (byte)
 * is case-sensitive: every other spelling is read in any case.
 */
#include "topo/units.h"

#include <string.h>
#include <strings.h>

#define SPELL_BW                                                                                 \
    "bandwidth: b/s, bit/s, bps (bits) or B/s, byte/s, Bps (bytes: x 8), after a prefix k, M, " \
    "G, T, Ki, Mi, Gi, Ti (e.g. Mb/s, Gbps, MBps, MiB/s)"
#define SPELL_SPEED "speed: flop/s, flops or f after a prefix (e.g. Mflop/s, GFLOPS, Gf)"
#define SPELL_CYCLE "cycle-time: s/flop after a prefix (e.g. s/Mflop, s/Gflop)"
#define SPELL_LAT "latency: s, ms, us, ns"

const char *rmi_unit_spellings(int kind_mask)
{
    switch (kind_mask) {
    case 1 << RMI_UNIT_BANDWIDTH: return SPELL_BW;
    case 1 << RMI_UNIT_SPEED: return SPELL_SPEED;
    case 1 << RMI_UNIT_CYCLE: return SPELL_CYCLE;
    case 1 << RMI_UNIT_LATENCY: return SPELL_LAT;
    case (1 << RMI_UNIT_SPEED) | (1 << RMI_UNIT_CYCLE): return SPELL_SPEED "; " SPELL_CYCLE;
    default: return SPELL_BW "; " SPELL_SPEED "; " SPELL_CYCLE "; " SPELL_LAT;
    }
}

const char *rmi_unit_kind_name(rmi_unit_kind kind)
{
    static const char *const names[] = {"bandwidth", "speed", "cycle-time", "latency"};
    return (unsigned)kind < 4 ? names[kind] : "unit";
}

/* s[0..len) equals word, in any case */
static int word_is(const char *s, size_t len, const char *word)
{
    return strlen(word) == len && strncasecmp(s, word, len) == 0;
}

/* A prefix at s (k M G T, Ki Mi Gi Ti, any case) before a unit word that
 * starts with b, B or f: its multiplier, *used its length (0: none). */
static double prefix(const char *s, size_t len, size_t *used)
{
    static const char letters[] = "kmgt";
    static const double dec[] = {1e3, 1e6, 1e9, 1e12};
    *used = 0;
    if (len < 2)
        return 1;
    const char *l = strchr(letters, s[0] | 0x20);
    if (!l || !s[0])
        return 1;
    double bin = 1024;
    for (const char *c = letters; c < l; c++)
        bin *= 1024;
    if ((s[1] | 0x20) == 'i' && len > 2) {
        *used = 2;
        return bin;
    }
    *used = 1;
    return dec[l - letters];
}

/* A speed word: f, flop/s, flops, flops/s (rate = 1) or, after "s/", flop or f */
static int flop_word(const char *s, size_t len, int per)
{
    if (per)
        return word_is(s, len, "flop") || word_is(s, len, "f");
    return word_is(s, len, "f") || word_is(s, len, "flop/s") || word_is(s, len, "flops") ||
           word_is(s, len, "flops/s");
}

int rmi_unit_parse(const char *s, size_t len, rmi_unit *u)
{
    if (!s || !u)
        return -1;
    while (len > 0 && (*s == ' ' || *s == '\t')) {
        s++;
        len--;
    }
    while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t'))
        len--;
    if (len == 0)
        return -1;
    static const struct {
        const char *w;
        double f;
    } lat[] = {{"s", 1}, {"ms", 1e-3}, {"us", 1e-6}, {"\xc2\xb5s", 1e-6}, {"ns", 1e-9}};
    for (size_t i = 0; i < sizeof lat / sizeof lat[0]; i++)
        if (word_is(s, len, lat[i].w)) {
            *u = (rmi_unit){RMI_UNIT_LATENCY, lat[i].f};
            return 0;
        }
    int per = len > 2 && (s[0] | 0x20) == 's' && s[1] == '/';
    const char *w = per ? s + 2 : s;
    size_t wl = per ? len - 2 : len;
    size_t used;
    double m = prefix(w, wl, &used);
    /* a prefix only before a word starting with b, B or f */
    if (used && wl > used && !strchr("bBfF", w[used])) {
        used = 0;
        m = 1;
    }
    w += used;
    wl -= used;
    if (flop_word(w, wl, per)) {
        *u = per ? (rmi_unit){RMI_UNIT_CYCLE, 1e6 / m} : (rmi_unit){RMI_UNIT_SPEED, m / 1e6};
        return 0;
    }
    if (per || wl < 2)
        return -1;
    int bytes;
    if (word_is(w, wl, "bit/s") || word_is(w, wl, "bits/s"))
        bytes = 0;
    else if (word_is(w, wl, "byte/s") || word_is(w, wl, "bytes/s"))
        bytes = 1;
    else if ((w[0] == 'b' || w[0] == 'B') && (word_is(w + 1, wl - 1, "/s") || word_is(w + 1, wl - 1, "ps")))
        bytes = w[0] == 'B';
    else
        return -1;
    *u = (rmi_unit){RMI_UNIT_BANDWIDTH, (bytes ? 8 : 1) * m / 1e6};
    return 0;
}
