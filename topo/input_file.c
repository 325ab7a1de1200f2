/*
 * input_file.c — input files are regular files of bounded size, checked
 * before any parser sees them (topo/input_file.h).
 */
#define _POSIX_C_SOURCE 200809L /* fdopen, O_CLOEXEC */
#include "topo/input_file.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *kind(mode_t m)
{
    return S_ISDIR(m) ? "a directory" : S_ISFIFO(m) ? "a FIFO" : S_ISCHR(m) ? "a character device"
         : S_ISBLK(m) ? "a block device" : S_ISSOCK(m) ? "a socket" : "a special file";
}

static rm_status check_stat(const char *path, const struct stat *st, rm_error *err)
{
    if (!S_ISREG(st->st_mode))
        return rm_error_set(err, RM_EINPUT, "%s: not a regular file (%s)", path,
                            kind(st->st_mode));
    if ((long long)st->st_size > RM_INPUT_MAX_BYTES)
        return rm_error_set(err, RM_EINPUT,
                            "%s: %lld bytes, more than the limit of %lld MiB for an input file",
                            path, (long long)st->st_size, RM_INPUT_MAX_BYTES >> 20);
    return RM_OK;
}

rm_status rmi_input_check(const char *path, rm_error *err)
{
    if (!path)
        return rm_error_set(err, RM_EINPUT, "no input file given");
    struct stat st;
    if (stat(path, &st) != 0)
        return rm_error_set(err, RM_EINPUT, "%s: cannot open: %s", path, strerror(errno));
    return check_stat(path, &st, err);
}

FILE *rm_input_open(const char *path, rm_error *err)
{
    if (!path) {
        rm_error_set(err, RM_EINVAL, "rm_input_open: path is NULL");
        return NULL;
    }
    return rmi_input_fopen(path, err);
}

FILE *rmi_input_fopen(const char *path, rm_error *err)
{
    if (!path) {
        rm_error_set(err, RM_EINPUT, "no input file given");
        return NULL;
    }
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        rm_error_set(err, RM_EINPUT, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        rm_error_set(err, RM_EINPUT, "%s: cannot open: %s", path, strerror(errno));
        close(fd);
        return NULL;
    }
    if (check_stat(path, &st, err)) {
        close(fd);
        return NULL;
    }
    int fl = fcntl(fd, F_GETFL);
    if (fl != -1)
        (void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    FILE *f = fdopen(fd, "r");
    if (!f) {
        rm_error_set(err, errno == ENOMEM ? RM_ENOMEM : RM_EINPUT, "%s: cannot open: %s", path,
                     strerror(errno));
        close(fd);
    }
    return f;
}

long rmi_input_skip_bom(FILE *f)
{
    unsigned char b[3];
    if (fread(b, 1, 3, f) == 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF)
        return 3;
    clearerr(f);
    (void)fseek(f, 0, SEEK_SET);
    return 0;
}
