/*
 * main.c — entry point of the `ringmap` command: dispatches
 * `ringmap SUBCOMMAND ...` to the subcommand's function (cli/commands.h) and
 * `ringmap PLATFORM ...` to the mapping command. Adding a subcommand is one
 * line in the table below.
 */
#include "cli/commands.h"

#include <string.h>

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
};

void rmi_cli_print_commands(FILE *f)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-16s %s\n", commands[i].name, commands[i].summary);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
            if (strcmp(argv[1], commands[i].name) == 0)
                return commands[i].run(argc - 1, argv + 1);
    return rmi_cmd_map(argc, argv);
}
