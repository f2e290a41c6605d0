#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The harness's sigrok captures (--capture-swo FILE.sr, --capture-par FILE.sr) opened and
# decoded by sigrok-cli (`make sigrok-test`). For each capture of the `full` configuration:
#   show     sigrok-cli --show lists the channels and the sample rate (what PulseView reads)
#   samples  the samples sigrok reads back (-O binary) are the raw capture's, cycle for cycle
#   uart     sigrok's uart decoder recovers the TPIU's bytes; deframed by the rules of
#            docs/tpiu-contract.md §5 (formatted) or taken as they are (bypass), they are
#            exactly the ITM's ATB bytes (the harness's packet log, --verbose)
#   itm      the stack uart[,arm_tpiu],arm_itm shows what the ITM sent: the text written
#            to each port and one annotation per other packet (what the ATB packets predict)
# Known decoder bugs (libsigrokdecode 0.5.3; a KNOWN line says what went wrong, and counts
# neither as passed nor as failed):
#   arm_tpiu drops its frame alignment at any pause of more than one byte time between two
#   bytes, and arm_itm drops a half-received packet after a pause of 16 byte times. Our
#   formatted SWO sends each frame as one burst ([TPIU-BURST-2]) and closes a partial frame
#   after FrameIdleCycles ([TPIU-IDLE-2]), as silicon does, so it never pauses inside a frame
#   or a packet, and the stock decoders must read it exactly (the uart check fails on a
#   frame with a pause inside). The decode is asserted twice: on the stock decoders, and on
#   copies of the two decoders with exactly those two resets removed.
#   sigrok-cli aborts at its exit after running the parallel decoder (sigrok bug 1671,
#   Py_True/Py_False reference counts, fixed after 0.5.3): KNOWN, and its output is checked.
# Usage: tests/sigrok_check.sh [BUILD_DIR]   (builds BUILD_DIR/tb/full/trace_tb; needs
# sigrok-cli and python3). Last line: "sigrok: N passed, M failed, K known".
set -u
build=${1:-build}
tb=$build/tb/full/trace_tb
out=$build/sigrok
rm -rf "$out"; mkdir -p "$out"
pass=0; fail=0; known=0
rate=48000000 # the harness's default --capture-rate

if ! command -v sigrok-cli > /dev/null; then
  echo "FAIL sigrok-cli not found (Debian: apt-get install sigrok-cli)"
  echo "sigrok: 0 passed, 1 failed, 0 known"; exit 1
fi
make -s --no-print-directory BUILD="$build" tb CFG=full || {
  echo "FAIL make tb CFG=full"; echo "sigrok: 0 passed, 1 failed, 0 known"; exit 1; }
echo "sigrok-cli: $(sigrok-cli --version | sed -n 's/^- \(libsigrok\(decode\)\? [0-9.]*\).*/\1/p' |
  tr '\n' ' ')"

# ---- the checks in Python: output parsing, TPIU deframing, expected ITM annotations -------
py=$out/check.py
cat > "$py" << 'EOF'
import re, string, sys

ANN = re.compile(r'^(\d+)-(\d+) ([\w-]+): (.*)$')

def annotations(path):
    """sigrok-cli --protocol-decoder-samplenum output: [ss, es, text] (text may span lines)."""
    anns, s = [], open(path, encoding='utf-8', errors='replace').read()
    for line in (s[:-1] if s.endswith('\n') else s).split('\n'):
        m = ANN.match(line)
        if m:
            anns.append([int(m.group(1)), int(m.group(2)), m.group(4)])
        elif anns:  # a text annotation with a newline in it goes on
            anns[-1][2] += '\n' + line
    return anns

def atb_packets(log):
    """The RTL's ATB packets in stream order, from the harness's --verbose log."""
    pk = []
    for line in open(log):
        m = re.search(r' rtl +packet (\S+).*\[([0-9a-f ]+)\]\s*$', line)
        if m:
            pk.append((m.group(1), [int(b, 16) for b in m.group(2).split()]))
    return pk

def uart_bytes(path):
    return [(a[0], a[1], int(a[2], 16)) for a in annotations(path) if re.fullmatch(r'[0-9A-Fa-f]{2}', a[2])]

