#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The proof of the replay benches' transaction level (vectors/README.md, "Transaction
level"): changed copies of our ITM, written here into BUILD/vec/variants/ (never RTL of the
repository), replayed with tests/vectors/replay.sh on every ITM vector of the base
configuration, at both levels:

  held-prdata  prdata_o keeps the last read's data after the access phase (APB-legal: PRDATA
               is defined only in the access phase of a read). Must fail the cycle level on
               some vector and pass the transaction level on every one.
  atb-lat1     one more register stage on the ATB output (itm_top_lat1 around itm_top): every
               byte a cycle later, one byte more of buffering. Must fail the cycle level on
               every vector with ATB bytes, and pass the transaction level exactly
               on the vectors where the bytes it sends (data and ID, from +events) are the
               vector's; where back-pressure made it send other bytes (another timestamp, an
               overflow elsewhere) the transaction level must fail.
  prdata-late  PRDATA and PSLVERR one cycle after the access phase (APB-illegal; around
               itm_top): must fail the transaction level exactly on the vectors with a read
               of non-zero data or an error response, and pass the others.

Prints what each variant did, every unmet expectation, and "variants: N passed, M failed"
(one check per variant, level and vector); exit status 0 when all passed.
Usage: tests/vectors/variants.py BUILD_DIR JOBS"""

import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def our_itm_rtl():
    """rtl/ of the ITM in the Makefile's order (RTL_COMMON, RTL_ITM)."""
    rest = sorted(f for f in glob.glob("rtl/itm/*.sv") if f != "rtl/itm/itm_pkg.sv")
    return ["rtl/common/cs_pkg.sv", "rtl/common/cs_fifo.sv", "rtl/itm/itm_pkg.sv"] + rest


def itm_header():
    """itm_top's parameter and port lists as written, and its ports as (dir, range, name)."""
    text = open("rtl/itm/itm_top.sv").read()
    m = re.search(r"module itm_top\s*#\((.*?)\n\)\s*\((.*?)\n\);", text, re.S)
    if not m:
        raise SystemExit("variants: cannot find the header of itm_top in rtl/itm/itm_top.sv")
    params = re.findall(r"parameter\s+int\s+(\w+)", m.group(1))
    ports = re.findall(r"(input|output)\s+logic\s*(\[[^\]]*\])?\s*(\w+)", m.group(2))
    return m.group(1), m.group(2), params, ports


def wrapper(name, inner, body):
    """A module NAME with itm_top's parameters and ports around itm_top: the ports in INNER
    (port -> signal) are connected to the body's signals, the others straight through."""
    ptext, qtext, params, ports = itm_header()
    conns = ",\n".join("    .%s(%s)" % (p, inner.get(p, p)) for _, _, p in ports)
    pconn = ", ".join(".%s(%s)" % (p, p) for p in params)
    return ("// SPDX-License-Identifier: Apache-2.0\n"
            "// Written by tests/vectors/variants.py: a test variant, not RTL of this project.\n"
            "`default_nettype none\n"
            "module %s #(%s\n) (%s\n);\n%s\n  itm_top #(%s) u_core (\n%s\n  );\nendmodule\n"
            "`default_nettype wire\n" % (name, ptext, qtext, body, pconn, conns))


LAT1_BODY = """  // one register stage on the ATB output: a byte moves on when the stage is empty or
  // drained at this edge; a flush is answered only with the stage empty
  logic       c_atvalid, c_atready, c_afvalid, c_busy, v_q;
  logic [7:0] c_atdata, d_q;
  logic [6:0] c_atid, id_q;
  assign c_atready = !v_q || atready_i;
  assign c_afvalid = afvalid_i && !v_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      v_q  <= 1'b0;
      d_q  <= 8'h0;
      id_q <= 7'h0;
    end else if (c_atready) begin
      v_q  <= c_atvalid;
      d_q  <= c_atvalid ? c_atdata : 8'h0;
      id_q <= c_atid;
    end
  end
  assign atvalid_o = v_q;
  assign atdata_o  = d_q;
  assign atid_o    = id_q;
  assign busy_o    = c_busy || v_q;"""
