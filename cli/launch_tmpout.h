/* launch_tmpout.h — minimal atomic output for the launch files of `ringmap
 * map` (--hostfile, --rankfile, --machinefile, --tpwgts, --units-csv):
 * checked before any computation (not a directory, not the input platform,
 * not another output), written to a temporary file in the output's directory
 * and renamed over it at the end, so a failed run never leaves a half-written
 * file over a good one. "-" is standard output; an existing non-regular file
 * (/dev/null, a FIFO) is written directly. To be replaced by the common
 * output module of issue 13 (cli/outfile.h) when it lands. Not thread-safe. */
#ifndef RINGMAP_CLI_LAUNCH_TMPOUT_H
#define RINGMAP_CLI_LAUNCH_TMPOUT_H

#include <stdio.h>

typedef struct rm_tmpout {
    const char *what; /* the option, for messages */
    const char *path; /* "-" = standard output */
    char *tmp;        /* temporary file, NULL when writing directly */
    FILE *f;
} rm_tmpout;

/** Check output path of option what: refuses (message, returns 2) a
 *  directory, the input file input (same path or same device/inode), or a
 *  path with a control character. -1 if fine. */
int rm_tmpout_check(const char *what, const char *path, const char *input);

/** Open: o->f to write; -1 on success, else a message and exit code 2. */
int rm_tmpout_open(rm_tmpout *o, const char *what, const char *path);

/** Flush, close, rename over the output. 0, or 1 after a message (the
 *  temporary file removed, any previous file intact). */
int rm_tmpout_commit(rm_tmpout *o);

/** Give up: close and remove the temporary file. Safe on a zeroed o. */
void rm_tmpout_abort(rm_tmpout *o);

#endif
