#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The decoder scorecard (vectors/README.md "Decoder scorecard"): runs a trace decoder
over every conformance vector's stream.bin (or every pin capture a vector declares),
reads its decoded packets in the JSON form of vectors/README.md ("JSON form of the
decoded lists"), and compares them field by field with the vector's packets.txt (a
formatted pin capture: its idpackets.txt, one trace ID at a time), converted to the same
form. Prints one table per packet kind (agreed / disagreed / not decoded), the first
disagreeing vector and packet of each kind, and the total; exit 0 only at 100 %."""

import argparse
import collections
import concurrent.futures
import configparser
import json
import os
import re
import shlex
import subprocess
import sys
import time
import zipfile

# The packet kinds of packets.txt and their fields, in the order of the JSON form. A field
# is ('int', None): a JSON number; or ('hex', WIDTH): a string "0x" + lower-case hex digits,
# WIDTH digits (a number: that many; 'size': 2 x the packet's size).
KINDS = ('SYNC', 'OVF', 'EXT', 'INST', 'HW', 'LTS', 'GTS1', 'GTS2')
FIELDS = {
    'SYNC': (),
    'OVF': (),
    'EXT': (('page', 'int', None),),
    'INST': (('port', 'int', None), ('size', 'int', None), ('data', 'hex', 'size')),
    'HW': (('disc', 'int', None), ('size', 'int', None), ('data', 'hex', 'size')),
    'LTS': (('ts', 'int', None), ('tc', 'int', None)),
    'GTS1': (('bits', 'hex', 7), ('wrap', 'int', None), ('clkch', 'int', None)),
    'GTS2': (('bits', 'hex', 10), ('gts', 'hex', 16)),
}
INPUTS = ('stream', 'swo', 'parallel')
# The keys of a pin capture, derived from its vector.txt `capture PORT RAW SR MODE ARG FMT
# END` line (vectors/README.md "Pin captures"); also the placeholders of the decoder
# command ('' where a capture has none)
CAPTURE_KEYS = ('input', 'tpiu', 'id', 'end', 'channel', 'mode', 'baud', 'div', 'samplerate',
                'width', 'clock', 'data', 'raw')
PORTS = {'swo': ('swo', ('nrz', 'manchester')), 'par': ('parallel', ('parallel',))}
DEFAULT_RATE = 48000000  # the vectors' sample rate (one sample a cycle), if a .sr has none
# Our tracedump, the default decoder of each input kind ({tracedump}: BUILD/decode/tracedump).
# A pin capture's trace ID, port mode and line rate come from its capture line's keys.
TRACEDUMP = {
    'stream': '{tracedump} --bypass --json {in}',
    'swo': '{tracedump} --json --sr-channel {channel} --baud {baud} '
           '$([ {mode} = manchester ] && echo --manchester) '
           '$([ {tpiu} = bypass ] && echo --bypass || echo --id {id}) {in}',
    'parallel': 'tests/score/sr_raw.py {in} {data} | '
                '{tracedump} --json --parallel {width} --id {id} -',
}
RAW = re.compile(r'^[0-9a-f]{2}( [0-9a-f]{2})*$')
HEX = re.compile(r'^0x[0-9a-fA-F]+$')


class FormatError(Exception):
    """A file the scorer reads is malformed: the message names the file and line."""


# ---- the expected lists: packets.txt in the JSON form ----------------------------------

def canonical_hex(value, width):
    return '0x%0*x' % (width, value)


def convert_packet(text, offset, raw, where):
    """One packets.txt line's PACKET column (and its offset and bytes) in the JSON form."""
    tokens = text.split(' ')
    kind = tokens[0]
    if kind not in FIELDS:
        raise FormatError('%s: unknown packet kind %r (known: %s)' % (where, kind, ' '.join(KINDS)))
    kv = {}
    for t in tokens[1:]:
        k, eq, v = t.partition('=')
        if not eq or k in kv:
            raise FormatError('%s: %r is not KEY=VALUE (or repeats a key)' % (where, t))
        kv[k] = v
    want = [f[0] for f in FIELDS[kind]]
    if sorted(kv) != sorted(want):
        raise FormatError('%s: %s has fields %s, expected %s' % (where, kind, ' '.join(kv) or
                                                                 'none', ' '.join(want) or 'none'))
    obj = {'offset': offset, 'type': kind}
    for name, typ, width in FIELDS[kind]:
        v = kv[name]
        if typ == 'int':
            if not v.isdigit():
                raise FormatError('%s: %s=%s is not a decimal number' % (where, name, v))
            obj[name] = int(v)
        else:
            if not HEX.match(v):
                raise FormatError('%s: %s=%s is not 0x and hex digits' % (where, name, v))
            obj[name] = canonical_hex(int(v, 16), 2 * obj['size'] if width == 'size' else width)
    obj['raw'] = raw
    return obj


