/*
 * outfile.c — the command's output files (cli/outfile.h): checks before any
 * computation, writing through a temporary file renamed at commit, write
 * errors reported (including those of fflush/fclose), nothing left behind
 * on failure.
 */
#ifndef _DEFAULT_SOURCE /* (smpicc defines it: ringmap-measure_smpi) */
#define _DEFAULT_SOURCE /* mkstemp, realpath, lstat, fchmod, sigaction */
#endif
#include "cli/outfile.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
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
    /* the temporary file goes beside the output: its directory must exist and be
       writable, or the output must be an existing non-regular file we can write */
    if (have && !S_ISREG(so.st_mode))
        return access(path, W_OK) == 0 ? -1 : (fprintf(stderr,
               "ringmap: %s: cannot open '%s' for writing: %s\n", what, path, strerror(errno)), 2);
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    const char *d = slash ? (slash == dir ? "/" : (*slash = '\0', dir)) : ".";
    if (access(d, W_OK | X_OK) != 0) {
        fprintf(stderr, "ringmap: %s: cannot open '%s' for writing: %s\n", what, path,
                strerror(errno));
        return 2;
    }
    return -1;
}

/* The file output path writes, as a string two spellings of one file share
 * (into key, size n): "-" and a path that is standard output's file are
 * "stdout"; an existing regular file its device and inode (hard links,
 * symlinks); a path that does not exist yet the real path of its directory
 * and its name ("a.json", "./a.json", "d/../a.json"), a dangling symlink
 * followed to the file it would create. 0: no key (another kind of file,
 * /dev/null: outputs may share it). */
static int out_key(const char *path, char *key, size_t n)
{
    struct stat so, s1;
    int out_ok = fstat(1, &s1) == 0;
    if (!strcmp(path, "-")) {
        snprintf(key, n, "stdout");
        return 1;
    }
    if (stat(path, &so) == 0) {
        if (out_ok && so.st_dev == s1.st_dev && so.st_ino == s1.st_ino &&
            (S_ISREG(so.st_mode) || S_ISFIFO(so.st_mode) || S_ISCHR(so.st_mode)) &&
            !(S_ISCHR(so.st_mode) && strcmp(path, "/dev/stdout") && strncmp(path, "/proc/", 6) &&
              strncmp(path, "/dev/fd/", 8))) {
            snprintf(key, n, "stdout");
            return 1;
        }
        if (!S_ISREG(so.st_mode))
            return 0;
        snprintf(key, n, "i:%llu:%llu", (unsigned long long)so.st_dev,
                 (unsigned long long)so.st_ino);
        return 1;
    }
    /* not there yet: follow dangling symlinks, then the directory's real path */
    char cur[PATH_MAX];
    if (snprintf(cur, sizeof cur, "%s", path) >= (int)sizeof cur)
        return 0;
    for (int hop = 0; hop < 40; hop++) {
        struct stat sl;
        if (lstat(cur, &sl) != 0 || !S_ISLNK(sl.st_mode))
            break;
        char link[PATH_MAX];
        ssize_t k = readlink(cur, link, sizeof link - 1);
        if (k <= 0)
            break;
        link[k] = '\0';
        if (link[0] == '/')
            snprintf(cur, sizeof cur, "%s", link);
        else {
            char *slash = strrchr(cur, '/');
            char dir[PATH_MAX];
            if (slash) {
                size_t dl = (size_t)(slash - cur);
                memcpy(dir, cur, dl);
                dir[dl] = '\0';
            } else
                snprintf(dir, sizeof dir, ".");
            if (snprintf(cur, sizeof cur, "%s/%s", dir, link) >= (int)sizeof cur)
                return 0;
        }
    }
    char dir[PATH_MAX], real[PATH_MAX];
    const char *slash = strrchr(cur, '/');
    const char *leaf = slash ? slash + 1 : cur;
    if (slash) {
        size_t dl = slash == cur ? 1 : (size_t)(slash - cur);
        memcpy(dir, cur, dl);
        dir[dl] = '\0';
    } else
        snprintf(dir, sizeof dir, ".");
    const char *d = realpath(dir, real) ? real : NULL; /* missing: opening will say so */
    size_t ld = d ? strlen(d) : 0, ll = strlen(d ? leaf : cur);
    if (ld + ll + 4 > n)
        return 0;
    memcpy(key, "p:", 2);
    if (d) {
        memcpy(key + 2, d, ld);
        key[2 + ld] = '/';
        memcpy(key + 3 + ld, leaf, ll + 1);
    } else
        memcpy(key + 2, cur, ll + 1);
    return 1;
}

