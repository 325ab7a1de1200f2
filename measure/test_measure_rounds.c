/*
 * test_measure_rounds.c — the round-robin tournament of ringmap-measure
 * (rm_measure_partner): for p = 1..64, every pair of hosts meets in exactly
 * one round, nobody is in two pairs of a round, partners are mutual, and the
 * number of rounds is p - 1 (even p) or p (odd p). No MPI run needed.
 * Also rm_measure_fpm_parse: the fpm_x / fpm_t attributes of the GML into a
 * functional performance model (its times at the points), and bad strings.
 */
#include "ringmap_measure.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int bad = 0;
    for (int p = 1; p <= 64; p++) {
        int rounds = rm_measure_rounds(p);
        int want = p < 2 ? 0 : (p % 2 ? p : p - 1);
        if (rounds != want) {
            printf("FAIL: p=%d: %d rounds, expected %d\n", p, rounds, want);
            bad++;
        }
        int *met = calloc((size_t)p * (size_t)p, sizeof *met);
        for (int r = 0; r < rounds; r++)
            for (int i = 0; i < p; i++) {
                int j = rm_measure_partner(p, r, i);
                if (j < 0)
                    continue;
                if (j == i || j >= p || rm_measure_partner(p, r, j) != i) {
                    printf("FAIL: p=%d round %d: %d -> %d not mutual\n", p, r, i, j);
                    bad++;
                } else
                    met[i * p + j]++;
            }
        for (int i = 0; i < p; i++)
            for (int j = 0; j < p; j++)
                if (i != j && met[i * p + j] != 1) {
                    printf("FAIL: p=%d: %d and %d meet %d times\n", p, i, j, met[i * p + j]);
                    bad++;
                }
        free(met);
        if (rm_measure_partner(p, rounds, 0) != -1 || rm_measure_partner(p, 0, p) != -1) {
            printf("FAIL: p=%d: out-of-range round or rank not refused\n", p);
            bad++;
        }
    }
    printf("%s: tournament rounds for p = 1..64\n", bad ? "FAIL" : "ok");

    /* the FPM attributes as ringmap-measure writes them (SMPI, host n2) */
    rm_fpm m;
    rm_fpm_init(&m);
    rm_error err;
    if (rm_measure_fpm_parse("16 64 256", "0.00279441 0.0111776 0.0447104", &m, &err) != RM_OK ||
        m.n != 3 || rm_fpm_time(&m, 64) != 0.0111776 || rm_fpm_time(&m, 256) != 0.0447104 ||
        fabs(rm_fpm_speed(&m, 16) - 16 / 0.00279441) > 1e-9) {
        printf("FAIL: rm_measure_fpm_parse of a measured model\n");
        bad++;
    }
    const char *badx[] = {"16 64", "16 64 256", "64 16", "16 x", "", "16 64 256"};
    const char *badt[] = {"0.1 0.2 0.3", "0.1 0.2", "0.1 0.2", "0.1 0.2", "", "0.1 -1 0.3"};
    for (int i = 0; i < 6; i++) {
        err.msg[0] = 0;
        if (rm_measure_fpm_parse(badx[i], badt[i], &m, &err) != RM_EINPUT || !err.msg[0]) {
            printf("FAIL: rm_measure_fpm_parse('%s', '%s') accepted\n", badx[i], badt[i]);
            bad++;
        } else
            printf("ok: '%s' / '%s': %s\n", badx[i], badt[i], err.msg);
    }
    rm_fpm_destroy(&m);
    return bad != 0;
}
