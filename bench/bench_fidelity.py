#!/usr/bin/env python3
"""bench_fidelity: does the default mapping run as fast as ringmap predicts, and
as fast as anything else a user could run?  Judged by SimGrid SMPI.

For each platform (SimGrid XML, bench/platforms/ by default) and each D_c/D_w
(default 0.064 and 0.0064), every run set below is mapped with the run's own
sizes (one column of ROWS doubles is D_c = 64 ROWS 1e-6 Mb; COLS columns of
(ROWS-2) 7-flop cells are D_w; COLS = 64 ROWS / (7 (ROWS-2) D_c/D_w), the
cost model of iterapp's Jacobi stencil: --latency --parallel-send --one-core)
and run by iterapp_smpi on the platform itself (the recipe of docs/simgrid.md)
under each network model of SimGrid:
  cm02  CM02 max-min sharing, SMPI's bandwidth and latency factors 1, no
        cross traffic (the sharing the fair model assumes);
  smpi  SMPI's default network model (its piecewise bandwidth and latency
        factors per message size, cross traffic, the TCP window bound).
Runs: the default mapping; --paper; --network reserved with each final
solver (none, kinsol, glpk); --heuristic slice; two peers a user runs
today: every host in file order with work proportional to speed, and the
same ring with the model's best columns (`ringmap eval`); and default-smpi,
the default mapping of the platform calibrated with SMPI's factors for the
message size (`--smpi-factors`, docs/simgrid.md), simulated under smpi only:
the smpi targets judge it (the mapping a user of SMPI's default model makes).  Options the
ringmap under test does not have yet are replaced by proxies (printed).
Mappings equal in ring, shares and alphas are simulated once.

Printed per platform and ratio: q, ringmap's T_step, predicted T_step
(eq. (1) of Legrand et al. 2004 with iterapp's integer columns; ringmap's
printed T_step when the mapping says t_step_valuation "simgrid", SimGrid's
own run of it with the run's columns), simulated
(steady state: the pace of the last rank over the second half of the steps), simulated/predicted,
simulated / the default's simulated, and pred*: the prediction with SMPI's
default bandwidth and latency factors for the message size and the TCP
window bound (what a model of SMPI's default would predict, with the
shares unchanged); under cm02 also pred~, the prediction of a per-step
fluid model (fluid_predicted: every flow of a step starts at once, holds no
bandwidth during its route latency, then shares the links max-min fairly
with the flows transferring at that moment, the rates recomputed at every
latency end and flow end), a yardstick for what ringmap's static max-min
valuation leaves out; then one summary line per target:
  default's simulated/predicted in [0.98, 1.02] under cm02, default-smpi's
  in [0.95, 1.05] under smpi; that run's simulated <= 1.02 x the table's
  fastest simulated under the same model.

Not a ctest (minutes); `cmake --build BUILD --target bench_fidelity_run`.
--smoke: one platform, one ratio, cm02, exit 77 without smpirun.
"""
import argparse
import glob
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

MODELS = {
    "cm02": ["--cfg=network/model:CM02", "--cfg=network/crosstraffic:0",
             "--cfg=smpi/bw-factor:1", "--cfg=smpi/lat-factor:1"],
    "smpi": [],
    # decompositions of the SMPI model's gap (--models to use them). The
    # smpi/*-factor options act under the SMPI model only, and there need the
    # "threshold:value" form ("1" alone makes SimGrid 3.32 crash).
    "cm02+xt": ["--cfg=network/model:CM02", "--cfg=network/crosstraffic:1",
                "--cfg=smpi/bw-factor:1", "--cfg=smpi/lat-factor:1"],
    "smpi-f1": ["--cfg=smpi/bw-factor:0:1", "--cfg=smpi/lat-factor:0:1"],
    "smpi-f1-xt0": ["--cfg=smpi/bw-factor:0:1", "--cfg=smpi/lat-factor:0:1", "--cfg=network/crosstraffic:0"],
    "smpi-xt0": ["--cfg=network/crosstraffic:0"],
}
# SMPI's default network model in SimGrid 3.32 (its documented defaults,
# `--help-cfg`): per message size S (bytes, the first threshold <= S), the
# factor on the rate and on the route's latency; and the TCP window bound
# gamma / (2 L) on a flow's rate (network/TCP-gamma, bytes), also in CM02.
SMPI_BW_FACTOR = [(65472, 0.940694), (15424, 0.697866), (9376, 0.58729), (5776, 1.08739),
                  (3484, 0.77493), (1426, 0.608902), (732, 0.341987), (257, 0.338112), (0, 0.812084)]
