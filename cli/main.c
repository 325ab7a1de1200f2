/*
 * main.c — entry point of the `ringmap` command: dispatches
 * `ringmap SUBCOMMAND ...` to the subcommand's function (cli/commands.h) and
 * `ringmap PLATFORM ...` to the mapping command. Adding a subcommand is one
 * line in the table below.
 */
#include "cli/commands.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

typedef struct rm_cli_command {
    const char *name;
    int (*run)(int argc, char **argv); /* argv[0] = the subcommand's name */
    const char *summary;
} rm_cli_command;

static const rm_cli_command commands[] = {
    {"map", rmi_cmd_map, "map a platform onto a ring (the default command)"},
    {"generate", rmi_cmd_generate, "generate a Tiers-like WAN/MAN/LAN platform (GML)"},
    {"sweep", rmi_cmd_sweep, "T_step/D_w per ring size for several D_c/D_w: CSV, JSON, gnuplot"},
    {"compare", rmi_cmd_compare, "SliceRing vs SharedRing and SharedRing's sharing policies, per D_c/D_w (Tables 3-4)"},
    {"export-simgrid", rmi_cmd_export_simgrid, "SimGrid v4.1 platform + ring-order hostfile for SMPI"},
    {"eval", rmi_cmd_eval, "T_step/D_w of a ring you give (hostfile, mapping JSON, list)"},
    {"partition", rmi_cmd_partition, "partition a METIS graph in ring order: the mapping's units, ring neighbours only"},
};

void rmi_cli_print_commands(FILE *f)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-16s %s\n", commands[i].name, commands[i].summary);
}

#define N_COMMANDS (sizeof commands / sizeof commands[0])

/* Levenshtein distance of a and b, capped at 9 (names are short). */
static int edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 30 || lb > 30)
        return 9;
    int row[32];
    for (size_t j = 0; j <= lb; j++)
        row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int up = row[j];
            int sub = diag + (a[i - 1] != b[j - 1]);
            int del = row[j] + 1, ins = row[j - 1] + 1;
            row[j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
            diag = up;
        }
    }
    return row[lb] < 9 ? row[lb] : 9;
}

/* argv1 looks like a mistyped subcommand, not a platform: a bare word (no
 * '.', no '/', not an option) naming no existing file, within 2 edits of a
 * subcommand (and fewer edits than its length), or "help". Refused (exit 2)
 * with the nearest subcommand; any other word goes to the map command,
 * whose reader names the file. */
static int unknown_subcommand(const char *w)
{
    if (!w[0] || w[0] == '-' || strpbrk(w, "./") || access(w, F_OK) == 0)
        return -1;
    const char *best = NULL;
    int bd = 3, len = (int)strlen(w);
    for (size_t i = 0; i < N_COMMANDS; i++) {
        int d = edit_distance(w, commands[i].name);
        if (d < bd && d < len)
            bd = d, best = commands[i].name;
    }
    if (best)
        fprintf(stderr, "ringmap: unknown subcommand '%.80s', did you mean '%s'? (ringmap --help "
                        "lists the subcommands)\n", w, best);
    else if (!strcmp(w, "help"))
        fprintf(stderr, "ringmap: unknown subcommand 'help': for help, ringmap --help or "
                        "ringmap SUBCOMMAND --help\n");
    else
        return -1;
    return 2;
}

int main(int argc, char **argv)
{
    if (argc > 1) {
        for (size_t i = 0; i < N_COMMANDS; i++)
            if (strcmp(argv[1], commands[i].name) == 0)
                return commands[i].run(argc - 1, argv + 1);
        int code = unknown_subcommand(argv[1]);
        if (code >= 0)
            return code;
    }
    return rmi_cmd_map(argc, argv);
}
