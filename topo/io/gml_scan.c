/*
 * gml_scan.c — a structural pass over a GML platform before igraph reads it
 * (hardening, silent wrong readings: igraph silently ignores what it cannot store, so the
 * platform would differ from the file):
 *  - a second top-level `graph` (igraph reads the first only): error;
 *  - a platform key of a node (id, label, w, speed) or an edge (source,
 *    target, bandwidth, LinkSpeedRaw, latency, backbone) whose value is a
 *    list, e.g. `w [ x 1 ]` (igraph drops composite attributes: the host
 *    became a router): error;
 *  - such a number key given as an empty string (`w ""`: igraph stores it as
 *    it stores an absent value, the host became a router): error;
 *  - a key given twice in one block (igraph keeps the last value): a warning
 *    through rm_read_options.warn, one per file;
 *  - bounded time and memory in igraph: a string or word longer than
 *    RMI_GML_MAX_TOKEN bytes (igraph's lexer is quadratic in a token's
 *    length: a 20 MiB label took minutes) and more attribute values than
 *    rmi_gml_max_cells (igraph stores every key of any node for every node:
 *    a distinct key per node is quadratic in the file) are errors.
 * Tokens as igraph's GML lexer: '#' comment lines, "..." strings, [ ]. A
 * file igraph would refuse anyway (a key that is not a word, unbalanced
 * brackets) is left to igraph's own message, the rest of the file still
 * read for the two limits. O(size of the file) time, O(depth + distinct
 * keys) memory (nesting capped at 64: deeper blocks are skipped).
 */
#define _POSIX_C_SOURCE 200809L /* getc_unlocked */
#include "topo/io/gml_scan.h"
#include "topo/io/warn.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 64
#define MAX_KEYS 32 /* keys remembered per block for the repeat check */
#define KEY_LEN 32

typedef struct scan_block {
    char key[KEY_LEN]; /* the key that opened the block ("graph", "node", ...) */
    int n_keys;
    char keys[MAX_KEYS][KEY_LEN];
    long key_line[MAX_KEYS];
} scan_block;

static int is_platform_key(const char *block, const char *key)
{
    static const char *const node_keys[] = {"id", "label", "w", "speed", NULL};
    static const char *const edge_keys[] = {"source", "target", "bandwidth", "LinkSpeedRaw",
                                            "latency", "backbone", NULL};
    const char *const *k = !strcmp(block, "node")   ? node_keys
                           : !strcmp(block, "edge") ? edge_keys
                                                    : NULL;
    for (; k && *k; k++)
        if (!strcmp(*k, key))
            return 1;
    return 0;
}

/* A set of 64-bit hashes (FNV-1a of a key's full text), open addressing. */
typedef struct key_set {
    uint64_t *h; /* 0 = empty slot */
    size_t n, cap;
} key_set;

/* Insert h (nonzero); 0, or -1 out of memory. */
static int key_set_add(key_set *ks, uint64_t h)
{
    if (2 * (ks->n + 1) > ks->cap) {
        size_t nc = ks->cap ? 2 * ks->cap : 64;
        uint64_t *t = calloc(nc, sizeof *t);
        if (!t)
            return -1;
        for (size_t i = 0; i < ks->cap; i++)
            if (ks->h[i])
                for (size_t j = ks->h[i] & (nc - 1);; j = (j + 1) & (nc - 1))
                    if (!t[j]) {
                        t[j] = ks->h[i];
                        break;
                    }
        free(ks->h);
        ks->h = t;
        ks->cap = nc;
    }
    for (size_t j = h & (ks->cap - 1);; j = (j + 1) & (ks->cap - 1)) {
        if (ks->h[j] == h)
            return 0;
        if (!ks->h[j]) {
            ks->h[j] = h;
            ks->n++;
            return 0;
        }
    }
}

double rmi_gml_max_cells(long long bytes)
{
    double by_size = (double)bytes / 4; /* a key-value pair takes at least 4 bytes ("w 1 ") */
    return by_size > RMI_GML_MIN_CELLS ? by_size : RMI_GML_MIN_CELLS;
}

/* Next token: '[' or ']' (returned), a word or a string (W or S, text in
 * buf, truncated; *len its full length, *hash the FNV-1a hash of its full
 * text, never 0), EOF. */