def expected_list(path, by_id=False):
    """packets.txt (vectors/README.md) -> the list of JSON-form objects, in stream order.
    by_id: idpackets.txt (an ID column first, offsets counted in each ID's own byte
    stream) -> {trace ID: that list}."""
    lists, nxt = {}, {}
    ncols = 5 if by_id else 4
    head = ('ID<TAB>' if by_id else '') + 'CYCLE<TAB>OFFSET<TAB>PACKET<TAB>BYTES'
    with open(path, encoding='ascii') as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip('\n')
            if not line or line.startswith('#'):
                continue
            where = '%s:%d' % (path, n)
            cols = line.split('\t')
            if len(cols) != ncols or not all(c.isdigit() for c in cols[:ncols - 2]):
                raise FormatError('%s: expected %s' % (where, head))
            tid = int(cols.pop(0)) if by_id else None
            if not RAW.match(cols[3]):
                raise FormatError('%s: BYTES %r is not two-digit lower-case hex bytes' %
                                  (where, cols[3]))
            offset = int(cols[1])
            if offset != nxt.get(tid, 0):
                raise FormatError('%s: offset %d, but the packets before%s end at %d' %
                                  (where, offset, ' on this ID' if by_id else '',
                                   nxt.get(tid, 0)))
            nxt[tid] = offset + len(cols[3].split(' '))
            lists.setdefault(tid, []).append(convert_packet(cols[2], offset, cols[3], where))
    return lists if by_id else lists.get(None, [])


def json_line(obj):
    return json.dumps(obj, separators=(',', ':'))


# ---- vectors and their inputs ----------------------------------------------------------

def read_header(path):
    """vector.txt's header lines: {key: [value lines]} (records and comments skipped)."""
    hdr = {}
    with open(path, encoding='ascii') as f:
        for line in f:
            line = line.rstrip('\n')
            if not line or line.startswith('#') or line[0].isdigit():
                continue
            k, _, v = line.partition(' ')
            hdr.setdefault(k, []).append(v)
    return hdr


def is_etm(vdir):
    """An ETM vector (vector.txt "block etm"): its packets.txt holds ETMv4 packets, which this
    scorecard of ITM/DWT decoders does not score (make vectors-check decodes them)."""
    try:
        with open(os.path.join(vdir, 'vector.txt'), encoding='ascii') as f:
            return any(line.split() == ['block', 'etm'] for line in f)
    except OSError:
        return False


def find_vectors(roots):
    """Vector directories (those holding a packets.txt of ITM/DWT packets) under the given
    paths, sorted."""
    found = []
    for r in roots:
        if not os.path.isdir(r):
            raise FormatError('%s: not a directory' % r)
        if os.path.isfile(os.path.join(r, 'packets.txt')):
            if not is_etm(r):
                found.append(r)
        else:
            found += find_vectors([os.path.join(r, s) for s in sorted(os.listdir(r))
                                   if os.path.isdir(os.path.join(r, s))])
    return found


# One decoder run: a vector's stream.bin, or one trace ID of one pin capture. label names
# it in the report, stem its output files; expected is its list of JSON-form objects;
# partial: the capture ends with trace still inside the TPIU (END partial).
Task = collections.namedtuple('Task', 'vid vdir label stem path keys expected partial')


