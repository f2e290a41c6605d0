// SPDX-License-Identifier: Apache-2.0
// etm_bw: trace bandwidth of the ETM golden model (sim/golden, docs/etm-contract.md) on the
// seeded synthetic T32 programs of tests/opencsd/etm_prog.c (issue #23 item 5, make bench).
//
// For each trace configuration the same programs and the same retired paths (seeds 1..N,
// EVENTS retired instructions each) drive the golden ETM cycle by cycle: one event per
// cycle, then 0..IDLE idle cycles (a seeded PRNG), ATB always ready, and before each event
// the driver waits until the FIFO has room for the longest demand, so the unit never
// overflows (checked). It counts the ATB bytes and parses them into ETMv4 packets
// (docs/etm-contract.md section 9). Each traced event's own bytes (its demand, the newest
// bytes of the FIFO after the edge) are parsed too, to attribute every address packet to
// its cause, known from the path: the target of the taken indirect branch before it
// (a return: BX LR or POP {pc} outside a handler; an indirect call: BLX r1; an exception
// return), the first address of an exception handler, a direct branch target under
// branch broadcasting, the preferred return address of an Exception packet, or an Address
// with Context that no branch asked for (enable, sync). The two parses must agree.
//
// The rows: trace bytes per retired instruction; address packets per taken indirect
// branch; the return stack's saving = 1 - (indirect targets with an address, RS on) /
// (the same, RS off), set against seed 004 section 4.2 "典型场景减少30-50%间接跳转跟踪";
// the format of every address packet (exact match / short / long / with context: the
// address history can not be switched off in ETMv4).
// --self-test: the contract's worked examples E1-E3 (section 14) through the same counting,
// against hand-counted figures (bytes, packets, address packets by cause and format).
#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etm_bw_pkt.h"
#include "etm_model.h"
#include "etm_prog.h"

// ---- configurations -----------------------------------------------------------------------
struct bw_cfg {
    const char *name;
    uint32_t configr, ccctlr, tsctlr, syncpr;
    const char *what;
    bool f45; // atom formats 4 and 5 (docs/etm-contract.md section 19)
    bool q;   // Q elements (docs/etm-contract.md section 20): QSupp = 1, TRCCONFIGR.QE
};

#define CFG_RS 0x1000u
#define CFG_BB 0x0008u
#define CFG_CCI 0x0010u
#define CFG_TS 0x0800u
#define CFG_QE 0x2000u

static const struct bw_cfg k_cfgs[] = {
    {"default", CFG_RS, 0, 0, 0, "RS on (RsDepth as --rs-depth), address history, no BB/CCI/TS", false, false},
    {"rs-off", 0, 0, 0, 0, "TRCCONFIGR.RS = 0", false, false},
    {"bb", CFG_BB | CFG_RS, 0, 0, 0, "TRCCONFIGR.BB = 1 (turns the RS off)", false, false},
    {"cci-thr1", CFG_RS | CFG_CCI, 1, 0, 0, "CCI, TRCCCCTLR.THRESHOLD 1: a count per P0", false, false},
    {"cci-thr16", CFG_RS | CFG_CCI, 16, 0, 0, "CCI, THRESHOLD 16", false, false},
    {"ts", CFG_RS | CFG_TS, 0, 0, 0, "TS: requests at exceptions and returns only", false, false},
    {"ts-every-p0", CFG_RS | CFG_TS, 0, 0x01, 0, "TS, TRCTSCTLR TRUE: after every P0", false, false},
    {"ts+cci-thr16", CFG_RS | CFG_TS | CFG_CCI, 16, 0, 0, "TS and CCI THRESHOLD 16", false, false},
    {"sync1k", CFG_RS, 0, 0, 10, "TRCSYNCPR 10: A-Sync + Trace Info every 1 KiB", false, false},
    {"f45", CFG_RS, 0, 0, 0, "as default, atoms also packed in formats 4/5 (AtomF45 = 1)", true, false},
    {"bb-f45", CFG_BB | CFG_RS, 0, 0, 0, "as bb, atom formats 4/5 (AtomF45 = 1)", true, false},
    {"q", CFG_RS | CFG_QE, 0, 0, 0, "as default with Q elements (QSupp 1, TRCCONFIGR.QE)", false, true},
    {"q-cci-thr16", CFG_RS | CFG_CCI | CFG_QE, 16, 0, 0, "Q elements, CCI THRESHOLD 16", false, true},
    {"q-ts", CFG_RS | CFG_TS | CFG_QE, 0, 0, 0, "Q elements, TS at exceptions and returns", false, true},
    {"q-ts-every-p0", CFG_RS | CFG_TS | CFG_QE, 0, 0x01, 0, "Q elements, TRCTSCTLR TRUE: a Q per instruction", false, true},
};
#define NCFG (sizeof k_cfgs / sizeof k_cfgs[0])