SMPI_LAT_FACTOR = [(65472, 11.6436), (15424, 3.48845), (9376, 2.59299), (5776, 2.18796),
                   (3484, 1.88101), (1426, 1.61075), (732, 1.9503), (257, 1.95341), (0, 2.01467)]
TCP_GAMMA = 4194304.0
COMMON_SG = ["--cfg=smpi/simulate-computation:no", "--log=root.thres:critical"]
TARGETS = {"cm02": (0.98, 1.02), "smpi": (0.95, 1.05)}
# the default mapping calibrated for SMPI's default model (`--smpi-factors`):
# the run the smpi targets judge when the ringmap under test has the option
SMPI_DEFAULT = "default-smpi"
# the default mapping with the model's printed T_step (`map --no-simulate`):
# where the default prints SimGrid's run of the mapping (rm_mapping_judge's
# policy), the same mapping valued by ringmap's own model
MODEL = "model"
ONLY_MODELS = {SMPI_DEFAULT: ("smpi",), MODEL: ("cm02",)}


def default_run(m, rows):
    """the label of the run a model's targets judge: under smpi the calibrated
    default when the table has it, else the default"""
    if m == "smpi" and any(x["run"] == SMPI_DEFAULT and x.get(m) is not None for x in rows):
        return SMPI_DEFAULT
    return "default"
FASTEST_SLACK = 1.02


def sh(cmd, timeout=600, check=True, cwd=None):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=timeout, cwd=cwd)
    if check and p.returncode != 0:
        raise RuntimeError("%s: exit %d: %s" % (os.path.basename(cmd[0]) + " " + " ".join(cmd[2:]), p.returncode, p.stderr.strip()[-300:]))
    return p


class Ringmap:
    def __init__(self, exe):
        self.exe = exe
        self.help = sh([exe, "--help"], check=False).stdout
        ev = sh([exe, "eval", "--help"], check=False)
        self.has_eval = ev.returncode == 0 and "--ring" in ev.stdout
        self.eval_help = ev.stdout if self.has_eval else ""

    def has(self, opt):
        return opt in self.help

    def run_sets(self):
        """(label, how: 'map'|'eval'|'weights', options, note)"""
        net = self.has("--network")
        sets = [("default", "map", [], "")]
        if self.has("--paper"):
            sets.append(("paper", "map", ["--paper"], ""))
        else:
            sets.append(("paper", "map", [], "proxy: today's default is the paper's SharedRing"))
        if net:
            sets.append(("fair", "map", ["--network", "fair"], ""))
        else:
            sets.append(("fair", "map", ["--sharing", "maxmin", "--make-feasible", "maxmin"],
                         "proxy: --sharing maxmin --make-feasible maxmin"))
        for fs in ("none", "kinsol", "glpk"):
            o = (["--network", "reserved"] if net else []) + ["--final-solver", fs]
            sets.append(("reserved-" + fs, "map", o, "" if net else "proxy: --final-solver %s" % fs))
        sets.append(("slice", "map", ["--heuristic", "slice"], ""))
        if self.has_eval and "--alpha" in self.eval_help:
            sets.append(("peer-speed", "eval", ["--ring", "file-order", "--alpha", "speed"], ""))
        else:
            sets.append(("peer-speed", "weights", [], "no prediction: `ringmap eval` missing"))
        if self.has_eval:
            sets.append(("peer-best", "eval", ["--ring", "file-order"], ""))
        if self.has("--smpi-factors"):
            # what a user whose run is simulated by SMPI's default network
            # model maps (docs/simgrid.md): the links calibrated with SMPI's
            # factors for the message size; simulated under smpi only, and
            # the default there
            sets.append((SMPI_DEFAULT, "map", ["--smpi-factors"], ""))
        if self.has("--simulate"):
            # the default mapping with the model's printed prediction
            # (`map --no-simulate`; the default prints SimGrid's run of it
            # where rm_mapping_judge's policy applies): the same mapping, so
            # the same simulation; judged under cm02 only
            sets.append((MODEL, "map", ["--no-simulate"], ""))
        return sets