def rate_of(text):
    """A sigrok samplerate ("48 MHz", "1.5 kHz", "48000000") in Hz, or None."""
    m = re.fullmatch(r'\s*([0-9]+(?:\.[0-9]*)?)\s*([kMG]?)(?:Hz)?\s*', text or '')
    if not m:
        return None
    return float(m.group(1)) * {'': 1, 'k': 1e3, 'M': 1e6, 'G': 1e9}[m.group(2)]


def sr_metadata(path):
    """A sigrok session's sample rate (Hz, or None) and channel names {name: probe number}."""
    try:
        with zipfile.ZipFile(path) as z:
            text = z.read('metadata').decode('utf-8')
        meta = configparser.ConfigParser(interpolation=None)
        meta.read_string(text)
        dev = meta['device 1']
    except (OSError, KeyError, UnicodeDecodeError, zipfile.BadZipFile,
            configparser.Error) as e:
        raise FormatError('%s: not a sigrok session with a [device 1] (%s)' % (path, e))
    probes = {dev[k]: int(k[5:]) for k in dev if re.fullmatch(r'probe[0-9]+', k)}
    rate = None
    if 'samplerate' in dev:
        rate = rate_of(dev['samplerate'])
        if not rate:
            raise FormatError('%s: samplerate %r' % (path, dev['samplerate']))
    return rate, probes


def number_text(x):
    """A rate as the shortest decimal text: 24000000, 1500000, 685714.286."""
    return str(int(x)) if x == int(x) else ('%.3f' % x).rstrip('0')


def capture_keys(vtxt, vdir, toks):
    """The keys of one `capture PORT RAW SR MODE ARG FMT END` line (toks: the 7 fields)."""
    where = '%s: capture %s' % (vtxt, ' '.join(toks))
    if len(toks) != 7:
        raise FormatError('%s: expected PORT RAW SR MODE ARG FMT END' % where)
    port, raw, sr, mode, arg, fmt, end = toks
    if port not in PORTS or mode not in PORTS[port][1]:
        raise FormatError('%s: PORT swo with MODE nrz or manchester, or PORT par with MODE '
                          'parallel' % where)
    if not arg.isdigit() or int(arg) < 1:
        raise FormatError('%s: ARG %r is not a number of cycles or bits' % (where, arg))
    if fmt not in ('formatted', 'bypass') or end not in ('complete', 'partial'):
        raise FormatError('%s: FMT formatted|bypass, END complete|partial' % where)
    for f in (raw, sr):
        if not os.path.isfile(os.path.join(vdir, f)):
            raise FormatError('%s: no file %s in %s' % (where, f, vdir))
    rate, probes = sr_metadata(os.path.join(vdir, sr))
    rate = rate or DEFAULT_RATE
    keys = {'input': PORTS[port][0], 'tpiu': fmt, 'end': end, 'mode': mode,
            'samplerate': number_text(rate), 'raw': os.path.join(vdir, raw)}
    if port == 'swo':
        if 'SWO' not in probes:
            raise FormatError('%s: %s has no channel SWO' % (where, sr))
        # ARG cycles (= samples) a bit in NRZ, a half-bit cell in Manchester
        cycles = int(arg) * (2 if mode == 'manchester' else 1)
        keys.update(channel='SWO', div=arg, baud=number_text(rate / cycles))
    else:
        data = ['TRACEDATA%d' % i for i in range(int(arg))]
        missing = [d for d in data + ['TRACECLK'] if d not in probes]
        if missing:
            raise FormatError('%s: %s has no channel %s' % (where, sr, ', '.join(missing)))
        keys.update(width=arg, clock='TRACECLK', data=','.join(data))
    return keys


