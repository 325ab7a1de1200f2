/*
 * gml_scan.c — a structural pass over a GML platform before igraph reads it
 * (hardening, silent wrong readings: igraph silently ignores what it cannot store, so the
 * platform would differ from the file):
 *  - a second top-level `graph` (igraph reads the first only): error;
 *  - a platform key of a node (id, label, w, speed) or an edge (source,
 *    target, bandwidth, LinkSpeedRaw, latency, backbone) whose value is a
 *    list, e.g. `w [ x 1 ]` (igraph drops composite attributes: the host
 *    became a router): error;
 *  - a key given twice in one block (igraph keeps the last value): a warning
 *    through rm_read_options.warn, one per file.
 * Tokens as igraph's GML lexer: '#' comment lines, "..." strings, [ ]. A
 * file igraph would refuse anyway (a key that is not a word, unbalanced
 * brackets) is left to igraph's own message. O(size of the file) time,
 * O(depth) memory (nesting capped at 64: deeper files are left to igraph).
 */
#define _POSIX_C_SOURCE 200809L /* getc_unlocked */
#include "topo/io/gml_scan.h"
#include "topo/io/warn.h"

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

/* Next token: '[' or ']' (returned), a word or a string (W or S, text in
 * buf, truncated), EOF. */
static int next_token(FILE *f, long *line, char *buf, size_t n)
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
    size_t k = 0;
    if (c == '"') {
        while ((c = getc_unlocked(f)) != EOF && c != '"') {
            if (c == '\n')
                (*line)++;
            if (k + 1 < n)
                buf[k++] = (char)c;
        }
        buf[k] = '\0';
        return 'S';
    }
    do {
        if (k + 1 < n)
            buf[k++] = (char)c;
        c = getc_unlocked(f);
    } while (c != EOF && c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '[' &&
             c != ']' && c != '"');
    if (c != EOF)
        ungetc(c, f);
    buf[k] = '\0';
    return 'W';
}

rm_status rmi_gml_scan(FILE *f, const char *path, const rm_read_options *ro, rm_error *err)
{
    scan_block *stack = malloc(sizeof(scan_block) * (MAX_DEPTH + 1));
    if (!stack)
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
    int depth = 0, n_graphs = 0, warned = 0;
    long line = 1;
    char tok[256], key[KEY_LEN] = "";
    int want_key = 1;
    rm_status st = RM_OK;
    stack[0].key[0] = '\0';
    stack[0].n_keys = 0;
    for (;;) {
        int t = next_token(f, &line, tok, sizeof tok);
        if (t == EOF)
            break;
        if (want_key) {
            if (t == ']') {
                if (depth == 0)
                    break; /* unbalanced: igraph says so */
                depth--;
                continue;
            }
            if (t != 'W')
                break; /* not a key: igraph says so */
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
        if (t == '[') {
            if (is_platform_key(stack[depth].key, key)) {
                st = rm_error_set(err, RM_EINPUT,
                                  "%s: line %ld: %s key '%s' is a list; expected a %s", path, line,
                                  stack[depth].key, key,
                                  !strcmp(key, "label") ? "string" : "number");
                break;
            }
            if (depth >= MAX_DEPTH)
                break; /* deeper than any platform: igraph's limits apply */
            depth++;
            snprintf(stack[depth].key, KEY_LEN, "%s", key);
            stack[depth].n_keys = 0;
        } else if (t == ']') {
            break; /* a key without value: igraph says so */
        }
    }
    free(stack);
    return st;
}