def file_order(rm, plat, work):
    """hosts in SimGrid's order and their one-core cycle-times: a mapping at
    D_c/D_w = 0 (every host is in the ring) sorted back by node index"""
    j = os.path.join(work, "all.json")
    sh([rm.exe, plat, "--heuristic", "slice", "--dc-dw", "0", "--one-core", "--json", j, "-q"])
    ring = sorted(json.load(open(j))["ring"], key=lambda h: h["node"])
    return [h["label"] for h in ring], [h["w"] for h in ring]


def mapping_key(m):
    def route(r):  # None: a ring of one host has no route
        return None if not r else (r.get("bandwidth"), r.get("latency"))
    ring = [(h["label"], h["alpha"], route(h.get("succ")), route(h.get("pred"))) for h in m["ring"]]
    p = m["params"]
    return hashlib.sha1(json.dumps([ring, p.get("latency"), p.get("parallel_send")]).encode()).hexdigest()


def simulate(args, plat, hostfile, q, model, app_args, out_json, log):
    cmd = ["nice", "-n", str(args.nice), "smpirun", "-platform", plat, "-hostfile", hostfile, "-np", str(q)]
    cmd += COMMON_SG + MODELS[model] + [args.iterapp] + app_args
    cmd += ["--rows", str(args.rows), "--total-cols", str(args.cols_of[0]), "--steps", str(args.steps),
            "--quiet", "--json", out_json]
    t = time.time()
    # in the work folder: smpirun leaves its temporary hostfile in the current
    # folder when the program crashes
    p = sh(cmd, timeout=args.timeout, check=False, cwd=os.path.dirname(out_json))
    open(log, "w").write(p.stdout + p.stderr)
    if p.returncode != 0 or not os.path.exists(out_json):
        raise RuntimeError("smpirun exit %d (log %s)" % (p.returncode, log))
    d = json.load(open(out_json))
    return d, time.time() - t


def steady(d):
    """the simulated T_step of the steady state: the slope, over the second
    half of the steps, of the time at which the last rank ends each step
    (rank k ends step s at the sum of its exchange + computation times of
    steps 0..s). The first steps also hold the skew of the barrier before the
    loop (its release reaches the ranks one route latency apart), a wave that
    travels along the ring one host per step (cluster_multi at 0.0064, 16
    hosts: wall/steps of 10 steps 1.377 ms, steady 1.294 ms, predicted 1.294);
    and the slowest rank of each step is not the right measure when ranks
    take turns (cluster_dragonfly at 0.064, 16 hosts: the mean of the slowest
    rank's step 0.611 ms, every rank's pace 0.5845 ms, predicted 0.5837)."""
    n = d.get("steps") or 0
    ranks = d.get("ranks") or []
    if n < 2 or not ranks or any(len(r.get("comp") or []) != n for r in ranks):
        return d["t_step_measured"]
    end = [0.0] * n
    for r in ranks:
        acc = 0.0
        for t in range(n):
            acc += r["comp"][t] + r["comm"][t]
            end[t] = max(end[t], acc)
    h = n // 2
    return (end[n - 1] - end[h - 1]) / (n - h)


def piecewise(table, size):
    return next(v for t, v in table if size >= t)


def predicted_with_factors(mp, d, bw_factor, lat_factor, gamma=TCP_GAMMA):
    """eq. (1) with iterapp's integer columns (the run's own per-rank
    computation) and each route's cost lat_factor L + D_c / (bw_factor
    min(b, gamma / (2 L))): what SMPI's default model makes of a route whose
    share is b (Mb/s) and latency L (s) when its flows start together and
    nothing else changes. With factors 1 it is iterapp's prediction (but
    for the window bound, which binds only on routes of large latency)."""
    par = mp["params"].get("parallel_send")
    dc = d["d_c_mb"]
    t = 0.0
    for r, h in zip(d["ranks"], mp["ring"]):
        costs = []
        for rt in (h.get("succ"), h.get("pred")):
            if not rt:
                continue
            b, lat = rt["bandwidth"], rt.get("latency") or 0.0
            if gamma and lat > 0:
                b = min(b, gamma * 8e-6 / (2 * lat))
            costs.append(lat_factor * lat + dc / (bw_factor * b))
        comm = (max(costs) if par else sum(costs)) if costs else 0.0
        t = max(t, r["comp_predicted"] + comm)
    return t


