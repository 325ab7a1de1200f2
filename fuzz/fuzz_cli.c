/*
 * fuzz_cli.c — libFuzzer target of the command's option parser and mapping
 * command: the input is split at NUL bytes and newlines into an
 * argument vector for rmi_cmd_map (cli/map.c, the `ringmap [map] ...`
 * entry point, which parses the options with getopt_long, checks them,
 * reads the platform, maps and prints). An argument "@" or "@c" is replaced
 * by the path of one of four small test platforms (chosen by c), so the
 * options are exercised on real mappings.
 * The exit code must be 0, 1 or 2; 1 (internal failure) is reported as a
 * crash unless the options legitimately make a solver fail.
 * The process runs in a private temporary directory (--json/--dot/--svg
 * FILE write there; removed at exit) with stdout sent to /dev/null;
 * arguments containing '/' are refused so nothing is written elsewhere, and
 * "@" names private copies of the platforms (never the repository's files),
 * written again whenever a run changed one (size or mtime).
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/commands.h"
#include "fuzz_cli_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#define MAX_ARGS 24

/* Fuzzer setup, filled once: private copies of the test platforms (an
 * output option such as --json @ or --dot @ may overwrite a copy: they are
 * written again after every run that used one) and their contents. */
static char plat[4][4096];
static char *plat_text[4];
static size_t plat_len[4];
static struct timespec plat_mtime[4];

static void write_copy(int i)
{
    FILE *f = fopen(plat[i], "wb");
    struct stat sb;
    if (!f || fwrite(plat_text[i], 1, plat_len[i], f) != plat_len[i] || fclose(f) != 0 ||
        stat(plat[i], &sb) != 0) {
        perror("fuzz_cli: writing a platform copy");
        abort();
    }
    plat_mtime[i] = sb.st_mtim;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    static const char *names[4] = {"platforms/test/star3.gml", "platforms/test/line2.gml",
                                   "platforms/test/shared4.gml",
                                   "platforms/test/homogeneous3.gml"};
    fuzz_enter_work_dir("cli");
    for (int i = 0; i < 4; i++) {
        char src[4096];
        snprintf(src, sizeof src, "%s/%s", RM_SOURCE_DIR, names[i]);
        FILE *f = fopen(src, "rb");
        if (!f) {
            perror(src);
            abort();
        }
        plat_text[i] = malloc(65536);
        plat_len[i] = fread(plat_text[i], 1, 65536, f);
        fclose(f);
        snprintf(plat[i], sizeof plat[i], "%s/p%d.gml", work_dir, i);
        write_copy(i);
    }
    if (!freopen("/dev/null", "w", stdout))
        abort();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;
    char *buf = malloc(size + 1);
    if (!buf)
        return 0;
    memcpy(buf, data, size);
    buf[size] = '\0';
    char *argv[MAX_ARGS + 2];
    int argc = 0;
    char name[] = "ringmap";
    argv[argc++] = name;
    int refused = 0;
    size_t i = 0;
    while (i <= size && argc < MAX_ARGS) {
        char *s = buf + i;
        size_t n = 0;
        while (i + n < size && buf[i + n] != '\0' && buf[i + n] != '\n')
            n++;
        s[n] = '\0';
        if (memchr(s, '/', n))
            refused = 1;
        if (s[0] == '@' && n <= 2) {
            unsigned k = n == 2 ? (unsigned char)s[1] : 0;
            argv[argc++] = plat[k % 4];
        } else {
            argv[argc++] = s;
        }
        i += n + 1;
    }
    argv[argc] = NULL;
    if (!refused) {
        int code;
        char *msg;
        int bad = fuzz_run_map(argc, argv, &code, &msg);
        const char *m = msg ? msg : "";
        if (bad) {
            fprintf(stderr, "fuzz_cli: exit code %d, stderr: %s\n", code, m);
            abort();
        }
        free(msg);
        for (int c = 0; c < 4; c++) {
            struct stat sb;
            if (stat(plat[c], &sb) != 0 || (size_t)sb.st_size != plat_len[c] ||
                sb.st_mtim.tv_sec != plat_mtime[c].tv_sec ||
                sb.st_mtim.tv_nsec != plat_mtime[c].tv_nsec)
                write_copy(c);
        }
    }
    free(buf);
    return 0;
}
