#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Scorecard adapter for sigrok's arm_itm protocol decoder (libsigrokdecode), run by
sigrok-cli: STREAM.bin -> the JSON form of vectors/README.md, one line per annotation.

arm_itm takes UART frames, so the stream is first sent as an NRZ line: UART 8N1, LSB first,
idle high, every byte right after the one before (a saturated SWO port in bypass mode),
SAMPLES samples per bit, an idle lead-in and tail. sigrok-cli reads it as a one-channel
binary capture (-I binary) and runs the stack uart,arm_itm. Each arm_itm annotation spans
the UART bytes of the packet it decoded; that span gives the line's "offset" and "raw"
(the bytes the decoder took as that packet). The annotation texts are turned into fields
as follows; anything else the decoder prints is a line of type UNKNOWN (not decoded):

  Overflow                          OVF
  Unhandled sync: 00 00 00 00 00 80 SYNC (arm_itm shows a sync so, through its sync
                                    detector; each single 00 before it is an
                                    "Unhandled sync: 00" and becomes an UNKNOWN line)
  Unhandled KIND: BYTES             UNKNOWN, raw = BYTES (sw_extension: the page packets;
                                    reserved: GTS1/GTS2 headers; hardware: DWT forms it
                                    does not know)
  Timestamp: T (exact|...)          LTS, ts = T minus the T of the timestamp before (arm_itm
                                    prints its running sum), tc from the words: exact 0,
                                    timestamp delayed 1, event delayed 2, event and
                                    timestamp delayed 3
  P: 0xD                            INST port=P (arm_itm ignores the page), size from the
                                    digits, data=D
  P: "TEXT"                         one INST per character: arm_itm joins printable 1-byte
                                    writes to port P and shows the string only when a byte
                                    arrives at least 16 byte times after its last character.
                                    Character k is placed at the next byte pair
                                    (P << 3 | 1, k) inside the annotation's span.
  DWT events: Cyc Fold LSU ...      HW disc=0, data from the flags, size from the span
  Enter|Exit|Resume: NAME           HW disc=1, data = exception number | function << 12
  PC: 0xD                           HW disc=2 size=4
  Watchpoint C: Read|Write data 0xD HW disc=16+2C(+1 for Write), size from the digits
  Watchpoint C: PC 0xD              HW disc=8+2C size=4
  Watchpoint C: address 0x????D     HW disc=9+2C size=2 (the Armv7-M offset form)

sigrok-cli's standard error (a decoder exception is logged there and decoding goes on)
is passed on, and its exit status is this program's."""

import argparse
import json
import os
import re
import subprocess
import sys

EXC = {0: 'Thread', 1: 'Reset', 2: 'NMI', 3: 'HardFault', 4: 'MemManage', 5: 'BusFault',
       6: 'UsageFault', 11: 'SVCall', 12: 'Debug Monitor', 14: 'PendSV', 15: 'SysTick'}
EXC_NUM = {v: k for k, v in EXC.items()}
TC = {'exact': 0, 'timestamp delayed': 1, 'event delayed': 2, 'event and timestamp delayed': 3}
FLAGS = {'CPI': 0, 'Exc': 1, 'Sleep': 2, 'LSU': 3, 'Fold': 4, 'Cyc': 5}
ROWS = 'trace:timestamp:software:dwt_event:dwt_watchpoint:dwt_exc:dwt_pc'
ANN = re.compile(r'^(\d+)-(\d+) arm_itm-\d+: (.*)$')
LEAD_BITS = 20  # idle bits before the first byte
TAIL_BITS = 40  # idle bits after the last
FLUSH_IDLE_BITS = 170  # --flush: 17 character times of idle, then
FLUSH_BYTES = b'\x01\x00'  # a NUL written to port 0 (not printable: it flushes the strings)


def nrz(data, spb, flush=False):
    """The bytes as UART 8N1 samples, one byte per sample (bit 0 the line). flush: after
    the last byte an idle of FLUSH_IDLE_BITS and then FLUSH_BYTES."""
    one, zero = b'\x01' * spb, b'\x00' * spb
    out = [one * LEAD_BITS]

    def char(b):
        out.append(zero)
        out.extend(one if b >> i & 1 else zero for i in range(8))
        out.append(one)
    for b in data:
        char(b)
    if flush:
        out.append(one * FLUSH_IDLE_BITS)
        for b in FLUSH_BYTES:
            char(b)
    out.append(one * TAIL_BITS)
    return b''.join(out)