// ---- address packet causes ------------------------------------------------------------------
// Address packet causes.
enum cause { C_RET, C_CALL, C_ERET, C_HANDLER, C_BB, C_EXCADDR, C_CTX, C_N };
static const char *const k_cause_name[C_N] = {
    "return target", "BLX target", "exc-return target", "handler address",
    "BB direct target", "exception's return addr", "context (enable/sync)"};

// ---- statistics -------------------------------------------------------------------------------
struct stats {
    uint64_t instr, exc, cycles;
    uint64_t br_dir_taken, br_nt;
    uint64_t ind[3];        // taken indirect branches: [0] returns, [1] BLX calls, [2] exception returns
    uint64_t ind_addr[3];   // of these, targets traced by an address packet
    uint64_t bytes;         // ATB bytes
    uint64_t pkt[PK_N], pkt_bytes[PK_N];   // from the ATB stream
    uint64_t addr[C_N][PK_N];              // address packets by cause and format (demands)
    uint64_t fmt_pkts[7], fmt_atoms[7];    // atom packets and their atoms by format 1..6
    unsigned errors;
};

static void stats_add(struct stats *a, const struct stats *b)
{
    const uint64_t *s = (const uint64_t *)(const void *)b;
    uint64_t *d = (uint64_t *)(void *)a;
    for (size_t i = 0; i < offsetof(struct stats, errors) / sizeof(uint64_t); i++) {
        d[i] += s[i];
    }
    a->errors += b->errors;
}

// The atom format of an atom packet's header (1..6) and its atom count ([ETM-PKT-ATOM],
// [ETM-ATOM-4]).
static unsigned atom_fmt(uint8_t h, unsigned *natoms)
{
    if (h == 0xF6u || h == 0xF7u) return *natoms = 1u, 1u;
    if (h >= 0xD8u && h <= 0xDBu) return *natoms = 2u, 2u;
    if (h >= 0xF8u) return *natoms = 3u, 3u;
    if (h >= 0xDCu && h <= 0xDFu) return *natoms = 4u, 4u;
    if (h == 0xF5u || (h >= 0xD5u && h <= 0xD7u)) return *natoms = 5u, 5u;
    return *natoms = (h & 0x1Fu) + 4u, 6u; // F6: 3 + COUNT E atoms and the final one
}

static uint64_t sum_ind(const uint64_t v[3]) { return v[0] + v[1] + v[2]; }

static uint64_t cause_total(const struct stats *s, unsigned c)
{
    uint64_t t = 0;
    for (unsigned k = PK_EXACT; k < PK_N; k++) t += s->addr[c][k];
    return t;
}

static uint64_t addr_total(const struct stats *s)
{
    uint64_t t = 0;
    for (unsigned c = 0; c < C_N; c++)
        for (unsigned k = PK_EXACT; k < PK_N; k++) t += s->addr[c][k];
    return t;
}

// ---- the driver ---------------------------------------------------------------------------------
struct drv {
    struct etm_model m;
    struct etm_in in;
    struct stats *st;
    uint8_t *out;      // ATB bytes
    unsigned nout, maxout;
    // path state for attributing the next event's address packet
    int pend;          // cause of the pending target (C_RET..C_BB) or -1
    const char *who;
};

static void cycle(struct drv *d)
{
    struct etm_out o;
    etm_model_eval(&d->m, &d->in, &o);
    if (o.atvalid && d->in.atready) {
        if (d->nout < d->maxout) {
            d->out[d->nout] = o.atdata;
        }
        d->nout++;
    }
    etm_model_step(&d->m, &d->in);
    if (d->m.last_ovf) {
        fprintf(stderr, "etm_bw: %s: the ETM overflowed (the driver should prevent it)\n", d->who);
        d->st->errors++;
    }
    d->st->cycles++;
    d->in.pe_valid = d->in.exc_valid = false;
    d->in.psel = d->in.penable = d->in.pwrite = false;
}

static void apb_write(struct drv *d, uint32_t off, uint32_t v)
{
    for (int ph = 0; ph < 2; ph++) {
        d->in.psel = true;
        d->in.penable = ph == 1;
        d->in.pwrite = true;
        d->in.paddr = off;
        d->in.pwdata = v;
        d->in.pstrb = 0xF;
        cycle(d);
    }
}