def inputs_of(vdir, kind):
    """The runs of one vector for this input kind: ([Task], [captures with nothing to
    score]). stream: its stream.bin against packets.txt. swo/parallel: each `capture PORT
    RAW SR MODE ARG FMT END` line of its vector.txt for that port, whose SR file the decoder
    gets; bypass: one run against packets.txt; formatted: one run per trace ID of
    idpackets.txt, against that ID's packets (a capture with no packets on any ID is
    listed as having nothing to score)."""
    vtxt = os.path.join(vdir, 'vector.txt')
    hdr = read_header(vtxt) if os.path.isfile(vtxt) else {}
    fmt = hdr.get('format', ['1'])[0]
    if fmt != '1':
        raise FormatError('%s: format %s: this scorer reads format 1 only' % (vtxt, fmt))
    vid = os.path.basename(os.path.normpath(vdir))
    if kind == 'stream':
        p = os.path.join(vdir, 'stream.bin')
        if not os.path.isfile(p):
            return [], []
        return [Task(vid, vdir, vid, vid, p, {'input': 'stream'},
                     expected_list(os.path.join(vdir, 'packets.txt')), False)], []
    tasks, empty = [], []
    for v in hdr.get('capture', []):
        toks = v.split()
        keys = capture_keys(vtxt, vdir, toks)
        if keys['input'] != kind:
            continue
        sr = toks[2]
        path = os.path.join(vdir, sr)
        label = '%s/%s' % (vid, sr)
        stem = '%s.%s' % (vid, os.path.splitext(sr)[0])
        partial = keys['end'] == 'partial'
        if keys['tpiu'] == 'bypass':
            tasks.append(Task(vid, vdir, label, stem, path, keys,
                              expected_list(os.path.join(vdir, 'packets.txt')), partial))
            continue
        per_id = expected_list(os.path.join(vdir, 'idpackets.txt'), by_id=True)
        if not per_id:
            empty.append(label)
        for tid in sorted(per_id):
            tasks.append(Task(vid, vdir, '%s id=%d' % (label, tid), '%s.id%d' % (stem, tid),
                              path, dict(keys, id=str(tid)), per_id[tid], partial))
    return tasks, empty


# ---- running a decoder -----------------------------------------------------------------

def expand(template, values):
    """{name} placeholders of the template, each value shell-quoted; capture keys the input
    does not have expand to ''. Other braces are left alone (shell or awk text)."""
    def sub(m):
        k = m.group(1)
        if k not in values and k not in CAPTURE_KEYS:
            return m.group(0)
        return shlex.quote(values.get(k, ''))
    return re.sub(r'\{([a-z_]+)\}', sub, template)


def run_decoder(template, task, work, timeout):
    """Runs the decoder on one input; returns (output file, stderr file, the command, its
    exit status or a message, seconds)."""
    out = os.path.join(work, task.stem + '.jsonl')
    err = os.path.join(work, task.stem + '.err')
    for p in (out, err):
        if os.path.exists(p):
            os.remove(p)
    values = dict(task.keys, **{'in': task.path, 'out': out, 'vector': task.vdir})
    cmd = expand(template, values)
    env = dict(os.environ, **{'SCORE_' + k.upper(): str(v) for k, v in values.items()})
    t0 = time.monotonic()
    try:
        with open(err, 'wb') as ef:
            if '{out}' in template:
                r = subprocess.run(cmd, shell=True, stdin=subprocess.DEVNULL,
                                   stdout=subprocess.DEVNULL, stderr=ef, env=env, timeout=timeout)
            else:
                with open(out, 'wb') as of:
                    r = subprocess.run(cmd, shell=True, stdin=subprocess.DEVNULL, stdout=of,
                                       stderr=ef, env=env, timeout=timeout)
        status = r.returncode
    except subprocess.TimeoutExpired:
        status = 'timed out after %d s' % timeout
    return out, err, cmd, status, time.monotonic() - t0


# ---- reading a decoder's output --------------------------------------------------------

def number(v):
    """A field value as an integer: a JSON number, or a string of hex (0x..) or decimal."""
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, int):
        return v
    if isinstance(v, str):
        if HEX.match(v):
            return int(v, 16)
        if v.isdigit():
            return int(v)
    return None


def raw_bytes(v):
    if not isinstance(v, str):
        return None
    toks = v.split()
    if not all(re.fullmatch(r'[0-9a-fA-F]{2}', t) for t in toks):
        return None
    return [int(t, 16) for t in toks]


