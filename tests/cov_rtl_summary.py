#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Prints the RTL coverage (files under rtl/) of a merged Verilator coverage.dat per point
type (line, branch, toggle) and per file, and lists the uncovered points.

Usage: tests/cov_rtl_summary.py coverage.dat [--holes N]
"""
import re
import sys


def points(path):
    rx = re.compile(r"^C '(.*)' (\d+)$")
    with open(path, encoding="latin-1") as fh:
        for ln in fh:
            m = rx.match(ln.rstrip("\n"))
            if not m:
                continue
            kv = {}
            for item in m.group(1).split("\x01"):
                if "\x02" in item:
                    k, v = item.split("\x02", 1)
                    kv[k] = v
            yield kv, int(m.group(2))


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    max_holes = int(argv[3]) if len(argv) > 3 and argv[2] == "--holes" else 40
    # A point is identified by file, line, column and comment; hierarchy instances of the
    # same source point (several instances, parameterisations) are merged (hit if any is).
    tot = {}
    for kv, n in points(argv[1]):
        if not kv.get("f", "").startswith("rtl/"):
            continue  # the harness wrapper trace_tb_top.sv is not RTL under test
        typ = kv.get("page", "?").split("/")[0].replace("v_", "")
        key = (typ, kv.get("f", "?"), int(kv.get("l", 0)), kv.get("n", ""), kv.get("o", ""))
        tot[key] = tot.get(key, 0) + n
    by_type, by_file, holes = {}, {}, []
    for (typ, f, line, col, comment), n in tot.items():
        t = by_type.setdefault(typ, [0, 0])
        t[0] += n > 0
        t[1] += 1
        fk = by_file.setdefault((f, typ), [0, 0])
        fk[0] += n > 0
        fk[1] += 1
        if n == 0:
            holes.append(f"{f}:{line}: {typ} {comment}")
    for typ in sorted(by_type):
        h, t = by_type[typ]
        print(f"coverage: RTL {typ:7s} {h}/{t} points ({100.0 * h / t:.1f}%)")
    for (f, typ), (h, t) in sorted(by_file.items()):
        if typ != "toggle":
            print(f"coverage:   {f} {typ} {h}/{t} ({100.0 * h / t:.1f}%)")
    if holes:
        print(f"coverage: uncovered RTL points ({len(holes)}):")
        for hline in sorted(holes)[:max_holes]:
            print("  " + hline)
        if len(holes) > max_holes:
            print(f"  ... and {len(holes) - max_holes} more")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
