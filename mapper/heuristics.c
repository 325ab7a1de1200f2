/*
 * heuristics.c — the mapper's heuristic table (mapper/heuristics.h): for
 * each rm_heuristic its kind, the rm_options fields it honours, its host
 * limit, its title and summary, its source, and the function that runs it
 * on checked arguments. rmi_run_heuristic and rm_map(_network) dispatch
 * through it; the CLI's --heuristic values and help, sweep, compare and
 * `--heuristic both`, and the benchmarks read it through rm_heuristic_at /
 * rm_heuristic_lookup (include/ringmap/mapper.h).
 */
#include "mapper/heuristics.h"
#include "heur/exact.h"
#include "heur/heur.h"
#include "heur/route_ties.h"

#include "ring/steps.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* SharedRing, then (route_ties other than index) its final ring re-routed
 * by the tie rule, kept when T_step is lower (ring/route_ties.h). */
static rm_status run_sharedring(const rm_network *net, const rm_options *opt, rm_mapping **out,
                                rm_error *err)
{
    rm_status st = rmi_sharedring(net, opt, out, err);
    if (!st && opt->route_ties != RM_TIES_INDEX &&
        (st = rmi_ties_reshare(net, opt, opt->route_ties, *out, NULL, err))) {
        rm_mapping_free(*out);
        *out = NULL;
    }
    return st;
}

static rm_status run_row(rm_heuristic h, const rm_network *net, const rm_options *opt,
                         rm_mapping **out, rm_error *err);

/* RM_HEUR_BOTH: SharedRing, then SliceRing, on the same options; the ring
 * of lower T_step/D_w (both valued under opt->network) is handed on, ties
 * to SharedRing's but under the fair model's tie rule (rm_mapping_better_on:
 * the lower balance root T*); both runs are recorded as the
 * mapping's first steps. other: when not NULL, the ring not handed on
 * (mapper/heuristics.h; NULL when SliceRing did not run). SliceRing refused
 * by a limit (RM_ELIMIT: its all-pairs tables larger than the machine's
 * memory, heur/memory.c) is recorded as a step not run, with the refusal
 * as its note, and SharedRing's ring is handed on. */
rm_status rmi_run_both(const rm_network *net, const rm_options *opt, rm_mapping **out,
                       rm_mapping **other, rm_error *err)
{
    static const rm_heuristic ids[2] = {RM_HEUR_SHARED, RM_HEUR_SLICE};
    rm_mapping *m[2] = {NULL, NULL};
    rm_status st = RM_OK;
    if (other)
        *other = NULL;
    char skipped[sizeof err->msg] = "";
    for (int i = 0; i < 2 && !st; i++) {
        rm_options o = *opt;
        o.heuristic = ids[i];
        if (!(st = run_row(ids[i], net, &o, &m[i], err))) {
            m[i]->heuristic = ids[i];
            m[i]->network = opt->network; /* valued under it: the tie rule reads it */
        } else if (i == 1 && st == RM_ELIMIT) {
            /* SliceRing beyond a limit (its all-pairs tables larger than the
               machine's memory, heur/memory.c): SharedRing's ring stands */
            const char *why = strstr(err->msg, " needs "); /* heur/memory.c's message, */
            snprintf(skipped, sizeof skipped, "%s", why ? why + 1 : err->msg); /* its name cut */
            st = RM_OK;
        }
    }
    int b = st ? 0 : !m[1] ? 0 : rm_mapping_better_on(net, m[0], m[1]);
    for (int i = 0; i < 2 && !st; i++) {
        rm_pipeline_step s = rmi_step_make(RM_STEP_HEURISTIC, (int)ids[i], NAN,
                                           m[i] ? m[i]->t_step_per_dw : NAN);
        s.kept = i == b;
        if (!m[i])
            snprintf(s.note, sizeof s.note, "not run: %s", skipped);
        else if (i != b)
            snprintf(s.note, sizeof s.note,
                     m[b]->t_step_per_dw < m[i]->t_step_per_dw
                         ? "%s's ring is better"
                         : "%s's ring is better (a tie; its balance root T* is lower)",
                     rm_heuristic_lookup(ids[b])->title);
        st = rmi_mapping_add_step(m[b], &s, err);
    }
    if (st) {
        rm_mapping_free(m[0]);
        rm_mapping_free(m[1]);
        return st;
    }
    if (other)
        *other = m[1 - b]; /* NULL when SliceRing did not run */
    else
        rm_mapping_free(m[1 - b]);
    *out = m[b];
    return RM_OK;
}

