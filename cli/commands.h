/* commands.h — the ringmap command's subcommands. cli/main.c dispatches
 * `ringmap SUBCOMMAND ...` to these; `ringmap PLATFORM ...` (no subcommand)
 * is the mapping command. Each returns the process exit code (0 ok, 2 bad
 * input, 1 internal failure) and receives argv with argv[0] = subcommand. */
#ifndef RINGMAP_CLI_COMMANDS_H
#define RINGMAP_CLI_COMMANDS_H

#include <stdio.h>

/** `ringmap map PLATFORM [options]` (also the default command). */
int rmi_cmd_map(int argc, char **argv);

/** `ringmap generate tiers [options] [-o FILE.gml]`: a Tiers-like
 *  WAN/MAN/LAN platform as GML (cli/cmd_generate.c). */
int rmi_cmd_generate(int argc, char **argv);

/** `ringmap export-simgrid PLATFORM [MAPPING.json] [-o XML] [--hostfile F]`:
 *  a SimGrid v4.1 platform with the mapping's routes and a hostfile in ring
 *  order, for SMPI runs of iterapp (cli/cmd_export_simgrid.c). */
int rmi_cmd_export_simgrid(int argc, char **argv);

/** `ringmap eval PLATFORM --ring HOSTFILE|MAPPING.json|file-order|A,B,C`:
 *  T_step/D_w of a given ring order under the network model, with the map
 *  command's outputs (cli/cmd_eval.c; rm_ring_eval). */
int rmi_cmd_eval(int argc, char **argv);

/** `ringmap compare PLATFORM [--dc-dw R1,R2,...]`: Tables 3-4 of Legrand et al. 2004
 *  and the refinements, per ratio (cli/cmd_compare.c). */
int rmi_cmd_compare(int argc, char **argv);

/** `ringmap sweep PLATFORM [--dc-dw R1,R2,...] [options]`: for each D_c/D_w,
 *  T_step/D_w per ring size (the "bath tub" of Legrand et al. 2004 Figs 7-12), the
 *  optimal ring size (Figs 5-6) and the effect of the refinements (Figs
 *  13-14), as a table, CSV, JSON and a gnuplot picture (cli/cmd_sweep.c). */
int rmi_cmd_sweep(int argc, char **argv);

/** `ringmap partition GRAPH --mapping M.json -o PARTFILE`: a partition of a
 *  METIS graph in ring order with the mapping's units as part sizes, part k
 *  touching only parts k-1 and k+1 where the graph allows
 *  (cli/cmd_partition.c; rm_ring_partition_compute). */
int rmi_cmd_partition(int argc, char **argv);

/* rm_network and rm_mapping, for the picture helpers below */
struct rm_network;
struct rm_mapping;

/** Run an external tool argv[0] (searched in PATH) with its standard output
 *  sent to our standard error, and wait for it. Returns 0 on success, -1 if
 *  the tool is not installed, 1 if it failed (cli/pictures.c). A tool still
 *  running after 3 s says so on standard error, then every 10 s. */
int rmi_cli_run_tool(char *const argv[]);

/** Write the DOT picture of mapping m (output/dot.h) to dot_path and/or an SVG
 *  made from it by Graphviz `dot -Tsvg` to svg_path (either may be NULL).
 *  Without Graphviz, says so on stderr and writes no SVG (still 0). Returns
 *  an exit code: 0 ok, 2 file not writable, 1 internal failure
 *  (cli/pictures.c). */
int rmi_cli_write_pictures(const struct rm_network *net, const struct rm_mapping *m,
                          const char *dot_path, const char *svg_path);

/** List the subcommands (name and one-line summary) on f, for --help.
 *  Defined in cli/main.c next to the dispatch table. */
void rmi_cli_print_commands(FILE *f);

#endif