LAT1_INNER = {"atvalid_o": "c_atvalid", "atready_i": "c_atready", "atdata_o": "c_atdata",
              "atid_o": "c_atid", "afvalid_i": "c_afvalid", "busy_o": "c_busy"}

LATE_BODY = """  // PRDATA and PSLVERR one cycle late: in the cycle after the access phase
  logic [31:0] c_prdata, prdata_q;
  logic        c_pslverr, pslverr_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      prdata_q  <= 32'h0;
      pslverr_q <= 1'b0;
    end else begin
      prdata_q  <= c_prdata;
      pslverr_q <= c_pslverr;
    end
  end
  assign prdata_o  = prdata_q;
  assign pslverr_o = pslverr_q;"""
LATE_INNER = {"prdata_o": "c_prdata", "pslverr_o": "c_pslverr"}

# held-prdata: itm_regs.sv with prdata_d holding its value outside a read's setup edge
# (rdata is 0 outside a read's setup cycle, so the held copy keeps prdata_q there)
HELD_EDITS = [("  assign prdata_d  = rdata;\n",
               "  assign prdata_d  = (setup && !pwrite_i) ? rdata : prdata_q;  // variant: held\n")]


def make_variants(vdir):
    """Writes the variants; returns name -> (dut module or None, source list)."""
    ours = our_itm_rtl()
    out = {}
    d = os.path.join(vdir, "held-prdata")
    os.makedirs(d, exist_ok=True)
    text = open("rtl/itm/itm_regs.sv").read()
    for old, new in HELD_EDITS:
        if text.count(old) != 1:
            raise SystemExit("variants: rtl/itm/itm_regs.sv no longer has %r once; update "
                             "HELD_EDITS in tests/vectors/variants.py" % old.strip())
        text = text.replace(old, new)
    open(os.path.join(d, "itm_regs.sv"), "w").write(text)
    out["held-prdata"] = (None, [os.path.join(d, "itm_regs.sv") if f == "rtl/itm/itm_regs.sv"
                                 else f for f in ours])
    for name, module, body, inner in (("atb-lat1", "itm_top_lat1", LAT1_BODY, LAT1_INNER),
                                      ("prdata-late", "itm_top_prdata_late", LATE_BODY,
                                       LATE_INNER)):
        d = os.path.join(vdir, name)
        os.makedirs(d, exist_ok=True)
        f = os.path.join(d, module + ".sv")
        open(f, "w").write(wrapper(module, inner, body))
        out[name] = (module, ours + [f])
    return out


