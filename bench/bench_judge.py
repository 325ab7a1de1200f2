#!/usr/bin/env python3
"""bench_judge.py -- the CPU cost of SimGrid's run as the printed prediction
(`ringmap map`'s default on a SimGrid file, rm_mapping_judge; docs/simgrid.md,
"The judge").

For each platform of bench/platforms/*.xml and the tests'
cluster_shared_backbone.xml, at D_c/D_w 0.064 and 0.0064 with bench_fidelity's
options (ROWS 1000: --dc 0.064 --dw DW --latency --parallel-send --one-core
--cols COLS --threads 1), the CPU time of `ringmap map` (perf stat -e
task-clock: the process and its SimGrid children, the least of --runs runs)
with --no-simulate (the model's T_step printed) and by default (SimGrid's run
printed where the policy applies), and their ratio.
Target (a ratio against a baseline of the same run, never a timed test): the
default within 2x of --no-simulate on every row.

Usage: bench_judge.py RINGMAP [--src DIR] [--runs N] [PLATFORM.xml ...]
"""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile


def cpu_ms(cmd):
    c = subprocess.run(["perf", "stat", "-x,", "-e", "task-clock"] + cmd, capture_output=True, text=True)
    if c.returncode:
        raise RuntimeError("%s: exit %d: %s" % (" ".join(cmd), c.returncode, c.stderr[-400:]))
    return float([l for l in c.stderr.splitlines() if "task-clock" in l][0].split(",")[0])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("ringmap")
    ap.add_argument("platforms", nargs="*")
    ap.add_argument("--src", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--rows", type=int, default=1000)
    args = ap.parse_intermixed_args()
    if not shutil.which("perf"):
        print("SKIP: perf not installed")
        return 77
    plats = args.platforms or (sorted(glob.glob(os.path.join(args.src, "bench/platforms/*.xml"))) +
                               [os.path.join(args.src, "tests/data/simgrid/cluster_shared_backbone.xml")])
    work = tempfile.mkdtemp(prefix="bench_judge.")
    out = os.path.join(work, "m.json")
    print("| platform | D_c/D_w | q | --no-simulate ms | default ms | ratio | printed |")
    print("|---|---|---|---|---|---|---|")
    worst, tot = (0.0, ""), [0.0, 0.0]
    for p in plats:
        for r in (0.064, 0.0064):
            rows = args.rows
            cols = round(64 * rows / (7 * (rows - 2) * r))
            dc, dw = 64 * rows * 1e-6, (rows - 2) * 7e-6 * cols
            base = [os.path.abspath(args.ringmap), p, "--dc", repr(dc), "--dw", repr(dw), "--latency",
                    "--parallel-send", "--one-core", "--cols", str(cols), "--threads", "1", "-q",
                    "--json", out]
            t = []
            for opt in (["--no-simulate"], []):
                t.append(min(cpu_ms(base + opt) for _ in range(args.runs)))
            d = json.load(open(out))
            q = len(d.get("ring", []))
            name = os.path.basename(p)[:-4]
            ratio = t[1] / t[0]
            tot[0] += t[0]
            tot[1] += t[1]
            if ratio > worst[0]:
                worst = (ratio, "%s %g" % (name, r))
            print("| %s | %g | %d | %.1f | %.1f | %.2fx | %s |" % (name, r, q, t[0], t[1], ratio,
                  d.get("t_step_valuation", "static")), flush=True)
    print("\ntotal %.0f ms -> %.0f ms (%.2fx); worst row %.2fx (%s): target 2x %s"
          % (tot[0], tot[1], tot[1] / tot[0], worst[0], worst[1], "met" if worst[0] <= 2.0 else "MISSED"))
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
