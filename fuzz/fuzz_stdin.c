/*
 * fuzz_stdin.c — libFuzzer target of the command reading its platform from
 * standard input (cli/input.c: `ringmap - --format F`, copied to a
 * temporary file of at most 256 MiB, and `--bandwidth-matrix -` or
 * `--speeds -`, read as a stream). The input's first byte chooses the
 * format (the library's format table: gml, xml, graphml, tiers) or the CSV
 * stream (the bandwidth matrix or the speeds on standard input, the other
 * file a private copy); the rest is standard input. rmi_cmd_map (cli/map.c)
 * runs as `ringmap` would; its exit code must be 0, 1 or 2 with a
 * "ringmap: " message on failure (1 only for a solver that gives up), and
 * no temporary copy of standard input may be left in TMPDIR.
 * The process runs in a private temporary directory (TMPDIR too; removed at
 * exit) with stdout sent to /dev/null.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <ftw.h>
#include <getopt.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/commands.h"
#include "fuzz_cli_common.h"
#include "ringmap/topo.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static char in_path[128], bw_path[128], sp_path[128];

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
        perror(path);
        abort();
    }
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_enter_work_dir("stdin");
    setenv("TMPDIR", work_dir, 1);
    snprintf(in_path, sizeof in_path, "%s/stdin.bin", work_dir);
    snprintf(bw_path, sizeof bw_path, "%s/bw.csv", work_dir);
    snprintf(sp_path, sizeof sp_path, "%s/speeds.csv", work_dir);
    write_file(bw_path, ",a,b\na,,10\nb,10,\n");
    write_file(sp_path, "host,speed\na,1\nb,2\n");
    if (!freopen("/dev/null", "w", stdout))
        abort();
    return 0;
}

/* Is a copy of standard input ("ringmap-stdin-*") left in the work directory? */
static int stdin_copy_left(void)
{
    DIR *d = opendir(work_dir);
    int left = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        left |= !strncmp(e->d_name, "ringmap-stdin-", 14);
    if (d)
        closedir(d);
    return left;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 65536)
        return 0;
    FILE *f = fopen(in_path, "wb");
    if (!f || fwrite(data + 1, 1, size - 1, f) != size - 1 || fclose(f) != 0)
        abort();
    if (!freopen(in_path, "rb", stdin))
        abort();
    int n_formats = 0;
    while (rm_platform_format_at(n_formats))
        n_formats++;
    int choice = data[0] % (n_formats + 1);
    char a0[] = "ringmap", dash[] = "-", fmt[] = "--format", q[] = "--quiet", bwo[] = "--bandwidth-matrix",
         spo[] = "--speeds", name[32];
    char *argv[8];
    int argc = 0;
    argv[argc++] = a0;
    const rm_platform_format *pf = choice < n_formats ? rm_platform_format_at(choice) : NULL;
    if (pf && !pf->needs_speeds) {
        snprintf(name, sizeof name, "%s", pf->name);
        argv[argc++] = dash;
        argv[argc++] = fmt;
        argv[argc++] = name;
    } else { /* the CSV streams: the matrix or the speeds on standard input */
        argv[argc++] = bwo;
        argv[argc++] = data[0] & 0x80 ? bw_path : dash;
        argv[argc++] = spo;
        argv[argc++] = data[0] & 0x80 ? dash : sp_path;
    }
    argv[argc++] = q;
    argv[argc] = NULL;
    int code;
    char *msg;
    int bad = fuzz_run_map(argc, argv, &code, &msg);
    const char *m = msg ? msg : "";
    if (stdin_copy_left())
        bad = 1;
    if (bad) {
        fprintf(stderr, "fuzz_stdin: exit code %d (copy of stdin left: %d), stderr: %s\n", code,
                stdin_copy_left(), m);
        abort();
    }
    free(msg);
    return 0;
}