def read_output(path, want_id):
    """The decoder's JSON lines: ([(line number, offset, object)], [errors]). A line without
    "offset" starts where the one before it ended (its offset plus its raw bytes)."""
    lines, errors, running = [], [], 0
    if not os.path.isfile(path):
        return lines, ['%s: the decoder wrote no output file' % path]
    with open(path, encoding='utf-8', errors='replace') as f:
        for n, text in enumerate(f, 1):
            text = text.strip()
            if not text:
                continue
            where = '%s:%d' % (path, n)
            try:
                obj = json.loads(text)
            except ValueError as e:
                errors.append('%s: not JSON (%s)' % (where, e))
                continue
            if not isinstance(obj, dict) or not isinstance(obj.get('type'), str):
                errors.append('%s: not an object with a "type" string' % where)
                continue
            raw = raw_bytes(obj.get('raw'))
            if raw is None:
                errors.append('%s: "raw" missing or not hex bytes ("01 41")' % where)
                continue
            off = obj.get('offset', running)
            if isinstance(off, bool) or not isinstance(off, int) or off < 0:
                errors.append('%s: "offset" is not a byte offset' % where)
                continue
            running = off + len(raw)
            if want_id is not None and 'id' in obj and number(obj['id']) != want_id:
                continue  # another trace ID's packet
            lines.append((n, off, obj))
    return lines, errors


# ---- comparing -------------------------------------------------------------------------

def verdict(exp, obj, exact):
    """'agreed' | 'disagreed' | 'not decoded', and what differs."""
    t = obj['type']
    if t not in FIELDS:
        return 'not decoded', 'reported as %s' % t
    if t != exp['type']:
        return 'disagreed', 'decoded as %s' % t
    diffs = []
    for name, _, _ in FIELDS[t]:
        if name not in obj:
            diffs.append('%s missing' % name)
        elif number(obj[name]) != number(exp[name]):
            diffs.append('%s %s (expected %s)' % (name, json.dumps(obj[name]),
                                                  json.dumps(exp[name])))
    if raw_bytes(obj['raw']) != raw_bytes(exp['raw']):
        diffs.append('raw "%s" (expected "%s")' % (obj['raw'], exp['raw']))
    if not diffs and exact:
        keys = [k for k in obj if k in exp]
        order = [k for k in exp if k in obj]
        bad = [k for k in exp if k in obj and json_line(obj[k]) != json_line(exp[k])]
        if bad:
            diffs.append('form: ' + ', '.join('%s written %s (the form: %s)' % (
                k, json_line(obj[k]), json_line(exp[k])) for k in bad))
        elif keys != order or 'offset' not in obj:
            diffs.append('form: keys in the order %s (the form: %s)' % (' '.join(keys),
                                                                          ' '.join(exp)))
    if diffs:
        return 'disagreed', '; '.join(diffs)
    return 'agreed', ''


RANK = {'agreed': 0, 'disagreed': 1, 'not decoded': 2}


def reached(expected, lines):
    """A partial capture's expected packets (END partial: the vector ends with trace still
    inside the TPIU, so the capture holds a prefix of them that the vector does not give):
    those whose bytes all lie before the end of the decoder's furthest line, of any type.
    The packets after that are not scored; a packet cut by the end of the capture (the
    decoder's last line stops inside it) is one of them."""
    reach = max((off + len(raw_bytes(obj['raw'])) for _, off, obj in lines), default=0)
    return [e for e in expected if e['offset'] + len(e['raw'].split(' ')) <= reach]


def score_vector(expected, lines, exact):
    """Aligns the decoder's lines with the expected packets by byte offset. Returns
    ([(expected, verdict, detail, line or None)], [extra lines])."""
    by_off = {}
    for ln in lines:
        by_off.setdefault(ln[1], []).append(ln)
    used, res = set(), []
    for e in expected:
        best = None
        for ln in by_off.get(e['offset'], []):
            if ln[0] in used:
                continue
            v, d = verdict(e, ln[2], exact)
            if best is None or RANK[v] < RANK[best[0]]:
                best = (v, d, ln)
        if best is None:
            res.append((e, 'not decoded', 'no line at this offset', None))
        else:
            used.add(best[2][0])
            res.append((e, best[0], best[1], best[2]))
    extra = [ln for ln in lines if ln[0] not in used]
    return res, extra