static void start(struct drv *d, const struct bw_cfg *c, unsigned rs_depth, struct stats *st,
                  uint8_t *buf, unsigned maxbuf, const char *who)
{
    struct etm_cfg ec = {.fifo_depth = 64, .rs_depth = rs_depth, .cc_size = 12, .num_pc = 4,
                         .sec_ext = true, .atom_f45 = c->f45, .q_supp = c->q};
    memset(d, 0, sizeof *d);
    if (etm_model_init(&d->m, &ec) != 0) {
        fprintf(stderr, "etm_bw: bad model configuration (rs_depth %u)\n", rs_depth);
        exit(2);
    }
    d->st = st;
    d->out = buf;
    d->maxout = maxbuf;
    d->pend = -1;
    d->who = who;
    d->in.rst_n = d->in.atready = d->in.niden = d->in.spniden = true;
    apb_write(d, 0x040, 0x10);
    apb_write(d, 0x010, c->configr);
    apb_write(d, 0x038, c->ccctlr);
    apb_write(d, 0x030, c->tsctlr);
    apb_write(d, 0x034, c->syncpr);
    apb_write(d, 0x004, 1);
}

// The newest `n` bytes of the FIFO: the demand the last edge put in.
static void demand(const struct etm_model *m, uint8_t *b, unsigned n)
{
    unsigned fd = m->cfg.fifo_depth;
    for (unsigned i = 0; i < n; i++) {
        b[i] = m->fifo[(m->head + m->count - n + i) % fd];
    }
}

static void event(struct drv *d, const struct prog_event *e, bool bb)
{
    struct stats *st = d->st;
    // [ETM-Q-2]: Q mode; [ETM-Q-6]: demand <= 54, reserve 10
    bool q = d->m.cfg.q_supp && (d->m.configr & CFG_QE) != 0u && (d->m.configr & CFG_BB) == 0u;
    while (d->m.cfg.fifo_depth - d->m.count < (d->m.cfg.q_supp ? 64u : 50u)) {
        cycle(d);
    }
    prog_event_to_etm_in(e, &d->in);
    d->in.gts = st->cycles * 3u + 0x40000000u; // a moving timestamp: packets of a real size
    cycle(d);
    // this event's bytes, parsed: the first address packet before any Exception packet
    // is the pending target's (or a context), the one after it the return address
    uint8_t b[ETM_MAX_DEMAND];
    unsigned n = d->m.last_demand;
    demand(&d->m, b, n);
    bool seen_exc = false, target_seen = false;
    for (unsigned i = 0; i < n;) {
        enum pk k;
        unsigned l = pkt_parse(b + i, n - i, &k);
        if (l == 0u) {
            fprintf(stderr, "etm_bw: %s: cannot parse the demand at byte %u (0x%02x)\n", d->who,
                    i, b[i]);
            st->errors++;
            break;
        }
        if (k == PK_EXC) {
            seen_exc = true;
        } else if (IS_ADDR(k) && seen_exc) {
            st->addr[C_EXCADDR][k]++;
        } else if (IS_ADDR(k) && !target_seen) {
            target_seen = true;
            st->addr[d->pend >= 0 ? d->pend : C_CTX][k]++;
        } else if (IS_ADDR(k)) {
            fprintf(stderr, "etm_bw: %s: a second address packet in one demand\n", d->who);
            st->errors++;
        }
        i += l;
    }
    if (d->pend >= C_RET && d->pend <= C_ERET) {
        st->ind_addr[d->pend] += target_seen;
        if (!target_seen && d->pend != C_RET) {
            fprintf(stderr, "etm_bw: %s: a %s without an address\n", d->who,
                    k_cause_name[d->pend]);
            st->errors++;
        }
    } else if (d->pend >= 0 && !target_seen) {
        fprintf(stderr, "etm_bw: %s: a %s without an address\n", d->who, k_cause_name[d->pend]);
        st->errors++;
    }
    // the path: what the next event's address will be for
    d->pend = -1;
    if (e->exc) {
        st->exc++;
        d->pend = C_HANDLER;
        return;
    }
    st->instr++;
    if (!e->br) {
        return;
    }
    if (!e->taken) {
        st->br_nt++;
    } else if (e->ind) {
        int c = e->excret ? C_ERET : e->link ? C_CALL : C_RET;
        st->ind[c]++;
        d->pend = q ? -1 : c; // [ETM-Q-4]: a Q element carries no branch target
    } else {
        st->br_dir_taken++;
        d->pend = bb && !q ? C_BB : -1;
    }
}

