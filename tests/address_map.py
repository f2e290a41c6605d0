#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The system address map, one source and its copies (make config-check).

The source is the decode of rtl/top/trace_top.sv: its `localparam logic [7:0] FrameXxx =
8'hNN;` lines (block Xxx answers paddr[19:12] == NN, base 0xE0000000 + NN << 12). Every copy
of the map is compared with it:

  docs/fpb-contract.md   the table between <!-- address-map: ... --> and <!-- address-map end -->
                         (section 7): exactly the RTL's frames and base addresses
  sys_model.h            the golden model's SYS_FRAME_XXX defines: exactly the RTL's frames
  the other docs and C   every place that ties a block to a frame or base address in one of
                         the forms below (COPIES lists the files; each must have at least
                         one, so that a rewording that escapes the check is noticed):
                           0x40xxx is the TPIU | the TPIU 0x40xxx | 0x40 TPIU
                           TPIU base 0xE0040000 | the TPIU is (PPB) frame 0x40
                           TPIU's registers are PPB frame 0x40 | PPB frames 0x00xxx, 0x01xxx..

  tests/address_map.py              check (exit 1 with file:line for every disagreement)
  tests/address_map.py --self-test  also alter the first and the last copy of each file
                                    in memory and check that the alteration is caught
Run from the repository root.
"""
import argparse
import re
import sys

RTL = "rtl/top/trace_top.sv"
TABLE_DOC = "docs/fpb-contract.md"
GOLDEN = "sim/golden/include/sys_model.h"
# files with copies in running text (each must have at least one)
COPIES = [
    "README.md",
    "sim/c_tb/SCENARIO.md",
    "vectors/README.md",
    "docs/itm-contract.md",
    "docs/dwt-contract.md",
    "docs/tpiu-contract.md",
    "docs/fpb-contract.md",
    "sim/c_tb/trace/trace_tb_scenario.c",
]
BLOCK = r"(ITM|DWT|FPB|TPIU|ETM)"
HEX2 = r"0x([0-9A-Fa-f]{2})"
# (regex, group of the block, group of the value, kind of value: frame or base)
PAIRS = [
    (re.compile(HEX2 + r"xxx(?: is)?(?: the)? " + BLOCK + r"\b"), 2, 1, "frame"),
    (re.compile(r"\b" + BLOCK + r" " + HEX2 + r"xxx"), 1, 2, "frame"),
    (re.compile(r"(?<![0-9A-Za-z=])" + HEX2 + r" " + BLOCK + r"\b"), 2, 1, "frame"),
    (re.compile(r"\b" + BLOCK + r" base (0xE00[0-9A-Fa-f]{5})\b"), 1, 2, "base"),
    (re.compile(r"\b" + BLOCK + r"\b[^.|]{0,24}?frame (?:is )?" + HEX2 + r"\b"), 1, 2, "frame"),
]
FRAME_SET = re.compile(r"PPB frames ((?:0x[0-9A-Fa-f]{2}xxx, )+0x[0-9A-Fa-f]{2}xxx)")


def rtl_map(text):
    m = {b.upper(): int(v, 16)
         for b, v in re.findall(r"localparam\s+logic\s*\[7:0\]\s*Frame(\w+)\s*=\s*8'h([0-9A-Fa-f]+)",
                                text)}
    if not m:
        raise SystemExit("address_map: %s: no `localparam logic [7:0] FrameXxx = 8'hNN` lines"
                         % RTL)
    return m


def line_of(text, pos):
    return text.count("\n", 0, pos) + 1


def check_table(path, text, amap, errs):
    a = text.find("<!-- address-map:")
    b = text.find("<!-- address-map end -->")
    if a < 0 or b < a:
        errs.append("%s: no <!-- address-map: ... --> table" % path)
        return
    seen = {}
    for m in re.finditer(r"^\| *0x([0-9A-Fa-f]{2}) *\| *(0x[0-9A-Fa-f]{8}) *\| *(\w+) *\|",
                         text[a:b], re.M):
        blk, frame, base = m.group(3).upper(), int(m.group(1), 16), int(m.group(2), 16)
        where = "%s:%d" % (path, line_of(text, a + m.start()))
        seen[blk] = frame
        if blk not in amap:
            errs.append("%s: block %s is not in %s's decode" % (where, blk, RTL))
        elif frame != amap[blk]:
            errs.append("%s: %s at frame 0x%02X, %s decodes it at 0x%02X" %
                        (where, blk, frame, RTL, amap[blk]))
        if base != 0xE0000000 + (frame << 12):
            errs.append("%s: base 0x%08X is not 0xE0000000 + frame 0x%02X << 12" %
                        (where, base, frame))
    for blk in sorted(set(amap) - set(seen)):
        errs.append("%s: the address-map table lacks %s (frame 0x%02X in %s)" %
                    (path, blk, amap[blk], RTL))


def check_golden(path, text, amap, errs):
    g = {b: int(v, 16) for b, v in re.findall(r"#define\s+SYS_FRAME_(\w+)\s+0x([0-9A-Fa-f]+)u?",
                                              text)}
    if g != amap:
        errs.append("%s: SYS_FRAME_* %s, %s decodes %s" % (
            path, fmt_map(g), RTL, fmt_map(amap)))


def fmt_map(m):
    return ", ".join("%s 0x%02X" % (b, v) for b, v in sorted(m.items(), key=lambda x: x[1]))


def check_copies(path, text, amap, errs):
    flat = text.replace("\n", " ")  # a copy may wrap
    found = 0
    for rx, gb, gv, kind in PAIRS:
        for m in rx.finditer(flat):
            found += 1
            blk, v = m.group(gb).upper(), int(m.group(gv), 16)
            frame = v if kind == "frame" else (v - 0xE0000000) >> 12
            if kind == "base" and v & 0xFFF:
                frame = -1
            if frame != amap.get(blk):
                errs.append("%s:%d: '%s': %s is frame 0x%02X in %s" % (
                    path, line_of(text, m.start()), m.group(0), blk, amap[blk], RTL))
    for m in FRAME_SET.finditer(flat):
        found += 1
        got = {int(x[2:4], 16) for x in m.group(1).split(", ")}
        if got != set(amap.values()):
            errs.append("%s:%d: '%s': %s decodes the frames %s" % (
                path, line_of(text, m.start()), m.group(0), RTL,
                ", ".join("0x%02Xxxx" % v for v in sorted(amap.values()))))
    if not found:
        errs.append("%s: no copy of the address map found (tests/address_map.py COPIES): "
                    "reworded? then teach the check the new form" % path)
    return found


def check(texts, amap):
    errs = []
    check_table(TABLE_DOC, texts[TABLE_DOC], amap, errs)
    check_golden(GOLDEN, texts[GOLDEN], amap, errs)
    n = sum(check_copies(p, texts[p], amap, errs) for p in COPIES)
    return errs, n


def value_spans(path, text):
    """Where the values of the copies are, (start, end) in text: what the self-test alters."""
    if path == GOLDEN:
        return [m.span(1) for m in re.finditer(r"SYS_FRAME_\w+\s+0x([0-9A-Fa-f]+)", text)]
    if path == TABLE_DOC and "<!-- address-map:" in text:
        a = text.find("<!-- address-map:")
        return [(a + m.start(1), a + m.end(1))
                for m in re.finditer(r"^\| *0x([0-9A-Fa-f]{2}) *\|", text[a:], re.M)][:1]
    flat = text.replace("\n", " ")
    spans = [m.span(gv) for rx, _gb, gv, _k in PAIRS for m in rx.finditer(flat)]
    spans += [(m.start(1) + 2, m.start(1) + 4) for m in FRAME_SET.finditer(flat)]
    return sorted(spans)


def self_test(texts, amap):
    """Each copy altered in memory (its first value's last hex digit changed) must be caught."""
    bad = 0
    for path in [TABLE_DOC, GOLDEN] + COPIES:
        spans = value_spans(path, texts[path])
        if not spans:
            print("address_map: self-test: nothing to alter in %s" % path)
            bad += 1
            continue
        for a, b in spans[:1] + spans[-1:]:
            t = dict(texts)
            digit = "7" if t[path][b - 1] != "7" else "6"
            if t[path][b - 1 - 3:b] == "000":  # a base address: alter the frame digits
                b -= 3
                digit = "7"
            t[path] = t[path][:b - 1] + digit + t[path][b:]
            errs, _ = check(t, amap)
            if not errs:
                print("address_map: self-test: '%s' -> '%s' in %s was not caught" %
                      (texts[path][a:b], t[path][a:b], path))
                bad += 1
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n", 2)[2])
    ap.add_argument("--self-test", action="store_true",
                    help="also check that an altered copy is caught")
    a = ap.parse_args()
    texts = {}
    for p in [RTL, TABLE_DOC, GOLDEN] + COPIES:
        with open(p, encoding="utf-8") as f:
            texts[p] = f.read()
    amap = rtl_map(texts[RTL])
    errs, n = check(texts, amap)
    for e in errs:
        print("address_map: " + e)
    bad = self_test(texts, amap) if a.self_test else 0
    if errs or bad:
        print("address_map: FAIL (%d disagreements%s)" %
              (len(errs), ", %d self-test failures" % bad if a.self_test else ""))
        return 1
    print("address_map: every copy agrees with the decode of %s (%s): the table of %s section 7, "
          "the golden model's SYS_FRAME_*, %d copies in %d files%s" % (
              RTL, fmt_map(amap), TABLE_DOC, n, len(COPIES),
              "; every altered copy caught" if a.self_test else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