def fatpipe_links(plat):
    """the ids of the platform's FATPIPE links (SimGrid: each flow gets the
    whole bandwidth; ringmap's backbone links)"""
    import xml.etree.ElementTree as ET
    try:
        root = ET.parse(plat).getroot()
    except (ET.ParseError, OSError):
        return set()
    return {e.get("id") for e in root.iter("link") if e.get("sharing_policy") == "FATPIPE"}


def _maxmin(live, routes, cap, fat):
    """max-min fair rates (equal weights, CM02) of the flows in live: route
    f crosses link l mult times (routes[f][l]); a FATPIPE link (in fat)
    bounds each flow alone. Progressive filling."""
    rate, live, rem = {}, set(live), dict(cap)
    level = 0.0
    while live:
        load = {}
        for f in live:
            for l, mult in routes[f].items():
                if l not in fat:
                    load[l] = load.get(l, 0) + mult
        step, sat = float("inf"), set()
        for l, n in load.items():
            step = min(step, rem[l] / n)
        for f in live:  # a FATPIPE bound, flow by flow
            for l in routes[f]:
                if l in fat:
                    step = min(step, cap[l] - level)
        if step == float("inf"):
            for f in live:
                rate[f] = float("inf")
            break
        level += step
        for l, n in load.items():
            rem[l] -= step * n
            if rem[l] <= cap[l] * 1e-12:
                sat.add(l)
        done = [f for f in live if any(l in sat for l in routes[f]) or
                any(l in fat and cap[l] <= level * (1 + 1e-12) for l in routes[f])]
        for f in done:
            rate[f] = level
            live.discard(f)
    return rate


def fluid_step(flows, cap, fat, size):
    """one halo exchange as a fluid: every flow (routes dict, latency) starts
    at 0, holds no bandwidth during its route latency (SimGrid's latency
    phase), then shares the links max-min fairly with the flows transferring
    at that moment; the rates are recomputed at every latency end and every
    flow end (a flow that ends releases its bandwidth). The finish time of
    each flow (s)."""
    n = len(flows)
    left, fin, t = [size] * n, [None] * n, 0.0
    routes = {i: f[0] for i, f in enumerate(flows)}
    while any(x is None for x in fin):
        act = [i for i in range(n) if fin[i] is None and flows[i][1] <= t]
        rate = _maxmin(act, routes, cap, fat) if act else {}
        dt = min([flows[i][1] - t for i in range(n) if fin[i] is None and flows[i][1] > t] +
                 [left[i] / rate[i] for i in act if rate[i] > 0] + [float("inf")])
        if dt == float("inf"):
            break
        for i in act:
            left[i] -= rate[i] * dt
            if left[i] <= size * 1e-12:
                fin[i], left[i] = t + dt, 0.0
        t += dt
    return fin


def fluid_predicted(mp, d, fat):
    """eq. (1) with iterapp's integer columns and each host's communication
    from fluid_step on the mapping's routes and the links' full capacities
    (the shares SimGrid's CM02 gives, whatever the mapping reserved): the
    per-step prediction of a model where flows that end early release
    bandwidth and a flow holds none during its latency. Host k's
    communication: its two outgoing flows (parallel send: the later end;
    else their sum), as in the static prediction."""
    ring = mp["ring"]
    if len(ring) < 2 or not mp.get("link_usage"):
        return None
    cap = {u["link"]: u["capacity"] for u in mp["link_usage"]}
    fatl = {u["link"] for u in mp["link_usage"] if u.get("simgrid_link") in fat}
    flows = []
    for h in ring:
        for key in ("succ", "pred"):
            rt, mult = h[key], {}
            for l in rt["links"]:
                if l in cap:
                    mult[l] = mult.get(l, 0) + 1
            flows.append((mult, rt.get("latency") or 0.0))
    fin = fluid_step(flows, cap, fatl, d["d_c_mb"])
    if any(x is None for x in fin):
        return None
    par = mp["params"].get("parallel_send")
    t = 0.0
    for k, r in enumerate(d["ranks"]):
        a, b = fin[2 * k], fin[2 * k + 1]
        t = max(t, r["comp_predicted"] + (max(a, b) if par else a + b))
    return t


def fmt(x, f="%.4f"):
    return "-" if x is None else f % x


