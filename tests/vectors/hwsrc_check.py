#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks that the conformance vectors carry only architected DWT hardware-source packets.

A hardware-source packet (header DDDDD1SS) is architected when its discriminator and payload
are one of the forms of docs/dwt-contract.md section 10.2 with the Armv8-M truncated PC
value and data address forms of ../shared/spec/packet-protocol-facts.md section 1.8:

  disc 0        event counter: 1 byte, bits [7:6] 0
  disc 1        exception trace: 2 bytes, function (byte 2 bits [5:4]) not 00, byte 2's
                other bits but bit 0 (exception number bit 8) 0
  disc 2        periodic PC sample: 4 bytes, or the 1-byte sleep form 00
  disc 8..15    data trace; even: a match (1 byte, 01) or a PC value (1, 2 or 4 bytes,
                bit 0 clear: a PC is halfword aligned, and bit 0 set marks a match);
                odd: a data address (1, 2 or 4 bytes)
  disc 16..23   data trace data value (1, 2 or 4 bytes)

Everything else is reserved here: discriminators 3 (PMU overflow, Armv8.1-M) to 7 and 24 to
31, other payload sizes, and the 1-byte PC sample FF ("prohibited", unconfirmed in facts
section 1.8 and not sent by our DWT). Strict decoders reject these (issue #19).

A vector whose id contains "-reserved-hw-" is the named set of reserved encodings: it must
have at least one. Every other vector must have none.

Usage: hwsrc_check.py VECTOR_DIR...   (prints FAIL lines, then "N passed, M failed")
       hwsrc_check.py --self-test
"""
import os
import sys

RESERVED_SET = "-reserved-hw-"


def reserved(disc, size, data):
    """None if the packet is architected, else what is reserved about it."""
    if size not in (1, 2, 4):
        return "payload size %d" % size
    if disc == 0:
        if size != 1:
            return "event counter payload not 1 byte"
        if data & 0xC0:
            return "event counter bits 7:6 set"
        return None
    if disc == 1:
        if size != 2:
            return "exception trace payload not 2 bytes"
        if (data >> 12) & 3 == 0:
            return "exception trace function 00"
        if data & 0xCE00:
            return "exception trace reserved bits of byte 2 set"
        return None
    if disc == 2:
        if size == 4 or (size == 1 and data == 0x00):
            return None
        return "PC sample payload other than 4 bytes or 00"
    if 8 <= disc <= 15:
        if disc & 1:
            return None  # data address, 1, 2 or 4 low bytes
        if size == 1 and data & 1:
            return None if data == 0x01 else "data trace match payload other than 01"
        if data & 1:
            return "data trace PC value with bit 0 set"
        return None
    if 16 <= disc <= 23:
        return None
    return "reserved discriminator %d" % disc


def hw_packets(vdir):
    """(offset, disc, size, data, bytes) of each HW line of VDIR/packets.txt."""
    with open(os.path.join(vdir, "packets.txt")) as f:
        for line in f:
            if line.startswith("#"):
                continue
            _, off, pkt, raw = line.rstrip("\n").split("\t")
            if not pkt.startswith("HW "):
                continue
            kv = dict(x.split("=") for x in pkt.split()[1:])
            yield int(off), int(kv["disc"]), int(kv["size"]), int(kv["data"], 16), raw


def self_test():
    arch = [(0, 1, 0x3F), (1, 2, 0x2011), (1, 2, 0x3100), (2, 4, 0x08000124), (2, 1, 0x00),
            (8, 4, 0x20000000), (8, 1, 0x01), (8, 1, 0x24), (9, 2, 0x1000), (11, 1, 0x5A),
            (16, 1, 0x77), (23, 4, 0xCAFEF00D)]
    rsv = [(0, 1, 0xC1), (0, 2, 0x0001), (1, 2, 0x0010), (1, 2, 0x9110), (2, 1, 0xED),
           (2, 1, 0xFF), (2, 2, 0x1234), (3, 1, 0x03), (4, 1, 0xAA), (7, 4, 0x12345678),
           (8, 1, 0xD1), (8, 4, 0x08000125), (24, 1, 0x01), (31, 4, 0xFFFFFFFF)]
    bad = [p for p in arch if reserved(*p)] + [p for p in rsv if not reserved(*p)]
    for p in bad:
        print("FAIL hwsrc self-test: disc=%d size=%d data=0x%x misclassified" % p)
    print("%d passed, %d failed" % (len(arch) + len(rsv) - len(bad), len(bad)))
    return 1 if bad else 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    passed = failed = 0
    for vdir in argv[1:]:
        vid = os.path.basename(os.path.normpath(vdir))
        found = [(off, raw, why) for off, d, s, x, raw in hw_packets(vdir)
                 for why in [reserved(d, s, x)] if why]
        if RESERVED_SET in vid:
            ok = bool(found)
            if not ok:
                print("FAIL hwsrc %s: named a reserved-encoding vector but has none" % vid)
        else:
            ok = not found
            for off, raw, why in found:
                print("FAIL hwsrc %s offset %d: %s (%s); only ids with %s may carry "
                      "reserved hardware-source encodings" % (vid, off, raw, why, RESERVED_SET))
        passed, failed = passed + ok, failed + (not ok)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