# ---- report ----------------------------------------------------------------------------

def pct(a, n):
    return '%.1f %%' % (100.0 * a / n) if n else '-'


def short(text, n=110):
    return text if len(text) <= n else text[:n - 3] + '...'


def report(args, tasks, results, md):
    tally = {k: {'packets': 0, 'agreed': 0, 'disagreed': 0, 'not decoded': 0} for k in KINDS}
    first = {k: {} for k in KINDS}
    extra_by_type, first_extra = {}, None
    errors, passed, failed, nlines = [], 0, 0, 0
    for task, (res, extra, errs, status, cmd, out) in zip(tasks, results):
        label = task.label
        # a partial capture may hold no complete packet: a decoder that prints nothing
        # for it and exits 1 (nothing decoded) has done right
        if task.partial and status == 1 and not res and not extra:
            status = 0
        ok = not extra and not errs and status == 0
        if status != 0:
            errors.append('%s: the decoder %s (%s; stderr: %s)' % (
                label, 'exited %d' % status if isinstance(status, int) else status, cmd,
                out[:-len('.jsonl')] + '.err'))
        errors += errs
        for e, v, d, ln in res:
            k = e['type']
            tally[k]['packets'] += 1
            tally[k][v] += 1
            if v != 'agreed':
                ok = False
                if args.list:
                    print('%-11s %-5s %s @%d [%s]: %s' % (v, k, label, e['offset'], e['raw'], d))
                if v not in first[k]:
                    got = json_line(ln[2]) if ln else ''
                    first[k][v] = (label, e, d, got)
        for ln in extra:
            t = ln[2]['type']
            if args.list:
                print('extra       %-5s %s @%d: %s' % (t, label, ln[1], short(json_line(ln[2]))))
            extra_by_type[t] = extra_by_type.get(t, 0) + 1
            if first_extra is None:
                first_extra = (label, ln)
        nlines += len(extra)
        if ok:
            passed += 1
        else:
            failed += 1
    tot = {c: sum(tally[k][c] for k in KINDS) for c in ('packets', 'agreed', 'disagreed',
                                                          'not decoded')}
    cols = ('packets', 'agreed', 'disagreed', 'not decoded')
    rows = [(k, tally[k]) for k in KINDS] + [('all', tot)]
    if md:
        print('| kind | packets | agreed | disagreed | not decoded | agreed % |')
        print('|---|--:|--:|--:|--:|--:|')
        for k, t in rows:
            b = '**' if k == 'all' else ''
            print('| %s%s%s | %s |' % (b, k, b, ' | '.join(
                [str(t[c]) for c in cols] + [b + pct(t['agreed'], t['packets']) + b])))
        print('\nExtra lines (no expected packet starts at their offset): %d%s\n' % (
            nlines, (' (%s)' % ', '.join('%s %d' % kv for kv in sorted(extra_by_type.items())))
            if nlines else ''))
        print('| kind | first disagreement | first not decoded |')
        print('|---|---|---|')
        for k in KINDS:
            cells = []
            for v in ('disagreed', 'not decoded'):
                f = first[k].get(v)
                cells.append('-' if not f else '`%s` @%d `%s`: %s' % (
                    f[0], f[1]['offset'], f[1]['raw'], f[2].replace('|', '\\|')))
            if first[k]:
                print('| %s | %s |' % (k, ' | '.join(cells)))
    else:
        print('%-6s %9s %9s %10s %12s %9s' % (('kind',) + cols + ('agreed',)))
        for k, t in rows:
            print('%-6s %9d %9d %10d %12d %9s' % ((k,) + tuple(t[c] for c in cols) +
                                                   (pct(t['agreed'], t['packets']),)))
        print('extra lines (no expected packet starts at their offset): %d%s' % (
            nlines, (' (%s)' % ', '.join('%s %d' % kv for kv in sorted(extra_by_type.items())))
            if nlines else ''))
        if first_extra:
            print('  first: %s line %d @%d: %s' % (first_extra[0], first_extra[1][0],
                                                  first_extra[1][1],
                                                  short(json_line(first_extra[1][2]))))
        if any(first[k] for k in KINDS):
            print('first disagreement and first packet not decoded, per kind '
                  '(vector @offset [expected bytes]: what the decoder said):')
            for k in KINDS:
                for v in ('disagreed', 'not decoded'):
                    f = first[k].get(v)
                    if f:
                        print('  %-5s %-11s %s @%d [%s]: %s' % (k, v, f[0], f[1]['offset'],
                                                              f[1]['raw'], short(f[2], 90)))
                        if f[3]:
                            print('  %-17s line: %s' % ('', short(f[3])))
    for e in errors[:10]:
        print('ERROR %s' % e)
    if len(errors) > 10:
        print('ERROR ... %d more' % (len(errors) - 10))
    return tot, nlines, errors, passed, failed