int rmi_out_check_distinct(const char *const *whats, const char *const *paths, int n)
{
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            if (!paths[i] || !paths[j])
                continue;
            char ki[2 * PATH_MAX + 8], kj[2 * PATH_MAX + 8];
            if (!out_key(paths[i], ki, sizeof ki) || !out_key(paths[j], kj, sizeof kj) ||
                strcmp(ki, kj) != 0)
                continue;
            if (!strcmp(ki, "stdout"))
                fprintf(stderr,
                        "ringmap: %s and %s: both write to standard output ('%s', '%s'): give "
                        "one of them a file\n",
                        whats[i], whats[j], paths[i], paths[j]);
            else if (!strcmp(paths[i], paths[j]))
                fprintf(stderr, "ringmap: %s and %s: both write '%s'\n", whats[i], whats[j],
                        paths[i]);
            else
                fprintf(stderr, "ringmap: %s and %s: both write one file ('%s' and '%s')\n",
                        whats[i], whats[j], paths[i], paths[j]);
            return 2;
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

/* The temporary files being written, removed when SIGINT, SIGTERM or
 * SIGHUP ends the command (nothing named .ringmap-tmp-* left behind); then
 * the signal's default action. Names copied into fixed slots, so that the
 * handler only reads memory the main program never frees, and unlink is
 * async-signal-safe. */
#define LIVE_MAX 16
static char live_name[LIVE_MAX][PATH_MAX];
static volatile sig_atomic_t live_on[LIVE_MAX];

static void on_signal(int sig)
{
    for (int k = 0; k < LIVE_MAX; k++)
        if (live_on[k])
            unlink(live_name[k]);
    signal(sig, SIG_DFL);
    raise(sig);
}

static const int live_sigs[] = {SIGINT, SIGTERM, SIGHUP};

/* The handler, installed once, before the first temporary file exists (a
 * signal between creating a file and installing the handler left it). */
static void live_install(void)
{
    static int installed;
    if (installed)
        return;
    installed = 1;
    for (size_t i = 0; i < sizeof live_sigs / sizeof live_sigs[0]; i++) {
        struct sigaction old;
        if (sigaction(live_sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_DFL) {
            struct sigaction sa;
            memset(&sa, 0, sizeof sa);
            sa.sa_handler = on_signal;
            sigemptyset(&sa.sa_mask);
            sigaction(live_sigs[i], &sa, NULL);
        }
    }
}

static void live_add(const char *name)
{
    if (strlen(name) >= PATH_MAX)
        return;
    for (int k = 0; k < LIVE_MAX; k++)
        if (!live_on[k]) {
            memcpy(live_name[k], name, strlen(name) + 1);
            live_on[k] = 1;
            return;
        }
}

static void live_remove(const char *name)
{
    for (int k = 0; k < LIVE_MAX; k++)
        if (live_on[k] && !strcmp(live_name[k], name))
            live_on[k] = 0;
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
    /* the file is created and registered with the signals blocked: a
     * signal in between is delivered after, and its handler removes it */
    live_install();
    sigset_t block, prev;
    sigemptyset(&block);
    for (size_t i = 0; i < sizeof live_sigs / sizeof live_sigs[0]; i++)
        sigaddset(&block, live_sigs[i]);
    sigprocmask(SIG_BLOCK, &block, &prev);
    int fd = mkstemp(o->tmp);
    int e_mk = errno;
    if (fd >= 0)
        live_add(o->tmp);
    sigprocmask(SIG_SETMASK, &prev, NULL);
    errno = e_mk;
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

/* The outputs of a batch (rmi_out_batch_begin): written and closed, their
 * temporary files renamed over their targets only at rmi_out_batch_end. */
typedef struct pending {
    char *tmp, *target;
    const char *what, *path;
} pending;
static int batch_on;
static pending *batch;
static int batch_n, batch_cap;

void rmi_out_batch_begin(void)
{
    batch_on = 1;
}

/* Keep o's temporary file for rmi_out_batch_end. 0, or -1 (out of memory). */
static int batch_keep(rm_out *o)
{
    if (batch_n == batch_cap) {
        int nc = batch_cap ? 2 * batch_cap : 8;
        pending *b = realloc(batch, (size_t)nc * sizeof *b);
        if (!b)
            return -1;
        batch = b;
        batch_cap = nc;
    }
    batch[batch_n++] = (pending){o->tmp, o->target, o->what, o->path};
    o->tmp = NULL;
    o->target = NULL;
    return 0;
}

const char *rmi_out_written_path(const char *path)
{
    for (int i = batch_n - 1; i >= 0; i--)
        if (!strcmp(batch[i].path, path))
            return batch[i].tmp;
    return path;
}

int rmi_out_batch_end(int ok)
{
    int rc = 0;
    for (int i = 0; i < batch_n; i++) {
        pending *b = &batch[i];
        if (ok && !rc && rename(b->tmp, b->target) != 0) {
            fprintf(stderr, "ringmap: %s: cannot write '%s': %s\n", b->what, shown(b->path),
                    strerror(errno));
            rc = 1;
        }
        if (!ok || rc)
            unlink(b->tmp);
        live_remove(b->tmp);
        free(b->tmp);
        free(b->target);
    }
    free(batch);
    batch = NULL;
    batch_n = batch_cap = 0;
    batch_on = 0;
    return rc;
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
        else if (batch_on)
            e = batch_keep(o) ? ENOMEM : 0;
        else if (rename(o->tmp, o->target) != 0)
            e = errno ? errno : EIO;
        else {
            live_remove(o->tmp);
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
        live_remove(o->tmp);
        free(o->tmp);
        o->tmp = NULL;
    }
    free(o->target);
    o->target = NULL;
}

int rmi_out_write(const char *what, const char *path, rm_out_writer write, const void *ctx,
                  int (*fail)(const rm_error *err))
{
    rm_out o;
    int code = rmi_out_open(&o, what, path);
    if (code >= 0)
        return code;
    rm_error err = {RM_OK, ""};
    if (write(o.f, ctx, &err)) {
        rmi_out_abort(&o);
        return err.status != RM_OK ? fail(&err) : 1;
    }
    return rmi_out_commit(&o);
}
