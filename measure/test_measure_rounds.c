/*
 * test_measure_rounds.c — the round-robin tournament of ringmap-measure
 * (rm_measure_partner): for p = 1..64, every pair of hosts meets in exactly
 * one round, nobody is in two pairs of a round, partners are mutual, and the
 * number of rounds is p - 1 (even p) or p (odd p). No MPI run needed.
 */
#include "ringmap_measure.h"

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
    return bad != 0;
}