// Disables, drains, and parses the ATB stream into st->pkt.
static void finish(struct drv *d)
{
    struct stats *st = d->st;
    apb_write(d, 0x004, 0);
    for (unsigned k = 0; k < 4000u && (d->m.t.n_atoms || d->m.count); k++) {
        cycle(d);
    }
    if (d->m.count || d->m.t.n_atoms) {
        fprintf(stderr, "etm_bw: %s: the FIFO did not drain\n", d->who);
        st->errors++;
    }
    if (d->nout > d->maxout) {
        fprintf(stderr, "etm_bw: %s: more than %u ATB bytes\n", d->who, d->maxout);
        st->errors++;
        return;
    }
    st->bytes += d->nout;
    for (unsigned i = 0; i < d->nout;) {
        enum pk k;
        unsigned l = pkt_parse(d->out + i, d->nout - i, &k);
        if (l == 0u) {
            fprintf(stderr, "etm_bw: %s: cannot parse the ATB stream at byte %u (0x%02x)\n",
                    d->who, i, d->out[i]);
            st->errors++;
            return;
        }
        st->pkt[k]++;
        st->pkt_bytes[k] += l;
        if (k == PK_ATOM) {
            unsigned na, f = atom_fmt(d->out[i], &na);
            st->fmt_pkts[f]++;
            st->fmt_atoms[f] += na;
        }
        i += l;
    }
    // both parses must see the same address packets
    for (unsigned k = PK_EXACT; k < PK_N; k++) {
        uint64_t a = 0;
        for (unsigned c = 0; c < C_N; c++) a += st->addr[c][k];
        if (a != st->pkt[k]) {
            fprintf(stderr, "etm_bw: %s: %s packets: %llu in the demands, %llu on ATB\n", d->who,
                    k_pk_name[k], (unsigned long long)a, (unsigned long long)st->pkt[k]);
            st->errors++;
        }
    }
}

// ---- one configuration over the seeds -----------------------------------------------------------
struct opts {
    unsigned seeds, first_seed, events, idle, rs_depth, irq_period;
    int blx_pct;
    const char *stream, *only; // --stream FILE: the ATB bytes of --only's first seed
};

#define MAXOUT (16u << 20)
static uint8_t g_out[MAXOUT];

static void run_cfg(const struct bw_cfg *c, const struct opts *o, struct stats *tot)
{
    static struct prog p;
    memset(tot, 0, sizeof *tot);
    for (unsigned s = o->first_seed; s < o->first_seed + o->seeds; s++) {
        struct stats st;
        struct drv d;
        struct prog_walk w;
        struct prog_mix mix = {.blx_pct = o->blx_pct};
        char who[64];
        uint32_t rng = s * 2654435761u + 7u;
        snprintf(who, sizeof who, "%s seed %u", c->name, s);
        memset(&st, 0, sizeof st);
        prog_build_mix(&p, s, false, false, &mix);
        prog_walk_init(&w, &p, s);
        w.irq_period = o->irq_period;
        start(&d, c, o->rs_depth, &st, g_out, MAXOUT, who);
        while (st.instr < o->events) {
            struct prog_event e;
            prog_walk_next(&w, &e);
            event(&d, &e, (c->configr & CFG_BB) != 0u);
            rng = rng * 1103515245u + 12345u;
            for (unsigned k = (rng >> 16) % (o->idle + 1u); k > 0; k--) {
                cycle(&d);
            }
        }
        finish(&d);
        if (o->stream && s == o->first_seed && !strcmp(c->name, o->only)) {
            FILE *f = fopen(o->stream, "wb");
            if (!f || fwrite(g_out, 1, d.nout, f) != d.nout || fclose(f) != 0) {
                perror(o->stream);
                st.errors++;
            }
        }
        stats_add(tot, &st);
    }
}

static double ratio(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0.0; }

