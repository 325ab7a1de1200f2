/*
 * fuzz_cli_common.h — what the two command targets (fuzz_cli.c, fuzz_stdin.c)
 * share: a private working directory, entered once and removed at exit, a
 * full reset of getopt between runs of the command's option parser, and one
 * run of the map command judged by its contract (fuzz_run_map).
 * Include cli/commands.h first.
 */
#ifndef RM_FUZZ_CLI_COMMON_H
#define RM_FUZZ_CLI_COMMON_H

#define _GNU_SOURCE
#include <ftw.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* Run `ringmap map` (rmi_cmd_map) on argv from a fresh getopt, its stderr
 * captured in *msg (never NULL; free it); *code gets the exit code. Returns 1
 * when the run breaks the command's contract: an exit code other than 0, 1 or
 * 2; exit 1 for a broken invariant or an internal error (exit 1 is only for a
 * solver that gives up); a failure that does not explain itself on stderr
 * ("ringmap: ..."). The sanitizers write to fd 2 directly: not captured. */
static int fuzz_run_map(int argc, char **argv, int *code, char **msg)
{
    fuzz_reset_getopt();
    char *buf = NULL;
    size_t len = 0;
    FILE *real_stderr = stderr;
    FILE *mem = open_memstream(&buf, &len);
    if (mem)
        stderr = mem;
    *code = rmi_cmd_map(argc, argv);
    fflush(stdout);
    if (mem) {
        stderr = real_stderr;
        fclose(mem);
    }
    *msg = buf ? buf : strdup("");
    const char *m = *msg ? *msg : "";
    int bad = *code != 0 && *code != 1 && *code != 2;
    if (*code == 1 && (strstr(m, "invariant") || strstr(m, "internal")))
        bad = 1;
    if (*code != 0 && strncmp(m, "ringmap: ", 9) != 0)
        bad = 1;
    return bad;
}

#endif