def write_markdown(path, rows, models):
    """two tables: per platform and ratio, the default against its prediction
    and against the fastest run; then every run"""
    groups = {}
    for x in rows:
        groups.setdefault((x["platform"], x["dc_dw"]), []).append(x)
    f3 = lambda v: fmt(v, "%.3f")
    fl = "cm02" in models  # the per-step fluid model's prediction (fluid_predicted)
    out = ["| platform | D_c/D_w | default q | predicted ms | " +
           " | ".join("%s sim/pred | %s default / fastest (fastest run)" % (m, m) for m in models) +
           (" | smpi sim/pred*" if "smpi" in models else "") + (" | cm02 sim/pred~" if fl else "") + " |",
           "|---|---|---|---|" + "---|---|" * len(models) + ("---|" if "smpi" in models else "") +
           ("---|" if fl else "")]
    for (plat, r), xs in groups.items():
        d0 = next((x for x in xs if x["run"] == "default"), None)
        if not d0:
            continue
        line = "| %s | %g | %s | %s |" % (plat, r, fmt(d0["q"], "%d"), fmt(d0["pred_ms"]))
        for m in models:
            dl = default_run(m, xs)
            d = next((x for x in xs if x["run"] == dl), d0)
            ok = [x for x in xs if x.get(m) is not None]
            best = min(ok, key=lambda x: x[m]) if ok else None
            rat = d[m] / best[m] if best and d.get(m) else None
            line += " %s | %s (%s) |" % (f3(d.get(m + "_sim_pred")), f3(rat), best["run"] if best else "-")
        if "smpi" in models:
            line += " %s |" % f3(d0.get("smpi_sim_pred_factors"))
        if fl:
            line += " %s |" % f3(d0.get("cm02_sim_pred_fluid"))
        out.append(line)
    out += ["", "| platform | D_c/D_w | run | q | predicted ms | " +
            " | ".join("%s sim ms | sim/pred | sim/default" % m for m in models) +
            (" | pred~ ms | cm02 sim/pred~" if fl else "") + " |",
            "|---|---|---|---|---|" + "---|---|---|" * len(models) + ("---|---|" if fl else "")]
    for x in rows:
        line = "| %s | %g | %s | %s | %s |" % (x["platform"], x["dc_dw"], x["run"], fmt(x["q"], "%d"),
                                              fmt(x["pred_ms"]))
        for m in models:
            line += " %s | %s | %s |" % (fmt(x.get(m)), f3(x.get(m + "_sim_pred")), f3(x.get(m + "_sim_def")))
        if fl:
            line += " %s | %s |" % (fmt(x.get("pred_fluid_ms")), f3(x.get("cm02_sim_pred_fluid")))
        if x["error"]:
            line += " error: %s |" % x["error"].split(": ", 2)[-1][:80].replace("|", "/")
        out.append(line)
    open(path, "w").write("\n".join(out) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("ringmap")
    ap.add_argument("iterapp")
    ap.add_argument("platforms", nargs="*", help="SimGrid XML files (default: SRC/bench/platforms/*.xml"
                    " and SRC/tests/data/simgrid/cluster_shared_backbone.xml)")
    ap.add_argument("--src", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap.add_argument("--ratios", default="0.064,0.0064")
    ap.add_argument("--models", default="cm02,smpi")
    ap.add_argument("--runs", default="", help="comma list of run labels (default: all)")
    ap.add_argument("--rows", type=int, default=1000)
    ap.add_argument("--steps", type=int, default=100)
    ap.add_argument("--nice", type=int, default=10)
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--threads", type=int, default=1, help="ringmap --threads (same mapping for any N)")
    ap.add_argument("--csv", help="write every row to this CSV file")
    ap.add_argument("--markdown", help="write the tables (summary per platform, every run) as Markdown")
    ap.add_argument("--keep", help="keep mappings, hostfiles and run JSONs in this folder")
    ap.add_argument("--smoke", action="store_true",
                    help="one platform (cluster_fat_tree.xml), ratio 0.064, cm02; exit 77 without smpirun")
    args = ap.parse_intermixed_args()
    args.ringmap, args.iterapp = os.path.abspath(args.ringmap), os.path.abspath(args.iterapp)
    if not shutil.which("smpirun"):
        print("SKIP: smpirun not installed (SimGrid's SMPI)")
        return 77
    if args.smoke:
        args.platforms = args.platforms or [os.path.join(args.src, "bench/platforms/cluster_fat_tree.xml")]
        args.ratios, args.models = "0.064", "cm02"
        # the runs that must work on any build (the final solvers' own
        # failures are the full run's business)
        args.runs = args.runs or "default,paper,slice,peer-speed"
    plats = args.platforms or (sorted(glob.glob(os.path.join(args.src, "bench/platforms/*.xml"))) +
                               [os.path.join(args.src, "tests/data/simgrid/cluster_shared_backbone.xml")])
    plats = [os.path.abspath(p) for p in plats]
    ratios = [float(r) for r in args.ratios.split(",")]
    models = args.models.split(",")
    for m in models:
        if m not in MODELS:
            ap.error("--models: unknown model %s (known: %s)" % (m, ", ".join(MODELS)))
    rm = Ringmap(args.ringmap)
    sets = rm.run_sets()
    if args.runs:
        want = args.runs.split(",")
        sets = [s for s in sets if s[0] in want or s[0] == "default"]
    work = os.path.abspath(args.keep or tempfile.mkdtemp(prefix="bench_fidelity."))
    os.makedirs(work, exist_ok=True)
    print("bench_fidelity: %s (%s); iterapp_smpi %s; ROWS %d, %d steps; models %s"
          % (args.ringmap, sh([args.ringmap, "--version"], check=False).stdout.strip(), args.iterapp,
             args.rows, args.steps, ", ".join(models)))
    for label, how, opts, note in sets:
        if note:
            print("  run %-15s %s" % (label, note))
    rows = []
    t0 = time.time()
    for plat in plats:
        name = os.path.basename(plat)[:-4] if plat.endswith(".xml") else os.path.basename(plat)
        try:
            order, ws = file_order(rm, plat, work)
        except Exception as e:  # a platform that ringmap refuses: say so, go on
            print("== %s: cannot read: %s" % (name, e))
            continue
        fat = fatpipe_links(plat)
        forder = os.path.join(work, name + ".fileorder.hosts")
        open(forder, "w").write("".join(h + "\n" for h in order))
        for r in ratios:
            cols = round(64 * args.rows / (7 * (args.rows - 2) * r))
            args.cols_of = [cols]
            dc, dw = 64 * args.rows * 1e-6, (args.rows - 2) * 7e-6 * cols
            base = ["--dc", repr(dc), "--dw", repr(dw), "--latency", "--parallel-send", "--one-core"]
            print("\n== %s  D_c/D_w %g (ROWS %d, COLS %d: D_c %.4g Mb, D_w %.6g Mflop)"
                  % (name, r, args.rows, cols, dc, dw))
            hdr = "%-16s %4s %10s %10s" % ("run", "q", "map(ms)", "pred(ms)")
            for m in models:
                hdr += " | %-8s %10s %8s %8s" % (m, "sim(ms)", "sim/pred", "sim/def")
            if "smpi" in models:
                hdr += " | %10s %9s" % ("pred*(ms)", "smpi/pred*")
            if "cm02" in models:
                hdr += " | %10s %9s" % ("pred~(ms)", "cm02/pred~")
            print(hdr)
            cache = {}
            res = []
            for label, how, opts, note in sets:
                tag = "%s.%g.%s" % (name, r, label)
                mj = os.path.join(work, tag + ".json")
                hf = os.path.join(work, tag + ".hosts")
                row = {"platform": name, "dc_dw": r, "run": label, "q": None, "map_ms": None,
                       "pred_ms": None, "error": ""}
                try:
                    if how == "map":
                        # the run's columns, for the search's whole-column check
                        cols_opt = ["--cols", str(cols)] if rm.has("--cols") else []
                        sh([rm.exe, plat] + base + cols_opt + opts + ["--threads", str(args.threads), "--json", mj,
                                                           "--machinefile", hf, "-q"])
                    elif how == "eval":
                        sh([rm.exe, "eval", plat] + base + opts + ["--json", mj, "--machinefile", hf, "-q"])
                    if how in ("map", "eval"):
                        mp = json.load(open(mj))
                        key = mapping_key(mp)
                        hosts = [l.strip() for l in open(hf) if l.strip() and not l.startswith("#")]
                        app = ["--mapping", mj]
                        if "speed" in opts:  # work proportional to speed: the
                            app += ["--alloc", "alpha"]  # mapping's alphas, not iterapp's optimum
                        row["map_ms"] = mp.get("t_step", float("nan")) * 1e3
                    else:
                        key, hosts, hf = "weights", order, forder
                        app = ["--weights", ",".join("%.17g" % w for w in ws)]
                    row["q"] = len(hosts)
                    for m in models:
                        if m not in ONLY_MODELS.get(label, (m,)):
                            continue
                        if (key, m) not in cache:
                            out = os.path.join(work, "%s.%s.run.json" % (tag, m))
                            cache[(key, m)] = simulate(args, plat, hf, len(hosts), m, app, out,
                                                       out[:-9] + ".log")[0]
                        d = cache[(key, m)]
                        if how != "weights":
                            row["pred_ms"] = d["t_step_predicted"] * 1e3
                            if how == "map" and mp.get("t_step_valuation") == "simgrid":
                                # ringmap's printed prediction is SimGrid's run of the
                                # mapping with the run's columns (rm_mapping_judge)
                                row["pred_ms"] = mp["t_step"] * 1e3
                            if m == "smpi" and not mp.get("platform", {}).get("calibration"):
                                size = d["d_c_mb"] * 1e6 / 8
                                row["pred_smpi_ms"] = predicted_with_factors(
                                    mp, d, piecewise(SMPI_BW_FACTOR, size),
                                    piecewise(SMPI_LAT_FACTOR, size)) * 1e3
                        row[m] = steady(d) * 1e3
                        row[m + "_wall"] = d["t_step_measured"] * 1e3
                        if m == "cm02" and how != "weights":
                            if (key, "fluid") not in cache:
                                cache[(key, "fluid")] = fluid_predicted(mp, d, fat)
                            f = cache[(key, "fluid")]
                            row["pred_fluid_ms"] = f * 1e3 if f else None
                except Exception as e:
                    row["error"] = str(e)
                res.append(row)
            dflt = {m: next((x for x in res if x["run"] == default_run(m, res)), res[0]) for m in models}
            for row in res:
                line = "%-16s %4s %10s %10s" % (row["run"], fmt(row["q"], "%d"), fmt(row["map_ms"]),
                                                fmt(row["pred_ms"]))
                for m in models:
                    s = row.get(m)
                    sp = s / row["pred_ms"] if s is not None and row["pred_ms"] else None
                    sd = s / dflt[m][m] if s is not None and dflt[m].get(m) else None
                    row[m + "_sim_pred"], row[m + "_sim_def"] = sp, sd
                    line += " | %-8s %10s %8s %8s" % ("", fmt(s), fmt(sp, "%.3f"), fmt(sd, "%.3f"))
                if "smpi" in models:
                    ps = row.get("pred_smpi_ms")
                    row["smpi_sim_pred_factors"] = row["smpi"] / ps if ps and row.get("smpi") else None
                    line += " | %10s %9s" % (fmt(ps), fmt(row["smpi_sim_pred_factors"], "%.3f"))
                if "cm02" in models:
                    pf = row.get("pred_fluid_ms")
                    row["cm02_sim_pred_fluid"] = row["cm02"] / pf if pf and row.get("cm02") else None
                    line += " | %10s %9s" % (fmt(pf), fmt(row["cm02_sim_pred_fluid"], "%.3f"))
                if row["error"]:
                    line += "  ERROR " + row["error"]
                print(line)
                rows.append(row)
            sys.stdout.flush()
    print("\n== summary (%d platforms x %d ratios, %.0f s)" % (len(plats), len(ratios), time.time() - t0))
    for m in models:
        dl = default_run(m, rows)
        d = [x for x in rows if x["run"] == dl and x.get(m + "_sim_pred") is not None]
        if m in TARGETS and d:
            lo, hi = TARGETS[m]
            ok = [x for x in d if lo <= x[m + "_sim_pred"] <= hi]
            worst = max(d, key=lambda x: abs(x[m + "_sim_pred"] - 1))
            print("target %-5s %s sim/pred in [%.2f, %.2f]: %d of %d (range %.3f-%.3f; worst %s %g)%s"
                  % (m, dl, lo, hi, len(ok), len(d), min(x[m + "_sim_pred"] for x in d),
                     max(x[m + "_sim_pred"] for x in d), worst["platform"], worst["dc_dw"],
                     "" if len(ok) == len(d) else "  MISSED"))
        groups = {}
        for x in rows:
            if x.get(m) is not None:
                groups.setdefault((x["platform"], x["dc_dw"]), []).append(x)
        n = bad = 0
        worst = (0, None)
        for g, xs in groups.items():
            dd = [x for x in xs if x["run"] == dl]
            if not dd:
                continue
            best = min(xs, key=lambda x: x[m])
            rat = dd[0][m] / best[m]
            n += 1
            if rat > FASTEST_SLACK:
                bad += 1
            if rat > worst[0]:
                worst = (rat, "%s %g (fastest: %s)" % (g[0], g[1], best["run"]))
        if n:
            print("target %-5s %s sim <= %.2f x fastest sim: %d of %d (worst %.3f: %s)%s"
                  % (m, dl, FASTEST_SLACK, n - bad, n, worst[0], worst[1], "" if not bad else "  MISSED"))
    # the per-step fluid model (fluid_predicted) against the static one, under
    # CM02: the default's rows, and every simulated run of the table
    for what, sel in (("default", lambda x: x["run"] == "default"), ("every run", lambda x: True)):
        d = [x for x in rows if sel(x) and x.get("cm02_sim_pred") is not None
             and x.get("cm02_sim_pred_fluid") is not None]
        if d:
            lo, hi = TARGETS["cm02"]
            n_st = sum(1 for x in d if lo <= x["cm02_sim_pred"] <= hi)
            n_fl = sum(1 for x in d if lo <= x["cm02_sim_pred_fluid"] <= hi)
            print("(cm02  %s sim/pred in [%.2f, %.2f]: static %d of %d, per-step fluid pred~ %d of %d, "
                  "range %.3f-%.3f)" % (what, lo, hi, n_st, len(d), n_fl, len(d),
                                        min(x["cm02_sim_pred_fluid"] for x in d),
                                        max(x["cm02_sim_pred_fluid"] for x in d)))
    d = [x for x in rows if x["run"] == MODEL and x.get("cm02_sim_pred") is not None]
    if d:
        lo, hi = TARGETS["cm02"]
        ok = [x for x in d if lo <= x["cm02_sim_pred"] <= hi]
        print("(cm02  %s (map --no-simulate: the model's T_step printed) sim/pred in [%.2f, %.2f]: "
              "%d of %d, range %.3f-%.3f)" % (MODEL, lo, hi, len(ok), len(d),
                                    min(x["cm02_sim_pred"] for x in d), max(x["cm02_sim_pred"] for x in d)))
    d = [x for x in rows if x["run"] == "default" and x.get("smpi_sim_pred_factors") is not None]
    if d:
        lo, hi = TARGETS["smpi"]
        ok = [x for x in d if lo <= x["smpi_sim_pred_factors"] <= hi]
        print("(smpi  default sim/pred* with SMPI's bandwidth/latency factors and TCP window modelled: "
              "%d of %d in [%.2f, %.2f], range %.3f-%.3f)" % (len(ok), len(d), lo, hi,
              min(x["smpi_sim_pred_factors"] for x in d), max(x["smpi_sim_pred_factors"] for x in d)))
    if args.csv:
        keys = ["platform", "dc_dw", "run", "q", "map_ms", "pred_ms"]
        for m in models:
            keys += [m, m + "_sim_pred", m + "_sim_def", m + "_wall"]
        keys += ["pred_smpi_ms", "smpi_sim_pred_factors", "pred_fluid_ms", "cm02_sim_pred_fluid", "error"]
        with open(args.csv, "w") as f:
            f.write(",".join(keys) + "\n")
            for x in rows:
                f.write(",".join("" if x.get(k) is None else str(x.get(k)) for k in keys) + "\n")
    if args.markdown:
        write_markdown(args.markdown, rows, models)
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    errs = [x for x in rows if x["error"]]
    if args.smoke:
        d = [x for x in rows if x["run"] == "default"]
        ok = bool(d) and not d[0]["error"] and 0.9 <= d[0]["cm02_sim_pred"] <= 1.1
        print("smoke: default simulated/predicted %s (want [0.9, 1.1]), %d run errors"
              % (fmt(d[0].get("cm02_sim_pred") if d else None, "%.4f"), len(errs)))
        return 0 if ok and not errs else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