static void print_cfg(const struct bw_cfg *c, const struct stats *s, bool rows)
{
    uint64_t ni = sum_ind(s->ind), na = sum_ind(s->ind_addr), at = addr_total(s);
    uint64_t ex = s->pkt[PK_EXACT], sh = s->pkt[PK_SHORT1] + s->pkt[PK_SHORT2];
    uint64_t lg = s->pkt[PK_LONG], cx = s->pkt[PK_CTX];
    if (rows) {
        printf("row %s bytes_per_instr %.4f addr_per_ind %.4f addr_per_taken_br %.4f "
               "addr_pkts %llu exact %.1f short %.1f long %.1f ctx %.1f instr %llu bytes %llu "
               "configr 0x%x q_pkts %llu instr_per_q %.2f\n",
               c->name, ratio(s->bytes, s->instr), ratio(na, ni),
               ratio(cause_total(s, C_RET) + cause_total(s, C_CALL) + cause_total(s, C_ERET) +
                         cause_total(s, C_BB),
                     ni + s->br_dir_taken),
               (unsigned long long)at, 100.0 * ratio(ex, at), 100.0 * ratio(sh, at),
               100.0 * ratio(lg, at), 100.0 * ratio(cx, at), (unsigned long long)s->instr,
               (unsigned long long)s->bytes, (unsigned)c->configr,
               (unsigned long long)s->pkt[PK_Q], ratio(s->instr, s->pkt[PK_Q]));
        printf("atoms %s atoms_per_atom_byte %.4f", c->name,
               ratio(s->fmt_atoms[1] + s->fmt_atoms[2] + s->fmt_atoms[3] + s->fmt_atoms[4] +
                         s->fmt_atoms[5] + s->fmt_atoms[6],
                     s->pkt[PK_ATOM]));
        for (unsigned f = 1; f <= 6u; f++) { // packets and atoms per format
            printf(" F%u %llu %llu", f, (unsigned long long)s->fmt_pkts[f],
                   (unsigned long long)s->fmt_atoms[f]);
        }
        printf("\n");
        printf("pkts %s", c->name); // the packet counts (tests/opencsd/etm_bw_check.sh)
        for (unsigned k = 0; k < PK_N; k++) {
            if (s->pkt[k]) {
                printf(" %s %llu %llu", k_pk_name[k], (unsigned long long)s->pkt[k],
                       (unsigned long long)s->pkt_bytes[k]);
            }
        }
        printf("\n");
        return;
    }
    printf("== %s: %s\n", c->name, c->what);
    printf("   %llu instructions, %llu exceptions, %llu cycles; %llu ATB bytes: %.4f bytes/instruction\n",
           (unsigned long long)s->instr, (unsigned long long)s->exc,
           (unsigned long long)s->cycles, (unsigned long long)s->bytes, ratio(s->bytes, s->instr));
    printf("   taken indirect branches %llu (returns %llu, BLX %llu, exception returns %llu); "
           "with a target address %llu: %.4f per indirect branch (returns %.3f, BLX %.3f, "
           "exc-returns %.3f)\n",
           (unsigned long long)ni, (unsigned long long)s->ind[0], (unsigned long long)s->ind[1],
           (unsigned long long)s->ind[2], (unsigned long long)na, ratio(na, ni),
           ratio(s->ind_addr[0], s->ind[0]), ratio(s->ind_addr[1], s->ind[1]),
           ratio(s->ind_addr[2], s->ind[2]));
    printf("   packets (count/bytes):");
    for (unsigned k = 0; k < PK_N; k++) {
        if (s->pkt[k]) {
            printf(" %s %llu/%llu", k_pk_name[k], (unsigned long long)s->pkt[k],
                   (unsigned long long)s->pkt_bytes[k]);
        }
    }
    printf("\n   atom packets by format (packets/atoms):");
    for (unsigned f = 1; f <= 6u; f++) {
        printf(" F%u %llu/%llu", f, (unsigned long long)s->fmt_pkts[f],
               (unsigned long long)s->fmt_atoms[f]);
    }
    printf("; %.4f atoms per atom byte",
           ratio(s->fmt_atoms[1] + s->fmt_atoms[2] + s->fmt_atoms[3] + s->fmt_atoms[4] +
                     s->fmt_atoms[5] + s->fmt_atoms[6],
                 s->pkt[PK_ATOM]));
    printf("\n   address packets %llu: exact %.1f %%, short %.1f %%, long %.1f %%, with context %.1f %%\n",
           (unsigned long long)at, 100.0 * ratio(ex, at), 100.0 * ratio(sh, at),
           100.0 * ratio(lg, at), 100.0 * ratio(cx, at));
    for (unsigned c2 = 0; c2 < C_N; c2++) {
        uint64_t t = 0;
        for (unsigned k = PK_EXACT; k < PK_N; k++) t += s->addr[c2][k];
        if (!t) continue;
        printf("     %-26s %8llu:", k_cause_name[c2], (unsigned long long)t);
        for (unsigned k = PK_EXACT; k < PK_N; k++) {
            if (s->addr[c2][k]) {
                printf(" %s %llu", k_pk_name[k], (unsigned long long)s->addr[c2][k]);
            }
        }
        printf("\n");
    }
}

// ---- --self-test: the contract's worked examples E1-E3, hand-counted ----------------------------
struct hand {
    const char *name;
    uint32_t configr;
    const struct prog_event *ev;
    unsigned nev;
    // hand counts (docs/etm-contract.md section 14)
    uint64_t bytes, instr, ind, ind_addr;
    uint64_t addr_fmt[5];         // exact, short1, short2, long, ctx
    uint64_t addr_cause[C_N];
};

