/*
 * fuzz_cli_common.h — what the two command targets (fuzz_cli.c, fuzz_stdin.c)
 * share: a private working directory, entered once and removed at exit, and
 * a full reset of getopt between runs of the command's option parser.
 */
#ifndef RM_FUZZ_CLI_COMMON_H
#define RM_FUZZ_CLI_COMMON_H

#define _GNU_SOURCE
#include <ftw.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* The process's private directory (mkdtemp), its working directory. */
static char work_dir[64];

static int fuzz_remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static void fuzz_remove_work_dir(void)
{
    nftw(work_dir, fuzz_remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* Make /tmp/ringmap-fuzz-TAG-XXXXXX, enter it, remove it at exit; aborts
 * (a harness failure, not a finding) when it cannot. */
static void fuzz_enter_work_dir(const char *tag)
{
    snprintf(work_dir, sizeof work_dir, "/tmp/ringmap-fuzz-%s-XXXXXX", tag);
    if (!mkdtemp(work_dir) || chdir(work_dir) != 0) {
        perror("fuzz: temporary directory");
        abort();
    }
    atexit(fuzz_remove_work_dir);
}

/* Reset getopt completely (glibc: optind = 0 re-initialises, dropping a
 * pointer into the previous argv left by an option cluster like -hq). */
static void fuzz_reset_getopt(void)
{
    static const struct option none[] = {{NULL, 0, NULL, 0}};
    char a0[] = "x";
    char *av[] = {a0, NULL};
    optind = 0;
    opterr = 0;
    while (getopt_long(1, av, "", none, NULL) != -1) {
    }
}

#endif
