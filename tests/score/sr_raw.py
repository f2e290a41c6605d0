#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the samples of a sigrok session (.sr) as a raw capture, one byte per sample, the
named channels in bits 0, 1, ... in the order given: the input of `tracedump --parallel
WIDTH` (and of any decoder that reads one byte per cycle). The scorecard's default
parallel decoder (tests/score/score.py) runs it on a vector's parallel pin capture.

A session is a zip archive: `metadata` names the probes (probeN=NAME is bit N-1 of a
sample of `unitsize` bytes, little-endian) and the capture file; the samples are in that
file, or in its chunks FILE-1, FILE-2, ... in order."""

import argparse
import configparser
import sys
import zipfile


def main():
    ap = argparse.ArgumentParser(prog='tests/score/sr_raw.py', description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('session', metavar='FILE.sr')
    ap.add_argument('channels', metavar='CH[,CH...]',
                    help='channel names (or probe numbers from 1), comma-separated, at most 8')
    ap.add_argument('-o', '--output', metavar='FILE', help='default: standard output')
    args = ap.parse_args()
    names = args.channels.split(',')
    if not 1 <= len(names) <= 8:
        ap.error('1 to 8 channels')
    try:
        z = zipfile.ZipFile(args.session)
        meta = configparser.ConfigParser(interpolation=None)
        meta.read_string(z.read('metadata').decode('utf-8'))
        dev = meta['device 1']
        unit = int(dev.get('unitsize', '1'))
        probes = {dev[k]: int(k[5:]) - 1 for k in dev if k.startswith('probe')}
        bits = []
        for n in names:
            if n in probes:
                bits.append(probes[n])
            elif n.isdigit() and 1 <= int(n) <= 8 * unit:
                bits.append(int(n) - 1)
            else:
                raise ValueError('no channel %r (probes: %s)' % (n, ', '.join(
                    '%d=%s' % (b + 1, p) for p, b in sorted(probes.items(), key=lambda x: x[1]))))
        cap = dev['capturefile']
        files = z.namelist()
        parts = [cap] if cap in files else []
        k = 1
        while '%s-%d' % (cap, k) in files:
            parts.append('%s-%d' % (cap, k))
            k += 1
        if not parts:
            raise ValueError('no sample file %s or %s-1' % (cap, cap))
        data = b''.join(z.read(p) for p in parts)
    except (OSError, KeyError, ValueError, zipfile.BadZipFile, configparser.Error) as e:
        print('sr_raw.py: error: %s: %s' % (args.session, e), file=sys.stderr)
        return 2
    if len(data) % unit:
        print('sr_raw.py: warning: %s: %d bytes after the last whole sample' %
              (args.session, len(data) % unit), file=sys.stderr)
    table = {}
    out = bytearray()
    for i in range(0, len(data) - unit + 1, unit):
        s = int.from_bytes(data[i:i + unit], 'little')
        v = table.get(s)
        if v is None:
            v = table[s] = sum((s >> b & 1) << k for k, b in enumerate(bits))
        out.append(v)
    if args.output:
        with open(args.output, 'wb') as f:
            f.write(out)
    else:
        sys.stdout.buffer.write(out)
    return 0


if __name__ == '__main__':
    sys.exit(main())
