#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Prints a decoded trace as a person reads it: one line per packet with its raw bytes and
what it means (stimulus text, PC samples, exception trace, data trace), then the text each
stimulus port received. Input: `tracedump --json` lines (sim/decode) on stdin or in FILE;
the DWT packets are read from the fields tracedump names them with (sim/decode/hwsrc.c),
not decoded again here. Used by tests/sim.sh.

Usage: tests/trace_explain.py [FILE]
"""
import json
import sys

EXC_FN = {"entry": "entry", "exit": "exit", "return": "return to"}


def char(v):
    c = chr(v)
    if c == "\n":
        return "'\\n'"
    if c.isprintable() and v < 0x7F:
        return "'%s'" % c
    return "0x%02x" % v


def meaning(p, text):
    t = p["type"]
    if t == "INST":
        port, size, data = p["port"], p["size"], int(p["data"], 16)
        if size == 1:
            text.setdefault(port, []).append(data)
            return "stimulus port %d: %s" % (port, char(data))
        return "stimulus port %d: %d-byte write 0x%0*x" % (port, size, 2 * size, data)
    if t == "HW":
        # the DWT packet as tracedump names it (sim/decode/hwsrc.c: "dwt" and its fields)
        kind, size = p.get("dwt"), p["size"]
        if kind == "EVENT_COUNTER":
            return "DWT event counter wrapped: " + (", ".join(p["wrapped"]) or "none")
        if kind == "EXCEPTION":
            name = "Thread mode" if p["exc"] == 0 else p["exc_name"]
            return "DWT exception %s %s (%d)" % (EXC_FN.get(p["fn"], p["fn"]), name, p["exc"])
        if kind == "PC_SAMPLE":
            return "DWT PC sample: pc = %s" % p["pc"]
        if kind == "PC_SLEEP":
            return "DWT PC sample: the core is sleeping"
        if kind == "DATA_ADDR":
            return "DWT comparator %d: data address %s" % (p["cmp"], p["addr"])
        if kind == "DATA_MATCH":
            return "DWT comparator %d: match" % p["cmp"]
        if kind == "DATA_PC":
            return "DWT comparator %d: pc = %s" % (p["cmp"], p["pc"])
        if kind == "DATA_VALUE":
            return "DWT comparator %d: data value %s 0x%0*x" % (
                p["cmp"], "written" if p["access"] == "write" else "read", 2 * size,
                int(p["data"], 16))
        return "hardware source %d (%s): %s" % (p["disc"], kind, p["data"])
    if t == "OVF":
        return "overflow: the ITM or the DWT dropped packets here"
    if t == "SYNC":
        return "synchronization"
    if t == "LTS":
        return "local timestamp +%d (tc %d)" % (p["ts"], p["tc"])
    if t in ("GTS1", "GTS2"):
        return "global timestamp bits %s" % p["bits"]
    if t == "EXT":
        return "stimulus page %d" % p["page"] if "page" in p else "extension %s" % p.get("value")
    return t.lower()


def main():
    src = open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin
    text, count = {}, {}
    for line in src:
        line = line.strip()
        if not line:
            continue
        p = json.loads(line)
        count[p["type"]] = count.get(p["type"], 0) + 1
        ident = "id %02x" % p["id"] if "id" in p else "     "
        print("%s  %-16s %s" % (ident, p["raw"], meaning(p, text)))
    total = sum(count.values())
    kinds = ", ".join("%d %s" % (n, t) for t, n in sorted(count.items()))
    print("%d packets (%s)" % (total, kinds or "none"))
    for port, data in sorted(text.items()):
        s = "".join(chr(v) for v in data)
        print("text on stimulus port %d: %s" % (port, json.dumps(s)))


if __name__ == "__main__":
    main()
