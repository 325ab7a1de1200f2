/*
 * formats.c — the platform format table (topo/io/formats.def) and the reading
 * of a platform through it: rm_platform_read (the format from the file's
 * extension) and rm_platform_read_format (the format by name), with the
 * lists of their messages made from the table. The readers are called from
 * here only; they build their platforms with topo/platform.c.
 */
#include "topo/io/formats.h"
#include "topo/io/readers.h"
#include "topo/input_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct format_entry {
    rm_platform_format info;
    rmi_platform_reader read;
} format_entry;

static const format_entry formats[] = {
#define RM_FORMAT(name, extensions, description, reader, needs_speeds)                         \
    {{name, extensions, description, needs_speeds}, reader},
#include "topo/io/formats.def"
#undef RM_FORMAT
};

#define N_FORMATS ((int)(sizeof formats / sizeof formats[0]))

const rm_platform_format *rm_platform_format_at(int i)
{
    return i >= 0 && i < N_FORMATS ? &formats[i].info : NULL;
}

/* The entry named name, or NULL. */
static const format_entry *entry_named(const char *name)
{
    for (int i = 0; name && i < N_FORMATS; i++)
        if (!strcmp(formats[i].info.name, name))
            return &formats[i];
    return NULL;
}

const rm_platform_format *rm_platform_format_find(const char *name)
{
    const format_entry *f = entry_named(name);
    return f ? &f->info : NULL;
}

/* Case-insensitive test that path ends with the n bytes of ext (".gml"). */
static int has_ext(const char *path, const char *ext, size_t k)
{
    size_t n = strlen(path);
    if (n < k)
        return 0;
    for (size_t i = 0; i < k; i++) {
        char c = path[n - k + i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c != ext[i])
            return 0;
    }
    return 1;
}

/* The entry whose extensions (space-separated) path ends with; with
 * one_file, only formats read from one file. NULL if none. */
static const format_entry *entry_of_path(const char *path, int one_file)
{
    for (int i = 0; i < N_FORMATS; i++) {
        if (one_file && formats[i].info.needs_speeds)
            continue;
        for (const char *e = formats[i].info.extensions; *e;) {
            size_t k = strcspn(e, " ");
            if (k > 0 && has_ext(path, e, k))
                return &formats[i];
            e += k;
            e += strspn(e, " ");
        }
    }
    return NULL;
}

const rm_platform_format *rm_platform_format_of_path(const char *path)
{
    const format_entry *f = path ? entry_of_path(path, 0) : NULL;
    return f ? &f->info : NULL;
}

/* Append s to buf (size cap), truncating. */
static void append(char *buf, size_t cap, const char *s)
{
    size_t n = strlen(buf);
    if (n + 1 < cap)
        snprintf(buf + n, cap - n, "%s", s);
}

/* "a, b or c" from the table: the extensions of the formats read from one
 * file, each with its description in parentheses (exts = 1), or the names of
 * all formats (exts = 0). */
static void format_list(char *buf, size_t cap, int exts)
{
    const char *item[32];
    const char *desc[32];
    size_t len[32];
    int n = 0;
    buf[0] = '\0';
    for (int i = 0; i < N_FORMATS && n < 32; i++) {
        const rm_platform_format *f = &formats[i].info;
        if (!exts) {
            item[n] = f->name;
            len[n] = strlen(f->name);
            desc[n++] = "";
            continue;
        }
        if (f->needs_speeds)
            continue;
        for (const char *e = f->extensions; *e && n < 32;) {
            size_t k = strcspn(e, " ");
            if (k > 0) {
                item[n] = e;
                len[n] = k;
                desc[n++] = f->description;
            }
            e += k;
            e += strspn(e, " ");
        }
    }
    for (int k = 0; k < n; k++) {
        char one[128];
        snprintf(one, sizeof one, "%s%.*s%s%s%s", k == 0 ? "" : k == n - 1 ? " or " : ", ",
                 (int)len[k], item[k], *desc[k] ? " (" : "", desc[k], *desc[k] ? ")" : "");
        append(buf, cap, one);
    }
}

rm_status rm_platform_read(const char *path, const rm_read_options *ro, rm_platform **out,
                           rm_error *err)
{
    if (out)
        *out = NULL;
    if (!path || !out)
        return rm_error_set(err, RM_EINVAL, "rm_platform_read: %s is NULL", !path ? "path" : "out");
    const format_entry *f = entry_of_path(path, 1);
    if (!f) {
        char list[512];
        format_list(list, sizeof list, 1);
        return rm_error_set(err, RM_EINPUT, "%s: unknown platform format (expected %s)", path,
                            list);
    }
    rm_status st = rmi_input_check(path, err); /* regular file, size limit (topo/input_file.h) */
    if (st)
        return st;
    return f->read(path, ro, out, err);
}

rm_status rm_platform_read_format(const char *path, const char *format,
                                  const rm_read_options *ro, rm_platform **out, rm_error *err)
{
    if (out)
        *out = NULL;
    if (!path || !out)
        return rm_error_set(err, RM_EINVAL, "rm_platform_read_format: %s is NULL",
                            !path ? "path" : "out");
    if (!format)
        return rm_platform_read(path, ro, out, err);
    const format_entry *f = entry_named(format);
    if (!f) {
        char list[512];
        format_list(list, sizeof list, 0);
        return rm_error_set(err, RM_EINVAL,
                            "rm_platform_read_format: unknown format '%s' (expected %s)", format,
                            list);
    }
    if (!f->info.needs_speeds) { /* their readers refuse without looking at the file */
        rm_status st = rmi_input_check(path, err);
        if (st)
            return st;
    }
    return f->read(path, ro, out, err);
}

char *rmi_path_stem(const char *path)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    const char *dot = strrchr(b, '.');
    size_t n = dot && dot != b ? (size_t)(dot - b) : strlen(b);
    char *s = malloc(n + 1);
    if (s) {
        memcpy(s, b, n);
        s[n] = '\0';
    }
    return s;
}
