#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Scorecard adapter for sigrok's arm_itm protocol decoder (libsigrokdecode), run by
sigrok-cli: STREAM.bin, or an SWO pin capture FILE.sr -> the JSON form of
vectors/README.md, one line per annotation.

A stream (STREAM.bin, the scorecard's --input stream): arm_itm takes UART frames, so the
stream is first sent as an NRZ line: UART 8N1, LSB first, idle high, every byte right
after the one before (a saturated SWO port in bypass mode), SAMPLES samples per bit, an
idle lead-in and tail. sigrok-cli reads it as a one-channel binary capture (-I binary) and
runs the stack uart,arm_itm.

A pin capture (a sigrok session, --input swo; --baud needed): sigrok-cli opens it (-i) and
runs uart:rx=CHANNEL:baudrate=BAUD, then arm_tpiu:stream=ID (--id, a formatted capture:
TPIU frames) and arm_itm; without --id (a bypass capture) uart,arm_itm. The bytes of the
stream are taken from arm_tpiu's data annotations (those of trace ID ID, in order) or
uart's; "offset" counts them, so it is the offset in that ID's own stream. sigrok has no
Manchester line decoder: a Manchester capture (--mode manchester) is refused (exit 2).

Each arm_itm annotation spans the UART bytes of the packet it decoded; that span gives
the line's "offset" and "raw" (the bytes the decoder took as that packet). The annotation
texts are turned into fields as follows; anything else the decoder prints is a line of
type UNKNOWN (not decoded):

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
import bisect
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
ANN = re.compile(r'^(\d+)-(\d+) (arm_itm|arm_tpiu|uart)-\d+: (.*)$')
LEAD_BITS = 20  # idle bits before the first byte
TAIL_BITS = 40  # idle bits after the last
FLUSH_IDLE_BITS = 170  # --flush: 17 character times of idle, then
FLUSH_BYTES = b'\x01\x00'  # a NUL written to port 0 (not printable: it flushes the strings)


def nrz(data, spb, flush=False):
    """The bytes as UART 8N1 samples, one byte per sample (bit 0 the line), and the sample
    span [start, end) of each byte's character. flush: after the last byte an idle of
    FLUSH_IDLE_BITS and then FLUSH_BYTES (their spans follow)."""
    one, zero = b'\x01' * spb, b'\x00' * spb
    out, spans = [one * LEAD_BITS], []
    pos = [LEAD_BITS * spb]

    def char(b):
        out.append(zero)
        out.extend(one if b >> i & 1 else zero for i in range(8))
        out.append(one)
        spans.append((pos[0], pos[0] + 10 * spb))
        pos[0] += 10 * spb
    for b in data:
        char(b)
    if flush:
        out.append(one * FLUSH_IDLE_BITS)
        pos[0] += FLUSH_IDLE_BITS * spb
        for b in FLUSH_BYTES:
            char(b)
    out.append(one * TAIL_BITS)
    return b''.join(out), spans


def annotations(text):
    """sigrok-cli --protocol-decoder-samplenum output: [ss, es, decoder, text]; a text with a
    newline in it (a string annotation) goes on over the next lines."""
    anns = []
    for line in (text[:-1] if text.endswith('\n') else text).split('\n'):
        m = ANN.match(line)
        if m:
            anns.append([int(m.group(1)), int(m.group(2)), m.group(3), m.group(4)])
        elif anns:
            anns[-1][3] += '\n' + line
    return anns


def byte_spans(anns, source):
    """The stream's bytes and their sample spans from the byte annotations of a sigrok
    decoder (arm_tpiu's data: '0x41'; uart's rx-data with format=hex: '41')."""
    data, spans = bytearray(), []
    for ss, es, dec, text in anns:
        if dec == source:
            m = re.fullmatch(r'(?:0x)?([0-9a-fA-F]{2})', text)
            if m:
                data.append(int(m.group(1), 16))
                spans.append((ss, es))
    return bytes(data), spans


def hexs(bs):
    return ' '.join('%02x' % b for b in bs)


class Converter:
    def __init__(self, data, spans, main=None):
        """data: the stream's bytes; spans: each byte's sample span [start, end) on the line;
        main: the bytes that count (the rest, --flush's packet, are dropped)."""
        self.data, self.starts = data, [a for a, _ in spans]
        self.main = len(data) if main is None else main
        self.ts = 0  # arm_itm's running timestamp, as last shown

    def index(self, sample):
        """The byte whose character holds this sample (the last one starting at or before
        it)."""
        return min(max(bisect.bisect_right(self.starts, sample) - 1, 0), len(self.data) - 1)

    def span(self, ss, es):
        """The bytes an annotation covers: [first, last]."""
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


def run(cmd):
    """sigrok-cli: (its annotations, its result) or (None, the error message)."""
    try:
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except OSError as e:
        return None, '%s: %s (Debian: apt-get install sigrok-cli)' % (cmd[0], e)
    return annotations(r.stdout.decode('utf-8', 'replace')), r


def is_session(path):
    """A sigrok session is a zip archive."""
    with open(path, 'rb') as f:
        return f.read(4) == b'PK\x03\x04'


def main():
    ap = argparse.ArgumentParser(prog='tests/score/arm_itm.py',
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 description=__doc__, epilog='''\
Scorecard commands (make vectors-score DECODER='...'; score.py --help):
  stream (default): tests/score/arm_itm.py {in} {out}
  DECODER_INPUT=swo: tests/score/arm_itm.py --baud {baud} --channel {channel}
                       --mode {mode} --id {id} {in} {out}''')
    ap.add_argument('input', metavar='STREAM.bin|FILE.sr',
                    help='the ITM/DWT byte stream, or an SWO pin capture (a sigrok session)')
    ap.add_argument('out', metavar='OUT', help='where the JSON lines go')
    ap.add_argument('--samples', type=int, default=4, metavar='N',
                    help='a stream: samples per bit (default 4; 1 Mbaud at 4 MHz)')
    ap.add_argument('--sigrok-cli', default='sigrok-cli', metavar='PATH')
    ap.add_argument('--flush', action='store_true',
                    help='a stream: end the line with 17 idle character times and the packet '
                    '01 00 (a NUL on port 0), after which arm_itm shows the strings it holds; '
                    'the lines of that packet are dropped')
    ap.add_argument('--baud', metavar='RATE', help='a capture: its bit rate (bit/s)')
    ap.add_argument('--channel', default='SWO', help='a capture: its SWO channel (default SWO)')
    ap.add_argument('--mode', default='nrz', help='a capture: nrz (default) or manchester')
    ap.add_argument('--id', default='', metavar='N',
                    help="a capture: the trace ID of TPIU frames (through arm_tpiu); none or '' "
                    'for a bypass capture')
    ap.add_argument('--keep', action='store_true',
                    help="keep OUT.bin (a stream's line) and OUT.ann (sigrok-cli's annotations)")
    args = ap.parse_args()
    try:
        session = is_session(args.input)
        if not session:
            with open(args.input, 'rb') as f:
                data = f.read()
    except OSError as e:
        print('arm_itm.py: error: %s' % e, file=sys.stderr)
        return 2
    if session:
        if args.mode != 'nrz':
            open(args.out, 'w').close()  # no line: every packet not decoded
            print('arm_itm.py: error: %s: %s: sigrok has no Manchester line decoder (uart '
                  'reads NRZ only)' % (args.input, args.mode), file=sys.stderr)
            return 2
        if not args.baud:
            ap.error('a sigrok session needs --baud')
        if args.id and not args.id.isdigit():
            ap.error('--id: a trace ID, 1..111')
        # arm_tpiu:stream=ID passes that ID's bytes on (with the UART bytes' spans) and
        # annotates each as data; without it, uart's rx-data are the stream
        source = 'arm_tpiu' if args.id else 'uart'
        uart = 'uart:rx=%s:baudrate=%s:format=hex' % (args.channel, args.baud)
        stack = uart + (',arm_tpiu:stream=%s' % args.id if args.id else '') + ',arm_itm'
        cmd = [args.sigrok_cli, '-i', args.input, '-P', stack, '-A',
               '%s,arm_itm=%s' % ('arm_tpiu=data' if args.id else 'uart=rx-data', ROWS),
               '--protocol-decoder-samplenum']
        anns, r = run(cmd)
        if anns is None:
            print('arm_itm.py: error: %s' % r, file=sys.stderr)
            return 2
        data, spans = byte_spans(anns, source)
        conv = Converter(data, spans)
    else:
        if args.samples < 2:
            ap.error('--samples needs at least 2')
        line = args.out + '.bin'
        samples, spans = nrz(data, args.samples, args.flush)
        with open(line, 'wb') as f:
            f.write(samples)
        rate = 1000000 * args.samples
        cmd = [args.sigrok_cli, '-I', 'binary:numchannels=1:samplerate=%d' % rate, '-i', line,
               '-P', 'uart:rx=0:baudrate=1000000,arm_itm', '-A', 'arm_itm=' + ROWS,
               '--protocol-decoder-samplenum']
        anns, r = run(cmd)
        if not args.keep:
            os.remove(line)
        if anns is None:
            print('arm_itm.py: error: %s' % r, file=sys.stderr)
            return 2
        conv = Converter(data + FLUSH_BYTES if args.flush else data, spans, len(data))
    # in the order sigrok-cli printed them (the running timestamp needs it); the scorer
    # aligns by offset
    lines = [obj for ss, es, dec, t in anns if dec == 'arm_itm' and conv.data
             for obj in conv.convert(ss, es, t) if obj['offset'] < conv.main]
    with open(args.out, 'w') as f:
        for obj in lines:
            f.write(json.dumps(obj, separators=(',', ':')) + '\n')
    if args.keep:
        with open(args.out + '.ann', 'w') as f:
            f.write(r.stdout.decode('utf-8', 'replace'))
    sys.stderr.buffer.write(r.stderr)
    return r.returncode


if __name__ == '__main__':
    sys.exit(main())