def main():
    ap = argparse.ArgumentParser(
        prog='tests/score/score.py',
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=__doc__,
        epilog='''DECODER is a shell command, run by sh -c in the current directory (make: the
top of the repository), with placeholders, each replaced by its shell-quoted value:
  {in}      the input: a vector's stream.bin (--input stream), or a pin capture's
            sigrok session (the SR file of its capture line)
  {out}     the file the decoder writes its JSON lines to; without {out} in the
            command, its standard output is taken
  {vector}  the vector's directory
  {KEY}     a pin capture's keys, from its vector.txt line `capture PORT RAW SR MODE
            ARG FMT END` ('' where a capture has none):
              input       swo (PORT swo) or parallel (PORT par)
              tpiu        FMT: formatted or bypass
              id          formatted: the trace ID this run scores (one run per ID of
                          idpackets.txt); bypass: ''
              end         END: complete or partial
              mode        MODE: nrz, manchester or parallel
              samplerate  the session's sample rate in Hz (48000000 if it has none)
              raw         the raw capture RAW, one byte per cycle (tracedump
                          --swo-nrz/--swo-manchester {div}, --parallel {width})
              SWO:        channel (SWO), div (ARG: cycles a bit in NRZ, a half-bit
                          cell in Manchester), baud (samplerate / (div or 2 x div))
              parallel:   width (ARG: the port size), clock (TRACECLK), data
                          (TRACEDATA0,... as many as width)
The same values are in the environment as SCORE_IN, SCORE_OUT, SCORE_ID, ...
Examples:
  tests/score/score.py --decoder 'build/decode/tracedump --bypass --json {in}' vectors
  tests/score/score.py --decoder 'tests/score/arm_itm.py {in} {out}' vectors
  tests/score/score.py --convert vectors/itm/itm-0001-stim-byte-basic/packets.txt
Exit status: 0 when every expected packet agreed, no extra line was printed and the
decoder exited 0 on every input; 1 otherwise; 2 on a usage or file-format error.''')
    ap.add_argument('paths', nargs='*', default=['vectors'], metavar='DIR',
                    help='vector directories, or directories holding them (default: vectors)')
    ap.add_argument('--decoder', metavar='TEMPLATE', default=os.environ.get('DECODER'),
                    help='the decoder command (default: $DECODER, else our tracedump: %s)' %
                    ', '.join('%s: %s' % kv for kv in TRACEDUMP.items()).replace('%', '%%'))
    ap.add_argument('--build', metavar='DIR', default='build',
                    help='where tracedump is, for the default decoder (default: build)')
    ap.add_argument('--input', choices=INPUTS, default=os.environ.get('DECODER_INPUT') or
                    'stream', help='what the decoder reads (default: $DECODER_INPUT or stream)')
    ap.add_argument('--name', help='the decoder\'s name in the report (default: the command)')
    ap.add_argument('--work', metavar='DIR', help='where the outputs go (default: '
                    'build/score/INPUT)')
    ap.add_argument('--jobs', type=int, default=int(os.environ.get('JOBS', '2') or 2),
                    help='decoders run at once (default: $JOBS or 2)')
    ap.add_argument('--timeout', type=int, default=300, help='seconds per run (default 300)')
    ap.add_argument('--exact', action='store_true',
                    help='also require the written form: the keys in the order of the form, '
                    'the numbers as JSON numbers, the hex strings with their digits (our '
                    'tracedump must pass this)')
    ap.add_argument('--markdown', action='store_true', help='print the tables as Markdown')
    ap.add_argument('--list', action='store_true',
                    help='first list every packet not agreed and every extra line')
    ap.add_argument('--convert', metavar='PACKETS_TXT',
                    help='only print the JSON form of a packets.txt, one line per packet')
    args = ap.parse_args()
    if args.input not in INPUTS:
        ap.error('DECODER_INPUT=%s: stream, swo or parallel' % args.input)

    try:
        if args.convert:
            for obj in expected_list(args.convert):
                print(json_line(obj))
            return 0
        if not args.decoder:
            args.decoder = TRACEDUMP[args.input].replace(
                '{tracedump}', shlex.quote(os.path.join(args.build, 'decode', 'tracedump')))
            args.name = args.name or 'tracedump (%s)' % args.decoder
        vdirs = find_vectors(args.paths)
        tasks, empty = [], []
        for d in vdirs:
            t, e = inputs_of(d, args.input)
            tasks += t
            empty += e
        if not tasks:
            print('vectors-score: no %s in %s (%d vectors): nothing scored' % (
                'stream.bin' if args.input == 'stream' else args.input + ' capture',
                ' '.join(args.paths), len(vdirs)))
            return 1
    except (FormatError, OSError, UnicodeDecodeError) as e:
        print('vectors-score: error: %s' % e, file=sys.stderr)
        return 2

    work = args.work or os.path.join(args.build, 'score', args.input)
    os.makedirs(work, exist_ok=True)
    t0 = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as ex:
        runs = list(ex.map(lambda t: run_decoder(args.decoder, t, work, args.timeout), tasks))
    secs = time.monotonic() - t0
    results, cut = [], []
    for task, (out, err, cmd, status, _) in zip(tasks, runs):
        want_id = number(task.keys['id']) if task.keys.get('id') else None
        lines, errs = read_output(out, want_id)
        expected = task.expected
        if task.partial:
            expected = reached(expected, lines)
            if len(expected) < len(task.expected):
                cut.append((task.label, len(task.expected) - len(expected)))
        res, extra = score_vector(expected, lines, args.exact)
        results.append((res, extra, errs, status, cmd, out))

    what = 'stream.bin' if args.input == 'stream' else args.input + ' captures'
    print('Decoder scorecard: %s' % (args.name or args.decoder))
    print('input: %s of %d vectors (%d runs in %.1f s, outputs in %s/)%s' % (
        what, len({t.vdir for t in tasks}), len(tasks), secs, work,
        ', written form checked (--exact)' if args.exact else ''))
    if args.input != 'stream':
        print('runs: a bypass capture against packets.txt, a formatted capture once per trace '
              'ID against that ID\'s packets in idpackets.txt')
        npart = sum(1 for t in tasks if t.partial)
        if npart:
            print('partial captures (END partial): %d run%s, scored up to the end of the '
                  'decoder\'s last line; after it, not scored: %s' % (
                      npart, '' if npart == 1 else 's', ', '.join(
                          '%s (%d packet%s)' % (c[0], c[1], '' if c[1] == 1 else 's')
                          for c in cut) if cut else 'none'))
        if empty:
            print('captures with no packets on any trace ID, nothing to score: %s' %
                  ', '.join(empty))
    tot, nextra, errors, passed, failed = report(args, tasks, results, args.markdown)
    print('score: %s of the packets agreed (%d of %d; %d disagreed, %d not decoded), '
          '%d extra lines' % (pct(tot['agreed'], tot['packets']), tot['agreed'],
                              tot['packets'], tot['disagreed'], tot['not decoded'], nextra))
    print('vectors-score: %d passed, %d failed' % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == '__main__':
    sys.exit(main())
