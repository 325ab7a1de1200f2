/*
 * outfile.c — the command's output files (cli/outfile.h): checks before any
 * computation, writing through a temporary file renamed at commit, write
 * errors reported (including those of fflush/fclose), nothing left behind
 * on failure.
 */
#ifndef _DEFAULT_SOURCE /* (smpicc defines it: ringmap-measure_smpi) */
#define _DEFAULT_SOURCE /* mkstemp, realpath, lstat, fchmod */
#endif
#include "cli/outfile.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *shown(const char *path)
{
    return strcmp(path, "-") == 0 ? "standard output" : path;
}

int rmi_out_check(const char *what, const char *path, const char *const *inputs, int n)
{
    if (!path || strcmp(path, "-") == 0)
        return -1;
    for (const unsigned char *c = (const unsigned char *)path; *c; c++)
        if (*c < 0x20 || *c == 0x7f) {
            fprintf(stderr, "ringmap: %s: the file name contains a control character\n", what);
            return 2;
        }
    /* a name the file system cannot hold: bad input now, not a failed
       rename (exit 1) after the computation */
    const char *leaf = strrchr(path, '/');
    leaf = leaf ? leaf + 1 : path;
    if (strlen(path) >= PATH_MAX || strlen(leaf) > NAME_MAX) {
        fprintf(stderr, "ringmap: %s: cannot write '%s': file name too long\n", what, path);
        return 2;
    }
    struct stat so;
    int have = stat(path, &so) == 0;
    if (have && S_ISDIR(so.st_mode)) {
        fprintf(stderr, "ringmap: %s: '%s' is a directory\n", what, path);
        return 2;
    }
    for (int i = 0; i < n; i++) {
        struct stat si;
        if (!inputs[i])
            continue;
        if (strcmp(inputs[i], path) == 0 ||
            (have && stat(inputs[i], &si) == 0 && si.st_dev == so.st_dev && si.st_ino == so.st_ino &&
             S_ISREG(so.st_mode))) {
            fprintf(stderr,
                    "ringmap: %s: '%s' is the input file '%s'; refusing to overwrite it\n", what,
                    path, inputs[i]);
            return 2;
        }
    }
    return -1;
}

int rmi_out_check_distinct(const char *const *whats, const char *const *paths, int n)
{
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            if (!paths[i] || !paths[j] || !strcmp(paths[i], "-") || !strcmp(paths[j], "-"))
                continue;
            struct stat a, b;
            int same = strcmp(paths[i], paths[j]) == 0 ||
                       (stat(paths[i], &a) == 0 && stat(paths[j], &b) == 0 && S_ISREG(a.st_mode) &&
                        a.st_dev == b.st_dev && a.st_ino == b.st_ino);
            if (same) {
                fprintf(stderr, "ringmap: %s and %s: both write '%s'\n", whats[i], whats[j],
                        paths[i]);
                return 2;
            }
        }
    return -1;
}

int rmi_out_check_all(const char *const *inputs, int n_in, const char *const *whats,
                     const char *const *paths, int n_out)
{
    for (int i = 0; i < n_out; i++) {
        int code = rmi_out_check(whats[i], paths[i], inputs, n_in);
        if (code >= 0)
            return code;
    }
    return rmi_out_check_distinct(whats, paths, n_out);
}

char *rmi_cli_safe_arg(const char *path)
{
    size_t n = strlen(path);
    char *s = malloc(n + 3);
    if (!s)
        return NULL;
    if (path[0] == '-') {
        memcpy(s, "./", 2);
        memcpy(s + 2, path, n + 1);
    } else
        memcpy(s, path, n + 1);
    return s;
}

/* Where o writes: o->target (the regular file renamed over, a symlink's
 * target resolved) or direct (standard output, a non-regular file, a
 * dangling symlink). *mode: the mode the new file gets. Returns 0, or -1
 * (out of memory). */
static int resolve(rm_out *o, int *direct, mode_t *mode)
{
    mode_t um = umask(0);
    umask(um);
    *mode = 0666 & ~um;
    *direct = 0;
    if (o->is_stdout) {
        *direct = 1;
        return 0;
    }
    struct stat ls, st;
    int have_l = lstat(o->path, &ls) == 0;
    int have = stat(o->path, &st) == 0;
    if (have && !S_ISREG(st.st_mode)) {
        *direct = 1;
        return 0;
    }
    if (have_l && !have) { /* dangling symlink: let fopen create its target */
        *direct = 1;
        return 0;
    }
    if (have)
        *mode = st.st_mode & 07777;
    if (have_l && S_ISLNK(ls.st_mode)) {
        o->target = realpath(o->path, NULL);
        if (!o->target) {
            *direct = 1;
            return 0;
        }
    } else {
        o->target = strdup(o->path);
        if (!o->target)
            return -1;
    }
    return 0;
}

/* A new temporary file in the directory of target (target NULL: in TMPDIR);
 * its name starts with '/' or "./". Returns the fd (or -1, errno set). */