def annotations(text):
    """sigrok-cli --protocol-decoder-samplenum output: [ss, es, text]; a text with a newline
    in it (a string annotation) goes on over the next lines."""
    anns = []
    for line in (text[:-1] if text.endswith('\n') else text).split('\n'):
        m = ANN.match(line)
        if m:
            anns.append([int(m.group(1)), int(m.group(2)), m.group(3)])
        elif anns:
            anns[-1][2] += '\n' + line
    return anns


def hexs(bs):
    return ' '.join('%02x' % b for b in bs)


class Converter:
    def __init__(self, data, spb, flush):
        """data: the bytes on the line (with FLUSH_BYTES at the end if flush)."""
        self.data, self.spb, self.char = data, spb, 10 * spb
        self.lead = LEAD_BITS * spb
        self.main = len(data) - (len(FLUSH_BYTES) if flush else 0)  # bytes before the idle
        self.ts = 0  # arm_itm's running timestamp, as last shown

    def index(self, sample):
        """The byte whose character holds this sample."""
        k = (sample - self.lead) // self.char
        if k >= self.main:  # after the idle of --flush (or in the tail)
            k = max(self.main, (sample - self.lead - FLUSH_IDLE_BITS * self.spb) // self.char)
        return min(max(k, 0), len(self.data) - 1)

    def span(self, ss, es):
        """The UART bytes an annotation covers: [first, last]."""
        a = self.index(ss)
        return a, max(self.index(es - 1), a)

    def line(self, a, b, typ, **fields):
        obj = {'offset': a, 'type': typ}
        obj.update(fields)
        obj['raw'] = hexs(self.data[a:b + 1])
        return obj

    def hw(self, a, b, disc, data, size=None):
        size = size if size is not None else b - a
        return self.line(a, b, 'HW', disc=disc, size=size, data='0x%0*x' % (2 * max(size, 1), data))

    def convert(self, ss, es, text):
        a, b = self.span(ss, es)
        m = re.fullmatch(r'Unhandled (\w+): ([0-9a-f]{2}(?: [0-9a-f]{2})*)', text)
        if m:
            bs = [int(x, 16) for x in m.group(2).split()]
            a = b - len(bs) + 1  # the sync's annotation spans only its last byte
            if m.group(1) == 'sync' and bs == [0] * 5 + [0x80]:
                return [self.line(a, b, 'SYNC')]
            return [dict(self.line(a, b, 'UNKNOWN'), raw=m.group(2))]
        if text == 'Overflow':
            return [self.line(a, b, 'OVF')]
        m = re.fullmatch(r'Timestamp: (\d+) \((.*)\)', text)
        if m and m.group(2) in TC:
            t = int(m.group(1))
            ts, self.ts = t - self.ts, t
            return [self.line(a, b, 'LTS', ts=ts, tc=TC[m.group(2)])]
        m = re.fullmatch(r'(\d+): 0x([0-9a-f]+)', text)
        if m:
            return [self.line(a, b, 'INST', port=int(m.group(1)), size=len(m.group(2)) // 2,
                              data='0x' + m.group(2))]
        m = re.fullmatch(r'(\d+): "(.*)"', text, re.S)
        if m:
            return self.string(a, b, int(m.group(1)), m.group(2))
        m = re.fullmatch(r'DWT events:((?: \w+)*)', text)
        if m and all(f in FLAGS for f in m.group(1).split()):
            return [self.hw(a, b, 0, sum(1 << FLAGS[f] for f in m.group(1).split()))]
        m = re.fullmatch(r'(Enter|Exit|Resume): (.*)', text)
        if m:
            name = m.group(2)
            num = EXC_NUM.get(name)
            mi = re.fullmatch(r'IRQ (-?\d+)', name)
            if num is None and mi:
                num = int(mi.group(1)) + 16
            if num is not None:
                fn = {'Enter': 1, 'Exit': 2, 'Resume': 3}[m.group(1)]
                return [self.hw(a, b, 1, num | fn << 12)]
        m = re.fullmatch(r'PC: 0x([0-9a-f]{8})', text)
        if m:
            return [self.hw(a, b, 2, int(m.group(1), 16), 4)]
        m = re.fullmatch(r'Watchpoint (\d): (Read|Write) data 0x([0-9a-f]+)', text)
        if m:
            return [self.hw(a, b, 16 + 2 * int(m.group(1)) + (m.group(2) == 'Write'),
                            int(m.group(3), 16), len(m.group(3)) // 2)]
        m = re.fullmatch(r'Watchpoint (\d): PC 0x([0-9a-f]{8})', text)
        if m:
            return [self.hw(a, b, 8 + 2 * int(m.group(1)), int(m.group(2), 16), 4)]
        m = re.fullmatch(r'Watchpoint (\d): address 0x\?\?\?\?([0-9a-f]{4})', text)
        if m:
            return [self.hw(a, b, 9 + 2 * int(m.group(1)), int(m.group(2), 16), 2)]
        return [dict(self.line(a, b, 'UNKNOWN'), text=text)]

    def string(self, a, b, port, text):
        """A joined string: one INST per character, each at the next (header, character)
        byte pair of the span; a character not found there is an UNKNOWN line."""
        out, pos, hdr = [], a, (port << 3 | 1) & 0xFF
        for ch in text:
            c = ord(ch)
            k = pos
            while k < b and not (self.data[k] == hdr and self.data[k + 1] == c):
                k += 1
            if k < b and c < 256:
                out.append(self.line(k, k + 1, 'INST', port=port, size=1, data='0x%02x' % c))
                pos = k + 2
            else:
                out.append({'offset': pos, 'type': 'UNKNOWN', 'text': ch, 'raw': ''})
        return out


def main():
    ap = argparse.ArgumentParser(prog='tests/score/arm_itm.py',
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 description=__doc__)
    ap.add_argument('stream', metavar='STREAM.bin', help='the ITM/DWT byte stream')
    ap.add_argument('out', metavar='OUT', help='where the JSON lines go')
    ap.add_argument('--samples', type=int, default=4, metavar='N',
                    help='samples per bit (default 4; 1 Mbaud at 4 MHz)')
    ap.add_argument('--sigrok-cli', default='sigrok-cli', metavar='PATH')
    ap.add_argument('--flush', action='store_true',
                    help='end the line with 17 idle character times and the packet 01 00 (a NUL '
                    'on port 0), after which arm_itm shows the strings it holds; the lines of '
                    'that packet are dropped')
    ap.add_argument('--keep', action='store_true',
                    help='keep OUT.bin (the line) and OUT.ann (sigrok-cli\'s annotations)')
    args = ap.parse_args()
    try:
        with open(args.stream, 'rb') as f:
            data = f.read()
    except OSError as e:
        print('arm_itm.py: error: %s' % e, file=sys.stderr)
        return 2
    if args.samples < 2:
        ap.error('--samples needs at least 2')
    line = args.out + '.bin'
    with open(line, 'wb') as f:
        f.write(nrz(data, args.samples, args.flush))
    rate = 1000000 * args.samples
    cmd = [args.sigrok_cli, '-I', 'binary:numchannels=1:samplerate=%d' % rate, '-i', line,
           '-P', 'uart:rx=0:baudrate=1000000,arm_itm', '-A', 'arm_itm=' + ROWS,
           '--protocol-decoder-samplenum']
    try:
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except OSError as e:
        print('arm_itm.py: error: %s: %s (Debian: apt-get install sigrok-cli)' %
              (args.sigrok_cli, e), file=sys.stderr)
        return 2
    text = r.stdout.decode('utf-8', 'replace')
    conv = Converter(data + FLUSH_BYTES if args.flush else data, args.samples, args.flush)
    # in the order sigrok-cli printed them (the running timestamp needs it); the scorer
    # aligns by offset
    lines = [obj for ss, es, t in annotations(text) for obj in conv.convert(ss, es, t)
             if obj['offset'] < len(data)]
    with open(args.out, 'w') as f:
        for obj in lines:
            f.write(json.dumps(obj, separators=(',', ':')) + '\n')
    if args.keep:
        with open(args.out + '.ann', 'w') as f:
            f.write(text)
    else:
        os.remove(line)
    sys.stderr.buffer.write(r.stderr)
    return r.returncode


if __name__ == '__main__':
    sys.exit(main())
