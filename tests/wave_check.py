#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks a harness FST and its GTKWave view (.gtkw) without a display.

The FST is opened with GTKWave's own fst2vcd; the .gtkw is parsed as GTKWave reads it.
Checks: the FST opens and holds the signals given with --require; every trace the .gtkw
names exists in the FST (vectors with their range, as GTKWave names them); [dumpfile] is the
FST; the translate filter files exist; the primary marker and named marker A sit at
--marker; the zoomed window contains the marker; --window-max bounds the traced time span;
--group / --no-group: a group whose title contains the text is (is not) in the view;
--value-chars N: the signal pane ([signals_width], at 8 pixels a character) fits the
longest trace name, '=' and N characters of value; every label of the ATB header filter
(itm_hdr.txt) has one form, "HH TYPE ...", HH the header byte it labels.

Usage: wave_check.py FST GTKW [--marker T] [--require NAME ...] [--window-max T]
                     [--group TEXT ...] [--no-group TEXT ...] [--value-chars N]
Exit status 0 if all checks pass, 1 otherwise (each failed check is printed).
"""
import argparse
import os
import subprocess
import sys


def fst_names(fst):
    """Full signal names in the FST, e.g. TOP.trace_tb_top.atdata_o[7:0], and its time span."""
    vcd = subprocess.run(["fst2vcd", "-f", fst], check=True, capture_output=True, text=True).stdout
    names, scope, times = set(), [], []
    for line in vcd.splitlines():
        tok = line.split()
        if not tok:
            continue
        if tok[0] == "$scope":
            scope.append(tok[2])
        elif tok[0] == "$upscope":
            scope.pop()
        elif tok[0] == "$var":
            # $var wire 8 / atdata_o [7:0] $end   |   $var wire 1 ! clk_i $end
            name = tok[4] + (tok[5] if len(tok) > 6 and tok[5].startswith("[") else "")
            names.add(".".join(scope + [name]))
        elif tok[0].startswith("#"):
            times.append(int(tok[0][1:]))
    return names, (min(times), max(times)) if times else (0, 0)


def gtkw_parse(path):
    """Directives, trace names and filter files of a .gtkw file."""
    d = {"traces": [], "filters": [], "markernames": {}, "groups": set()}
    for line in open(path):
        line = line.rstrip("\n")
        if not line or line.startswith("[*]"):
            continue
        if line.startswith("["):
            key, _, val = line[1:].partition("]")
            val = val.strip()
            if key == "markername":
                d["markernames"][val[:1]] = val[1:]
            else:
                d[key] = val
        elif line.startswith("*"):
            f = line[1:].split()
            d["zoom"], d["marker"], d["named"] = float(f[0]), int(f[1]), [int(x) for x in f[2:]]
        elif line.startswith("^"):
            d["filters"].append(line.split(None, 1)[1])
        elif line[0] == "-":
            d["groups"].add(line[1:])
        elif line[0] in "@>!?":
            continue
        else:
            if line.startswith("+{"):
                line = line[line.index("}") + 1:].strip()
            d["traces"].append(line)
    return d


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("fst")
    ap.add_argument("gtkw")
    ap.add_argument("--marker", type=int)
    ap.add_argument("--require", nargs="*", default=[])
    ap.add_argument("--window-max", type=int)
    ap.add_argument("--group", nargs="*", default=[])
    ap.add_argument("--no-group", nargs="*", default=[])
    ap.add_argument("--value-chars", type=int)
    a = ap.parse_args()
    bad = []
    try:
        names, (t0, t1) = fst_names(a.fst)
    except (subprocess.CalledProcessError, OSError) as e:
        print(f"FAIL {a.fst} does not open with fst2vcd: {e}")
        return 1
    bare = {n.split("[")[0] if not n.endswith("]") or "[" not in n else n[: n.rindex("[")]
            for n in names}
    for r in a.require:
        if r not in names and r not in bare:
            bad.append(f"{a.fst} lacks the signal {r}")
    if a.window_max is not None and t1 - t0 > a.window_max:
        bad.append(f"{a.fst} spans times {t0}..{t1}, more than {a.window_max}")
    g = gtkw_parse(a.gtkw)
    if not g["traces"]:
        bad.append(f"{a.gtkw} names no signals")
    for t in g["traces"]:
        if t not in names:
            bad.append(f"{a.gtkw} names {t}, which {a.fst} does not hold")
    dump = g.get("dumpfile", "").strip('"')
    if os.path.realpath(dump) != os.path.realpath(a.fst):
        bad.append(f"{a.gtkw}: [dumpfile] is {dump}, not {a.fst}")
    for f in g["filters"]:
        if not os.path.isfile(f):
            bad.append(f"{a.gtkw}: translate filter {f} does not exist")
        elif f.endswith("itm_hdr.txt"):
            for line in open(f):
                if line.startswith("#") or not line.strip():
                    continue
                v, _, label = line.rstrip("\n").partition(" ")
                v = int(v, 16)
                if v >= 0x100 and not label.startswith(f"{v & 0xFF:02X} "):
                    bad.append(f"{f}: label '{label}' of {v:03x} is not 'HH TYPE ...'")
    for t in a.group:
        if not any(t in x for x in g["groups"]):
            bad.append(f"{a.gtkw}: no group titled '...{t}...'")
    for t in a.no_group:
        if any(t in x for x in g["groups"]):
            bad.append(f"{a.gtkw}: has a group titled '...{t}...'")
    if a.value_chars is not None and g["traces"]:
        need = 8 * (max(len(t) for t in g["traces"]) + 1 + a.value_chars)
        if int(g.get("signals_width", 0)) < need:
            bad.append(f"{a.gtkw}: [signals_width] {g.get('signals_width')} < {need} pixels "
                       f"(longest name + {a.value_chars} characters of value)")
    if a.marker is not None:
        if g.get("marker") != a.marker:
            bad.append(f"{a.gtkw}: primary marker at {g.get('marker')}, expected {a.marker}")
        if not g.get("named") or g["named"][0] != a.marker or "A" not in g["markernames"]:
            bad.append(f"{a.gtkw}: named marker A is not at {a.marker}")
        start = int(g.get("timestart", -1))
        if not t0 <= start <= a.marker <= t1:
            bad.append(f"{a.gtkw}: window start {start} / marker {a.marker} outside {t0}..{t1}")
    for b in bad:
        print("FAIL " + b)
    if not bad:
        print(f"ok   {a.gtkw}: {len(g['traces'])} traces, all in {os.path.basename(a.fst)} "
              f"({len(names)} signals, times {t0}..{t1}), marker {g.get('marker')} "
              f"'{g['markernames'].get('A', '')}', {len(g['filters'])} filtered traces")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
