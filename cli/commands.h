/* commands.h — the ringmap command's subcommands. cli/main.c dispatches
 * `ringmap SUBCOMMAND ...` to these; `ringmap PLATFORM ...` (no subcommand)
 * is the mapping command. Each returns the process exit code (0 ok, 2 bad
 * input, 1 internal failure) and receives argv with argv[0] = subcommand. */
#ifndef RINGMAP_CLI_COMMANDS_H
#define RINGMAP_CLI_COMMANDS_H

#include <stdio.h>

/** `ringmap map PLATFORM [options]` (also the default command). */
int rm_cmd_map(int argc, char **argv);

/** `ringmap generate tiers [options] [-o FILE.gml]`: a Tiers-like
 *  WAN/MAN/LAN platform as GML (cli/cmd_generate.c). */
int rm_cmd_generate(int argc, char **argv);

/** `ringmap export-simgrid PLATFORM [MAPPING.json] [-o XML] [--hostfile F]`:
 *  a SimGrid v4.1 platform with the mapping's routes and a hostfile in ring
 *  order, for SMPI runs of iterapp (cli/cmd_export_simgrid.c). */
int rm_cmd_export_simgrid(int argc, char **argv);

/** `ringmap compare PLATFORM [--dc-dw R1,R2,...]`: Tables 3-4 of seed 001
 *  and the refinements, per ratio (cli/cmd_compare.c). */
int rm_cmd_compare(int argc, char **argv);

/** List the subcommands (name and one-line summary) on f, for --help.
 *  Defined in cli/main.c next to the dispatch table. */
void rm_cli_print_commands(FILE *f);

#endif
