#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Decodes the pin captures of TPIU and system conformance vectors with tracedump and checks
that they carry exactly the packets the vector says a decoder must find (vectors/README.md).

For each vector directory and each `capture PORT RAW SR MODE ARG FMT END` line of its
vector.txt, runs `tracedump --json` on the raw capture (MODE nrz/manchester:
--swo-nrz/--swo-manchester ARG; parallel: --parallel ARG; FMT bypass: --bypass) and compares
the packets' bytes: formatted, per trace ID with idpackets.txt (ID and BYTES columns, in
order); bypass, in stream order with packets.txt. END complete: exactly those; partial (the
run ends with trace still inside the TPIU): a prefix of them, per trace ID (also none, when
tracedump exits 1 saying that nothing could be decoded, as for a capture cut inside the
first full sync). Prints one FAIL
line per differing capture and, last, "decode: N passed, M failed".

Usage: tests/vectors/decode_check.py TRACEDUMP VECTOR_DIR...
"""
import json
import subprocess
import sys


def table(path, cols):
    """The given TAB-separated columns of a vector text file, comment lines dropped."""
    rows = []
    with open(path, encoding='ascii') as f:
        for line in f:
            if line.startswith('#') or not line.strip():
                continue
            field = line.rstrip('\n').split('\t')
            rows.append(tuple(field[c] for c in cols))
    return rows


def captures(vdir):
    caps = []
    with open(vdir + '/vector.txt', encoding='ascii') as f:
        for line in f:
            w = line.split()
            if len(w) == 8 and w[0] == 'capture':
                caps.append(w[1:])
    return caps


def decode(tracedump, vdir, cap):
    _port, raw, _sr, mode, arg, fmt, end = cap
    opt = {'nrz': '--swo-nrz', 'manchester': '--swo-manchester', 'parallel': '--parallel'}[mode]
    cmd = [tracedump, '--json', opt, arg] + (['--bypass'] if fmt == 'bypass' else [])
    out = subprocess.run(cmd + [vdir + '/' + raw], capture_output=True, text=True, check=False)
    if out.returncode == 1 and end == 'partial' and not out.stdout and \
            'tracedump: nothing decoded: ' in out.stderr:
        # a capture cut before anything decodable (e.g. inside the first full sync): tracedump
        # says so and exits 1; the empty list is a prefix of every vector's packets
        return [], None
    if out.returncode != 0:
        return None, 'tracedump exit %d: %s' % (out.returncode, out.stderr.strip()[:200])
    pk = []
    for line in out.stdout.splitlines():
        d = json.loads(line)
        pk.append((str(d.get('id', '')), d.get('raw', d.get('bytes', ''))))
    return pk, None


def main():
    if len(sys.argv) < 3 or sys.argv[1] in ('-h', '--help'):
        print(__doc__.strip())
        return 0 if len(sys.argv) > 1 and sys.argv[1] in ('-h', '--help') else 2
    tracedump, dirs = sys.argv[1], sys.argv[2:]
    passed = failed = 0
    for vdir in dirs:
        for cap in captures(vdir):
            got, err = decode(tracedump, vdir, cap)
            if cap[5] == 'bypass':
                want = [('', b) for (b,) in table(vdir + '/packets.txt', [3])]
                got = [('', b) for _, b in got] if got is not None else None
            else:
                want = sorted(table(vdir + '/idpackets.txt', [0, 4]), key=lambda r: int(r[0]))
                if got is not None:
                    got = sorted(got, key=lambda r: int(r[0]))  # stable: order within an ID kept
            if err is None and cap[6] == 'partial':
                # a prefix per trace ID (got and want are sorted by ID, stably)
                ids = {i for i, _ in got}
                want = [r for r in want if r[0] in ids]
                per = {}
                for r in want:
                    per.setdefault(r[0], []).append(r)
                want = [r for i in sorted(per, key=int)
                        for r in per[i][:sum(1 for g in got if g[0] == i)]]
            if err is None and got != want:
                k = next((i for i, (a, b) in enumerate(zip(want, got)) if a != b),
                         min(len(want), len(got)))
                err = 'packet %d: the vector has %s, tracedump found %s (%d and %d packets)' % (
                    k, want[k] if k < len(want) else 'none', got[k] if k < len(got) else 'none',
                    len(want), len(got))
            name = '%s %s (%s)' % (vdir, cap[1], ' '.join(cap[3:]))
            if err:
                failed += 1
                print('FAIL decode %s: %s' % (name, err))
            else:
                passed += 1
    print('decode: %d passed, %d failed' % (passed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
