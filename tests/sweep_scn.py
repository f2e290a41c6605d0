#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Every directed scenario at every sweep point, on the golden model alone (make sweep-scn).

make sweep builds the RTL for each point of configs/sweep.txt (minutes each); the question
whether each scenario's `config` lines state the values its expectations hold for
(sim/c_tb/SCENARIO.md) needs only the golden model, whose configuration vecgen takes at run
time. For each point (every parameter as tests/sweep.py gives it) and each scenarios/*.scn
this runs `vecgen --block sys --defs ...` and sorts the result:

  pass      the scenario ran and every check held
  skip      its config lines do not allow the point (or it needs another system)
  FAIL      a check failed: the scenario runs at a point it was not written for (give it
            a config constraint) or the golden model is wrong there
  vector    the run stopped on a limit of vectors only (a reset after cycle 0, a packet
            cut at the end, --max-cycles): the checks up to there held; not a failure

One line per point, then the failures with vecgen's message; exit 1 if a check failed,
2 on a usage or data error. It does not replace make sweep (no RTL, no lint, no synthesis).
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sweep  # noqa: E402  (the data readers and checks of configs/sweep.txt)

SKIP_RE = re.compile(r"needs|drives the|has no 'config tpiu=1' line")


def defines():
    """The C macro of each parameter (configs/params.txt)."""
    it = sweep.rows(sweep.PARAMS_TXT)
    next(it)
    return {f[0]: f[2] for _, f in it}


def one(vecgen, defs, scn, tmp):
    """(kind, message) of one scenario at one point."""
    out = tempfile.mkdtemp(dir=tmp)
    p = subprocess.run([vecgen, "--block", "sys", "--defs", defs, "--out", out,
                        "--id", "sys-0000-sweep", "--config", "sweep", "--max-cycles",
                        "50000000", scn], capture_output=True, text=True)
    msg = (p.stderr + p.stdout).strip().splitlines()
    first = msg[0] if msg else ""
    if p.returncode == 0:
        return "pass", ""
    if p.returncode == 2 and SKIP_RE.search(first):
        return "skip", ""
    if p.returncode == 1 and "check failed" not in first:
        return "vector", first
    return "FAIL", first


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("points", nargs="*", metavar="POINT", help="Param or Param=value (default all)")
    ap.add_argument("--vecgen", default="build/vec/vecgen", help="the vecgen binary")
    ap.add_argument("--jobs", type=int, default=1, help="vecgen runs at once (default 1)")
    args = ap.parse_args()
    if not os.access(args.vecgen, os.X_OK):
        print(f"sweep_scn.py: {args.vecgen}: not found (make {args.vecgen})", file=sys.stderr)
        return 2
    try:
        params, block = sweep.read_params()
        cfgs = sweep.read_configs(params)
        points = sweep.read_sweep(block, cfgs)
    except sweep.DataError as e:
        print(e, file=sys.stderr)
        return 2
    sel = [p for p in points if not p["same"]]
    if args.points:
        sel = [p for p in sel if p["param"] in args.points or
               f"{p['param']}={p['value']}" in args.points]
        if not sel:
            print(f"sweep_scn.py: no point {' '.join(args.points)} in {sweep.SWEEP_TXT}",
                  file=sys.stderr)
            return 2
    mac = defines()
    scns = sorted(os.path.join("scenarios", f) for f in os.listdir("scenarios")
                  if f.endswith(".scn"))
    fails = []
    with tempfile.TemporaryDirectory() as tmp, \
            concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for pt in sel:
            defs = " ".join(f"-D{mac[p]}={pt['vals'][p]}" for p in params)
            res = list(pool.map(lambda s: (s, *one(args.vecgen, defs, s, tmp)), scns))
            n = {k: sum(1 for _, r, _ in res if r == k) for k in ("pass", "skip", "FAIL", "vector")}
            print(f"  {pt['param']}={pt['value']} ({pt['base']}): {n['pass']} pass, {n['skip']} "
                  f"skip, {n['vector']} vector limit, {n['FAIL']} FAIL", flush=True)
            fails += [(pt, s, m) for s, r, m in res if r == "FAIL"]
    for pt, s, m in fails:
        print(f"FAIL {pt['param']}={pt['value']} ({pt['base']}): {m}")
    print(f"sweep-scn: {len(sel)} points x {len(scns)} scenarios, {len(fails)} failed checks")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
