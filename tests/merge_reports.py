#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Merges the per-shard reports of tests/run_random.sh into one JUnit XML and one JSON.

Usage: tests/merge_reports.py OUT_PREFIX REPORT.json...
  Each REPORT.json must have its JUnit REPORT.xml beside it. Writes OUT_PREFIX.xml and
  OUT_PREFIX.json and prints a one-line summary; exit 1 if any run failed or a shard is
  missing (shards i/N of one suite must all be present).
"""
import json
import sys
import xml.etree.ElementTree as ET


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    out, files = argv[1], argv[2:]
    merged = {"suites": [], "shards": [], "runs": 0, "passed": 0, "failed": 0, "cycles": 0,
              "seconds": 0.0, "failures": []}
    root = ET.Element("testsuites")
    seen = {}
    for f in files:
        try:
            with open(f) as fh:
                j = json.load(fh)
            x = ET.parse(f[:-5] + ".xml" if f.endswith(".json") else f + ".xml")
        except (OSError, ValueError, ET.ParseError) as e:
            print(f"merge_reports: error: {f}: {e}", file=sys.stderr)
            return 2
        i, n = (int(v) for v in j["shard"].split("/"))
        seen.setdefault((j["suite"], n), set()).add(i)
        if j["suite"] not in merged["suites"]:
            merged["suites"].append(j["suite"])
        merged["shards"].append(j["suite"] + ":" + j["shard"])
        for k in ("runs", "passed", "failed", "cycles"):
            merged[k] += j[k]
        merged["seconds"] += float(j["seconds"])
        merged["failures"] += j["failures"]
        for ts in x.getroot().iter("testsuite"):
            root.append(ts)
    missing = [f"{s}:{i}/{n}" for (s, n), got in seen.items() for i in range(1, n + 1)
               if i not in got]
    merged["missing_shards"] = missing
    merged["cycles_per_s_per_core"] = round(merged["cycles"] / merged["seconds"]) \
        if merged["seconds"] > 0 else 0
    root.set("tests", str(merged["runs"]))
    root.set("failures", str(merged["failed"]))
    root.set("time", f"{merged['seconds']:.3f}")
    ET.ElementTree(root).write(out + ".xml", encoding="UTF-8", xml_declaration=True)
    with open(out + ".json", "w") as fh:
        json.dump(merged, fh, indent=1)
        fh.write("\n")
    print(f"merge_reports: {len(files)} shard report(s): {merged['runs']} runs, "
          f"{merged['passed']} passed, {merged['failed']} failed, {merged['cycles']} cycles"
          + (f"; MISSING shards {' '.join(missing)}" if missing else "")
          + f" -> {out}.xml, {out}.json")
    for fl in merged["failures"]:
        print(f"  FAIL [{fl['config']}] seed {fl['seed']}: {fl['first']}\n    {fl['reproduce']}")
    return 1 if merged["failed"] or missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
