#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks that docs/rule-coverage.md cites only vectors that a mutant proves (make vectors-check).

A row of a rule table may cite a conformance vector only if that vector kills, in the last
make vectors-mutate run (tests/vectors/mutant_kills.txt), a mutant of tests/mutants.txt whose
rules (tests/vectors/mutant_rules.txt) meet the row's contract rules: the vector is then known
to fail on an implementation that breaks the rule. The row's rules are the rule ids of its
contract cell (ranges "ITM-SYNC-1..3", lists "TPIU-SWO-1, -3", wildcards "DWT-CMP-*"), its
section references ("§1 TsWidth" in the ITM table is ITM§1.TsWidth), and for the DWT
MATCH/ACTION tables DWT-MATCH-<row>. A row with no proven vector says "no vector".

Also checks that the proof is current: every mutant it lists is in tests/mutants.txt with the
same catalogue line (hash), and that every mutant of the catalogue has rules. Catalogue
mutants missing from the proof (added since the last run) are reported, not failed: make
vectors-mutate is the check that every mutant is killed.

Usage: rule_proof.py [--doc FILE] [--rows]
  --rows  print, per row, the vectors it cites, the proven ones and those it could cite
Prints "N passed, M failed" last; exit status 1 on a failure.
"""
import argparse
import hashlib
import re
import sys

ID_RE = re.compile(r'(?:itm|dwt|tpiu|fpb|sys|etm)-[0-9]{4}-[a-z0-9-]*[a-z0-9]')
RULE_RE = re.compile(r'(?<![A-Za-z0-9-])((?:ITM|DWT|TPIU|FPB|ETM)(?:-[A-Z0-9*]+)+)(?:\.\.(\d+))?'
                     r'|,\s*-(\d+)\b|§(\d+)(?:\s+([A-Z][A-Za-z_]*))?|(packet-formats\.md)')


def row_tokens(block, cell):
    """The rule tokens of a contract cell of the table of BLOCK."""
    toks, last = set(), None
    for m in RULE_RE.finditer(cell):
        rid, upto, short, sec, word, pf = m.groups()
        if rid:
            last = rid
            if upto:
                head, first = rid.rsplit('-', 1)
                for k in range(int(first), int(upto) + 1):
                    toks.add(f'{head}-{k}')
            else:
                toks.add(rid)
        elif short and last:
            toks.add(f"{last.rsplit('-', 1)[0]}-{short}")
        elif sec:
            toks.add(f'{block}§{sec}' + (f'.{word}' if word else ''))
        elif pf:
            toks.add('packet-formats')
    return toks


def meets(a, b):
    """Whether two rule tokens name the same rule ("DWT-CMP-*" covers DWT-CMP-VM)."""
    if a == b:
        return True
    for x, y in ((a, b), (b, a)):
        if x.endswith('*') and y.startswith(x[:-1]):
            return True
    return False


def read_rows(path):
    """Rows of the rule tables: (line number, block, tokens, text)."""
    rows, block, kind = [], 'ITM', None
    with open(path, encoding='utf-8') as f:
        for n, line in enumerate(f, 1):
            if line.startswith('## '):
                if line.startswith('## Mutants'):
                    break
                for b in ('FPB', 'TPIU', 'DWT', 'ETM'):
                    if line.startswith(f'## {b}'):
                        block = b
                kind = None
                continue
            if not line.startswith('| '):
                kind = None if not line.strip() else kind
                continue
            cells = [c.strip() for c in line.strip().strip('|').split('|')]
            if cells[0] in ('spec rule', 'table') or cells[0].startswith('spec rule ('):
                kind = 'match' if cells[0] == 'table' else 'rule'
                continue
            if set(cells[0]) <= set('-: '):
                continue
            if kind == 'match':
                toks = {'DWT-MATCH-' + cells[1].split()[0].strip('`')}
            elif kind == 'rule':
                toks = row_tokens(block, cells[1])
            else:
                continue
            rows.append((n, block, toks, line.rstrip('\n')))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--doc', default='docs/rule-coverage.md')
    ap.add_argument('--catalogue', default='tests/mutants.txt')
    ap.add_argument('--rules', default='tests/vectors/mutant_rules.txt')
    ap.add_argument('--kills', default='tests/vectors/mutant_kills.txt')
    ap.add_argument('--rows', action='store_true')
    a = ap.parse_args()
    passed = failed = 0

    catalogue = {}
    with open(a.catalogue, encoding='utf-8') as f:
        for line in f:
            line = line.rstrip('\n')
            if not line or line.startswith('#'):
                continue
            name = line.split('|', 1)[0].split('@', 1)[0]
            catalogue[name] = hashlib.md5(line.encode()).hexdigest()[:8]
    mrules = {}
    with open(a.rules, encoding='utf-8') as f:
        for line in f:
            w = line.split()
            if len(w) >= 3 and w[0] == 'rules':
                mrules.setdefault(w[1], set()).update(w[2:])
    kills, stale = {}, set()
    with open(a.kills, encoding='utf-8') as f:
        for line in f:
            w = line.split()
            if not w or w[0].startswith('#'):
                continue
            name, h, vecs = w[0], w[1], [v for v in w[4:] if v != '-']
            if catalogue.get(name) != h:
                stale.add(name)
                continue
            kills.setdefault(name, set()).update(vecs)
    for name in sorted(stale):
        failed += 1
        print(f'FAIL rule proof: {a.kills} lists {name}, which tests/mutants.txt '
              f'{"has changed" if name in catalogue else "no longer has"}: run make vectors-mutate')
    for name in sorted(set(catalogue) - set(mrules)):
        failed += 1
        print(f'FAIL rule proof: mutant {name} has no rules line in {a.rules}')
    new = sorted(set(catalogue) - set(kills) - stale)
    if new:
        print(f'note: {len(new)} mutant(s) not in {a.kills} yet (make vectors-mutate): '
              + ' '.join(new))

    for n, block, toks, text in read_rows(a.doc):
        proven = set()
        for name, vecs in kills.items():
            if any(meets(t, r) for t in mrules.get(name, ()) for r in toks):
                proven |= vecs
        cited = ID_RE.findall(text)
        bad = [v for v in cited if v not in proven]
        if a.rows:
            print(f'{a.doc}:{n}: {" ".join(sorted(toks)) or "(no rule)"}')
            print(f'    cited:  {" ".join(cited) or "-"}')
            print(f'    proven: {" ".join(v for v in cited if v in proven) or "-"}')
            print(f'    could:  {" ".join(sorted(proven - set(cited))) or "-"}')
        if bad:
            failed += 1
            print(f'FAIL rule proof: {a.doc}:{n} cites {", ".join(bad)}, which kill(s) no '
                  f'mutant of {" ".join(sorted(toks)) or "its rules (none)"} '
                  f'({a.kills}, {a.rules})')
        else:
            passed += 1
    print(f'{passed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
