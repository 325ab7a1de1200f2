/*
 * steps.c — the record of the mapper's pipeline in a mapping (ring/steps.h).
 */
#include "ring/steps.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

rm_status rmi_mapping_add_step(rm_mapping *m, const rm_pipeline_step *s, rm_error *err)
{
    rm_pipeline_step *n = realloc(m->steps, (size_t)(m->n_steps + 1) * sizeof *n);
    if (!n)
        return rm_error_set(err, RM_ENOMEM, "out of memory recording the mapper's steps");
    n[m->n_steps] = *s;
    n[m->n_steps].note[sizeof n->note - 1] = '\0';
    m->steps = n;
    m->n_steps++;
    return RM_OK;
}

rm_status rmi_mapping_take_steps(rm_mapping *dst, rm_mapping *src, rm_error *err)
{
    if (src->n_steps == 0)
        return RM_OK;
    int n = src->n_steps + dst->n_steps;
    rm_pipeline_step *all = malloc((size_t)n * sizeof *all);
    if (!all)
        return rm_error_set(err, RM_ENOMEM, "out of memory recording the mapper's steps");
    memcpy(all, src->steps, (size_t)src->n_steps * sizeof *all);
    if (dst->n_steps)
        memcpy(all + src->n_steps, dst->steps, (size_t)dst->n_steps * sizeof *all);
    free(dst->steps);
    free(src->steps);
    src->steps = NULL;
    src->n_steps = 0;
    dst->steps = all;
    dst->n_steps = n;
    return RM_OK;
}

rm_pipeline_step rmi_step_make(rm_step_kind kind, int detail, double t_before, double t_after)
{
    rm_pipeline_step s;
    memset(&s, 0, sizeof s);
    s.kind = (int)kind;
    s.detail = detail;
    s.t_before = t_before;
    s.t_after = t_after;
    return s;
}
