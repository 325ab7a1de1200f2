/* smpi_cores.h — the core-count check of iterapp under SimGrid SMPI
 * (iterapp/smpi_cores.c). */
#ifndef RM_ITERAPP_SMPI_CORES_H
#define RM_ITERAPP_SMPI_CORES_H

#include "iterapp/ringspec.h"

#include <stdio.h>

/** Number of ring hosts whose w is 1e6 / (speed x cores) of SMPI's host of
 *  the same name with several cores (a mapping computed without
 *  --one-core), with one line about it on out (NULL: silent). SMPI only
 *  (asks SimGrid's hosts). O(q). */
int rm_smpi_check_cores(const rm_ringspec *spec, FILE *out);

#endif
