/*
 * outfile.h — every output file of the ringmap command (--json, --dot,
 * --svg, --csv, --plot, -o, --hostfile, ...) goes through this module
 * (hardening: no output destroys data):
 *
 *  - rmi_out_check, called while parsing the options, before any computation:
 *    refuses (exit 2) an output that is a directory, an output that is one of
 *    the command's input files (same device and inode, or the same path),
 *    and a path with a control character (it could not be quoted in the
 *    scripts of gnuplot or in a command line);
 *  - rmi_out_open writes to a temporary file in the directory of the output
 *    (a regular file or a path that does not exist yet) and rmi_out_commit
 *    renames it over the output: a failed run leaves the previous file as
 *    it was. "-" is standard output, and an existing output that is not a
 *    regular file (/dev/null, /dev/stdout, a FIFO) is written directly;
 *  - every write error is reported, including those only fflush/fclose see
 *    (ENOSPC: `> /dev/full` gives exit 1); on failure the temporary file is
 *    removed.
 * Messages: "ringmap: WHAT: cannot open 'PATH' for writing: REASON" (exit
 * 2), "ringmap: WHAT: cannot write 'PATH': REASON" (exit 1).
 * Not thread-safe (one command, one thread).
 */
#ifndef RINGMAP_CLI_OUTFILE_H
#define RINGMAP_CLI_OUTFILE_H

#include "ringmap.h" /* rm_error */

#include <stdio.h>

/** One output being written. */
typedef struct rm_out {
    const char *what; /* the option, for messages ("--json") */
    const char *path; /* the user's path; "-" = standard output */
    char *target;     /* the file renamed over (path, or a symlink's target) */
    char *tmp;        /* the temporary file (NULL: writing directly) */
    FILE *f;          /* where to write (NULL once closed) */
    int is_stdout;    /* path is "-" */
    int copy;         /* a tool's temporary file to copy into a direct output */
} rm_out;

/** Check output path of option what before any computation: not a
 *  directory, not one of the n input files inputs[0..n) (NULL entries
 *  skipped), no control character. "-" always passes. Returns -1 if fine,
 *  else prints the reason and returns 2. O(n) stat calls. */
int rmi_out_check(const char *what, const char *path, const char *const *inputs, int n);

/** Refuse (exit 2) two outputs paths[i], paths[j] (NULL entries skipped, "-"
 *  excepted) naming the same file; whats[] names the options. Returns -1 or 2. */
int rmi_out_check_distinct(const char *const *whats, const char *const *paths, int n);

/** Both checks above for a command: each of the n_out outputs paths[i]
 *  (option whats[i], NULL: not asked) against the n_in inputs, and against
 *  each other. Returns -1 or 2. */
int rmi_out_check_all(const char *const *inputs, int n_in, const char *const *whats,
                     const char *const *paths, int n_out);

/** Open output path for option what (see above): on success o->f is the
 *  stream to write and -1 is returned; else a message is printed and the
 *  exit code returned (2: cannot be created, 1: internal). */
int rmi_out_open(rm_out *o, const char *what, const char *path);

/** Open output path for an external tool that writes the file itself (dot,
 *  gnuplot): always a fresh temporary file, whose name rmi_out_tool_path
 *  gives (it starts with '/' or "./", never with '-'); o->f is closed.
 *  rmi_out_commit then renames it over path, or copies it into standard
 *  output / a non-regular path. Returns -1 or an exit code, as rmi_out_open. */
int rmi_out_open_tool(rm_out *o, const char *what, const char *path);

/** The file name the tool must write (see rmi_out_open_tool). */
const char *rmi_out_tool_path(const rm_out *o);

/** Finish output o: flush, check every write, close, rename the temporary
 *  file over the output. Returns 0, or 1 after a message (the temporary file
 *  is then removed and a previous file left intact). */
int rmi_out_commit(rm_out *o);

/** Start a batch: until rmi_out_batch_end, rmi_out_commit writes, checks
 *  and closes each output to a file (not standard output, not a
 *  non-regular file: those are written as they go) but leaves it in its
 *  temporary file, so that a command whose later step fails leaves every
 *  previous output as it was (docs/cli.md). */
void rmi_out_batch_begin(void);

/** Where output path, committed in the current batch, is until the batch
 *  ends (its temporary file: a name that starts with '/' or "./"), for a
 *  tool that reads it (gnuplot its script); path itself when it is not
 *  kept. */
const char *rmi_out_written_path(const char *path);

/** End the batch: ok nonzero renames every kept temporary file over its
 *  output (in commit order), zero removes them all. Returns 0, or 1 after
 *  a message (a rename failed: the outputs not yet renamed are removed). */
int rmi_out_batch_end(int ok);

/** The writer of one output for rmi_out_write: writes its content to f.
 *  Returns 0, or nonzero when it failed: with err->status set (the library's
 *  error, which rmi_out_write reports), or RM_OK (its message already
 *  printed). */
typedef int (*rm_out_writer)(FILE *f, const void *ctx, rm_error *err);

/** One output written whole: rmi_out_open(what, path), write(f, ctx, err),
 *  rmi_out_commit. When the writer fails, the output is given up
 *  (rmi_out_abort: a previous file stays) and the exit code is fail(&err)
 *  (the command's report of a library error, with its prefix) or 1 when
 *  the writer left err at RM_OK. Returns 0 or the exit code (open and
 *  commit print their own messages). */
int rmi_out_write(const char *what, const char *path, rm_out_writer write, const void *ctx,
                  int (*fail)(const rm_error *err));

/** Give up output o (on an earlier failure): close and remove the
 *  temporary file; the previous file is left intact. Safe on a zeroed o and
 *  after rmi_out_commit. */
void rmi_out_abort(rm_out *o);

/** path itself, or "./path" when path starts with '-' (so that a program
 *  cannot take it for an option). Returns a new string (NULL: out of
 *  memory). */
char *rmi_cli_safe_arg(const char *path);

#endif
