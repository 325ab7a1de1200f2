/*
 * cost.c — the cost model of one route and of one host (Legrand et al. 2004 §2, eq. (1)
 * and §2.4; the affine cost of SimGrid): part of the bottom module model/
 * (errors, costs, eq. (1), eq. (5), balance), which uses nothing of ours.
 */
#include "ringmap/model.h"
#include "model/cost_inline.h"
#include "model/cost_valid.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

double rm_route_cost(double bandwidth, double latency_s, int latency_model, double dc)
{
    double c = 1.0 / bandwidth;
    if (latency_model && dc > 0.0)
        c += latency_s / dc;
    return c;
}

double rm_host_cost(double c_succ, double c_pred, int parallel_send)
{
    return rmi_host_cost(c_succ, c_pred, parallel_send);
}

void rm_cost_model_init(rm_cost_model *m)
{
    memset(m, 0, sizeof *m);
    m->dc_dw = 0.0064;
}

rm_status rm_cost_model_check(const rm_cost_model *m, rm_error *err)
{
    if (!m)
        return rm_error_set(err, RM_EINVAL, "cost model is NULL (use rm_cost_model_init)");
    if (!isfinite(m->dc_dw) || m->dc_dw < 0.0)
        return rm_error_set(err, RM_EINPUT, "D_c/D_w must be a finite number >= 0 (got %g)",
                            m->dc_dw);
    if (m->latency && !(isfinite(m->dc) && m->dc > 0.0))
        return rm_error_set(err, RM_EINPUT,
                            "the latency model needs the absolute message size D_c > 0 (Mb)");
    if (!isfinite(m->dc) || m->dc < 0.0)
        return rm_error_set(err, RM_EINPUT, "D_c must be a finite number >= 0 (got %g)", m->dc);
    if (!isfinite(m->overlap_boundary) || m->overlap_boundary < 0.0 ||
        m->overlap_boundary > 1.0)
        return rm_error_set(err, RM_EINPUT,
                            "the overlap model's boundary fraction must be a finite number in "
                            "[0, 1] (got %g)",
                            m->overlap_boundary);
    if (!m->overlap && m->overlap_boundary != 0.0)
        return rm_error_set(err, RM_EINPUT,
                            "cost model: overlap_boundary (%g) needs overlap on (--overlap)",
                            m->overlap_boundary);
    if (!isfinite(m->overlap_boundary_dw) || m->overlap_boundary_dw < 0.0 ||
        m->overlap_boundary_dw > 1.0)
        return rm_error_set(err, RM_EINPUT,
                            "the overlap model's absolute boundary b/D_w must be a finite number "
                            "in [0, 1] (got %g)",
                            m->overlap_boundary_dw);
    if (!m->overlap && m->overlap_boundary_dw != 0.0)
        return rm_error_set(err, RM_EINPUT,
                            "cost model: overlap_boundary_dw (%g) needs overlap on (--overlap)",
                            m->overlap_boundary_dw);
    if (m->overlap_boundary != 0.0 && m->overlap_boundary_dw != 0.0)
        return rm_error_set(err, RM_EINPUT,
                            "cost model: give the overlap model's boundary as a fraction "
                            "(overlap_boundary %g) or as an absolute amount (overlap_boundary_dw "
                            "%g), not both",
                            m->overlap_boundary, m->overlap_boundary_dw);
    if (!isfinite(m->reserved[RMI_COST_FLOOR_SLOT]) || m->reserved[RMI_COST_FLOOR_SLOT] < 0.0 ||
        m->reserved[RMI_COST_FLOOR_SLOT] > m->overlap_boundary_dw)
        return rm_error_set(err, RM_EINPUT,
                            "the overlap model's least share (one column, "
                            "rm_cost_model_set_overlap_floor) must "
                            "be a finite number in (0, b/D_w = %g] (got %g)",
                            m->overlap_boundary_dw, m->reserved[RMI_COST_FLOOR_SLOT]);
    for (size_t k = RMI_COST_RESERVED_FIRST; k < sizeof m->reserved / sizeof m->reserved[0]; k++)
        if (m->reserved[k] != 0.0)
            return rm_error_set(err, RM_EINPUT,
                                "cost model: reserved[%zu] must be 0 (a model variant this "
                                "version does not know; use rm_cost_model_init)",
                                k);
    return RM_OK;
}

/* the overlap fields take the first three slots of the reserved tail: the
 * struct keeps its size and every older field its offset */
_Static_assert(sizeof(rm_cost_model) == 9 * sizeof(double), "rm_cost_model grew");
_Static_assert(offsetof(rm_cost_model, overlap_boundary) ==
                   offsetof(rm_cost_model, reserved) + sizeof(double),
               "overlap_boundary is not reserved[1]");
_Static_assert(offsetof(rm_cost_model, overlap_boundary_dw) ==
                   offsetof(rm_cost_model, reserved) + 2 * sizeof(double),
               "overlap_boundary_dw is not reserved[2]");

void rm_cost_model_set_overlap_floor(rm_cost_model *m, double floor_dw)
{
    if (m)
        m->reserved[RMI_COST_FLOOR_SLOT] = floor_dw;
}

double rm_cost_model_overlap_floor(const rm_cost_model *m)
{
    return m ? m->reserved[RMI_COST_FLOOR_SLOT] : NAN;
}
