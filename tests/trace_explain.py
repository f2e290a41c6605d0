#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Prints a decoded trace as a person reads it: one line per packet with its raw bytes and
what it means (stimulus text, PC samples, exception trace, data trace), then the text each
stimulus port received. Input: `tracedump --json` lines (sim/decode) on stdin or in FILE.
Layouts: docs/packet-formats.md, docs/dwt-contract.md section 10.2. Used by tests/sim.sh.

Usage: tests/trace_explain.py [FILE]
"""
import json
import sys

EXC_NAMES = {1: "Reset", 2: "NMI", 3: "HardFault", 4: "MemManage", 5: "BusFault",
             6: "UsageFault", 7: "SecureFault", 11: "SVCall", 12: "DebugMonitor",
             14: "PendSV", 15: "SysTick"}
EXC_FN = {1: "entry", 2: "exit", 3: "return to"}
EVT_FLAGS = ["CPI", "EXC", "SLEEP", "LSU", "FOLD", "Cyc"]


def exc_name(num):
    if num == 0:
        return "Thread mode"
    if num >= 16:
        return "IRQ %d" % (num - 16)
    return EXC_NAMES.get(num, "exception %d" % num)


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
        disc, size, data = p["disc"], p["size"], int(p["data"], 16)
        if disc == 0:
            flags = [n for i, n in enumerate(EVT_FLAGS) if data >> i & 1]
            return "DWT event counter wrapped: " + (", ".join(flags) or "none")
        if disc == 1:
            num = (data & 0xFF) | ((data >> 8) & 1) << 8
            fn = (data >> 12) & 3
            return "DWT exception %s %s (%d)" % (EXC_FN.get(fn, "fn %d" % fn), exc_name(num), num)
        if disc == 2:
            if size == 1:
                return "DWT PC sample: the core is sleeping"
            return "DWT PC sample: pc = 0x%08x" % data
        if 8 <= disc <= 15:
            cmp_n, addr = (disc - 8) >> 1, disc & 1
            if addr:
                return "DWT comparator %d: data address 0x%08x" % (cmp_n, data)
            if size == 1:
                return "DWT comparator %d: match" % cmp_n
            return "DWT comparator %d: pc = 0x%08x" % (cmp_n, data)
        if 16 <= disc <= 23:
            cmp_n, wr = (disc - 16) >> 1, disc & 1
            return "DWT comparator %d: data value %s 0x%0*x" % (
                cmp_n, "written" if wr else "read", 2 * size, data)
        return "hardware source %d: 0x%0*x" % (disc, 2 * size, data)
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
