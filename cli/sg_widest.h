/* sg_widest.h — `--routing widest` on a SimGrid platform (cli/sg_widest.c). */
#ifndef RM_CLI_SG_WIDEST_H
#define RM_CLI_SG_WIDEST_H

#include "ringmap.h"

/** Before mapping: say on stderr that widest paths ignore SimGrid's routes
 *  (what SMPI uses). Call only for a platform with fixed routes (SimGrid). */
void rmi_cli_sg_widest_notice(const rm_platform *p);

/** After mapping: -1 when every route of m can be a SimGrid route, else
 *  exit status 2 with a message naming the route: a widest path that goes
 *  through a host from one SimGrid link to another that no SimGrid route
 *  joins (hosts do not forward traffic in SimGrid: the route cannot be
 *  written with SimGrid's routes of this platform). O(q R L). */
int rmi_cli_sg_widest_check(const rm_network *net, const rm_mapping *m);

#endif
