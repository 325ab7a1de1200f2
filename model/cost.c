/*
 * cost.c — the cost model of one route and of one host (seed 001 §2, eq. (1)
 * and §2.4; the affine cost of SimGrid): part of the bottom module model/
 * (errors, costs, eq. (1), eq. (5), balance), which uses nothing of ours.
 */
#include "ringmap/model.h"
#include "model/cost_inline.h"

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
