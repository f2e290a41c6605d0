#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The parameter sweep (make sweep, make sweep-quick).

For every RTL parameter of trace_top, configs/sweep.txt gives the smallest and the largest
value its contract allows and one odd value between, each applied alone to a built-in
configuration of configs/configs.txt. For each such point this script runs, in order:

  lint    verilator --lint-only -Wall (warnings fatal, lint/verilator.vlt) on trace_top and
          on the top of the parameter's block with the point's parameters
  synth   yosys generic synthesis of that block's top (trace_top for HasTpiu and HasDwt),
          as make synth does: no latches, check -assert; the cell count is printed
  build   the lockstep harness, Verilated once for the point (make SWEEP_POINT=...);
          --print-config must show the point's values (the golden model's configuration)
  random  SEEDS random seeds (FIRST.. FIRST+SEEDS-1) x CYCLES cycles, RTL vs golden model
  scn     every scenarios/*.scn; one whose config lines do not allow the point's values
          exits 77 (skipped: every parameter has a config key, which takes a value or a
          range, sim/c_tb/SCENARIO.md); every other scenario must pass. With --relaxed a
          scenario that stops on a failed expectation while both models agree is only
          counted as written for other values and listed in the log; a mismatch always fails

and prints one line per point with its result and time; the last line is
`N passed, M failed, K skipped` (skipped: points equal to a built-in configuration or to
an earlier point, which are not built again). Logs: BUILD/sweep/logs/POINT.log; the
point's harness: BUILD/sweep/tb/POINT/trace_tb (rerun a failure with it).

Before running, the data are checked: every parameter of configs/params.txt has a row, every
base configuration has the parameter's block, and min, odd and max lie in the range the
contract's section 1 table gives for the parameter (min and max at its ends). A bad row is
reported as FILE:LINE: message (exit 2).
"""
import argparse
import concurrent.futures
import os
import re
import signal
import shlex
import subprocess
import sys
import threading
import time

PARAMS_TXT = "configs/params.txt"
CONFIGS_TXT = "configs/configs.txt"
SWEEP_TXT = "configs/sweep.txt"

# trace_tb --print-config keys (scenario 'config' syntax, sim/c_tb/SCENARIO.md); the TPIU's
# keys are printed only with HasTpiu = 1, the DWT's only with HasDwt = 1, the ETM's only with
# HasEtm = 1.
PRINT_KEYS = {
    "PortWidth": "portwidth", "AtbFifoDepth": "atbfifo", "FrameIdleCycles": "frameidle",
    "NumStimPorts": "ports", "StimFifoDepth": "fifo", "HwFifoDepth": "hwfifo",
    "TsWidth": "ts", "GtsWidth": "gts", "NumCode": "code", "NumLit": "lit",
    "BothHalves": "both", "SecExt": "sec", "Ude": "ude", "HasTpiu": "tpiu", "HasDwt": "dwt",
    "NumComp": "comps", "DwtFifoDepth": "dfifo", "HasMain": "main", "HasTrace": "trace",
    "HasCycCnt": "cyccnt", "HasPrfCnt": "prfcnt", "HasExtTrig": "exttrig",
    "HasVmask": "vmask", "HasPcsr": "pcsr", "HasEtm": "etm",
    "EtmFifoDepth": "etmfifo", "RsDepth": "rsdepth", "CcSize": "ccsize", "NumPc": "numpc",
    "FunnelHold": "funnelhold",
    "HasStall": "stall",
    "NumAcPairs": "acpairs",
    "AtomF45": "atomf45",
    "MaxSpec": "maxspec",
    "QSupp": "qsupp",
}
# The parameters of each block's own top (dwt_top also takes SecExt and Ude: Makefile
# DWT_TOP_PARAMS); HasTpiu and HasDwt exist only on trace_top.
TOP_ONLY = {"HasTpiu", "HasDwt"}


class DataError(Exception):
    pass


def rows(path):
    """(line number, fields) of each non-comment line of a whitespace table."""
    try:
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                s = line.split("#", 1)[0] if line.lstrip().startswith("#") else line
                if s.strip():
                    yield n, s.split()
    except OSError as e:
        raise DataError(f"{path}: cannot read: {e.strerror}")


def read_params():
    params, block = [], {}
    it = rows(PARAMS_TXT)
    next(it)  # header
    for _, f in it:
        params.append(f[0])
        block[f[0]] = f[1]
    return params, block


def read_configs(params):
    it = rows(CONFIGS_TXT)
    _, head = next(it)
    cols = head[1:]
    cfgs = {}
    for _, f in it:
        cfgs[f[0]] = {p: int(v) for p, v in zip(cols, f[1:])}
    for name, vals in cfgs.items():
        if set(vals) != set(params):
            raise DataError(f"{CONFIGS_TXT}: configuration {name}: columns differ from {PARAMS_TXT}")
    return cfgs


def has_block(cfg, blk):
    return {"tpiu": cfg["HasTpiu"] == 1, "dwt": cfg["HasDwt"] == 1,
            "etm": cfg["HasEtm"] == 1}.get(blk, True)


def contract_range(path, param):
    """The allowed values of param from its row of the contract's section 1 table: a
    predicate and the smallest and largest value; None if the file has no such row."""
    with open(path, encoding="utf-8") as f:
        text = f.read().splitlines()
    for n, line in enumerate(text, 1):
        m = re.match(r"^\|\s*`" + re.escape(param) + r"`\s*\|", line)
        if not m:
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        rng = cells[2]
        m2 = re.fullmatch(r"(\d+)\.\.(\d+)(?:, multiple of (\d+))?", rng)
        if m2:
            lo, hi, k = int(m2[1]), int(m2[2]), int(m2[3] or 1)
            return (lambda v: lo <= v <= hi and v % k == 0), lo, hi, f"{path}:{n}: {rng}"
        vals = re.split(r"\s*(?:,|\bor\b)\s*", rng)
        if all(v.isdigit() for v in vals):
            s = {int(v) for v in vals}
            return (lambda v: v in s), min(s), max(s), f"{path}:{n}: {rng}"
        raise DataError(f"{path}:{n}: cannot read the range '{rng}' of {param}")
    # a system parameter: the file must state both values
    if all(f"`{param} = {v}`" in "\n".join(text) for v in (0, 1)):
        return (lambda v: v in (0, 1)), 0, 1, f"{path}: `{param} = 0`, `{param} = 1`"
    return None


def dwt_valid(v):
    """docs/dwt-contract.md section 1: HasMain == 0 => no trace, cycle counter, event
    counters or value masks."""
    return v["HasDwt"] == 0 or v["HasMain"] == 1 or not (
        v["HasTrace"] or v["HasCycCnt"] or v["HasPrfCnt"] or v["HasVmask"])


def read_sweep(params, cfgs):
    """The points: dicts name, param, value, base, vals, quick, same (a built-in
    configuration or an earlier point with the same values, else None)."""
    it = rows(SWEEP_TXT)
    n, head = next(it)
    want = ["param", "base", "min", "odd", "max", "quick", "source"]
    if head != want:
        raise DataError(f"{SWEEP_TXT}:{n}: the header row must be: {' '.join(want)}")
    points, seen_param, errs = [], {}, []
    for n, f in it:
        where = f"{SWEEP_TXT}:{n}"
        if len(f) != len(want):
            errs.append(f"{where}: {len(f)} columns, expected {len(want)}")
            continue
        param, base, smin, sodd, smax, squick, source = f
        if param not in params:
            errs.append(f"{where}: {param} is not a parameter of {PARAMS_TXT}")
            continue
        if param in seen_param:
            errs.append(f"{where}: {param} given twice (line {seen_param[param]})")
            continue
        seen_param[param] = n
        if base not in cfgs:
            errs.append(f"{where}: base {base} is not a configuration of {CONFIGS_TXT}")
            continue
        try:
            vmin, vmax = int(smin), int(smax)
            odd = [] if sodd == "-" else [int(x) for x in sodd.split(",")]
            quick = [] if squick == "-" else [int(x) for x in squick.split(",")]
        except ValueError:
            errs.append(f"{where}: min, odd, max and quick must be decimal numbers or '-'")
            continue
        blk = params[param]
        if not has_block(cfgs[base], blk):
            errs.append(f"{where}: base {base} has no {blk} block (Has{blk.capitalize()} = 0)")
        cfile = source.split("#", 1)[0]
        if not os.path.isfile(cfile):
            errs.append(f"{where}: source {cfile}: no such file")
            continue
        rng = contract_range(cfile, param)
        if rng is None:
            errs.append(f"{where}: {cfile} has no section 1 row for {param} and does not "
                        f"state `{param} = 0` and `{param} = 1`")
            continue
        ok, lo, hi, cite = rng
        if vmin != lo or vmax != hi:
            errs.append(f"{where}: {param} min {vmin}, max {vmax}; the contract allows "
                        f"{lo}..{hi} ({cite})")
        for v in odd:
            if not ok(v) or not vmin < v < vmax:
                errs.append(f"{where}: {param} odd value {v} is not an allowed value "
                            f"strictly between min and max ({cite})")
        values = [vmin] + odd + [vmax]
        for v in quick:
            if v not in values:
                errs.append(f"{where}: quick value {v} is not one of min, odd, max")
        for v in values:
            vals = dict(cfgs[base])
            vals[param] = v
            if vals["HasTpiu"] == 0:  # the ETM's funnel feeds the TPIU ([ETM-FUN-1])
                vals["HasEtm"] = 0
            if vals["HasExtTrig"] == 0:  # an ETM needs CMPMATCH (docs/dwt-contract.md [DWT-TOP-2])
                vals["HasEtm"] = 0
            if not dwt_valid(vals):
                errs.append(f"{where}: {param}={v} on {base} breaks HasMain == 0 => "
                            "HasTrace == HasCycCnt == HasPrfCnt == HasVmask == 0 "
                            "(docs/dwt-contract.md section 1): take another base")
            points.append({"name": f"sw-{param}-{v}", "param": param, "value": v,
                           "base": base, "vals": vals, "quick": v in quick, "line": n})
    for p in params:
        if p not in seen_param:
            errs.append(f"{SWEEP_TXT}: no row for parameter {p} ({PARAMS_TXT})")
    if errs:
        raise DataError("\n".join(errs))
    done = {}
    for c, vals in cfgs.items():
        done.setdefault(tuple(vals[p] for p in params), f"configuration {c}")
    for pt in points:
        key = tuple(pt["vals"][p] for p in params)
        pt["same"] = done.get(key)
        done.setdefault(key, f"point {pt['name']}")
    return points


# ---- one point ---------------------------------------------------------------------------
class Step(Exception):
    """A failed step: its name and the lines to show."""


class PointLog:
    """A point's log file and the CPU time of the processes run for it."""

    def __init__(self, path):
        self.f = open(path, "w", encoding="utf-8")
        self.cpu = 0.0

    def write(self, text):
        self.f.write(text)
        self.f.flush()

    def close(self):
        self.f.close()


def run(cmd, log, timeout=1800):
    """Run cmd (a list), appending its command line and output to log and its CPU time
    (with its children's) to log.cpu; returns (exit status, output)."""
    log.write("$ " + " ".join(shlex.quote(c) for c in cmd) + "\n")
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         stdin=subprocess.DEVNULL, start_new_session=True)
    timer = threading.Timer(timeout, lambda: os.killpg(p.pid, signal.SIGKILL))
    timer.start()
    try:
        out = p.stdout.read().decode(errors="replace")
        _, status, ru = os.wait4(p.pid, 0)
    finally:
        timer.cancel()
        p.stdout.close()
    p.returncode = rc = os.waitstatus_to_exitcode(status)
    log.cpu += ru.ru_utime + ru.ru_stime
    if rc == -signal.SIGKILL:
        out += f"\ntimeout: killed after {timeout} s\n"
    log.write(out)
    log.write(f"# exit {rc}\n")
    return rc, out


def env_list(name):
    v = os.environ.get(name)
    if not v:
        raise DataError(f"sweep.py: ${name} is not set (run through make sweep)")
    return v.split()


def tops_of(pt, block):
    """[(top module, its RTL sources, its parameter names)] linted and synthesised."""
    p, vals = pt["param"], pt["vals"]
    common = env_list("RTL_COMMON")
    dwt_params = [q for q, b in block.items() if b == "dwt" and q != "HasDwt"] + ["SecExt", "Ude"]
    itm = ("itm_top", common + env_list("RTL_ITM"), [q for q, b in block.items() if b == "itm"])
    fpb = ("fpb_top", common + env_list("RTL_FPB"), [q for q, b in block.items() if b == "fpb"])
    tpiu = ("tpiu_top", common + env_list("RTL_TPIU"),
            [q for q, b in block.items() if b == "tpiu" and q != "HasTpiu"])
    dwt = ("dwt_top", ["rtl/common/cs_pkg.sv"] + env_list("RTL_DWT"), dwt_params)
    top = ("trace_top", env_list("RTL_SRCS"), list(block))
    if p in TOP_ONLY or block[p] == "etm":  # etm_top alone: make lint's ETM_LINT_SETS
        return [top]
    tops = {"itm": [itm], "fpb": [fpb], "tpiu": [tpiu], "dwt": [dwt]}[block[p]]
    if p in ("SecExt", "Ude") and vals["HasDwt"]:
        tops = tops + [dwt]
    return tops


def lint(pt, block, log):
    inc = env_list("RTL_INC")
    vals = pt["vals"]
    for name, srcs, ps in [("trace_top", env_list("RTL_SRCS"), list(block))] + [
            t for t in tops_of(pt, block) if t[0] != "trace_top"]:
        g = [f"-G{q}={vals[q]}" for q in ps]
        rc, out = run(["verilator", "--lint-only", "-Wall", "--top-module", name] + inc +
                      ["lint/verilator.vlt"] + g + srcs, log)
        if rc:
            raise Step(f"lint {name}", out)
    return ""


def synth(pt, block, log, sdir):
    inc = " ".join(env_list("RTL_INC"))
    vals, cells = pt["vals"], []
    for name, srcs, ps in tops_of(pt, block):
        stat = os.path.join(sdir, f"{pt['name']}.{name}.stat")
        chp = " ".join(f"-set {q} {vals[q]}" for q in ps)
        script = (f"read_verilog -sv -DSYNTHESIS {inc} {' '.join(srcs)}; chparam {chp} {name}; "
                  f"synth -top {name}; select -assert-none t:$dlatch t:$_DLATCH_* ; "
                  f"check -assert; tee -o {stat} stat")
        rc, out = run(["yosys", "-q", "-p", script], log)
        if rc:
            raise Step(f"synth {name}", out)
        n = "?"
        with open(stat, encoding="utf-8") as f:
            for line in f:
                m = re.search(r"Number of cells:\s*(\d+)", line)
                if m:
                    n = m[1]
        cells.append(f"{name} {n}")
    return ", ".join(cells) + " cells"


def build(pt, params, args, log):
    mk = os.environ.get("MAKE", "make")
    sb = os.path.join(args.build, "sweep")
    tb = os.path.join(sb, "tb", pt["name"], "trace_tb")
    values = " ".join(f"{p}={pt['vals'][p]}" for p in params)
    rc, out = run(shlex.split(mk) + ["-s", "--no-print-directory", f"-j{args.jobs}", f"BUILD={sb}",
                                     f"JOBS={args.jobs}", f"SWEEP_POINT={pt['name']}",
                                     f"SWEEP_VALUES={values}", tb], log)
    if rc:
        raise Step("build", out)
    rc, out = run([tb, "--print-config"], log)
    got = dict(kv.split("=", 1) for kv in out.split() if "=" in kv)
    bad = [f"{k}={got[k]} (want {pt['vals'][p]})" for p, k in PRINT_KEYS.items()
           if k in got and got[k] != str(pt["vals"][p])]
    key = PRINT_KEYS.get(pt["param"])
    if key and key not in got:
        bad.append(f"{key} not shown")
    if rc or bad:
        raise Step("build", f"{tb} --print-config (exit {rc}): {out.strip()}\n"
                   f"differs from the point: {', '.join(bad)}")
    return tb


def lockstep(pt, tb, args, log, wdir):
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    for s in seeds:
        rc, out = run([tb, "--quiet", "--seed", str(s), "--cycles", str(args.cycles),
                       "--wave-dir", wdir], log)
        if rc:
            raise Step(f"random seed {s} (rerun: {tb} --seed {s} --cycles {args.cycles})", out)
    # The harness skips a scenario whose config lines do not allow the point's values (exit
    # 77); every parameter has a key, and a key takes a range, so every other scenario must
    # pass. --relaxed counts one that stops on a failed expectation while both models agree up
    # to it as written for other values (listed in the log, not failed). A mismatch, an RTL
    # stop, a timeout or an error always fails.
    npass = nskip = 0
    fails, other = [], []
    for scn in sorted(os.listdir("scenarios")):
        if not scn.endswith(".scn"):
            continue
        path = os.path.join("scenarios", scn)
        rc, out = run([tb, "--quiet", "--wave-dir", wdir, path], log)
        if rc == 0:
            npass += 1
        elif rc == 77:
            nskip += 1
        elif args.relaxed and rc == 1 and re.search(r"^trace_tb: CHECK FAILED", out, re.M):
            other.append(path)
        else:
            fails.append((path, rc, out))
    summary = f"{args.seeds} seeds x {args.cycles}, {npass} scenarios ({nskip} do not fit"
    if other:
        summary += f", {len(other)} expect other values"
        log.write(f"# scenarios written for other values (checks failed, models agree): "
                  f"{' '.join(other)}\n")
    summary += ")"
    if fails:
        raise Step(f"{len(fails)} scenario{'s' * (len(fails) != 1)} failed ({summary})",
                   "\n".join(f"FAIL {p} (exit {rc}): rerun {tb} {p}\n" +
                             "\n".join(o.splitlines()[:6]) for p, rc, o in fails))
    return summary


def timed(step, log, fn, *a):
    """fn(*a), with the step's wall and CPU time in the log."""
    t0, c0 = time.time(), log.cpu
    try:
        return fn(*a)
    finally:
        log.write(f"# step {step}: {time.time() - t0:.1f} s, {log.cpu - c0:.1f} s CPU\n")


def one_point(pt, block, args, logs, sdir):
    """Lint, synthesis, build and lockstep runs of one point: (PASS/FAIL, detail, lines to
    show, wall s, CPU s, log path)."""
    t0 = time.time()
    logp = os.path.join(logs, pt["name"] + ".log")
    wdir = os.path.join(args.build, "sweep", "tb", pt["name"])
    log = PointLog(logp)
    log.write(f"# sweep point {pt['name']}: {pt['param']}={pt['value']} on {pt['base']} "
              f"({SWEEP_TXT}:{pt['line']})\n# values: " +
              " ".join(f"{k}={v}" for k, v in pt["vals"].items()) + "\n")
    extra = ""
    try:
        timed("lint", log, lint, pt, block, log)
        cells = timed("synth", log, synth, pt, block, log, sdir)
        tb = timed("build", log, build, pt, list(block), args, log)
        os.makedirs(wdir, exist_ok=True)
        runs = timed("lockstep", log, lockstep, pt, tb, args, log, wdir)
        res, detail = "PASS", f"lint, {cells}, {runs}"
    except Step as e:
        res, detail = "FAIL", str(e.args[0])
        extra = "\n".join(e.args[1].rstrip().splitlines()[-25:])
    except OSError as e:
        res, detail = "FAIL", f"{e.filename}: {e.strerror}"
    log.write(f"# {res}: {detail} ({time.time() - t0:.1f} s, {log.cpu:.1f} s CPU)\n")
    log.close()
    return res, detail, extra, time.time() - t0, log.cpu, logp


def dur(s):
    s = int(round(s))
    return f"{s // 60}m{s % 60:02d}s" if s >= 60 else f"{s}s"


def main():
    ap = argparse.ArgumentParser(
        description=__doc__,
        epilog="POINTS select points: Param (its every value) or Param=value. Data: "
               f"{SWEEP_TXT}. Example: tests/sweep.py --build build StimFifoDepth=3 NumComp",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("points", nargs="*", metavar="POINT", help="Param or Param=value")
    ap.add_argument("--build", default="build", help="build directory (default build)")
    ap.add_argument("--jobs", type=int, default=1, help="jobs of a point's build (make -j, Verilator -j; default 1)")
    ap.add_argument("--parallel", type=int, default=1,
                    help="points run at once (default 1; each builds with --jobs)")
    ap.add_argument("--seeds", type=int, default=3, help="random seeds per point (default 3)")
    ap.add_argument("--first-seed", type=int, default=1, help="the first seed (default 1)")
    ap.add_argument("--cycles", type=int, default=5000, help="cycles per seed (default 5000)")
    ap.add_argument("--quick", action="store_true", help="only the points of the quick column")
    ap.add_argument("--relaxed", action="store_true",
                    help="do not fail a scenario whose expectation fails while the models "
                         "agree (count it as written for other values)")
    ap.add_argument("--strict", action="store_true", help="the default; kept for old callers")
    ap.add_argument("--list", action="store_true", help="print the points and exit")
    ap.add_argument("--check", action="store_true", help="check the data files and exit")
    args = ap.parse_args()
    if args.seeds < 0 or args.cycles < 1 or args.jobs < 1 or args.parallel < 1:
        ap.error("--seeds must be >= 0, --cycles, --jobs and --parallel >= 1")
    try:
        params, block = read_params()
        cfgs = read_configs(params)
        points = read_sweep(block, cfgs)
    except DataError as e:
        print(e, file=sys.stderr)
        return 2
    sel = points
    if args.quick:
        sel = [p for p in sel if p["quick"]]
    if args.points:
        chosen = []
        for w in args.points:
            m = [p for p in sel if w in (p["param"], f"{p['param']}={p['value']}")]
            if not m:
                print(f"sweep.py: no point '{w}' in {SWEEP_TXT} (Param or Param=value)",
                      file=sys.stderr)
                return 2
            chosen += [p for p in m if p not in chosen]
        sel = chosen
    if args.check:
        print(f"{SWEEP_TXT}: {len(points)} points of {len(params)} parameters, "
              f"{sum(1 for p in points if not p['same'])} to build; the ranges agree with "
              "the contracts")
        return 0
    if args.list:
        for p in sel:
            print(f"{p['name']:<28} on {p['base']:<7}" +
                  (f" = {p['same']}" if p["same"] else "") + (" (quick)" if p["quick"] else ""))
        return 0
    try:
        for name in ("RTL_COMMON", "RTL_ITM", "RTL_FPB", "RTL_TPIU", "RTL_DWT", "RTL_SRCS",
                     "RTL_INC"):
            env_list(name)
    except DataError as e:
        print(e, file=sys.stderr)
        return 2
    logs = os.path.join(args.build, "sweep", "logs")
    sdir = os.path.join(args.build, "sweep", "synth")
    os.makedirs(logs, exist_ok=True)
    os.makedirs(sdir, exist_ok=True)
    nrun = sum(1 for p in sel if not p["same"])
    print(f"sweep: {len(sel)} point{'s' * (len(sel) != 1)} ({nrun} to run), seeds {args.first_seed}.."
          f"{args.first_seed + args.seeds - 1} x {args.cycles} cycles each, logs in {logs}/")
    npass = nfail = nskip = 0
    failed = []
    t_all, c_all = time.time(), 0.0
    # up to --parallel points at once; their lines in the order of the points
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.parallel) as pool:
        # the larger builds (with a TPIU or a DWT) first, so the smaller end together
        todo = sorted((pt for pt in sel if not pt["same"]),
                      key=lambda pt: -(pt["vals"]["HasTpiu"] + pt["vals"]["HasDwt"]))
        futs = {pt["name"]: pool.submit(one_point, pt, block, args, logs, sdir) for pt in todo}
        for pt in sel:
            label = f"{pt['param']}={pt['value']} ({pt['base']})"
            if pt["same"]:
                nskip += 1
                print(f"  {label:<30} SKIP   same values as {pt['same']}", flush=True)
                continue
            res, detail, extra, wall, cpu, logp = futs[pt["name"]].result()
            c_all += cpu
            print(f"  {label:<30} {res}   {detail} ({dur(wall)}, {dur(cpu)} CPU)", flush=True)
            if res == "PASS":
                npass += 1
            else:
                nfail += 1
                failed.append(pt["name"])
                if extra:
                    print("\n".join("    | " + l for l in extra.splitlines()))
                print(f"    full log: {logp}", flush=True)
    print(f"sweep: {len(sel)} point{'s' * (len(sel) != 1)} in {dur(time.time() - t_all)} ({dur(c_all)} CPU)" +
          (f"; failed: {' '.join(failed)}" if failed else ""))
    print(f"{npass} passed, {nfail} failed, {nskip} skipped")
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
