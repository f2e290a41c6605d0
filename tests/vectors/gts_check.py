#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks the hand-derived global-timestamp bytes of tests/vectors/gts_by_hand.txt.

For every record (format in that file's header), against the vector it names:
  * packets.txt has a packet of that type at that offset with exactly those bytes, and
    stream.bin holds them there;
  * the bytes follow from S, FORM, WRAP and CLKCH by the layout of docs/packet-formats.md
    (so a record cannot be made to pass by pasting the vector's bytes);
  * a GTS1's S is gts_i (inputs.hex, masked to GtsWidth) in the cycle of its load edge, the
    cycle before its header first appears on atdata_o (outputs.hex); a GTS2's S is that of
    the last full GTS1 before it; a GTS1 that is not full has the fewest bytes that hold
    (S ^ last)[25:0], last = the previous GTS1's S (0 after reset).
And every GTS packet of every vector given has a record. Nothing here runs the golden model
or a decoder.

Usage: gts_check.py TABLE VECTOR_DIR...   (prints FAIL lines, then "N passed, M failed")
"""
import os
import sys


def hexlines(path):
    with open(path) as f:
        return [int(l, 16) for l in f if l.strip() and not l.startswith("//")]


def header(vdir):
    h = {}
    with open(os.path.join(vdir, "vector.txt")) as f:
        for line in f:
            if line[:1].isdigit():
                break
            k, _, v = line.strip().partition(" ")
            h.setdefault(k, []).append(v)
    params = dict(v.split() for v in h.get("param", []))
    return int(params["GtsWidth"]), int(h["reset_cycles"][0])


def gts_packets(vdir):
    """{offset: (cycle, type, bytes)} of the GTS1/GTS2 packets of packets.txt."""
    out = {}
    with open(os.path.join(vdir, "packets.txt")) as f:
        for line in f:
            if line.startswith("#"):
                continue
            cyc, off, pkt, raw = line.rstrip("\n").split("\t")
            typ = pkt.split()[0]
            if typ in ("GTS1", "GTS2"):
                out[int(off)] = (int(cyc), typ, [int(b, 16) for b in raw.split()])
    return out


def layout(typ, form, wrap, clkch, s, width):
    """The bytes docs/packet-formats.md gives for these fields."""
    g = [(s >> (7 * i)) & 0x7F for i in range(10)]
    if typ == "GTS1":
        n = 4 if form == "full" else int(form)
        out = [0x94] + [g[i] | (0x80 if i < n - 1 else 0) for i in range(min(n, 3))]
        if n == 4:
            out.append(wrap << 6 | clkch << 5 | (s >> 21) & 0x1F)
        return out
    hi = s >> 26
    n7 = 3 if width == 48 else 5
    return [0xB4] + [((hi >> (7 * i)) & 0x7F) | 0x80 for i in range(n7)] + [hi >> (7 * n7)]


def fewest(d):
    return 1 if d < 1 << 7 else 2 if d < 1 << 14 else 3 if d < 1 << 21 else 4


def read_table(path):
    recs = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.split("#")[0].split()
            if not line:
                continue
            vid, off, typ, form, wrap, clkch, s = line[:7]
            recs.append((n, vid, int(off), typ, form, wrap, clkch, int(s, 16),
                         [int(b, 16) for b in line[7:]]))
    return recs


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[-1])
        return 2
    table, vdirs = argv[1], argv[2:]
    recs = read_table(table)
    passed = failed = 0
    byvec = {}
    for r in recs:
        byvec.setdefault(r[1], []).append(r)
    for vdir in vdirs:
        vid = os.path.basename(os.path.normpath(vdir))
        pk = gts_packets(vdir)
        mine = byvec.pop(vid, [])
        if not pk and not mine:
            continue
        width, rc = header(vdir)
        ins, outs = hexlines(os.path.join(vdir, "inputs.hex")), hexlines(os.path.join(vdir, "outputs.hex"))
        with open(os.path.join(vdir, "stream.bin"), "rb") as f:
            stream = f.read()

        def gts_in(c):
            return (ins[c + rc] >> 112) & ((1 << width) - 1)

        def load_edge(c):  # the header is held on atdata_o while ATREADY is low
            while (outs[c - 1 + rc] >> 5) & 1 and not (ins[c - 1 + rc] >> 15) & 1:
                c -= 1
            return c - 1

        last, full_s, seen = 0, None, set()
        for n, _, off, typ, form, wrap, clkch, s, want in mine:
            errs = []
            got = pk.get(off)
            seen.add(off)
            if got is None:
                errs.append("no GTS packet at offset %d" % off)
            elif got[1] != typ or got[2] != want:
                errs.append("packets.txt has %s %s" % (got[1], " ".join("%02x" % b for b in got[2])))
            if list(stream[off:off + len(want)]) != want:
                errs.append("stream.bin differs at offset %d" % off)
            w = wrap if typ == "GTS1" else "0"
            k = clkch if typ == "GTS1" else "0"
            if typ == "GTS1" and form != "full" and (wrap, clkch) != ("0", "0"):
                errs.append("a GTS1 that is not full has Wrap = ClkCh = 0")
            if typ == "GTS2" and form != str(width):
                errs.append("GTS2 form %s, GtsWidth %d" % (form, width))
            if layout(typ, form, int(w), int(k), s, width) != want:
                errs.append("the bytes do not follow from S and the fields (layout)")
            if typ == "GTS1":
                if got is not None and gts_in(load_edge(got[0])) != s:
                    errs.append("gts_i at the load edge is 0x%x" % gts_in(load_edge(got[0])))
                if form != "full" and int(form) != fewest((s ^ last) & 0x3FFFFFF):
                    errs.append("(S ^ last)[25:0] needs %d bytes" % fewest((s ^ last) & 0x3FFFFFF))
                last = s
                if form == "full":
                    full_s = s
            elif s != full_s:
                errs.append("S is not that of the last full GTS1")
            for e in errs:
                print("FAIL gts %s line %d: %s offset %d: %s" % (table, n, vid, off, e))
            passed, failed = passed + (not errs), failed + bool(errs)
        for off in sorted(set(pk) - seen):
            print("FAIL gts %s offset %d: %s %s has no record in %s" % (
                vid, off, pk[off][1], " ".join("%02x" % b for b in pk[off][2]), table))
            failed += 1
    for vid, rs in byvec.items():
        print("FAIL gts %s line %d: no vector %s" % (table, rs[0][0], vid))
        failed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