static rm_status run_both(const rm_network *net, const rm_options *opt, rm_mapping **out,
                          rm_error *err)
{
    return rmi_run_both(net, opt, out, NULL, err);
}

/* What every greedy heuristic reads besides its own fields. */
#define GREEDY_COMMON                                                                              \
    (RM_HONOURS_ROUTING | RM_HONOURS_ROUTE_TIES | RM_HONOURS_MAX_Q | RM_HONOURS_FULL_CURVE |      \
     RM_HONOURS_STOP_PATIENCE | RM_HONOURS_PROGRESS | RM_HONOURS_LATENCY |                       \
     RM_HONOURS_PARALLEL_SEND)

/* One row per rm_heuristic, in the order of its values. The summaries are
 * the lines of `ringmap --help` (docs/cli.md); an exact row's summary says
 * its host limit. */
static const rmi_heuristic_row rows[] = {
    {{RM_HEUR_SHARED, RM_HEUR_KIND_GREEDY,
      GREEDY_COMMON | RM_HONOURS_SHARING | RM_HONOURS_THREADS, 0, "SharedRing",
      "SharedRing, routes share links", "Legrand et al. 2004 §4.4"},
     run_sharedring},
    {{RM_HEUR_SLICE, RM_HEUR_KIND_GREEDY,
      GREEDY_COMMON | RM_HONOURS_MAKE_FEASIBLE | RM_HONOURS_SLICE_TIES, 0, "SliceRing",
      "SliceRing on the fully connected model, its ring\n"
      "then made feasible on the shared network (see\n"
      "--make-feasible; its own unshared estimate is printed\n"
      "beside it)",
      "Legrand et al. 2004 §5.2.2"},
     rmi_slicering},
    {{RM_HEUR_SHARED_EXACT, RM_HEUR_KIND_EXACT, RM_HONOURS_ROUTING | RM_HONOURS_MAX_Q,
      RM_SHARED_EXHAUSTIVE_MAX, "exhaustive SharedRing",
      "SharedRing exhaustive over every ring (fixed\n"
      "routes, eq. (5) shares), at most 8 hosts",
      "Legrand et al. 2004 §4.2, eq. (5)"},
     rmi_sharedring_exhaustive},
    {{RM_HEUR_SLICE_EXACT, RM_HEUR_KIND_EXACT,
      RM_HONOURS_ROUTING | RM_HONOURS_MAX_Q | RM_HONOURS_MAKE_FEASIBLE, RM_SLICE_EXACT_MAX,
      "exact SliceRing",
      "proven optimum of SliceRing's model,\n"
      "at most 12 hosts",
      "Legrand et al. 2004 §3.1, eq. (2)"},
     rmi_slicering_exact},
    {{RM_HEUR_BOTH, RM_HEUR_KIND_GREEDY,
      GREEDY_COMMON | RM_HONOURS_SHARING | RM_HONOURS_THREADS | RM_HONOURS_MAKE_FEASIBLE |
          RM_HONOURS_SLICE_TIES,
      0, "SharedRing and SliceRing",
      "SharedRing and SliceRing, the ring of lower T_step\n"
      "handed on",
      "Legrand et al. 2004 §4.4, §5.2.2"},
     run_both},
};

#define N_ROWS ((int)(sizeof rows / sizeof rows[0]))

int rm_heuristic_count(void)
{
    return N_ROWS;
}

const rm_heuristic_info *rm_heuristic_at(int i)
{
    return i >= 0 && i < N_ROWS ? &rows[i].info : NULL;
}

const rmi_heuristic_row *rmi_heuristic_row_of(rm_heuristic h)
{
    for (int i = 0; i < N_ROWS; i++)
        if (rows[i].info.id == h)
            return &rows[i];
    return NULL;
}

static rm_status run_row(rm_heuristic h, const rm_network *net, const rm_options *opt,
                         rm_mapping **out, rm_error *err)
{
    return rmi_heuristic_row_of(h)->run(net, opt, out, err);
}

const rm_heuristic_info *rm_heuristic_lookup(rm_heuristic h)
{
    const rmi_heuristic_row *r = rmi_heuristic_row_of(h);
    return r ? &r->info : NULL;
}
