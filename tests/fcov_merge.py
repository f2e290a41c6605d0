#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Sums the functional-coverage JSON files of many trace_tb runs (--fcov-json) and prints
bins hit / total and the holes.

Usage: tests/fcov_merge.py [--out MERGED.json] [--require N] FILE.json...
  --require N   exit 1 if fewer than N bins are hit (default: report only)
"""
import json
import sys


def main(argv):
    out, require, files = None, None, []
    it = iter(argv[1:])
    for a in it:
        if a == "--out":
            out = next(it, None)
        elif a == "--require":
            require = int(next(it, "0"))
        else:
            files.append(a)
    if not files:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    bins, cycles, per_cfg = {}, 0, {}
    for f in files:
        try:
            with open(f) as fh:
                j = json.load(fh)
        except (OSError, ValueError) as e:
            print(f"fcov_merge: error: {f}: {e}", file=sys.stderr)
            return 2
        cycles += j.get("cycles", 0)
        cfg = per_cfg.setdefault(j.get("config", "?"), {})
        for k, v in j["bins"].items():
            bins[k] = bins.get(k, 0) + v
            cfg[k] = cfg.get(k, 0) + v
    hit = sum(1 for v in bins.values() if v)
    print(f"fcov: {hit}/{len(bins)} bins hit ({100.0 * hit / max(len(bins), 1):.1f}%) over "
          f"{len(files)} runs, {cycles} cycles")
    holes = [k for k, v in bins.items() if not v]
    print("fcov: holes: " + (", ".join(holes) if holes else "none"))
    for c, b in sorted(per_cfg.items()):
        h = [k for k, v in b.items() if not v]
        print(f"fcov:   [{c}] {len(b) - len(h)}/{len(b)} hit" +
              (f"; holes here: {', '.join(h)}" if h else ""))
    if out:
        with open(out, "w") as fh:
            json.dump({"format": 1, "runs": len(files), "cycles": cycles, "bins": bins,
                       "hit": hit, "total": len(bins), "holes": holes}, fh, indent=1)
            fh.write("\n")
    return 1 if require is not None and hit < require else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