#define I16(a) {.addr = (a)}
static const struct prog_event k_e1[] = {
    I16(0x1000), {.addr = 0x1002, .br = true},
    {.addr = 0x1004, .size32 = true, .br = true, .taken = true, .link = true},
    I16(0x1100), {.addr = 0x1102, .br = true, .ind = true, .taken = true}, I16(0x1008)};
static const struct prog_event k_e2[] = {
    I16(0x2000), {.exc = true, .exc_num = 11, .ret = 0x2002}, I16(0x3000),
    {.addr = 0x3002, .br = true, .ind = true, .taken = true, .excret = true}, I16(0x2002)};
static const struct prog_event k_e3[] = {
    {.addr = 0x1000, .size32 = true, .br = true, .taken = true, .link = true},
    {.addr = 0x1200, .br = true, .taken = true}, {.addr = 0x1210, .br = true, .taken = true},
    {.addr = 0x1220, .br = true, .taken = true}, {.addr = 0x1230, .br = true},
    {.addr = 0x1232, .br = true, .ind = true, .taken = true}, I16(0x1004)};

static int self_test(void)
{
    // E1: 22 bytes (A-Sync 12, Trace Info 3, Trace On 1, Address with Context 6), F3 `FE`,
    //     RS off: the return target 0x1008 as `96 04` (25 bytes); RS on: popped (23).
    // E2: 22 + `06 17` + `96 01` (the exception's return address) + `96 80 30` (the handler
    //     0x3000) + `F7 07` + `91` (the exception return's target, exact match): 32 bytes;
    //     the RS does not predict exception returns: the same with RS on.
    // E3: 22 + `E1` + RS on: `F7` at the disable (24 bytes); RS off: `F7 96 02` (26).
    // E3 under BB (RS off by BB): every taken direct target too, each after an atom flush.
    //     0x1200 (hist[0] 0x1000): `F7 96 80 12`; 0x1210, 0x1220, 0x1230: `F7 96 08`,
    //     `F7 96 10`, `F7 96 18`; 0x1232 leaves [N, E] pending; 0x1004 (after the BX LR,
    //     hist[0] 0x1230): `DA 96 82 10`. 22 + 4 + 3 + 3 + 3 + 4 = 39 bytes; address packets:
    //     the context, 3 short1, 2 short2; causes: 4 BB targets, 1 return target.
    static const struct hand k_hand[] = {
        {"E1 rs-off", 0, k_e1, 6, 25, 6, 1, 1, {0, 1, 0, 0, 1}, {1, 0, 0, 0, 0, 0, 1}},
        {"E1 rs-on", CFG_RS, k_e1, 6, 23, 6, 1, 0, {0, 0, 0, 0, 1}, {0, 0, 0, 0, 0, 0, 1}},
        {"E2 rs-on", CFG_RS, k_e2, 5, 32, 4, 1, 1, {1, 1, 1, 0, 1}, {0, 0, 1, 1, 0, 1, 1}},
        {"E3 rs-on", CFG_RS, k_e3, 7, 24, 7, 1, 0, {0, 0, 0, 0, 1}, {0, 0, 0, 0, 0, 0, 1}},
        {"E3 rs-off", 0, k_e3, 7, 26, 7, 1, 1, {0, 1, 0, 0, 1}, {1, 0, 0, 0, 0, 0, 1}},
        {"E3 bb", CFG_BB | CFG_RS, k_e3, 7, 39, 7, 1, 1, {0, 3, 2, 0, 1}, {1, 0, 0, 0, 4, 0, 1}},
    };
    unsigned bad = 0;
    for (size_t h = 0; h < sizeof k_hand / sizeof k_hand[0]; h++) {
        const struct hand *x = &k_hand[h];
        struct bw_cfg c = {x->name, x->configr, 0, 0, 0, "", false, false};
        struct stats st;
        struct drv d;
        static uint8_t buf[4096];
        memset(&st, 0, sizeof st);
        start(&d, &c, 3, &st, buf, sizeof buf, x->name);
        for (unsigned i = 0; i < x->nev; i++) {
            event(&d, &x->ev[i], (c.configr & CFG_BB) != 0u);
        }
        finish(&d);
        uint64_t fmt[5] = {st.pkt[PK_EXACT], st.pkt[PK_SHORT1], st.pkt[PK_SHORT2],
                           st.pkt[PK_LONG], st.pkt[PK_CTX]};
        uint64_t cause[C_N];
        for (unsigned c2 = 0; c2 < C_N; c2++) {
            cause[c2] = 0;
            for (unsigned k = PK_EXACT; k < PK_N; k++) cause[c2] += st.addr[c2][k];
        }
        bool ok = st.errors == 0 && st.bytes == x->bytes && st.instr == x->instr &&
                  sum_ind(st.ind) == x->ind && sum_ind(st.ind_addr) == x->ind_addr &&
                  !memcmp(fmt, x->addr_fmt, sizeof fmt) && !memcmp(cause, x->addr_cause, sizeof cause);
        printf("%s %-9s bytes %llu (hand %llu), instructions %llu, indirect %llu with address "
               "%llu, address packets exact/short1/short2/long/ctx %llu/%llu/%llu/%llu/%llu\n",
               ok ? "ok  " : "FAIL", x->name, (unsigned long long)st.bytes,
               (unsigned long long)x->bytes, (unsigned long long)st.instr,
               (unsigned long long)sum_ind(st.ind), (unsigned long long)sum_ind(st.ind_addr),
               (unsigned long long)fmt[0], (unsigned long long)fmt[1], (unsigned long long)fmt[2],
               (unsigned long long)fmt[3], (unsigned long long)fmt[4]);
        if (!ok) {
            printf("     ATB bytes:");
            for (unsigned i = 0; i < d.nout && i < sizeof buf; i++) printf(" %02X", buf[i]);
            printf("\n     causes:");
            for (unsigned c2 = 0; c2 < C_N; c2++) printf(" %llu", (unsigned long long)cause[c2]);
            printf("\n");
        }
        bad += !ok;
    }
    printf("etm_bw --self-test: %zu passed, %u failed (%s)\n", sizeof k_hand / sizeof k_hand[0] - bad,
           bad, bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}

// ---- main ---------------------------------------------------------------------------------------
static void usage(FILE *f)
{
    fprintf(f,
            "usage: etm_bw [--seeds N] [--seed S] [--events N] [--idle K] [--rs-depth D]\n"
            "              [--blx-pct P] [--irq-period N] [--only CONFIG [--stream FILE]] [--rows]\n"
            "              [--self-test]\n"
            "  Trace bandwidth of the golden ETM model on seeded synthetic T32 programs\n"
            "  (tests/opencsd/etm_prog.c): bytes per retired instruction, address packets per\n"
            "  indirect branch and by format, and the return stack's saving (RS on vs off).\n"
            "  --seeds N      programs (seeds S..S+N-1; default 10, S = 1)\n"
            "  --events N     retired instructions per program (default 200000)\n"
            "  --idle K       0..K idle cycles after each event (default 1)\n"
            "  --rs-depth D   RsDepth of the model, 0..15 (default 3)\n"
            "  --blx-pct P    each call a BLX r1 with probability P %% (default: the\n"
            "                 generator's own mix, about 6 BLX to 10 BL in main)\n"
            "  --irq-period N an interrupt before an instruction with probability 1/N\n"
            "                 outside handlers (default 40; 0: none)\n"
            "  --stream FILE  write the ATB bytes of --only's configuration, first seed, to FILE\n"
            "  --only CONFIG  one configuration (with default and rs-off for the saving):");
    for (size_t i = 0; i < NCFG; i++) fprintf(f, " %s", k_cfgs[i].name);
    fprintf(f, "\n  --rows         one machine-readable line per configuration (tests/bench.sh)\n"
               "  --self-test    the contract's examples E1-E3 against hand counts\n"
               "  Exit 0 on success, 1 on a counting error or a failed self-test, 2 on usage errors.\n");
}

// A number option: 0..100000000, else a usage error.
static bool num(const char *opt, const char *s, unsigned *v)
{
    char *e;
    unsigned long x = strtoul(s, &e, 0);
    if (*s == '\0' || *e != '\0' || x > 100000000ul) {
        fprintf(stderr, "etm_bw: --%s: '%s' is not a number 0..100000000\n", opt, s);
        return false;
    }
    *v = (unsigned)x;
    return true;
}

int main(int argc, char **argv)
{
    struct opts o = {.seeds = 10, .first_seed = 1, .events = 200000, .idle = 1, .rs_depth = 3,
                     .irq_period = 40, .blx_pct = -1};
    bool rows = false;
    const char *only = NULL;
    static const struct option opts[] = {
        {"seeds", required_argument, 0, 'n'},     {"seed", required_argument, 0, 's'},
        {"events", required_argument, 0, 'e'},    {"idle", required_argument, 0, 'i'},
        {"rs-depth", required_argument, 0, 'r'},  {"blx-pct", required_argument, 0, 'b'},
        {"irq-period", required_argument, 0, 'q'}, {"only", required_argument, 0, 'o'},
        {"stream", required_argument, 0, 'w'},    {"rows", no_argument, 0, 'R'},
        {"self-test", no_argument, 0, 'T'},       {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    int c, li;
    unsigned v;
    while ((c = getopt_long(argc, argv, "h", opts, &li)) != -1) {
        switch (c) {
        case 'h': usage(stdout); return 0;
        case 'T': return self_test();
        case 'R': rows = true; break;
        case 'o': only = optarg; break;
        case 'w': o.stream = optarg; break;
        case 'n': case 's': case 'e': case 'i': case 'r': case 'b': case 'q':
            if (!num(opts[li].name, optarg, &v)) {
                return 2;
            }
            if (c == 'n') o.seeds = v;
            else if (c == 's') o.first_seed = v;
            else if (c == 'e') o.events = v;
            else if (c == 'i') o.idle = v;
            else if (c == 'r') o.rs_depth = v;
            else if (c == 'b') o.blx_pct = v > 100u ? 101 : (int)v;
            else o.irq_period = v;
            break;
        default:
            usage(stderr);
            return 2;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "etm_bw: unexpected argument '%s'\n", argv[optind]);
        usage(stderr);
        return 2;
    }
    if (o.seeds == 0u || o.events == 0u || o.rs_depth > ETM_MAX_RS_DEPTH || o.blx_pct > 100) {
        fprintf(stderr, "etm_bw: --seeds and --events must be > 0, --rs-depth 0..15, "
                        "--blx-pct 0..100\n");
        return 2;
    }
    if (o.stream && !only) {
        fprintf(stderr, "etm_bw: --stream needs --only CONFIG\n");
        return 2;
    }
    o.only = only;
    bool found = only == NULL;
    for (size_t i = 0; i < NCFG; i++) found |= only && !strcmp(only, k_cfgs[i].name);
    if (!found) {
        fprintf(stderr, "etm_bw: unknown configuration '%s' (try --help)\n", only);
        return 2;
    }
    char blx[16];
    snprintf(blx, sizeof blx, o.blx_pct < 0 ? "generator's" : "%d %%", o.blx_pct);
    printf("%setm_bw: golden ETM model (RsDepth %u, FifoDepth 64, CcSize 12), seeds %u..%u, "
           "%u instructions each, idle 0..%u cycles, BLX share of calls %s, interrupt period %u\n",
           rows ? "# " : "", o.rs_depth, o.first_seed, o.first_seed + o.seeds - 1u, o.events,
           o.idle, blx, o.irq_period);
    struct stats st[NCFG];
    unsigned errors = 0;
    for (size_t i = 0; i < NCFG; i++) {
        const char *n = k_cfgs[i].name;
        if (only && strcmp(only, n) && strcmp(n, "default") && strcmp(n, "rs-off")) {
            continue;
        }
        run_cfg(&k_cfgs[i], &o, &st[i]);
        errors += st[i].errors;
        print_cfg(&k_cfgs[i], &st[i], rows);
    }
    // the return stack's saving: default (index 0) against rs-off (index 1), same paths
    uint64_t on = sum_ind(st[0].ind_addr), off = sum_ind(st[1].ind_addr), ni = sum_ind(st[0].ind);
    double save = 1.0 - ratio(on, off);
    double retshare = ratio(st[0].ind[0], ni);
    double bsave = 1.0 - ratio(st[0].bytes, st[1].bytes);
    if (rows) {
        printf("row rs-saving ind_addr_saving %.4f return_share %.4f popped_returns %.4f "
               "byte_saving %.4f addr_pkt_saving %.4f\n",
               save, retshare, 1.0 - ratio(st[0].ind_addr[0], st[0].ind[0]), bsave,
               1.0 - ratio(addr_total(&st[0]), addr_total(&st[1])));
    } else {
        printf("== return stack (default vs rs-off, the same paths): indirect-branch target "
               "addresses %llu -> %llu: %.1f %% fewer (seed 004 §4.2: 30-50 %%); returns are "
               "%.1f %% of the indirect branches, %.1f %% of them popped; all address packets "
               "%.1f %% fewer; bytes %.1f %% fewer\n",
               (unsigned long long)off, (unsigned long long)on, 100.0 * save, 100.0 * retshare,
               100.0 * (1.0 - ratio(st[0].ind_addr[0], st[0].ind[0])),
               100.0 * (1.0 - ratio(addr_total(&st[0]), addr_total(&st[1]))), 100.0 * bsave);
    }
    if (errors) {
        fprintf(stderr, "etm_bw: %u counting errors\n", errors);
        return 1;
    }
    return 0;
}
