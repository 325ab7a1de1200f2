/*
 * balance_main.h — iterapp's --balance static|dfpa|dynamic and --emulate SPEC
 * (docs/balance.md): the driver called by iterapp.c (balance_main.c).
 */
#ifndef RINGMAP_ITERAPP_BALANCE_MAIN_H
#define RINGMAP_ITERAPP_BALANCE_MAIN_H

#include "iterapp/balance_run.h"

typedef struct rm_iterapp_balance_args {
    const rm_ringspec *spec;
    long n, steps, period;
    long *cols;              /* q: start distribution; final one on return */
    rm_balance_policy policy;
    double eps;
    const double *emu_col;   /* q or NULL (not emulated) */
    const double *emu_comm;  /* q or NULL */
    const char *emu_spec;    /* spec file or NULL */
    int check, quiet;
    const char *json;
    int overlap;             /* 1: the overlapping stencil, DFPA under the overlap model */
    const double *comm_pred; /* q or NULL: predicted communication times in s (D_c C_k) */
    int comm_measured;       /* 1: DFPA uses each position's measured communication */
} rm_iterapp_balance_args;

/** Run and report (collective over ring); returns the exit code (0, 1, 2,
 *  or 3 on a --check mismatch). */
int rmi_iterapp_balance(MPI_Comm ring, const rm_iterapp_balance_args *ba, rm_error *err);

#endif