static int make_temp(rm_out *o, const char *target)
{
    const char *dir = NULL;
    size_t dlen = 0;
    const char *pre = "";
    if (!target) {
        dir = getenv("TMPDIR");
        if (!dir || dir[0] != '/')
            dir = "/tmp";
        dlen = strlen(dir);
    } else {
        const char *slash = strrchr(target, '/');
        if (!slash) {
            dir = ".";
            dlen = 1;
        } else {
            dir = target;
            dlen = slash == target ? 1 : (size_t)(slash - target);
        }
        if (dir[0] != '/' && !(dlen == 1 && dir[0] == '.'))
            pre = "./"; /* "./-dir/..." cannot be taken for an option */
    }
    static const char name[] = "/.ringmap-tmp-XXXXXX";
    o->tmp = malloc(strlen(pre) + dlen + sizeof name);
    if (!o->tmp) {
        errno = ENOMEM;
        return -1;
    }
    sprintf(o->tmp, "%s%.*s%s", pre, (int)dlen, dir, dlen == 1 && dir[0] == '/' ? name + 1 : name);
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        int e = errno;
        free(o->tmp);
        o->tmp = NULL;
        errno = e;
    }
    return fd;
}

static int open_common(rm_out *o, const char *what, const char *path, int tool)
{
    memset(o, 0, sizeof *o);
    o->what = what;
    o->path = path;
    o->is_stdout = strcmp(path, "-") == 0;
    int direct;
    mode_t mode;
    if (resolve(o, &direct, &mode)) {
        fprintf(stderr, "ringmap: %s: out of memory\n", what);
        rmi_out_abort(o);
        return 1;
    }
    if (direct && !tool) {
        o->f = o->is_stdout ? stdout : fopen(path, "w");
        if (!o->f) {
            fprintf(stderr, "ringmap: %s: cannot open '%s' for writing: %s\n", what, path,
                    strerror(errno));
            rmi_out_abort(o);
            return 2;
        }
        return -1;
    }
    o->copy = direct;
    int fd = make_temp(o, direct ? NULL : o->target);
    if (fd < 0) {
        fprintf(stderr,
                "ringmap: %s: cannot open '%s' for writing: cannot create a temporary file "
                "beside it: %s\n",
                what, shown(path), strerror(errno));
        rmi_out_abort(o);
        return 2;
    }
    if (!direct)
        (void)fchmod(fd, mode);
    if (tool) {
        close(fd);
        return -1;
    }
    o->f = fdopen(fd, "w");
    if (!o->f) {
        fprintf(stderr, "ringmap: %s: cannot open '%s' for writing: %s\n", what, path,
                strerror(errno));
        close(fd);
        rmi_out_abort(o);
        return 1;
    }
    return -1;
}

int rmi_out_open(rm_out *o, const char *what, const char *path)
{
    return open_common(o, what, path, 0);
}

int rmi_out_open_tool(rm_out *o, const char *what, const char *path)
{
    return open_common(o, what, path, 1);
}

const char *rmi_out_tool_path(const rm_out *o)
{
    return o->tmp;
}

/* Copy the tool's temporary file into the direct output; 0 or errno. */
static int copy_out(rm_out *o)
{
    FILE *in = fopen(o->tmp, "rb");
    if (!in)
        return errno ? errno : EIO;
    FILE *out = o->is_stdout ? stdout : fopen(o->path, "w");
    if (!out) {
        int e = errno;
        fclose(in);
        return e ? e : EIO;
    }
    char buf[65536];
    size_t n;
    int e = 0;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        if (fwrite(buf, 1, n, out) != n) {
            e = errno ? errno : EIO;
            break;
        }
    if (!e && ferror(in))
        e = EIO;
    fclose(in);
    errno = 0;
    if (fflush(out) != 0 && !e)
        e = errno ? errno : EIO;
    if (ferror(out) && !e)
        e = EIO;
    if (!o->is_stdout && fclose(out) != 0 && !e)
        e = errno ? errno : EIO;
    return e;
}

int rmi_out_commit(rm_out *o)
{
    int e = 0;
    if (o->f) {
        errno = 0;
        if (fflush(o->f) != 0)
            e = errno ? errno : EIO;
        if (ferror(o->f) && !e)
            e = EIO;
        if (o->f != stdout) {
            errno = 0;
            if (fclose(o->f) != 0 && !e)
                e = errno ? errno : EIO;
        }
        o->f = NULL;
    }
    if (!e && o->tmp) {
        if (o->copy)
            e = copy_out(o);
        else if (rename(o->tmp, o->target) != 0)
            e = errno ? errno : EIO;
        else {
            free(o->tmp);
            o->tmp = NULL;
        }
    }
    if (e)
        fprintf(stderr, "ringmap: %s: cannot write '%s': %s\n", o->what, shown(o->path),
                strerror(e));
    rmi_out_abort(o);
    return e ? 1 : 0;
}

void rmi_out_abort(rm_out *o)
{
    if (o->f && o->f != stdout)
        fclose(o->f);
    o->f = NULL;
    if (o->tmp) {
        unlink(o->tmp);
        free(o->tmp);
        o->tmp = NULL;
    }
    free(o->target);
    o->target = NULL;
}
