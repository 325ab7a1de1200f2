/*
 * progress.h — progress of long mappings on standard error: on a
 * terminal one line rewritten in place; with --progress when standard error
 * is not a terminal, plain lines (at most one a second, and the last size).
 */
#ifndef RM_CLI_PROGRESS_H
#define RM_CLI_PROGRESS_H

#include "ringmap.h"

typedef struct rm_cli_progress {
    const char *prefix; /* "ringmap", "ringmap sweep" ... */
    const char *what;   /* "SharedRing", "SliceRing" */
    int mode;           /* 0 none, 1 terminal, 2 lines */
    int shown;          /* something printed since the last rmi_cli_progress_done */
    double last;        /* time of the last line (mode 2) */
} rm_cli_progress;

/** Choose the mode: terminal when stderr is one and the platform has >= 50
 *  hosts, lines when `lines` (--progress) and stderr is not a terminal. */
void rmi_cli_progress_init(rm_cli_progress *pr, const char *prefix, int lines, int n_hosts);

/** Set o->progress, o->search_progress (the local search's moves) and
 *  progress_ctx to report through pr (nothing in mode 0); what names the
 *  heuristic. */
void rmi_cli_progress_attach(rm_cli_progress *pr, rm_options *o, const char *what);

/** A free-form status (e.g. sweep's run i / n), same modes. */
void rmi_cli_progress_note(rm_cli_progress *pr, const char *fmt, ...);

/** End the current progress line (terminal mode) after a run. */
void rmi_cli_progress_done(rm_cli_progress *pr);

#endif