static int next_token(FILE *f, long *line, char *buf, size_t n, size_t *len, uint64_t *hash)
{
    int c, bol = 0;
    for (;;) {
        c = getc_unlocked(f);
        if (c == EOF)
            return EOF;
        if (c == '\n') {
            (*line)++;
            bol = 1;
            continue;
        }
        if (c == '#' && (bol || *line == 1)) { /* comment line (igraph: '#' at line start) */
            while ((c = getc_unlocked(f)) != EOF && c != '\n')
                ;
            if (c == '\n')
                (*line)++;
            bol = 1;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r') {
            continue;
        }
        break;
    }
    if (c == '[' || c == ']')
        return c;
    size_t k = 0, all = 0;
    uint64_t h = 14695981039346656037ULL;
    if (c == '"') {
        while ((c = getc_unlocked(f)) != EOF && c != '"') {
            if (c == '\n')
                (*line)++;
            if (k + 1 < n)
                buf[k++] = (char)c;
            all++;
        }
        buf[k] = '\0';
        *len = all;
        return 'S';
    }
    do {
        if (k + 1 < n)
            buf[k++] = (char)c;
        all++;
        h = (h ^ (unsigned char)c) * 1099511628211ULL;
        c = getc_unlocked(f);
    } while (c != EOF && c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '[' &&
             c != ']' && c != '"');
    if (c != EOF)
        ungetc(c, f);
    buf[k] = '\0';
    *len = all;
    *hash = h ? h : 1;
    return 'W';
}

/* A node id (or an edge's source or target) written as an integer beyond
 * the 32-bit range igraph's GML reader takes: its message ("Non-integer
 * node id") would say the opposite of what is wrong. */
static rm_status check_id(const char *path, long line, const char *block, const char *key,
                          const char *tok, rm_error *err)
{
    int node = !strcmp(block, "node") && !strcmp(key, "id");
    int edge = !strcmp(block, "edge") && (!strcmp(key, "source") || !strcmp(key, "target"));
    if (!node && !edge)
        return RM_OK;
    const char *p = tok + (*tok == '-' || *tok == '+');
    if (!*p || strspn(p, "0123456789") != strlen(p))
        return RM_OK; /* not an integer: igraph's message */
    errno = 0;
    long long v = strtoll(tok, NULL, 10);
    if (errno != ERANGE && v >= INT32_MIN && v <= INT32_MAX)
        return RM_OK;
    return rm_error_set(err, RM_EINPUT,
                        "%s: line %ld: %s %s %.40s%s is out of the range of GML ids (igraph reads "
                        "ids from -2147483648 to 2147483647)",
                        path, line, node ? "node" : "edge", node ? "id" : key, tok,
                        strlen(tok) > 40 ? "..." : "");
}

static rm_status too_long(const char *path, long line, int t, rm_error *err)
{
    return rm_error_set(err, RM_EINPUT,
                        "%s: line %ld: a %s of more than %d bytes (a label or value is at most "
                        "%d bytes)",
                        path, line, t == 'S' ? "string" : "word", RMI_GML_MAX_TOKEN,
                        RMI_GML_MAX_TOKEN);
}

