/*
 * progress.c — progress lines of map, sweep and compare (see progress.h).
 */
#define _POSIX_C_SOURCE 200809L /* isatty, fileno, clock_gettime */
#include "cli/progress.h"

#include <stdarg.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static double mono(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void rmi_cli_progress_init(rm_cli_progress *pr, const char *prefix, int lines, int n_hosts)
{
    int tty = isatty(fileno(stderr));
    pr->prefix = prefix;
    pr->what = "";
    pr->mode = tty ? (n_hosts >= 50 || lines ? 1 : 0) : lines ? 2 : 0;
    pr->shown = 0;
    pr->last = -1e30;
}

static void report(void *ctx, int q, int max_q, double t_best)
{
    rm_cli_progress *pr = ctx;
    if (pr->mode == 1) {
        fprintf(stderr, "\r%s: %s: ring of %d / %d hosts, best T_step/D_w %.6g\033[K", pr->prefix,
                pr->what, q, max_q, t_best);
        pr->shown = 1;
    } else if (pr->mode == 2) {
        double t = mono();
        if (t - pr->last < 1.0 && q < max_q)
            return;
        pr->last = t;
        fprintf(stderr, "%s: %s: ring of %d / %d hosts, best T_step/D_w %.6g\n", pr->prefix,
                pr->what, q, max_q, t_best);
    }
    fflush(stderr);
}

/* The local search: after each accepted move (rm_options.search_progress). */
static void report_search(void *ctx, int moves, long long evaluations, double t_now)
{
    rm_cli_progress *pr = ctx;
    if (pr->mode == 1) {
        fprintf(stderr, "\r%s: search: %d move%s, %lld evaluations, T_step/D_w %.6g\033[K",
                pr->prefix, moves, moves == 1 ? "" : "s", evaluations, t_now);
        pr->shown = 1;
    } else if (pr->mode == 2) {
        double t = mono();
        if (t - pr->last < 1.0)
            return;
        pr->last = t;
        fprintf(stderr, "%s: search: %d move%s, %lld evaluations, T_step/D_w %.6g\n",
                pr->prefix, moves, moves == 1 ? "" : "s", evaluations, t_now);
    }
    fflush(stderr);
}

void rmi_cli_progress_attach(rm_cli_progress *pr, rm_options *o, const char *what)
{
    pr->what = what;
    if (pr->mode) {
        o->progress = report;
        o->search_progress = report_search;
        o->progress_ctx = pr;
    }
}

void rmi_cli_progress_note(rm_cli_progress *pr, const char *fmt, ...)
{
    if (!pr->mode)
        return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, pr->mode == 1 ? "\r%s: " : "%s: ", pr->prefix);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputs(pr->mode == 1 ? "\033[K" : "\n", stderr);
    pr->shown = pr->mode == 1;
    fflush(stderr);
}

void rmi_cli_progress_done(rm_cli_progress *pr)
{
    if (pr->mode == 1 && pr->shown) {
        fputc('\n', stderr);
        fflush(stderr);
    }
    pr->shown = 0;
}