def replay(build, jobs, level, dut, srcs, dirs, events=None):
    """Runs replay.sh; returns (id -> True/False, the output)."""
    cmd = ["tests/vectors/replay.sh", "--level", level, "--build",
           os.path.join(build, "vec", "replay"), "-j", str(jobs)]
    if dut:
        cmd += ["--dut", dut]
    for s in srcs:
        cmd += ["--rtl", s]
    if events:
        cmd += ["--plusarg", "events=" + events]
    p = subprocess.run(cmd + dirs, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    res = {}
    for line in p.stdout.splitlines():
        m = re.match(r"(PASS|FAIL) (\S+)$", line)
        if m:
            res[m.group(2)] = m.group(1) == "PASS"
    if p.returncode not in (0, 1) or len(res) != len(dirs):
        print(p.stdout)
        raise SystemExit("variants: replay.sh did not run every vector (%s)" % " ".join(cmd))
    return res, p.stdout


def header(d):
    h = {}
    recs = []
    for line in open(os.path.join(d, "vector.txt")):
        if line[:1].isdigit():
            c, data, i = line.split()[:3]
            recs.append((int(data, 16), int(i, 16)))
        elif line.strip() and not line.startswith("#"):
            k, _, v = line.rstrip("\n").partition(" ")
            h.setdefault(k, v)
    return h, recs


def hexlines(f):
    return [int(l.split()[0], 16) for l in open(f) if l.strip() and not l.startswith("//")]


def apb_visible(d):
    """The vector reads non-zero data or gets an error response in some access phase."""
    ins, outs = hexlines(os.path.join(d, "inputs.hex")), hexlines(os.path.join(d, "outputs.hex"))
    for i, o in zip(ins, outs):
        if (i >> 18) & 1 and (i >> 17) & 1:
            if ((i >> 16) & 1 == 0 and (o >> 24) & 0xFFFFFFFF) or (o >> 6) & 1:
                return True
    return False


def dumped_bytes(f):
    """+events file -> vector directory -> its ATB transfers (data, ID) in order."""
    out, cur = {}, None
    for line in open(f):
        w = line.split()
        if w[0] == "vector":
            cur = out.setdefault(os.path.basename(w[1]), [])
        elif w[0] == "0":
            v = int(w[2], 16)
            cur.append((v & 0xFF, (v >> 8) & 0x7F))
    return out


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__.split("\n\n")[-1])
    build, jobs = os.path.abspath(sys.argv[1]), int(sys.argv[2])
    os.chdir(ROOT)
    dirs = sorted(os.path.dirname(f) for f in glob.glob("vectors/itm/*/vector.txt")
                  if header(os.path.dirname(f))[0].get("config") == "base")
    ids = [os.path.basename(d) for d in dirs]
    vdir = os.path.join(build, "vec", "variants")
    variants = make_variants(vdir)
    npass = nfail = 0

    def expect(name, level, res, want, why):
        """want: id -> True (must pass), False (must fail) or None (either)."""
        nonlocal npass, nfail
        bad = [i for i in ids if want[i] is not None and res[i] != want[i]]
        npass += len(ids) - len(bad)
        nfail += len(bad)
        for i in bad:
            print("FAIL variants %s, %s level, %s: %s, expected %s (%s)"
                  % (name, level, i, "passed" if res[i] else "failed",
                     "to pass" if want[i] else "to fail", why))
        return bad

    def count(res):
        return sum(1 for i in ids if not res[i])

    # held-prdata
    dut, srcs = variants["held-prdata"]
    rc, _ = replay(build, jobs, "cycle", dut, srcs, dirs)
    rt, out = replay(build, jobs, "transaction", dut, srcs, dirs)
    print("variants: held-prdata fails the cycle level on %d of %d base vectors, the "
          "transaction level on %d" % (count(rc), len(ids), count(rt)))
    if count(rc) == 0:
        nfail += 1
        print("FAIL variants held-prdata: no vector sees the held PRDATA at the cycle level")
    else:
        npass += 1
    if expect("held-prdata", "transaction", rt, {i: True for i in ids},
              "an APB-legal change"):
        print(out)

    # atb-lat1
    dut, srcs = variants["atb-lat1"]
    ev = os.path.join(vdir, "atb-lat1", "events.txt")
    rc, _ = replay(build, jobs, "cycle", dut, srcs, dirs)
    rt, out = replay(build, jobs, "transaction", dut, srcs, dirs, events=ev)
    got = dumped_bytes(ev)
    same = {i: got.get(i) == header(d)[1] for i, d in zip(ids, dirs)}
    hasbytes = {i: int(header(d)[0].get("bytes", "0")) > 0 for i, d in zip(ids, dirs)}
    print("variants: atb-lat1 fails the cycle level on %d of %d base vectors, sends the "
          "vector's ATB bytes in %d and passes the transaction level on %d"
          % (count(rc), len(ids), sum(same.values()), len(ids) - count(rt)))
    expect("atb-lat1", "cycle", rc, {i: False if hasbytes[i] else None for i in ids},
           "every ATB byte is a cycle later")
    if expect("atb-lat1", "transaction", rt, same,
              "pass exactly where its ATB bytes are the vector's"):
        print(out)

    # prdata-late
    dut, srcs = variants["prdata-late"]
    rt, out = replay(build, jobs, "transaction", dut, srcs, dirs)
    vis = {i: apb_visible(d) for i, d in zip(ids, dirs)}
    print("variants: prdata-late fails the transaction level on %d of %d base vectors (%d "
          "read non-zero data or get an error)" % (count(rt), len(ids), sum(vis.values())))
    if expect("prdata-late", "transaction", rt, {i: not vis[i] for i in ids},
              "fail exactly where a read returns non-zero data or an error"):
        print(out)

    print("variants: %d passed, %d failed" % (npass, nfail))
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