def deframe(units, hsync):
    """docs/tpiu-contract.md §5: from the first full sync FF FF FF 7F on (units: the bytes
    with their start samples), 16-byte frames; even byte: an ID ((id << 1) | 1; aux bit 1:
    the change comes after the next byte) or data with bit 0 in the aux byte 15; odd bytes
    data. hsync: the parallel port's half-word syncs FF 7F (at even positions) are dropped.
    Returns ([(id, byte)], frames as lists of start samples, error or None)."""
    b = [u[2] for u in units]
    start = None
    for i in range(len(b) - 3):
        if b[i:i + 4] == [0xFF, 0xFF, 0xFF, 0x7F]:
            start = i + 4
            break
    if start is None:
        return [], [], 'no full sync FF FF FF 7F'
    res, frames, cur, i, fr = [], [], None, start, []
    while i < len(b):
        if not fr and b[i:i + 4] == [0xFF, 0xFF, 0xFF, 0x7F]:
            i += 4; cur = None; continue
        if hsync and len(fr) % 2 == 0 and b[i:i + 2] == [0xFF, 0x7F]:
            i += 2; continue
        fr.append(units[i]); i += 1
        if len(fr) < 16:
            continue
        d = [u[2] for u in fr]
        for k in range(0, 16, 2):
            aux = d[15] >> (k // 2) & 1
            nxt = [d[k + 1]] if k < 14 else []
            if d[k] & 1:
                if aux and k < 14:
                    res += [(cur, x) for x in nxt]; cur = d[k] >> 1
                else:
                    cur = d[k] >> 1; res += [(cur, x) for x in nxt]
            else:
                res += [(cur, x) for x in [d[k] | aux] + nxt]
        frames.append([u[0] for u in fr]); fr = []
    return res, frames, None

EXC = {0: 'Thread', 1: 'Reset', 2: 'NMI', 3: 'HardFault', 4: 'MemManage', 5: 'BusFault',
       6: 'UsageFault', 11: 'SVCall', 12: 'Debug Monitor', 14: 'PendSV', 15: 'SysTick'}

def expected_itm(packets):
    """What arm_itm shows for these packets (docs/packet-formats.md; its wording): the text
    of each port (printable one-byte instrumentation payloads) and the other annotations."""
    text, other = {}, []
    for kind, b in packets:
        h, p = b[0], b[1:]
        v = sum(x << (8 * i) for i, x in enumerate(p))
        if kind == 'INST':
            port = h >> 3
            if len(p) == 1 and chr(p[0]) in string.printable:
                text[port] = text.get(port, '') + chr(p[0])
            else:
                other.append('%d: 0x%0*x' % (port, 2 * len(p), v))
        elif kind == 'HW' and h >> 3 == 1:
            num, fn = v & 0x1FF, v >> 12 & 3
            name = EXC.get(num, 'IRQ %d' % (num - 16))
            other.append({1: 'Enter: ', 2: 'Exit: ', 3: 'Resume: '}[fn] + name)
        elif kind == 'HW' and h >> 3 == 2 and len(p) == 4:
            other.append('PC: 0x%08x' % v)
        elif kind == 'HW' and h & 0xC4 == 0x84:
            other.append('Watchpoint %d: %s data 0x%0*x' % (h >> 4 & 3, 'Write' if h & 8 else 'Read',
                                                            2 * len(p), v))
        elif kind == 'HW' and h & 0xCF == 0x47:
            other.append('Watchpoint %d: PC 0x%08x' % (h >> 4 & 3, v))
        elif kind == 'HW' and h & 0xCF == 0x4E:
            other.append('Watchpoint %d: address 0x????%04x' % (h >> 4 & 3, v))
        elif kind == 'OVF':
            other.append('Overflow')
        else:
            return None, 'packet %s %s: no arm_itm prediction here' % (kind, ' '.join('%02x' % x for x in b))
    return (text, sorted(other)), None

def got_itm(path):
    text, other = {}, []
    for ss, es, t in sorted(annotations(path), key=lambda a: a[0]):
        m = re.fullmatch(r'(\d+): "(.*)"', t, re.S)
        if m:
            text[int(m.group(1))] = text.get(int(m.group(1)), '') + m.group(2)
        else:
            other.append(t)
    return text, sorted(other)

def hexs(bs):
    return ' '.join('%02x' % x for x in bs)

def first_diff(a, b):
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return i
    return min(len(a), len(b))

def main():
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == 'show':  # SHOW RATE COUNT NAME...
        show, want_rate, count, names = open(args[0]).read(), args[1], args[2], args[3:]
        want = ['Samplerate: %s' % want_rate, 'Channels: %d' % len(names)] + \
               ['- %s: logic' % n for n in names] + ['Logic unitsize: 1', 'Logic sample count: %s' % count]
        lines = show.strip().split('\n')
        if lines != want:
            print('FAIL --show printed:\n  ' + '\n  '.join(lines) + '\n  expected:\n  ' + '\n  '.join(want)); return 1
        print('%d channels (%s), %s Hz, %s samples' % (len(names), ' '.join(names), want_rate, count)); return 0
    if cmd == 'samples':  # BIN RAW swo|par
        got, raw = open(args[0], 'rb').read(), open(args[1], 'rb').read()
        want = raw if args[2] == 'swo' else None
        if args[2] == 'par':
            got = bytes(x >> 1 for x in got)  # TRACEDATA0.. are bits 1..
        if got != raw:
            i = first_diff(got, raw)
            print('FAIL sample %d of %d/%d differs' % (i, len(got), len(raw))); return 1
        print('%d samples = the raw capture' % len(raw)); return 0
    if cmd == 'uart':  # LOG UARTOUT bypass|formatted SAMPLES_PER_CHAR
        atb = [x for _, b in atb_packets(args[0]) for x in b]
        units = uart_bytes(args[1])
        if args[2] == 'bypass':
            got = [u[2] for u in units]
            if got != atb:
                i = first_diff(got, atb)
                print('FAIL uart bytes differ from the ATB bytes at byte %d: uart %s, ATB %s'
                      % (i, hexs(got[i:i + 8]), hexs(atb[i:i + 8]))); return 1
            print('%d uart bytes = the ITM\'s ATB bytes (bypass)' % len(got)); return 0
        res, frames, err = deframe(units, False)
        if err:
            print('FAIL ' + err); return 1
        return report_frames(res, frames, atb, int(args[3]), len(units), 'uart bytes')
    if cmd == 'par':  # LOG RISING FALLING RAW
        atb = [x for _, b in atb_packets(args[0]) for x in b]
        raw = open(args[3], 'rb').read()
        words = sorted((a[0], int(a[2], 16)) for f in args[1:3] for a in annotations(f))
        bad = [(s, w) for s, w in words if s >= len(raw) or raw[s] != w]
        if bad or not words:
            print('FAIL parallel decoder words differ from TRACEDATA at samples %s' % bad[:4]); return 1
        units = [(words[i][0], 0, words[i][1] | words[i + 1][1] << 4) for i in range(0, len(words) - 1, 2)]
        res, frames, err = deframe(units, True)
        if err:  # the byte phase: one nibble later
            units = [(words[i][0], 0, words[i][1] | words[i + 1][1] << 4) for i in range(1, len(words) - 1, 2)]
            res, frames, err = deframe(units, True)
        if err:
            print('FAIL ' + err); return 1
        return report_frames(res, frames, atb, 0, len(units),
                             'bytes from the %d TRACEDATA words on both TRACECLK edges (= the raw capture)' % len(words))
    if cmd == 'itm':  # LOG ANN
        want, err = expected_itm(atb_packets(args[0]))
        if err:
            print('FAIL ' + err); return 1
        got = got_itm(args[1])
        if got == want:
            print('text %s, %d other annotations: %s' % (
                ', '.join('%d: %r' % kv for kv in sorted(want[0].items())), len(want[1]),
                '; '.join(want[1]))); return 0
        lost = [x for x in want[1] if want[1].count(x) > got[1].count(x)]
        extra = [x for x in got[1] if got[1].count(x) > want[1].count(x)]
        msg = 'text %r (expected %r); missing %s; unexpected %s' % (
            got[0], want[0], sorted(set(lost)) or 'none', sorted(set(extra)) or 'none')
        print('FAIL ' + msg); return 1
    print('usage'); return 2

def gaps(frames, char):
    """Per frame with a pause between two of its bytes of more than one character time
    (start to start > 2 characters), the longest such distance."""
    out = []
    for f in frames:
        d = max(b - a for a, b in zip(f, f[1:]))
        if d > 2 * char:
            out.append(d)
    return out

def report_frames(res, frames, atb, char, n, what):
    ids = sorted(set(i for i, _ in res))
    d1 = [x for i, x in res if i == 1]
    pad = [x for i, x in res if i == 0]
    bad = [i for i in ids if i not in (0, 1)]
    if d1 != atb or bad or any(pad):
        i = first_diff(d1, atb)
        print('FAIL deframed ID 1 bytes differ from the ATB bytes at byte %d: %s / ATB %s; IDs %s, padding %s'
              % (i, hexs(d1[i:i + 8]), hexs(atb[i:i + 8]), ids, hexs(pad[:8]))); return 1
    # [TPIU-BURST-2]: a frame is one burst, its characters back to back
    p = gaps(frames, char) if char else []
    if p:
        print('FAIL %d frames pause inside (longest %d samples): a frame must leave as one burst'
              % (len(p), max(p))); return 1
    print('%d %s, %d frames after the full sync, each one burst: ID 1 carries the %d ATB bytes, '
          'ID 0 only padding' % (n, what, len(frames), len(d1)))
    return 0

sys.exit(main())
EOF

# ---- decoder copies without the two pause rules (the known bugs above) -------------------
srd=""
for d in "${SIGROKDECODE_DIR:-}" /usr/share/libsigrokdecode/decoders /usr/local/share/libsigrokdecode/decoders; do
  [ -n "$d" ] && [ -f "$d/arm_tpiu/pd.py" ] && [ -f "$d/arm_itm/pd.py" ] && { srd=$d; break; }
done
fixed=$out/decoders
patch_ok=0
if [ -n "$srd" ]; then
  mkdir -p "$fixed/arm_tpiu_fixed" "$fixed/arm_itm_fixed"
  cp "$srd"/arm_tpiu/*.py "$fixed/arm_tpiu_fixed/"; cp "$srd"/arm_itm/*.py "$fixed/arm_itm_fixed/"
  python3 - "$fixed" << 'EOF' && patch_ok=1
import sys
d = sys.argv[1]
def patch(name, old, new):
    p = '%s/%s_fixed/pd.py' % (d, name)
    s = open(p).read()
    if s.count(old) != 1 or s.count("id = '%s'" % name) != 1:
        sys.exit('%s: the rule to remove is not in this version' % name)
    open(p, 'w').write(s.replace(old, new).replace("id = '%s'" % name, "id = '%s_fixed'" % name))
# arm_tpiu: "Reset packet if there is a long pause between bytes." (frame alignment lost)
patch('arm_tpiu', 'if ss - self.prevsample > self.byte_len:\n            self.buf = []',
      'if False:\n            self.buf = []')
# arm_itm: the pause rule empties a half-received packet; keep its text flush
patch('arm_itm', '            self.push_delayed_sw()\n            self.buf = []\n        self.prevsample = es',
      '            self.push_delayed_sw()\n        self.prevsample = es')
EOF
fi

# ---- running and counting ----------------------------------------------------------------
result() { # NAME RC MESSAGE...
  local name=$1 rc=$2; shift 2
  case $rc in
    0) pass=$((pass + 1)); echo "ok    $name: $*" ;;
    3) known=$((known + 1)); echo "KNOWN $name: $*" ;;
    *) fail=$((fail + 1)); echo "FAIL  $name: $*" ;;
  esac
}
check() { # NAME CMD ARGS...: the python check, its first line as the message
  local name=$1 msg rc; shift
  msg=$(python3 "$py" "$@" 2>&1); rc=$?
  msg=${msg#FAIL }; msg=${msg#KNOWN decoder bug: }
  result "$name" "$rc" "$msg"
}
sigrok() { # NAME OUTFILE ARGS...: sigrok-cli; a Python exception in a decoder fails the check
  local name=$1 o=$2 rc=0; shift 2
  (sigrok-cli "$@" > "$o" 2> "$o.err"; exit $?) 2> /dev/null || rc=$? # (no "Aborted" line)
  # libsigrokdecode 0.5.3 drops a reference to Py_True/Py_False (sigrok bug 1671, fixed after
  # 0.5.3 by 234cbf50152b): with some decoders (parallel) Python aborts at its finalization,
  # after the decoding and its output are done. Marked, then the output is checked as usual.
  if [ $rc = 134 ] && grep -q 'bool_dealloc: deallocating True or False' "$o.err" &&
     grep -q 'Python runtime state: finalizing' "$o.err"; then
    result "$name, sigrok-cli exit" 3 "sigrok-cli aborts at its exit (libsigrokdecode bug 1671: bool_dealloc); output complete, checked below"
    rc=0; : > "$o.err"
  fi
  if [ $rc != 0 ] || grep -q -E 'Traceback|[Ee]rror' "$o.err"; then
    result "$name" 1 "sigrok-cli $* failed (exit $rc): $(head -c 400 "$o.err")"; return 1
  fi
}
capture() { # NAME swo|par SCENARIO [HARNESS OPTIONS]: the .sr and the raw capture of one run
  local name=$1 pin=$2 scn=$3; shift 3
  if ! "$tb" --verbose --wave-dir "$out" "$@" --capture-"$pin" "$out/$name.sr" "$scn" > "$out/$name.log" 2>&1 ||
     ! "$tb" --quiet --wave-dir "$out" --capture-"$pin" "$out/$name.cap" "$scn" > "$out/$name.raw.log" 2>&1; then
    result "$name run" 1 "the lockstep run of $scn failed (see $out/$name.log)"; return 1
  fi
  echo "      $name: $tb${*:+ $*} --capture-$pin $out/$name.sr $scn"
}
show() { # NAME swo|par RATE CHANNEL...
  local name=$1 kind=$2 r=$3; shift 3
  sigrok "$name show" "$out/$name.show" -i "$out/$name.sr" --show || return 0
  check "$name show" show "$out/$name.show" "$r" "$(stat -c %s "$out/$name.cap")" "$@"
  sigrok "$name samples" /dev/null -i "$out/$name.sr" -O binary -o "$out/$name.bin" || return 0
  check "$name samples" samples "$out/$name.bin" "$out/$name.cap" "$kind"
}

# 1. formatted SWO: scenarios/firmware.scn (NRZ, SWOSCALER = 1: 24 Mbaud at 48 MHz), with a
#    tail: arm_itm shows a string only when a byte comes at least 16 byte times after its
#    last character (docs/decoder-notes.md), and in the firmware run the trace never pauses
#    that long after "Hello, trace!\n"; as a capture of running firmware would, the tail
#    goes on after such a pause, with a NUL byte on port 0.
sed '/^end$/d' scenarios/firmware.scn > "$out/fw.scn"
printf '%s\n' 'idle 400' 'write 0x00000 0x0 size=1' 'idle 600' 'end' >> "$out/fw.scn"
if capture fw swo "$out/fw.scn"; then
  show fw swo "$rate" SWO
  u="uart:rx=SWO:baudrate=$((rate / 2))"
  sigrok "fw uart" "$out/fw.uart" -i "$out/fw.sr" -P "$u:format=hex" -A uart=rx-data \
    --protocol-decoder-samplenum && check "fw uart" uart "$out/fw.log" "$out/fw.uart" formatted 20
  echo "      sigrok-cli -i $out/fw.sr -P $u,arm_tpiu:stream=1,arm_itm -A arm_itm"
  itm_rows=trace:software:dwt_event:dwt_watchpoint:dwt_exc:dwt_pc
  sigrok "fw itm" "$out/fw.itm" -i "$out/fw.sr" -P "$u,arm_tpiu:stream=1,arm_itm" \
    -A "arm_itm=$itm_rows" --protocol-decoder-samplenum &&
    check "fw itm" itm "$out/fw.log" "$out/fw.itm"
  if [ "$patch_ok" = 1 ]; then
    SIGROKDECODE_DIR=$fixed sigrok "fw itm, fixed decoders" "$out/fw.itm2" -i "$out/fw.sr" \
      -P "$u,arm_tpiu_fixed:stream=1,arm_itm_fixed" -A "arm_itm_fixed=$itm_rows" \
      --protocol-decoder-samplenum &&
      check "fw itm, arm_tpiu/arm_itm without the pause rules" itm "$out/fw.log" "$out/fw.itm2"
  else
    result "fw itm, fixed decoders" 1 "could not make the decoder copies (installed decoders: ${srd:-none})"
  fi
fi

# 2. the same at another sample rate: --capture-rate 12500000 ("12.5 MHz" in the metadata)
if capture fw12 swo scenarios/firmware.scn --capture-rate 12500000; then
  show fw12 swo 12500000 SWO
  sigrok "fw12 uart" "$out/fw12.uart" -i "$out/fw12.sr" -P "uart:rx=SWO:baudrate=6250000:format=hex" \
    -A uart=rx-data --protocol-decoder-samplenum &&
    check "fw12 uart" uart "$out/fw12.log" "$out/fw12.uart" formatted 20
fi

# 3. bypass SWO: scenarios/tpiu_nrz_bypass_text.scn (NRZ, SWOSCALER = 1), uart then arm_itm
if capture byp swo scenarios/tpiu_nrz_bypass_text.scn; then
  show byp swo "$rate" SWO
  u="uart:rx=SWO:baudrate=$((rate / 2))"
  sigrok "byp uart" "$out/byp.uart" -i "$out/byp.sr" -P "$u:format=hex" -A uart=rx-data \
    --protocol-decoder-samplenum && check "byp uart" uart "$out/byp.log" "$out/byp.uart" bypass 20
  echo "      sigrok-cli -i $out/byp.sr -P $u,arm_itm -A arm_itm"
  sigrok "byp itm" "$out/byp.itm" -i "$out/byp.sr" -P "$u,arm_itm" -A "arm_itm=$itm_rows" \
    --protocol-decoder-samplenum && check "byp itm" itm "$out/byp.log" "$out/byp.itm"
fi

# 4. parallel port: scenarios/tpiu_parallel_frame.scn (port size 4, DDR TRACECLK)
if capture par par scenarios/tpiu_parallel_frame.scn; then
  show par par "$rate" TRACECLK TRACEDATA0 TRACEDATA1 TRACEDATA2 TRACEDATA3
  p="parallel:clk=TRACECLK:d0=TRACEDATA0:d1=TRACEDATA1:d2=TRACEDATA2:d3=TRACEDATA3"
  sigrok "par rising" "$out/par.r" -i "$out/par.sr" -P "$p:clock_edge=rising" -A parallel=items \
    --protocol-decoder-samplenum &&
  sigrok "par falling" "$out/par.f" -i "$out/par.sr" -P "$p:clock_edge=falling" -A parallel=items \
    --protocol-decoder-samplenum &&
    check "par words" par "$out/par.log" "$out/par.r" "$out/par.f" "$out/par.cap"
fi

# 5. the file formats: a name without .sr keeps the raw format (fw.cap = the samples in
#    fw.sr); a run that stops before its first cycle (here a usage error) leaves an older
#    .sr alone
cp "$out/fw.sr" "$out/stale.sr"
"$tb" --quiet --capture-swo "$out/stale.sr" --mode nosuch scenarios/firmware.scn > /dev/null 2>&1
if ! cmp -s "$out/fw.cap" <(unzip -p "$out/fw.sr" logic-1-1 2> /dev/null); then
  result "formats" 1 "logic-1-1 of fw.sr is not the raw capture fw.cap"
elif ! cmp -s "$out/fw.sr" "$out/stale.sr"; then
  result "formats" 1 "a run stopped by a usage error rewrote the .sr it was given"
else
  result "formats" 0 "raw capture = logic-1-1 of the .sr; an unwritten .sr is left alone"
fi

echo "sigrok: $pass passed, $fail failed, $known known"
[ "$fail" = 0 ]
