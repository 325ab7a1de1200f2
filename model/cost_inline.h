/* Internal: rm_host_cost (include/ringmap/model.h) as an inline function for
 * the heuristics' inner loops, where the call was a third of SliceRing's
 * scan (perf, 999-host Tiers platform). The same operations: bitwise the
 * same value. Legrand et al. 2004 eq. (1) (sum) and §2.4 (parallel send:
 * maximum). O(1), reentrant. */
#ifndef RINGMAP_MODEL_COST_INLINE_H
#define RINGMAP_MODEL_COST_INLINE_H

static inline double rmi_host_cost(double c_succ, double c_pred, int parallel_send)
{
    if (parallel_send)
        return c_succ > c_pred ? c_succ : c_pred;
    return c_succ + c_pred;
}

#endif