rm_status rmi_gml_scan(FILE *f, const char *path, const rm_read_options *ro, rm_error *err)
{
    scan_block *stack = malloc(sizeof(scan_block) * (MAX_DEPTH + 1));
    if (!stack)
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
    int depth = 0, deep = 0, n_graphs = 0, warned = 0, done = 0;
    long line = 1, start;
    char tok[256], key[KEY_LEN] = "";
    int want_key = 1;
    rm_status st = RM_OK;
    stack[0].key[0] = '\0';
    stack[0].n_keys = 0;
    /* igraph's attribute values: distinct keys of the nodes (edges) x nodes (edges) */
    key_set keys[2] = {{NULL, 0, 0}, {NULL, 0, 0}};
    double elems[2] = {0, 0};
    for (;;) {
        size_t len = 0;
        uint64_t hash = 0;
        start = line;
        int t = next_token(f, &line, tok, sizeof tok, &len, &hash);
        if (t == EOF)
            break;
        if (len > RMI_GML_MAX_TOKEN) {
            st = too_long(path, start, t, err);
            break;
        }
        if (done)
            continue; /* the structure is left to igraph; the tokens' lengths are still checked */
        if (want_key) {
            if (t == ']') {
                if (deep) {
                    deep--;
                    continue;
                }
                if (depth == 0) {
                    done = 1; /* unbalanced: igraph says so */
                    continue;
                }
                depth--;
                continue;
            }
            if (t != 'W') {
                done = 1; /* not a key: igraph says so */
                continue;
            }
            if (deep) {
                want_key = 0;
                key[0] = '\0';
                continue;
            }
            int kind = depth == 2 && !strcmp(stack[1].key, "graph")
                           ? !strcmp(stack[2].key, "node") ? 0 : !strcmp(stack[2].key, "edge") ? 1 : -1
                           : -1;
            if (kind >= 0 && key_set_add(&keys[kind], hash)) {
                st = rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
                break;
            }
            tok[KEY_LEN - 1] = '\0'; /* keys are short words; a longer one is only truncated here */
            memcpy(key, tok, KEY_LEN);
            scan_block *b = &stack[depth];
            for (int i = 0; i < b->n_keys && !warned; i++)
                if (!strcmp(b->keys[i], key) && strcmp(key, "node") && strcmp(key, "edge") &&
                    strcmp(key, "graph")) {
                    warned = 1;
                    char msg[512];
                    snprintf(msg, sizeof msg,
                             "%s: line %ld: %s: key '%s' given twice (first at line %ld); "
                             "the last value is used",
                             path, line, b->key[0] ? b->key : "top level", key, b->key_line[i]);
                    rmi_read_warn(ro, msg); /* the callback or stderr (topo/io/warn.h) */
                }
            if (b->n_keys < MAX_KEYS) {
                snprintf(b->keys[b->n_keys], KEY_LEN, "%s", key);
                b->key_line[b->n_keys++] = line;
            }
            if (depth == 0 && !strcmp(key, "graph") && ++n_graphs > 1) {
                st = rm_error_set(err, RM_EINPUT,
                                  "%s: line %ld: a second 'graph': one platform per file (igraph "
                                  "would read the first only)",
                                  path, line);
                break;
            }
            want_key = 0;
            continue;
        }
        want_key = 1;
        if (t == 'W' && !deep && depth == 2 && (st = check_id(path, start, stack[2].key, key, tok, err)))
            break;
        if (t == 'S' && !deep && is_platform_key(stack[depth].key, key) && strcmp(key, "label") &&
            tok[strspn(tok, " \t\r\n")] == '\0') {
            /* igraph stores "" as it stores an absent value: `w ""` made a router */
            st = rm_error_set(err, RM_EINPUT, "%s: line %ld: %s key '%s' is an empty string; "
                                              "expected a number",
                              path, line, stack[depth].key, key);
            break;
        }
        if (t == '[' && deep) {
            deep++;
        } else if (t == '[') {
            if (is_platform_key(stack[depth].key, key)) {
                st = rm_error_set(err, RM_EINPUT,
                                  "%s: line %ld: %s key '%s' is a list; expected a %s", path, line,
                                  stack[depth].key, key,
                                  !strcmp(key, "label") ? "string" : "number");
                break;
            }
            if (depth >= MAX_DEPTH) {
                deep = 1; /* deeper than any platform: skipped, igraph's limits apply */
                continue;
            }
            if (depth == 1 && !strcmp(stack[1].key, "graph") &&
                (!strcmp(key, "node") || !strcmp(key, "edge")))
                elems[key[0] == 'e']++;
            depth++;
            snprintf(stack[depth].key, KEY_LEN, "%s", key);
            stack[depth].n_keys = 0;
        } else if (t == ']') {
            done = 1; /* a key without value: igraph says so */
        }
    }
    free(stack);
    free(keys[0].h);
    free(keys[1].h);
    if (st)
        return st;
    double cells = (double)keys[0].n * elems[0] + (double)keys[1].n * elems[1];
    long long bytes = ftell(f);
    if (cells > rmi_gml_max_cells(bytes))
        return rm_error_set(err, RM_ELIMIT,
                            "%s: %zu distinct node keys over %.0f nodes and %zu distinct edge "
                            "keys over %.0f edges: %.0f attribute values for igraph, more than "
                            "the limit of %.0f (the larger of 2^20 and a quarter of the file's "
                            "bytes)",
                            path, keys[0].n, elems[0], keys[1].n, elems[1], cells,
                            rmi_gml_max_cells(bytes));
    return RM_OK;
}
