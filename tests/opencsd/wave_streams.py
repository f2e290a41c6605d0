#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Extracts from a harness wave (trace_tb --wave, converted with GTKWave's fst2vcd) the
two byte streams of the TPIU, for both models:

  * ATB, what the ITM sent: a byte {atid_o, atdata_o} in every cycle with
    atvalid_o && atready_o (trace_top's observation of the ITM -> TPIU bus; the golden
    model's exp_atvalid_i/exp_atready_i/exp_atid_i/exp_atdata_i);
  * the formatter output txb_o in every cycle with txb_valid_o (docs/tpiu-contract.md
    [TPIU-TXB-1]: every byte that starts on the pins, syncs, IDs, data, aux bytes, padding
    and the parallel port's half-word syncs; the golden model's exp_txb_valid_i/exp_txb_i).

Values are sampled once per cycle, after the harness has applied the cycle's inputs (the
time step where cycle_i changes): outputs then hold what they show during that cycle.
Reset cycles (cycle_i < 0) and the initial values dumped at time 0 are not sampled.

Usage: wave_streams.py VCD OUTPREFIX
Writes OUTPREFIX.txb (binary, the RTL's formatter bytes), OUTPREFIX.atb (text, one ATB
transfer a line: 'cycle id byte', hex), OUTPREFIX.atb_ids (the RTL's ATB bytes per trace ID,
'id=0xNN n=COUNT B0 B1 ...', the format of ocsd_deframe). Exit 1 if the golden model's
streams differ from the RTL's (lockstep should have failed then), 2 on a malformed wave.
"""
import sys

SIGS = ["cycle_i", "atvalid_o", "atready_o", "atid_o", "atdata_o", "txb_valid_o", "txb_o",
        "exp_atvalid_i", "exp_atready_i", "exp_atid_i", "exp_atdata_i", "exp_txb_valid_i",
        "exp_txb_i"]


def main():
    vcd, prefix = sys.argv[1], sys.argv[2]
    code = {}      # signal name -> VCD id code (scope TOP.trace_tb_top)
    scope = []
    val = {}       # id code -> current value (int)
    streams = {"rtl": ([], []), "golden": ([], [])}   # (atb [(cycle,id,byte)], txb [byte])
    cycle_changed = False
    started = False

    def sample():
        c = val.get(code["cycle_i"], 0)
        if c >= 1 << 63:
            c -= 1 << 64
        if c < 0:       # reset cycles: nothing is sent (captures also start out of reset)
            return
        for side, (v, r, i, d, tv, t) in (
                ("rtl", ("atvalid_o", "atready_o", "atid_o", "atdata_o", "txb_valid_o", "txb_o")),
                ("golden", ("exp_atvalid_i", "exp_atready_i", "exp_atid_i", "exp_atdata_i",
                            "exp_txb_valid_i", "exp_txb_i"))):
            g = lambda n: val.get(code[n], 0)
            if g(v) and g(r):
                streams[side][0].append((c, g(i), g(d)))
            if g(tv):
                streams[side][1].append(g(t))

    with open(vcd) as f:
        in_defs = True
        for line in f:
            if in_defs:
                w = line.split()
                if not w:
                    continue
                if w[0] == "$scope":
                    scope.append(w[2])
                elif w[0] == "$upscope":
                    scope.pop()
                elif w[0] == "$var" and scope == ["TOP", "trace_tb_top"] and w[4] in SIGS:
                    code.setdefault(w[4], w[3])
                elif w[0] == "$enddefinitions":
                    in_defs = False
                    missing = [s for s in SIGS if s not in code]
                    if missing:
                        sys.exit("wave_streams: %s: no signal %s" % (vcd, ", ".join(missing)))
                    cyc = code["cycle_i"]
                continue
            ch = line[0] if line else ""
            if ch == "#":
                # the values dumped at time 0 are the initial (randomised) state, not a cycle
                if cycle_changed and started:
                    sample()
                cycle_changed = False
                started = int(line[1:]) > 0
            elif ch == "b":
                bits, ident = line[1:].split()
                try:
                    val[ident] = int(bits, 2)
                except ValueError:      # x/z: treat as 0 (the harness drives 2-state values)
                    val[ident] = 0
                if ident == cyc:
                    cycle_changed = True
            elif ch in "01xz":
                ident = line[1:].strip()
                val[ident] = 1 if ch == "1" else 0
                if ident == cyc:
                    cycle_changed = True
            # $dumpvars/$end and comments: nothing to do
    if cycle_changed and started:
        sample()

    atb, txb = streams["rtl"]
    with open(prefix + ".txb", "wb") as f:
        f.write(bytes(txb))
    with open(prefix + ".atb", "w") as f:
        for c, i, d in atb:
            f.write("%d %02x %02x\n" % (c, i, d))
    per_id = {}
    for _, i, d in atb:
        per_id.setdefault(i, []).append(d)
    with open(prefix + ".atb_ids", "w") as f:
        for i in sorted(per_id):
            f.write("id=0x%02x n=%d %s\n" % (i, len(per_id[i]), " ".join("%02x" % b for b in per_id[i])))
    g_atb, g_txb = streams["golden"]
    if g_atb != atb or g_txb != txb:
        print("wave_streams: %s: the golden model's ATB/TXB streams differ from the RTL's" % vcd)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
