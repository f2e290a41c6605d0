// SPDX-License-Identifier: Apache-2.0
// etm_scnprog: a directed ETM scenario read as a program (etm_scnprog.h).
#include "etm_scnprog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t scnprog_gts(const struct scnprog *s, uint64_t cyc)
{
    return s->gts_base + (cyc - s->gts_at) * s->gts_step;
}

static bool key(const char *tok, const char *k, unsigned long long *v)
{
    size_t n = strlen(k);
    if (strncmp(tok, k, n) != 0 || tok[n] != '=') {
        return false;
    }
    *v = strtoull(tok + n + 1, NULL, 0);
    return true;
}

// The instruction of event e at its address; its direct target t. 1 if another line put a
// different instruction there.
static int place(struct prog *p, const struct prog_event *e, uint32_t t, bool t_known)
{
    uint32_t a = e->addr;
    if (a < PROG_BASE || a + 4u > PROG_BASE + PROG_SIZE) {
        return 1;
    }
    if (!t_known && p->kind[prog_idx(a)]) {
        return 0; // the last event: its target is not known, an earlier line placed it
    }
    uint8_t *m = p->mem + (a - PROG_BASE);
    uint16_t h[2];
    unsigned n = e->size32 ? 2u : 1u;
    int32_t off = (int32_t)t - (int32_t)(a + 4u);
    if (!e->br) {
        h[0] = e->size32 ? 0xF3AFu : 0xBF00u; // NOP.W / NOP
        h[1] = 0x8000u;
    } else if (e->ind) {
        h[0] = e->link ? 0x4788u : 0x4770u; // BLX r1 / BX LR
        n = 1u;
    } else if (!e->taken) {
        h[0] = 0xD000u; // BEQ .+4 (not taken)
        n = 1u;
    } else if (e->link || e->size32) { // BL / B.W (T4), offset in S:I1:I2:imm10:imm11:0
        uint32_t o = (uint32_t)off, sgn = (o >> 31) & 1u;
        uint32_t j1 = (~((o >> 23) & 1u) ^ sgn) & 1u, j2 = (~((o >> 22) & 1u) ^ sgn) & 1u;
        h[0] = (uint16_t)(0xF000u | (sgn << 10) | ((o >> 12) & 0x3FFu));
        h[1] = (uint16_t)((e->link ? 0xD000u : 0x9000u) | (j1 << 13) | (j2 << 11) |
                          ((o >> 1) & 0x7FFu));
        n = 2u;
    } else { // B (T2), +-2 KiB
        if (off < -2048 || off > 2046) {
            return 1;
        }
        h[0] = (uint16_t)(0xE000u | (((uint32_t)off >> 1) & 0x7FFu));
        n = 1u;
    }
    if (n * 2u != (e->size32 ? 4u : 2u)) {
        return 1; // the size the line gives has no encoding here
    }
    for (unsigned i = 0; i < n; i++) {
        uint8_t lo = (uint8_t)h[i], hi = (uint8_t)(h[i] >> 8);
        unsigned k = prog_idx(a + 2u * i);
        if (p->kind[k] && (m[2 * i] != lo || m[2 * i + 1] != hi)) {
            return 1;
        }
        m[2 * i] = lo;
        m[2 * i + 1] = hi;
        p->kind[k] = 1;
    }
    return 0;
}

