/* launch_tmpout.c — temporary file + rename for the launch outputs of
 * `ringmap map` (cli/launch_tmpout.h). */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen, fsync, fchmod */
#include "cli/launch_tmpout.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int rm_tmpout_check(const char *what, const char *path, const char *input)
{
    if (strcmp(path, "-") == 0)
        return -1;
    for (const char *c = path; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f) {
            fprintf(stderr, "ringmap: %s: the file name has a control character\n", what);
            return 2;
        }
    struct stat so, si;
    int have_out = stat(path, &so) == 0;
    if (have_out && S_ISDIR(so.st_mode)) {
        fprintf(stderr, "ringmap: %s: '%s' is a directory\n", what, path);
        return 2;
    }
    if (input && (strcmp(path, input) == 0 ||
                  (have_out && stat(input, &si) == 0 && si.st_dev == so.st_dev &&
                   si.st_ino == so.st_ino))) {
        fprintf(stderr, "ringmap: %s: '%s' is the input platform file, it would be overwritten\n",
                what, path);
        return 2;
    }
    /* the temporary file is made in the output's directory: it must be there
       and writable (else the run would fail only after the computation) */
    char *dir = strdup(path);
    if (!dir) {
        fprintf(stderr, "ringmap: %s: out of memory\n", what);
        return 1;
    }
    char *slash = strrchr(dir, '/');
    const char *d = slash ? (slash == dir ? "/" : (*slash = '\0', dir)) : ".";
    int ok = have_out && !S_ISREG(so.st_mode) ? access(path, W_OK) == 0 : access(d, W_OK | X_OK) == 0;
    int e = errno;
    free(dir);
    if (!ok) {
        fprintf(stderr, "ringmap: %s: cannot open '%s' for writing: %s\n", what, path, strerror(e));
        return 2;
    }
    return -1;
}

int rm_tmpout_open(rm_tmpout *o, const char *what, const char *path)
{
    memset(o, 0, sizeof *o);
    o->what = what;
    o->path = path;
    if (strcmp(path, "-") == 0) {
        o->f = stdout;
        return -1;
    }
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        o->f = fopen(path, "w"); /* /dev/null, a FIFO: written directly */
        if (!o->f)
            goto fail;
        return -1;
    }
    size_t n = strlen(path);
    o->tmp = malloc(n + 16);
    if (!o->tmp) {
        fprintf(stderr, "ringmap: %s: out of memory\n", what);
        return 1;
    }
    memcpy(o->tmp, path, n);
    memcpy(o->tmp + n, ".tmp.XXXXXX", 12);
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        free(o->tmp);
        o->tmp = NULL;
        goto fail;
    }
    mode_t um = umask(0);
    umask(um);
    (void)fchmod(fd, 0666 & ~um); /* mkstemp's 0600 would survive the rename */
    o->f = fdopen(fd, "w");
    if (!o->f) {
        int e = errno;
        close(fd);
        unlink(o->tmp);
        free(o->tmp);
        o->tmp = NULL;
        errno = e;
        goto fail;
    }
    return -1;
fail:
    fprintf(stderr, "ringmap: %s: cannot open '%s' for writing: %s\n", what, path,
            strerror(errno));
    return 2;
}

int rm_tmpout_commit(rm_tmpout *o)
{
    if (!o->f)
        return 0;
    int bad = ferror(o->f) != 0;
    if (o->f == stdout) {
        bad |= fflush(stdout) != 0;
        o->f = NULL;
        if (bad)
            fprintf(stderr, "ringmap: %s: cannot write to standard output\n", o->what);
        return bad;
    }
    bad |= fflush(o->f) != 0;
    if (!bad && o->tmp)
        bad |= fsync(fileno(o->f)) != 0;
    int e = errno;
    bad |= fclose(o->f) != 0;
    o->f = NULL;
    if (!bad && o->tmp && rename(o->tmp, o->path) != 0) {
        e = errno;
        bad = 1;
    }
    if (bad) {
        fprintf(stderr, "ringmap: %s: cannot write '%s': %s\n", o->what, o->path, strerror(e));
        if (o->tmp)
            unlink(o->tmp);
    }
    free(o->tmp);
    o->tmp = NULL;
    return bad;
}

void rm_tmpout_abort(rm_tmpout *o)
{
    if (o->f && o->f != stdout)
        fclose(o->f);
    o->f = NULL;
    if (o->tmp) {
        unlink(o->tmp);
        free(o->tmp);
        o->tmp = NULL;
    }
}
