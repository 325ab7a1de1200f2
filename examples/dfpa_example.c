/*
 * dfpa_example.c — embedding DFPA (Lastovetsky and Reddy) in your own solver through the
 * public API (ringmap.h, ringmap/balance.h).
 *
 * A solver owns n equal units of work (rows, columns, blocks) and p
 * processors whose speed depends on how many units they hold (caches,
 * paging). DFPA finds a distribution whose times agree within eps by running
 * the solver's own kernel on trial distributions:
 *
 *   rm_dfpa_new(p, n, &opt, &dfpa, &err);
 *   while (state == RM_DFPA_RUNNING) {
 *       d = rm_dfpa_distribution(dfpa);      // units per processor
 *       run the kernel with d, time each processor -> times[]
 *       rm_dfpa_step(dfpa, times, NULL, &state, &err);
 *   }
 *
 * Here the "processors" are emulated by speed functions so that the example
 * is deterministic: processor 2 has a memory cliff (its time per unit
 * doubles above 300 units), processor 3 gets faster on small problems. In a
 * real solver, kernel_time() is the measured time of the kernel (e.g. the
 * MPI_Wtime difference around one step, gathered on one rank).
 *
 *   dfpa_example [n] [eps]      (defaults 2000 and 0.02)
 *
 * Prints every DFPA iteration and the final distribution; exit 0 when DFPA
 * stopped balanced (or at the integer optimum of its models), 1 otherwise,
 * 2 on bad arguments.
 */
#include <ringmap.h>

#include <stdio.h>
#include <stdlib.h>

#define P 4

/* Seconds that processor i needs for x units of the kernel. */
static double kernel_time(int i, long x)
{
    double xd = (double)x;
    switch (i) {
    case 0: return 0.004 * xd;                          /* 250 units/s */
    case 1: return 0.002 * xd;                          /* 500 units/s */
    case 2: return (x <= 300 ? 0.001 : 0.002) * xd;     /* cliff above 300 units */
    default: return xd * 0.003 / (x < 400 ? 1.5 - xd / 800 : 1.0); /* cache effect */
    }
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 2000;
    double eps = argc > 2 ? strtod(argv[2], NULL) : 0.02;
    rm_dfpa_options opt;
    rm_dfpa_options_init(&opt);
    opt.eps = eps;
    opt.min_units = 1;
    rm_dfpa *dfpa;
    rm_error err;
    if (rm_dfpa_new(P, n, &opt, &dfpa, &err) != RM_OK) {
        fprintf(stderr, "dfpa_example: %s\n", err.msg);
        return rm_status_exit_code(err.status);
    }
    rm_dfpa_state state = RM_DFPA_RUNNING;
    double times[P];
    while (state == RM_DFPA_RUNNING) {
        const long *d = rm_dfpa_distribution(dfpa);
        printf("run  d =");
        for (int i = 0; i < P; i++) {
            times[i] = kernel_time(i, d[i]); /* the solver's measured times */
            printf(" %5ld", d[i]);
        }
        printf("   t =");
        for (int i = 0; i < P; i++)
            printf(" %.3f", times[i]);
        if (rm_dfpa_step(dfpa, times, NULL, &state, &err) != RM_OK) {
            fprintf(stderr, "dfpa_example: %s\n", err.msg);
            rm_dfpa_free(dfpa);
            return 1;
        }
        rm_dfpa_stats st;
        rm_dfpa_stats_get(dfpa, &st);
        printf("   imbalance %.4f\n", st.imbalance);
    }
    rm_dfpa_stats st;
    rm_dfpa_stats_get(dfpa, &st);
    const long *d = rm_dfpa_distribution(dfpa);
    printf("DFPA: %d iterations, state %s, T_step %.3f s, distribution",
           st.iterations,
           st.state == RM_DFPA_BALANCED ? "balanced"
           : st.state == RM_DFPA_STABLE ? "stable (integer optimum of the models)"
                                        : "max-iter",
           st.t_max);
    for (int i = 0; i < P; i++)
        printf(" %ld", d[i]);
    printf("\n");
    rm_dfpa_free(dfpa);
    return st.state == RM_DFPA_MAX_ITER ? 1 : 0;
}