int scnprog_load(const char *path, struct scnprog *s)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "etm_decode: cannot read %s\n", path);
        return -1;
    }
    memset(s, 0, sizeof *s);
    s->gts_step = 1; // gts_i in cycle c is c by default (SCENARIO.md)
    char line[512];
    unsigned ln = 0;
    uint64_t c = 0;
    bool en = false, waited = false;
    int rc = 0;
    while (rc == 0 && fgets(line, sizeof line, f)) {
        ln++;
        char *hash = strchr(line, '#');
        if (hash) {
            *hash = '\0';
        }
        char *tok[16];
        unsigned nt = 0;
        for (char *t = strtok(line, " \t\r\n"); t && nt < 16; t = strtok(NULL, " \t\r\n")) {
            tok[nt++] = t;
        }
        if (nt == 0 || !strcmp(tok[0], "config") || !strncmp(tok[0], "expect", 6)) {
            continue;
        }
        unsigned long long v = 0;
        bool ev_line = !strcmp(tok[0], "pe") || !strcmp(tok[0], "pe_exc");
        if (waited && ev_line) {
            snprintf(s->why, sizeof s->why, "%s:%u: an event after wait_idle (its cycle is "
                     "not known here)", path, ln);
            rc = 1;
        } else if (!strcmp(tok[0], "write") && nt >= 3) {
            uint32_t a = (uint32_t)strtoul(tok[1], NULL, 0), d = (uint32_t)strtoul(tok[2], NULL, 0);
            switch (a) {
            case 0x41010: s->configr = d; break;
            case 0x41038: s->ccctlr = d; break;
            case 0x41030: s->tsctlr = d; break;
            case 0x41034: s->syncpr = d; break;
            case 0x41040: s->traceidr = d; break;
            case 0x41004:
                if ((d & 1u) && !en && s->nev == 0) {
                    s->en_cyc = c + 1u;
                } else if ((d & 1u) != en && s->nev > 0) {
                    // a disable after the events only flushes atoms; a later enable is
                    // a second trace session
                    if (d & 1u) {
                        snprintf(s->why, sizeof s->why, "%s:%u: enabled again", path, ln);
                        rc = 1;
                    }
                }
                en = (d & 1u) != 0;
                break;
            default:
                if ((a >> 12) == 0x41u && s->nev > 0) {
                    snprintf(s->why, sizeof s->why, "%s:%u: an ETM register written after "
                             "the first event", path, ln);
                    rc = 1;
                }
                break;
            }
            c += 2;
        } else if (!strcmp(tok[0], "read")) {
            c += 2;
        } else if (!strcmp(tok[0], "idle") && nt >= 2) {
            c += strtoull(tok[1], NULL, 0);
        } else if (!strcmp(tok[0], "set") && nt >= 3 && !strcmp(tok[1], "gts")) {
            s->gts_base = strtoull(tok[2], NULL, 0);
            s->gts_at = c;
        } else if (!strcmp(tok[0], "set") && nt >= 3 && !strcmp(tok[1], "gts_step")) {
            s->gts_base = scnprog_gts(s, c);
            s->gts_at = c;
            s->gts_step = strtoull(tok[2], NULL, 0);
        } else if (!strcmp(tok[0], "set")) {
            if (!strcmp(tok[1], "niden") || !strcmp(tok[1], "spniden")) {
                snprintf(s->why, sizeof s->why, "%s:%u: set %s (untraced stretches are not "
                         "read here)", path, ln, tok[1]);
                rc = 1;
            }
        } else if (!strcmp(tok[0], "wait_idle")) {
            waited = true;
        } else if (ev_line && s->nev + 32u < SCNPROG_MAXEV) {
            struct prog_event e;
            memset(&e, 0, sizeof e);
            unsigned long long n = 1;
            if (!strcmp(tok[0], "pe_exc") && nt >= 2) {
                e.exc = true;
                e.exc_num = (unsigned)strtoul(tok[1], NULL, 0);
            } else if (nt >= 2) {
                e.addr = (uint32_t)strtoul(tok[1], NULL, 0);
            }
            for (unsigned i = 2; i < nt; i++) {
                if (key(tok[i], "ret", &v)) {
                    e.ret = (uint32_t)v;
                } else if (key(tok[i], "ns", &v)) {
                    e.ns = v != 0;
                } else if (key(tok[i], "size", &v)) {
                    e.size32 = v == 32;
                } else if (key(tok[i], "link", &v)) {
                    e.link = v != 0;
                } else if (key(tok[i], "excret", &v)) {
                    e.excret = v != 0;
                } else if (key(tok[i], "n", &v)) {
                    n = v;
                } else if (!strcmp(tok[i], "br=n")) {
                    e.br = true;
                } else if (!strcmp(tok[i], "br=e")) {
                    e.br = e.taken = true;
                } else if (!strcmp(tok[i], "br=ind")) {
                    e.br = e.taken = e.ind = true;
                }
            }
            for (unsigned long long k = 0; k < n && s->nev < SCNPROG_MAXEV; k++) {
                s->ev[s->nev] = e;
                s->cyc[s->nev++] = c++;
                e.addr += e.size32 ? 4u : 2u;
            }
        } else if (ev_line) {
            snprintf(s->why, sizeof s->why, "%s:%u: too many events", path, ln);
            rc = 1;
        } else {
            snprintf(s->why, sizeof s->why, "%s:%u: '%s' lines are not read here", path, ln,
                     tok[0]);
            rc = 1;
        }
    }
    fclose(f);
    if (rc == 0 && s->nev == 0) {
        snprintf(s->why, sizeof s->why, "%s: no pe lines", path);
        rc = 1;
    }
    // the image: each instruction; a taken direct branch goes to the next event's address
    for (unsigned i = 0; rc == 0 && i < s->nev; i++) {
        const struct prog_event *e = &s->ev[i];
        if (e->exc) {
            continue;
        }
        uint32_t t = e->addr + 4u;
        bool known = false;
        for (unsigned j = i + 1u; j < s->nev && !known; j++) {
            if (!s->ev[j].exc) {
                t = s->ev[j].addr;
                known = true;
            }
        }
        if (place(&s->p, e, t, known) != 0) {
            snprintf(s->why, sizeof s->why, "%s: no consistent T32 image (the instruction at "
                     "0x%x)", path, (unsigned)e->addr);
            rc = 1;
        }
    }
    memset(s->p.kind, 0, sizeof s->p.kind);
    return rc;
}
