#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""tracedump's ETMv4 packets against OpenCSD's (issue #23 item 4, the packet level).

For every DIR/NAME.bin that `etm_decode --pkt-out DIR` wrote (the golden ETM model's byte
stream of one seeded synthetic program), DIR/NAME.ocsd holds the packets OpenCSD's ETMv4
packet processor found in it, one normalised line each. This runs tracedump on the .bin
(`--bytes --bypass --etm --json` for the ETM's ATB bytes; `--bytes --json --id 0x10` for the
TPIU formatter's bytes of `etm_decode --tpiu`), normalises its JSON lines the same way and
compares the two sequences line by line: packet type and every field, and the packet's byte
offset on a bare stream (OpenCSD's offsets of a formatted stream count the frame bytes, so
there they are not compared). Prints the packets agreed per type and the first difference of
each run; exit 0 only if every run agrees.

Usage: etm_pkt_check.py [--tpiu] TRACEDUMP DIR
"""
import json
import subprocess
import sys
from collections import Counter


def norm(j):
    """tracedump --json object -> the normalised line of etm_decode.c's pkt_mon_cb."""
    t = j["type"]
    if t == "ETM_A_SYNC":
        return "ASYNC"
    if t == "ETM_TRACE_INFO":
        s = "TINFO cc=%d" % j.get("cci", 0)
        if j.get("cci", 0):
            s += " cyct=%d" % j.get("cyct", 0)
        return s
    if t == "ETM_TRACE_ON":
        return "TON"
    if t == "ETM_TIMESTAMP":
        s = "TS ts=%x bits=%d" % (int(j["ts"], 16), j["bits"])
        if "cc" in j:
            s += " cc=%d" % j["cc"]
        return s
    if t in ("ETM_ADDR_MATCH", "ETM_ADDR_SHORT", "ETM_ADDR_LONG", "ETM_ADDR_CTXT"):
        a = int(j["addr"], 16)
        if t == "ETM_ADDR_MATCH":
            return "ADDR_MATCH idx=%d addr=%x is=%d" % (j["entry"], a, j["is"])
        if t == "ETM_ADDR_CTXT":
            return "ADDR_CTXT addr=%x is=%d el=%d ns=%d" % (a, j["is"], j["el"], j["ns"])
        return "%s addr=%x is=%d" % ("ADDR_S" if t == "ETM_ADDR_SHORT" else "ADDR_L", a, j["is"])
    if t == "ETM_ATOM":
        bits = sum(1 << i for i, c in enumerate(j["atoms"]) if c == "E")
        return "ATOM n=%d bits=%x" % (len(j["atoms"]), bits)
    if t == "ETM_EXCEPTION":
        return "EXC type=%x e1e0=%d" % (j["exc_type"], j["e1e0"])
    if t == "ETM_EXC_RETURN":
        return "ERET"
    if t == "ETM_CYCLE_COUNT":
        return "CC unknown" if j.get("unknown") else "CC count=%d" % j["count"]
    if t == "ETM_OVERFLOW":
        return "OVF"
    if t == "ETM_COMMIT":
        return "COMMIT n=%d" % j["count"]
    if t in ("ETM_CANCEL", "ETM_MISPREDICT"):
        a = j.get("atoms", "")
        s = "CANCEL n=%d mp=%d" % (j["count"], j["mispredict"]) if t == "ETM_CANCEL" else "MISPRED"
        if a:
            s += " atoms n=%d bits=%x" % (len(a), sum(1 << i for i, c in enumerate(a) if c == "E"))
        return s
    if t == "ETM_Q":  # section 20
        s = "Q type=%x" % j["qtype"]
        if "count" in j:
            s += " count=%d" % j["count"]
        if "addr" in j:
            s += " addr=%x is=%d" % (int(j["addr"], 16), j["is"])
        return s
    if t == "ETM_UNKNOWN":
        return "UNKNOWN header=%s" % j["header"]
    return t


def quirk_ts64(ours, theirs):
    """Our 'TS ts=V bits=N ...' and OpenCSD's 'TS ts=V bits=64 ...' with all else equal."""
    a, b = ours.split(" "), theirs.split(" ")
    return (len(a) == len(b) and a[0] == b[0] == "TS" and b[2] == "bits=64" and
            a[:2] == b[:2] and a[3:] == b[3:])


def main(argv):
    args = argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if args else 2
    tpiu = args[0] == "--tpiu"
    if tpiu:
        args = args[1:]
    if len(args) != 2:
        print("usage: etm_pkt_check.py [--tpiu] TRACEDUMP DIR", file=sys.stderr)
        return 2
    tracedump, d = args
    import glob
    import os
    bins = sorted(glob.glob(os.path.join(d, "*.bin")))
    if not bins:
        print("etm_pkt_check: %s: no .bin files (run etm_decode --pkt-out %s)" % (d, d),
              file=sys.stderr)
        return 2
    agreed, runs_bad, total, quirks = Counter(), 0, 0, 0
    for b in bins:
        ocsd_path = b[:-4] + ".ocsd"
        try:
            ocsd = [l.split(" ", 1) for l in open(ocsd_path).read().splitlines()]
        except OSError as e:
            print("etm_pkt_check: %s: %s" % (ocsd_path, e), file=sys.stderr)
            return 2
        cmd = [tracedump, "--bytes", "--json"] + (["--id", "0x10"] if tpiu else
                                                   ["--bypass", "--etm"]) + [b]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            print("FAIL %s: %s exited %d: %s" % (b, " ".join(cmd), r.returncode,
                                                 r.stderr.strip()))
            runs_bad += 1
            continue
        ours = []
        for line in r.stdout.splitlines():
            j = json.loads(line)
            ours.append((str(j["offset"]), norm(j)))
        bad = None
        after_tinfo = False  # no Timestamp since the last Trace Info
        for i in range(max(len(ours), len(ocsd))):
            a = ours[i] if i < len(ours) else ("-", "(none)")
            o = tuple(ocsd[i]) if i < len(ocsd) else ("-", "(none)")
            kind = a[1].split(" ")[0]
            ours_line = a[1]
            if kind == "TS" and after_tinfo and quirk_ts64(a[1], o[1]):
                # OpenCSD's quirk (docs/decoder-notes.md): the first Timestamp after a
                # Trace Info reported with bits=64, whatever the packet carried
                ours_line = o[1]
                quirks += 1
            same = ours_line == o[1] and (tpiu or a[0] == o[0])
            if not same:
                bad = (i, a, o)
                break
            agreed[kind] += 1
            if kind == "TINFO":
                after_tinfo = True
            elif kind == "TS":
                after_tinfo = False
        total += len(ocsd)
        if bad:
            runs_bad += 1
            i, a, o = bad
            print("FAIL %s: packet %d: tracedump %s @%s, OpenCSD %s @%s" %
                  (os.path.basename(b), i, a[1], a[0], o[1], o[0]))
    kinds = ", ".join("%s %d" % kv for kv in sorted(agreed.items()))
    print("etm-pkt-check%s: %d runs, %d differ; %d OpenCSD packets, agreed by type: %s; "
          "OpenCSD's bits=64 on the first Timestamp after a Trace Info (known): %d" %
          (" (TPIU)" if tpiu else "", len(bins), runs_bad, total, kinds, quirks))
    return 1 if runs_bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
