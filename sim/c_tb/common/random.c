/* SPDX-License-Identifier: Apache-2.0 */
/* Seeded constrained-random event generator for the ITM, the FPB, the TPIU and (its actions
 * in random_dwt.c) the DWT (register maps and timing: docs/itm-contract.md,
 * docs/fpb-contract.md, docs/tpiu-contract.md, docs/dwt-contract.md). Events never wait for something only a later event can cause:
 * ATREADY stalls are bracketed "set atready 0 ... set atready 1" with only non-blocking
 * events inside (hw packets get max=), and flush / wait_idle are only issued when the
 * generator believes the ITM can drain. */
#include "random.h"
#include "random_int.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Register offsets and ITM_TCR fields (docs/itm-contract.md section 4). */
#define ITM_STIM(n) (0x000u + 4u * (n))
#define ITM_TER(k) (0xE00u + 4u * (k))
#define ITM_TPR 0xE40u
#define ITM_TCR 0xE80u
#define TCR_ITMENA (1u << 0)
#define TCR_TSENA (1u << 1)
#define TCR_SYNCENA (1u << 2)
#define TCR_TXENA (1u << 3)
#define TCR_SWOENA (1u << 4)
#define TCR_TSPRESCALE_SHIFT 8
#define TCR_GTSFREQ_SHIFT 10
#define TCR_TRACEBUSID_SHIFT 16
#define TCR_WRITABLE 0x007F0F1Fu
#define PROT_PRIV 1u
#define PROT_NS 2u

/* FPB frame (docs/fpb-contract.md sections 4 and 7). */
#define FPB_BASE 0x2000u
#define FP_CTRL (FPB_BASE + 0x000u)
#define FP_REMAP (FPB_BASE + 0x004u)
#define FP_COMP(n) (FPB_BASE + 0x008u + 4u * (n))
#define FP_CTRL_KEY (1u << 1)

/* TPIU frame (docs/tpiu-contract.md sections 4 and 9). */
#define TPIU_FRAME 0x40u
#define TPIU_BASE (TPIU_FRAME << 12)
#define TPIU_SSPSR (TPIU_BASE + 0x000u)
#define TPIU_CSPSR (TPIU_BASE + 0x004u)
#define TPIU_ACPR (TPIU_BASE + 0x010u)
#define TPIU_SPPR (TPIU_BASE + 0x0F0u)
#define TPIU_FFSR (TPIU_BASE + 0x300u)
#define TPIU_FFCR (TPIU_BASE + 0x304u)
#define TPIU_PSCR (TPIU_BASE + 0x308u)
#define FFCR_ENFCONT (1u << 1)
#define FFCR_FONMAN (1u << 6)

/* Identification registers (contract section 4): reads are checked against these. */
static const struct id_reg id_regs[] = {
    {0xFBC, 0x47701A01u}, {0xFCC, 0x43}, {0xFD0, 0x04}, {0xFD4, 0x00}, {0xFD8, 0x00},
    {0xFDC, 0x00},        {0xFE0, 0x21}, {0xFE4, 0xBD}, {0xFE8, 0x0B}, {0xFEC, 0x00},
    {0xFF0, 0x0D},        {0xFF4, 0x90}, {0xFF8, 0x05}, {0xFFC, 0xB1},
};
#define N_ID_REGS (sizeof id_regs / sizeof id_regs[0])

/* ---- PRNG ------------------------------------------------------------------------------ */

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void rgen_prng_seed(struct rgen_prng *p, uint64_t seed)
{
    uint64_t x = seed;
    for (unsigned i = 0; i < 4; i++)
        p->s[i] = splitmix64(&x);
}

static uint64_t rotl(uint64_t v, unsigned k)
{
    return (v << k) | (v >> (64 - k));
}

uint64_t rgen_prng_next(struct rgen_prng *p)
{
    uint64_t *s = p->s;
    uint64_t r = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return r;
}

static uint64_t rnd(struct rgen *g)
{
    return rgen_prng_next(&g->prng);
}

/* Uniform in [0, n), n >= 1. */
static uint32_t below(struct rgen *g, uint32_t n)
{
    return (uint32_t)(((rnd(g) >> 32) * (uint64_t)n) >> 32);
}

/* The TPIU port mode of a draw: 0 parallel, 1 Manchester, 2 NRZ. With the ETM (full, etmx, etmspec)
 * the parallel port comes in half of the draws instead of a third: SWO, a bit at a time,
 * is far slower than the ETM's trace, so two SWO modes in three kept the ETM waiting on
 * ATREADY in ~70 % of cycles (one draw either way: the configurations without a TPIU and
 * without the ETM draw as before). */
static uint32_t port_mode(struct rgen *g)
{
    if (!g->has_etm)
        return below(g, 3);
    uint32_t m = below(g, 4);
    return m == 3u ? 0u : m;
}

/* Uniform in [lo, hi]. */
static uint32_t range(struct rgen *g, uint32_t lo, uint32_t hi)
{
    return lo + below(g, hi - lo + 1);
}

/* True with probability pct/100: below(g, 100) < p without the scaling. With u the draw's
 * upper 32 bits, below(g, 100) = floor(u * 100 / 2^32) < p (p an integer) exactly when
 * u * 100 < p * 2^32, that is when u < ceil(p * 2^32 / 100): one compare with a constant. */
static bool pct(struct rgen *g, unsigned p)
{
    return (rnd(g) >> 32) < (((uint64_t)p << 32) + 99u) / 100u;
}

/* ---- event emission -------------------------------------------------------------------- */

static struct event *emit(struct rgen *g, enum ev_kind kind)
{
    struct event *e = g->wp++;
    memset(e, 0, sizeof *e);
    e->kind = (uint8_t)kind;
    return e;
}

static inline __attribute__((always_inline)) uint8_t rand_prot(struct rgen *g)
{
    return (uint8_t)((pct(g, 85) ? PROT_PRIV : 0) | (pct(g, 90) ? PROT_NS : 0) |
                     (pct(g, 5) ? 4u : 0)); /* pprot[2] is ignored by the ITM */
}

/* Remembers the comparator values written (random_bias.c aims one bit off them). Only the
 * generator's belief: writes the DUT ignores (unprivileged FPB writes) are recorded too. */
static void track_write(struct rgen *g, uint32_t addr, uint32_t data)
{
    if (addr >= 0x1020u && addr < 0x1120u) {
        unsigned n = (addr - 0x1020u) / 16u, r = addr & 0xCu;
        if (r == 0x0u)
            g->dcomp[n] = data;
        else if (r == 0x8u)
            g->dfunc[n] = data;
    } else if (addr >= FP_COMP(0) && addr < FP_COMP(FPB_MAX_CODE) && !(addr & 3u))
        g->fpcomp[(addr - FP_COMP(0)) / 4u] = data;
}

static void emit_write(struct rgen *g, uint32_t addr, uint32_t data, uint8_t strb, uint8_t prot,
                       bool raw)
{
    if (strb == 0xF)
        track_write(g, addr & 0xFFFFFu, data);
    struct event *e = emit(g, EV_WRITE);
    e->addr = addr & 0xFFFFFu;
    e->data = data;
    e->strb = strb;
    e->prot = prot;
    e->raw_strb = raw || (strb != 1 && strb != 3 && strb != 0xF);
}

static void emit_read(struct rgen *g, uint32_t addr, bool expect, uint32_t value)
{
    struct event *e = emit(g, EV_READ);
    e->addr = addr;
    e->prot = rand_prot(g);
    e->has_expect = expect;
    e->data = value;
    e->mask = 0xFFFFFFFFu;
}

static void emit_set(struct rgen *g, enum ev_sig sig, uint64_t v)
{
    struct event *e = emit(g, EV_SET);
    e->sig = (uint8_t)sig;
    e->val = v;
    if (sig != SIG_GTS && sig != SIG_GTS_STEP) {
        g->lvl[sig] = v != 0;
        g->w_stale = true;
    }
}

static void emit_pulse(struct rgen *g, enum ev_sig sig, uint64_t n, bool bg)
{
    struct event *e = emit(g, EV_PULSE);
    e->sig = (uint8_t)sig;
    e->count = n;
    e->bg = bg;
}

static void emit_idle(struct rgen *g, uint64_t n)
{
    emit(g, EV_IDLE)->count = n;
}

/* Shared with random_dwt.c (random_int.h). */
uint64_t rgen_rnd(struct rgen *g) { return rnd(g); }
uint32_t rgen_below(struct rgen *g, uint32_t n) { return below(g, n); }
uint32_t rgen_range(struct rgen *g, uint32_t lo, uint32_t hi) { return range(g, lo, hi); }
bool rgen_pct(struct rgen *g, unsigned p) { return pct(g, p); }
struct event *rgen_emit(struct rgen *g, enum ev_kind kind) { return emit(g, kind); }
void rgen_emit_set(struct rgen *g, enum ev_sig sig, uint64_t v) { emit_set(g, sig, v); }

void rgen_emit_write(struct rgen *g, uint32_t addr, uint32_t data)
{
    emit_write(g, addr, data, 0xF, PROT_PRIV | PROT_NS, false);
}

void rgen_emit_write_strb(struct rgen *g, uint32_t addr, uint32_t data, uint8_t strb)
{
    emit_write(g, addr, data, strb, PROT_PRIV | PROT_NS, true);
}

void rgen_emit_read(struct rgen *g, uint32_t addr, bool expect, uint32_t value, uint32_t mask)
{
    emit_read(g, addr, expect, value);
    g->wp[-1].mask = mask;
}

/* ---- choices --------------------------------------------------------------------------- */

static unsigned n_ter(const struct rgen *g)
{
    return (g->cfg.num_stim_ports + 31) / 32;
}

static bool auth_pe(const struct rgen *g)
{
    return g->lvl[SIG_PE_SECURE] ? g->lvl[SIG_SPNIDEN] : g->lvl[SIG_NIDEN];
}

/* The first port p in [from, to) (to <= 256) with its TER bit set, UINT_MAX if none: as
 * testing (ter[p / 32] >> (p % 32)) & 1 port by port, a word at a time. */
static unsigned ter_first(const struct rgen *g, unsigned from, unsigned to)
{
    for (unsigned w = from / 32u; w * 32u < to; w++) {
        uint32_t m = g->ter[w];
        if (w == from / 32u)
            m &= ~0u << (from % 32u);
        if (to - w * 32u < 32u)
            m &= (1u << (to - w * 32u)) - 1u;
        if (m)
            return w * 32u + (unsigned)__builtin_ctz(m);
    }
    return UINT_MAX;
}

static inline __attribute__((always_inline)) unsigned pick_port(struct rgen *g)
{
    unsigned np = g->cfg.num_stim_ports;
    unsigned r = below(g, 100);
    if (r < 40)
        return g->fav[below(g, 4)];
    if (r < 70) { /* an enabled port, if any: the first from start on, cyclically */
        unsigned start = below(g, np);
        unsigned p = ter_first(g, start, np);
        if (p == UINT_MAX)
            p = ter_first(g, 0, start);
        return p == UINT_MAX ? start : p;
    }
    if (r < 92 || np == 256)
        return below(g, np);
    return range(g, np, 255); /* unimplemented: RAZ/WI */
}

static uint8_t size_strb(unsigned size)
{
    return size == 1 ? 0x1 : size == 2 ? 0x3 : 0xF;
}

static void act_stim_write(struct rgen *g)
{
    unsigned port = pick_port(g);
    uint32_t addr = ITM_STIM(port);
    if (pct(g, 3))
        addr |= below(g, 4); /* bits [1:0] are ignored */
    static const unsigned sizes[3] = {1, 2, 4};
    emit_write(g, addr, (uint32_t)rnd(g), size_strb(sizes[below(g, 3)]), rand_prot(g), false);
}

/* More back-to-back word writes than the stimulus FIFO holds: overflow. */
static void act_burst(struct rgen *g)
{
    unsigned n = g->cfg.stim_fifo_depth + range(g, 1, 4);
    unsigned port = pick_port(g);
    for (unsigned i = 0; i < n; i++) {
        if (pct(g, 30))
            port = pick_port(g);
        emit_write(g, ITM_STIM(port), (uint32_t)rnd(g), pct(g, 80) ? 0xF : 0x3, PROT_PRIV | PROT_NS,
                   false);
    }
}

/* printf-style text: a run of byte writes to one port. */
static void act_string(struct rgen *g)
{
    static const char *const words[] = {"Hello, ITM\n", "tick ", "ok\n", "err=", "0123456789"};
    const char *w = words[below(g, sizeof words / sizeof words[0])];
    unsigned port = g->fav[below(g, 4)];
    for (; *w; w++)
        emit_write(g, ITM_STIM(port), (uint8_t)*w, 0x1, PROT_PRIV | PROT_NS, false);
}

/* A DWT hardware-source packet of an architected form: the discriminators and payload
 * layouts of docs/dwt-contract.md section 10.2, with the Armv8-M 1- and 2-byte PC value and
 * data address forms of packet-protocol-facts.md section 1.8. Payload values are random
 * inside their fields; the bits the formats reserve are never set (event counter bits
 * [7:6], exception function 00 and the other bits of its second byte, one-byte PC samples
 * other than 00, match payloads other than 01), so that a strict decoder takes every packet
 * (issue #19). The ITM forwards payloads without looking at them ([ITM-HW-1]); reserved
 * encodings are shown once, on purpose, by scenarios/hw_reserved.scn. The PRNG is drawn
 * exactly as when payloads were raw random bits, so a seed still gives the same events. */
static void act_hw(struct rgen *g, bool limited)
{
    uint8_t hdr;
    unsigned r = below(g, 100);
    if (r < 15)
        hdr = 0x05; /* event counter */
    else if (r < 35)
        hdr = 0x0E; /* exception trace */
    else if (r < 50)
        hdr = 0x17; /* periodic PC sample */
    else if (r < 55)
        hdr = 0x15; /* PC sample, sleeping */
    else if (r < 80)
        hdr = (uint8_t)((range(g, 8, 15) << 3) | 4 | range(g, 1, 3)); /* PC value / address */
    else
        hdr = (uint8_t)((range(g, 16, 23) << 3) | 4 | range(g, 1, 3)); /* data value */
    static const unsigned len_of_ss[4] = {0, 1, 2, 4};
    unsigned len = len_of_ss[hdr & 3];
    uint64_t x = rnd(g);
    uint64_t payload = x & (len == 4 ? 0xFFFFFFFFull : ((1ull << (8 * len)) - 1));
    unsigned disc = hdr >> 3;
    if (hdr == 0x05) {
        payload = 1 + (x & 0xFFFFFFFFull) % 63; /* flags [5:0], at least one (DWT-CNT-5) */
    } else if (hdr == 0x0E) {
        uint64_t num = x & 0x1FFu, fn = 1 + (x >> 32) % 3; /* 01 entry, 10 exit, 11 return */
        payload = (num & 0xFFu) | (num >> 8) << 8 | fn << 12;
    } else if (hdr == 0x15) {
        payload = 0; /* sleeping */
    } else if (hdr == 0x17 || (disc >= 8 && disc <= 15 && !(disc & 1))) {
        if (hdr != 0x17 && len == 1 && (x >> 32) & 1)
            payload = 0x01; /* data trace match */
        else
            payload &= ~1ull; /* a PC is halfword aligned: bit 0 set would be a match */
    }
    struct event *e = emit(g, EV_HW);
    e->val = (payload << 8) | hdr;
    e->count = limited ? range(g, 1, 40) : 0;
}

static void act_hw_burst(struct rgen *g, bool limited)
{
    unsigned n = g->cfg.hw_fifo_depth + range(g, 1, 3);
    for (unsigned i = 0; i < n; i++)
        act_hw(g, limited);
}

static uint32_t rand_tcr(struct rgen *g)
{
    uint32_t v = 0;
    if (pct(g, 90))
        v |= TCR_ITMENA;
    if (pct(g, 65))
        v |= TCR_TSENA;
    if (pct(g, 60))
        v |= TCR_SYNCENA;
    if (pct(g, 75))
        v |= TCR_TXENA;
    if (pct(g, 25))
        v |= TCR_SWOENA;
    v |= below(g, 4) << TCR_TSPRESCALE_SHIFT;
    v |= (pct(g, 25) ? 0u : range(g, 1, 3)) << TCR_GTSFREQ_SHIFT;
    v |= range(g, 1, 0x6F) << TCR_TRACEBUSID_SHIFT; /* 0x00, 0x70..0x7F are reserved IDs */
    if (pct(g, 10))
        v |= (uint32_t)rnd(g) & ~TCR_WRITABLE; /* RES0, BUSY, STALLENA: not stored */
    return v;
}

static void act_tcr(struct rgen *g)
{
    uint32_t v = rand_tcr(g);
    uint8_t prot = pct(g, 92) ? (uint8_t)(PROT_PRIV | (pct(g, 90) ? PROT_NS : 0)) : PROT_NS;
    emit_write(g, ITM_TCR, v, 0xF, prot, false);
    if (prot & PROT_PRIV) {
        g->tcr = v & TCR_WRITABLE;
        g->w_stale = true;
    }
}

static void act_ter(struct rgen *g)
{
    unsigned k = pct(g, 90) ? below(g, n_ter(g)) : below(g, 8); /* k >= n_ter: RAZ/WI */
    uint32_t v;
    unsigned r = below(g, 100);
    if (r < 40)
        v = 0xFFFFFFFFu;
    else if (r < 75)
        v = (uint32_t)rnd(g);
    else if (r < 90) {
        v = 0;
        for (unsigned i = 0; i < 4; i++)
            if (g->fav[i] / 32 == k)
                v |= 1u << (g->fav[i] % 32);
    } else
        v = 0;
    uint8_t prot = pct(g, 85) ? (PROT_PRIV | PROT_NS) : PROT_NS;
    emit_write(g, ITM_TER(k), v, 0xF, prot, false);
    if ((prot & PROT_PRIV) && k < n_ter(g)) {
        g->ter[k] = v;
        g->w_stale = true;
    }
}

static void act_tpr(struct rgen *g)
{
    unsigned groups = g->cfg.num_stim_ports / 8;
    uint32_t mask = groups >= 32 ? 0xFFFFFFFFu : ((1u << groups) - 1);
    uint32_t v = pct(g, 55) ? 0 : (uint32_t)rnd(g) & (pct(g, 80) ? mask : 0xFFFFFFFFu);
    uint8_t prot = pct(g, 85) ? (PROT_PRIV | PROT_NS) : PROT_NS;
    emit_write(g, ITM_TPR, v, 0xF, prot, false);
    if (prot & PROT_PRIV)
        g->tpr = v & mask;
}

static bool is_mapped(const struct rgen *g, uint32_t a)
{
    if (a < 0x400)
        return true;
    if (a >= 0xE00 && a < ITM_TER(n_ter(g)))
        return true;
    if (a == ITM_TPR || a == ITM_TCR)
        return true;
    for (unsigned i = 0; i < N_ID_REGS; i++)
        if (id_regs[i].addr == a)
            return true;
    return false;
}

static uint32_t unmapped_addr(struct rgen *g)
{
    for (;;) {
        uint32_t a = range(g, 0x100, 0x3FF) * 4;
        if (!is_mapped(g, a))
            return a;
    }
}

static void act_read(struct rgen *g)
{
    unsigned r = below(g, 100);
    if (r < 20) {
        const struct id_reg *id = &id_regs[below(g, N_ID_REGS)];
        emit_read(g, id->addr, true, id->value);
    } else if (r < 35)
        emit_read(g, ITM_TCR, false, 0);
    else if (r < 45)
        emit_read(g, ITM_TER(below(g, 8)), false, 0);
    else if (r < 52)
        emit_read(g, ITM_TPR, false, 0);
    else if (r < 92)
        emit_read(g, ITM_STIM(pick_port(g)), false, 0);
    else
        emit_read(g, unmapped_addr(g), true, 0); /* RAZ */
}

/* Writes the APB slave must reject with PSLVERR, or ignore (read-only/unmapped). */
static void act_odd_write(struct rgen *g)
{
    unsigned r = below(g, 100);
    if (r < 40) { /* STIM: strobes other than 0x1, 0x3, 0xF */
        static const uint8_t bad[] = {0x0, 0x2, 0x4, 0x5, 0x6, 0x7, 0x8, 0x9, 0xA, 0xB, 0xC, 0xD, 0xE};
        emit_write(g, ITM_STIM(pick_port(g)), (uint32_t)rnd(g), bad[below(g, sizeof bad)],
                   PROT_PRIV | PROT_NS, true);
    } else if (r < 75) { /* other registers: anything but 0xF */
        static const uint32_t regs[] = {ITM_TCR, ITM_TPR, ITM_TER(0), 0xFBC, 0x800};
        uint32_t v = rand_tcr(g);
        emit_write(g, regs[below(g, 5)], v, (uint8_t)below(g, 15), PROT_PRIV | PROT_NS, true);
    } else if (r < 90) /* read-only ID register: ignored */
        emit_write(g, id_regs[below(g, N_ID_REGS)].addr, (uint32_t)rnd(g), 0xF,
                   PROT_PRIV | PROT_NS, false);
    else
        emit_write(g, unmapped_addr(g), (uint32_t)rnd(g), 0xF, PROT_PRIV | PROT_NS, false);
}

static uint64_t rand_idle_len(struct rgen *g, bool allow_long)
{
    unsigned r = below(g, 100);
    if (r < 75)
        return range(g, 1, 8);
    if (r < 99 || !allow_long)
        return range(g, 9, 64);
    return range(g, 65, 400);
}

static void act_idle(struct rgen *g)
{
    emit_idle(g, rand_idle_len(g, true));
}

static void act_sync(struct rgen *g)
{
    bool dwt = !g->has_dwt && pct(g, 50); /* with a DWT, SYNCTAP makes the DWT's requests */
    emit_pulse(g, dwt ? SIG_DWT_SYNC : SIG_TPIU_SYNC, pct(g, 85) ? 1 : range(g, 2, 3),
               pct(g, 50));
}

static void act_level_toggle(struct rgen *g, enum ev_sig sig)
{
    emit_set(g, sig, !g->lvl[sig]);
}

/* trcena/niden/spniden/pe_secure: mostly enabled, so a change off is soon undone. */
static void act_auth(struct rgen *g)
{
    static const enum ev_sig sigs[4] = {SIG_TRCENA, SIG_NIDEN, SIG_SPNIDEN, SIG_PE_SECURE};
    for (unsigned i = 0; i < 4; i++) {
        enum ev_sig s = sigs[i];
        bool dflt = s != SIG_PE_SECURE;
        if (g->lvl[s] != dflt && pct(g, 50)) {
            emit_set(g, s, dflt);
            return;
        }
    }
    act_level_toggle(g, sigs[below(g, 4)]);
}

static void act_ts_tick(struct rgen *g)
{
    if (pct(g, 70))
        emit_pulse(g, SIG_TS_TICK, range(g, 1, 30), true);
    else
        emit_pulse(g, SIG_TS_TICK, 1, false);
}

static void act_gts(struct rgen *g)
{
    unsigned r = below(g, 100);
    uint64_t v;
    if (r < 30)
        v = rnd(g); /* anything, bits above GtsWidth too */
    else if (r < 55)
        v = (rnd(g) & ~((1ull << 26) - 1)) | below(g, 1u << 26); /* new high bits (>= 26) */
    else {
        static const unsigned edges[3] = {7, 13, 26}; /* GTSFREQ and GTS2 boundaries */
        unsigned sh = edges[below(g, 3)];
        v = ((rnd(g) >> 20) << sh) - range(g, 1, 40); /* crosses the boundary soon */
    }
    emit_set(g, SIG_GTS, v);
}

static void act_gts_step(struct rgen *g)
{
    static const uint64_t steps[] = {0, 1, 1, 1, 3, 100, 1u << 7, 1u << 13, 1ull << 26, 12345};
    emit_set(g, SIG_GTS_STEP, steps[below(g, sizeof steps / sizeof steps[0])]);
}

static void levels_default(struct rgen *g)
{
    memset(g->lvl, 0, sizeof g->lvl);
    g->w_stale = true;
    g->lvl[SIG_ATREADY] = g->lvl[SIG_TRCENA] = g->lvl[SIG_NIDEN] = g->lvl[SIG_SPNIDEN] = true;
    g->lvl[SIG_PE_PRIV] = g->lvl[SIG_NIDEN_P] = g->lvl[SIG_SPNIDEN_P] = true;
}

static void act_reset(struct rgen *g)
{
    emit(g, EV_RESET)->count = range(g, 1, 6);
    g->fp_enable = false;
    g->tcr = g->tpr = 0;
    g->w_stale = true;
    g->sppr = 1;
    memset(g->ter, 0, sizeof g->ter);
    memset(g->dcomp, 0, sizeof g->dcomp);
    memset(g->dfunc, 0, sizeof g->dfunc);
    memset(g->fpcomp, 0, sizeof g->fpcomp);
    levels_default(g);
    rgen_dwt_reset(g);
}

/* Enable the ITM with most features on (start of a run, after a reset). */
static void act_program(struct rgen *g)
{
    for (unsigned k = 0; k < n_ter(g); k++) {
        uint32_t v = pct(g, 70) ? 0xFFFFFFFFu : (uint32_t)rnd(g);
        for (unsigned i = 0; i < 4; i++)
            if (g->fav[i] / 32 == k)
                v |= 1u << (g->fav[i] % 32);
        emit_write(g, ITM_TER(k), v, 0xF, PROT_PRIV | PROT_NS, false);
        g->ter[k] = v;
    }
    uint32_t tcr = rand_tcr(g) | TCR_ITMENA;
    emit_write(g, ITM_TCR, tcr, 0xF, PROT_PRIV | PROT_NS, false);
    g->tcr = tcr & TCR_WRITABLE;
    g->w_stale = true;
    if (g->has_tpiu) { /* a fast output: NRZ, Manchester or a parallel port */
        emit_write(g, TPIU_ACPR, below(g, 3), 0xF, PROT_PRIV | PROT_NS, false);
        g->sppr = port_mode(g);
        if (g->sppr == 0)
            emit_write(g, TPIU_CSPSR, 1u << (g->tcfg.port_width - 1), 0xF, PROT_PRIV | PROT_NS,
                       false);
        emit_write(g, TPIU_SPPR, g->sppr, 0xF, PROT_PRIV | PROT_NS, false);
    }
    if (g->has_dwt)
        rgen_dwt_program(g);
    if (g->has_etm)
        rgen_etm_program(g);
}

/* One action that never blocks on the ITM (used inside ATREADY stalls). */
static void act_nonblocking(struct rgen *g)
{
    unsigned r = below(g, 100);
    if (g->has_dwt && r >= 50 && r < 70) { /* the DWT's packets instead of hw events */
        if (r < 58)
            rgen_dwt_access(g);
        else if (r < 64)
            rgen_dwt_instr(g);
        else if (r < 67)
            rgen_dwt_exc(g);
        else
            rgen_dwt_evt(g);
        return;
    }
    if (g->has_dwt && r >= 85 && r < 87)
        r = 90; /* no hw_ovf pulses: an idle instead */
    if (r < 40)
        act_stim_write(g);
    else if (r < 50)
        act_burst(g);
    else if (r < 65)
        act_hw(g, true);
    else if (r < 70)
        act_hw_burst(g, true);
    else if (r < 78)
        act_read(g);
    else if (r < 82)
        act_sync(g);
    else if (r < 85)
        act_ts_tick(g);
    else if (r < 87)
        emit_pulse(g, SIG_HW_OVF, 1, pct(g, 50));
    else if (r < 89)
        act_tcr(g);
    else
        emit_idle(g, rand_idle_len(g, false));
}

static void act_stall(struct rgen *g)
{
    emit_set(g, SIG_ATREADY, 0);
    unsigned r = below(g, 1000);
    if (r < 450)
        emit_idle(g, range(g, 1, 4)); /* short hiccup */
    else {
        unsigned n = range(g, 1, 6);
        for (unsigned i = 0; i < n; i++)
            act_nonblocking(g);
        if (r >= 996)
            emit_idle(g, range(g, 1000, 3000)); /* long stall */
        else if (r >= 975)
            emit_idle(g, range(g, 100, 400));
    }
    emit_set(g, SIG_ATREADY, 1);
}

/* ---- FPB ------------------------------------------------------------------------------- */

static unsigned fpb_ncomp(const struct rgen *g)
{
    return g->fcfg.num_code + g->fcfg.num_lit;
}

/* An address near the favourites: on one, on the halfword after or before, or anywhere. */
static uint32_t bp_addr(struct rgen *g)
{
    uint32_t a = g->bp[below(g, 4)];
    unsigned r = below(g, 100);
    if (r < 55)
        return a;
    if (r < 70)
        return a + 2;
    if (r < 85)
        return a - 2;
    if (r < 90)
        return a | 1; /* bit 0 is ignored */
    return (uint32_t)rnd(g);
}

static void act_fpb_ctrl(struct rgen *g)
{
    bool key = pct(g, 85);
    bool en = pct(g, 80);
    uint32_t v = (en ? 1u : 0u) | (key ? FP_CTRL_KEY : 0u);
    if (pct(g, 15))
        v |= (uint32_t)rnd(g) & ~3u; /* read-only and RAZ fields: no effect */
    emit_write(g, FP_CTRL, v, 0xF, rand_prot(g), false);
    if (key) {
        g->fp_enable = en;
        g->w_stale = true;
    }
}

static void act_fpb_comp(struct rgen *g)
{
    unsigned nc = fpb_ncomp(g);
    unsigned n = (nc && pct(g, 92)) ? below(g, nc) : below(g, FPB_MAX_CODE + 4);
    uint32_t v = pct(g, 90) ? (bp_addr(g) & ~1u) | (pct(g, 85) ? 1u : 0u) : (uint32_t)rnd(g);
    emit_write(g, FP_COMP(n), v, 0xF, rand_prot(g), false);
}

static void act_fetch(struct rgen *g)
{
    unsigned n = pct(g, 60) ? 1 : range(g, 2, 12);
    uint32_t a = bp_addr(g) & ~1u;
    for (unsigned i = 0; i < n; i++) {
        struct event *e = emit(g, EV_FETCH);
        bool size32 = pct(g, 40);
        unsigned r = below(g, 100);
        unsigned kind = r < 85 ? FPB_KIND_FETCH : r < 90 ? FPB_KIND_VECTOR
                                                : r < 95 ? FPB_KIND_DAP : FPB_KIND_STACK;
        e->addr = a | (pct(g, 5) ? 1u : 0u);
        e->val = kind | (size32 ? FETCH_SIZE32 : 0) | (pct(g, 35) ? FETCH_SECURE : 0) |
                 (pct(g, 70) ? FETCH_PRIV : 0);
        a += size32 ? 4u : 2u;
        if (pct(g, 15))
            emit_idle(g, range(g, 1, 3));
    }
}

/* The debug state: halting and monitor enables, mostly in combinations that let events
 * through, so the gating terms are each seen both ways. */
static void act_dbg(struct rgen *g)
{
    static const enum ev_sig sigs[] = {SIG_HDA,    SIG_UHDA,   SIG_UHDA_S,  SIG_C_DEBUGEN,
                                       SIG_S_HALT, SIG_S_SDE,  SIG_MON_EN,  SIG_SDME,
                                       SIG_UMON_EN, SIG_MON_PRIO};
    enum ev_sig s = sigs[below(g, sizeof sigs / sizeof sigs[0])];
    if (s == SIG_S_HALT && !g->lvl[s] && pct(g, 60))
        return; /* S_HALT = 1 blocks everything: keep it rarer */
    act_level_toggle(g, s);
}

static const struct id_reg fpb_id_regs[] = {
    {FPB_BASE + 0xFBC, 0x47701A03u}, {FPB_BASE + 0xFCC, 0x00}, {FPB_BASE + 0xFD0, 0x04},
    {FPB_BASE + 0xFE0, 0x21},        {FPB_BASE + 0xFE4, 0xBD}, {FPB_BASE + 0xFE8, 0x0B},
    {FPB_BASE + 0xFF0, 0x0D},        {FPB_BASE + 0xFF4, 0x90}, {FPB_BASE + 0xFF8, 0x05},
    {FPB_BASE + 0xFFC, 0xB1},
};

/* An unmapped PPB frame (not the ITM's 0x00, the FPB's 0x02 or, if present, the TPIU's or
 * the ETM's 0x41). */
static uint32_t other_frame(struct rgen *g)
{
    uint32_t f = range(g, 3, 0xFF);
    if (g->has_tpiu && f == TPIU_FRAME)
        f++;
    if (g->has_etm && f == 0x41u)
        f++;
    return f;
}

static void act_fpb_read(struct rgen *g)
{
    unsigned r = below(g, 100);
    if (r < 25) { /* the constant fields of FP_CTRL (docs/fpb-contract.md section 4) */
        unsigned nc = g->fcfg.num_code;
        uint32_t v = 1u << 28 | (nc & 0x70u) << 8 | g->fcfg.num_lit << 8 | (nc & 0xFu) << 4;
        struct event *e = emit(g, EV_READ);
        e->addr = FP_CTRL;
        e->prot = rand_prot(g);
        e->has_expect = true;
        e->data = v;
        e->mask = 0xFFFFFFFEu;
    } else if (r < 40) {
        const struct id_reg *id = &fpb_id_regs[below(g, sizeof fpb_id_regs / sizeof fpb_id_regs[0])];
        emit_read(g, id->addr, true, id->value);
    } else if (r < 50)
        emit_read(g, FP_REMAP, true, 0);
    else if (r < 90)
        emit_read(g, FP_COMP(below(g, fpb_ncomp(g) + 2)), false, 0);
    else /* other frames (not mapped): RAZ */
        emit_read(g, other_frame(g) << 12 | range(g, 0, 0x3FF) * 4, true, 0);
}

static void act_fpb_odd_write(struct rgen *g)
{
    static const uint32_t regs[] = {FP_CTRL, FP_REMAP, FP_COMP(0), FPB_BASE + 0xFE0};
    unsigned r = below(g, 100);
    if (r < 60) /* strobes other than 0xF: PSLVERR, ignored */
        emit_write(g, regs[below(g, 4)], (uint32_t)rnd(g) | FP_CTRL_KEY, (uint8_t)below(g, 15),
                   PROT_PRIV | PROT_NS, true);
    else if (r < 80) /* read-only / RAZ/WI */
        emit_write(g, pct(g, 50) ? FPB_BASE + 0xFE0 : FP_REMAP, (uint32_t)rnd(g), 0xF,
                   PROT_PRIV | PROT_NS, false);
    else /* other frames: ignored, no error */
        emit_write(g, other_frame(g) << 12 | range(g, 0, 0x3FF) * 4, (uint32_t)rnd(g), 0xF,
                   PROT_PRIV | PROT_NS, false);
}

/* ---- TPIU (docs/tpiu-contract.md) ----------------------------------------------------- */

/* The supported port sizes as CSPSR values (bit w-1 for size w). */
static uint32_t tpiu_sspsr(const struct rgen *g)
{
    uint32_t v = 0;
    for (unsigned w = 1; w <= 8 && w <= g->tcfg.port_width; w *= 2)
        v |= 1u << (w - 1);
    return v;
}

/* Output mode: mostly SWO at fast baud rates and the parallel port; the restart of
 * [TPIU-MODE-2] is exercised by changing modes with data in flight. */
static void act_tpiu_mode(struct rgen *g)
{
    unsigned r = below(g, 100);
    if (r < 35) {
        uint32_t m = below(g, 100) < 5 ? 3u : port_mode(g); /* 3 is reserved: ignored */
        if (pct(g, 50)) /* as software should: flush first */
            emit_write(g, TPIU_FFCR, FFCR_FONMAN | (pct(g, 60) ? FFCR_ENFCONT : 0), 0xF,
                       PROT_PRIV | PROT_NS, false);
        emit_write(g, TPIU_SPPR, m, 0xF, PROT_PRIV | PROT_NS, false);
        if (m != 3)
            g->sppr = m;
    } else if (r < 65) { /* baud prescaler: fast, so that SWO keeps up */
        uint32_t v = pct(g, 70) ? below(g, 4) : pct(g, 90) ? below(g, 16) : below(g, 64);
        emit_write(g, TPIU_ACPR, v | (pct(g, 10) ? (uint32_t)rnd(g) << 16 : 0), 0xF,
                   PROT_PRIV | PROT_NS, false);
    } else if (r < 80) { /* port size: supported ones, sometimes an illegal value */
        uint32_t ok = tpiu_sspsr(g), v;
        do
            v = 1u << below(g, 8);
        while (!(v & ok) && pct(g, 80));
        if (pct(g, 10))
            v = (uint32_t)rnd(g) & 0xFFu;
        emit_write(g, TPIU_CSPSR, v, 0xF, PROT_PRIV | PROT_NS, false);
    } else if (r < 88) { /* formatter on/off (bypass in SWO modes) and manual flushes */
        uint32_t v = (pct(g, 55) ? FFCR_ENFCONT : 0) | (pct(g, 40) ? FFCR_FONMAN : 0);
        emit_write(g, TPIU_FFCR, v | (pct(g, 10) ? (uint32_t)rnd(g) & ~0x42u : 0), 0xF,
                   PROT_PRIV | PROT_NS, false);
    } else { /* periodic synchronization: off, the shortest periods, reserved values */
        static const uint32_t ps[] = {7, 7, 7, 8, 9, 0, 3, 31};
        emit_write(g, TPIU_PSCR, ps[below(g, 8)], 0xF, PROT_PRIV | PROT_NS, false);
    }
}

static const struct id_reg tpiu_id_regs[] = {
    {TPIU_BASE + 0xFCC, 0x11}, {TPIU_BASE + 0xFD0, 0x04}, {TPIU_BASE + 0xFE0, 0x21},
    {TPIU_BASE + 0xFE4, 0xBD}, {TPIU_BASE + 0xFE8, 0x0B}, {TPIU_BASE + 0xFF0, 0x0D},
    {TPIU_BASE + 0xFF4, 0x90}, {TPIU_BASE + 0xFF8, 0x05}, {TPIU_BASE + 0xFFC, 0xB1},
    {TPIU_BASE + 0xEE8, 0x00}, {TPIU_BASE + 0xF00, 0x00},
};

static void act_tpiu_read(struct rgen *g)
{
    unsigned r = below(g, 100);
    if (r < 15)
        emit_read(g, TPIU_SSPSR, true, tpiu_sspsr(g));
    else if (r < 25) { /* DEVID: NRZ, Manchester, parallel, FIFOSZ, one input */
        unsigned lg = 0;
        while ((2u << lg) <= g->tcfg.atb_fifo_depth)
            lg++;
        emit_read(g, TPIU_BASE + 0xFC8, true, 0xC00u | lg << 6);
    } else if (r < 40) {
        const struct id_reg *id =
            &tpiu_id_regs[below(g, sizeof tpiu_id_regs / sizeof tpiu_id_regs[0])];
        emit_read(g, id->addr, true, id->value);
    } else if (r < 50) { /* FFSR: FtNonStop = 1, FlInProg moves */
        struct event *e = emit(g, EV_READ);
        e->addr = TPIU_FFSR;
        e->has_expect = true;
        e->data = 0x8;
        e->mask = 0xFFFFFFFEu;
    } else if (r < 60)
        emit_read(g, TPIU_SPPR, true, g->sppr);
    else {
        static const uint32_t regs[] = {TPIU_CSPSR, TPIU_ACPR, TPIU_FFCR, TPIU_PSCR,
                                        TPIU_BASE + 0x0FC, TPIU_BASE + 0x30C};
        emit_read(g, regs[below(g, 6)], false, 0);
    }
}

static void act_tpiu_odd_write(struct rgen *g)
{
    static const uint32_t regs[] = {TPIU_SPPR, TPIU_ACPR, TPIU_FFCR, TPIU_CSPSR, TPIU_SSPSR,
                                    TPIU_BASE + 0xFC8};
    uint32_t a = regs[below(g, 6)];
    if (pct(g, 70)) /* strobes other than 0xF: PSLVERR, ignored */
        emit_write(g, a, (uint32_t)rnd(g), (uint8_t)below(g, 15), PROT_PRIV | PROT_NS, true);
    else if (a == TPIU_SSPSR || a == TPIU_BASE + 0xFC8) /* read-only */
        emit_write(g, a, (uint32_t)rnd(g), 0xF, PROT_PRIV | PROT_NS, false);
}

/* ---- action table ---------------------------------------------------------------------- */

enum action {
    A_STIM, A_BURST, A_STRING, A_HW, A_HW_BURST, A_TCR, A_TER, A_TPR, A_READ, A_ODD_WRITE,
    A_IDLE, A_STALL, A_SYNC, A_HW_OVF, A_HALTED, A_AUTH, A_TS_TICK, A_ASYNC_IDLE, A_GTS,
    A_GTS_STEP, A_GTS_CLKCH, A_FLUSH, A_WAIT_IDLE, A_RESET, A_FPB_CTRL, A_FPB_COMP, A_FETCH,
    A_DBG, A_FPB_READ, A_FPB_ODD_WRITE, A_TPIU_MODE, A_TPIU_READ, A_TPIU_ODD_WRITE,
    A_DWT_COMP, A_DWT_CTRL, A_DWT_INSTR, A_DWT_ACCESS, A_DWT_EXC, A_DWT_EVT, A_DWT_READ,
    A_DWT_ODD_WRITE, A_DWT_LEVEL, A_ETM_PROG, A_ETM_RUN, A_ETM_MISC, A_BIAS, A_NACTIONS
};

/* Weights in 1/10000; see the header comment of this file for the constraints. */
/* Everything of the generator's state that the weights depend on, in one word: the action
 * weights are a function of this key (and of the configuration, fixed for a run), so they
 * are computed once per key (weights_slot), and the key itself only after a change of one
 * of the fields it is computed from: every assignment to lvl[], tcr, ter[], fp_enable or
 * dctrl (random.c, random_bias.c, random_dwt.c) sets w_stale. */
enum {
    WK_VALID = 1u << 0, WK_ITM_ON = 1u << 1, WK_ANY_TER = 1u << 2, WK_HALTED = 1u << 3,
    WK_AUTH_OFF = 1u << 4, WK_SWOENA = 1u << 5, WK_ASYNC_IDLE = 1u << 6, WK_AUTH_PE = 1u << 7,
    WK_FP_ENABLE = 1u << 8, WK_DWT_FEEDS = 1u << 9,
};

static unsigned weights_key(const struct rgen *g)
{
    bool any_ter = false;
    for (unsigned k = 0; k < n_ter(g); k++)
        any_ter |= g->ter[k] != 0;
    bool auth_off = !g->lvl[SIG_TRCENA] || !g->lvl[SIG_NIDEN] || !g->lvl[SIG_SPNIDEN] ||
                    g->lvl[SIG_PE_SECURE];
    /* Periodic PC samples and cycle events keep the ITM fed on their own: a flush or a
     * wait_idle could then wait for ever behind a slow port ([ITM-FLUSH-1] waits for every
     * buffer to be empty). */
    bool dwt_feeds = g->has_dwt && (g->dctrl & 1u) && (g->dctrl & (1u << 12 | 1u << 22));
    return WK_VALID | ((g->tcr & TCR_ITMENA) ? WK_ITM_ON : 0u) | (any_ter ? WK_ANY_TER : 0u) |
           (g->lvl[SIG_HALTED] ? WK_HALTED : 0u) | (auth_off ? WK_AUTH_OFF : 0u) |
           ((g->tcr & TCR_SWOENA) ? WK_SWOENA : 0u) |
           (g->lvl[SIG_ASYNC_IDLE] ? WK_ASYNC_IDLE : 0u) | (auth_pe(g) ? WK_AUTH_PE : 0u) |
           (g->fp_enable ? WK_FP_ENABLE : 0u) | (dwt_feeds ? WK_DWT_FEEDS : 0u);
}

/* The cycles a wait_idle may take: every buffer on the way full, drained through the slowest
 * port this generator programs. Without a TPIU the ATB sink takes a byte or more per cycle;
 * with one, a SWO character lasts at most 20 cells x (SWOSCALER + 1) cycles
 * (docs/tpiu-contract.md [TPIU-SWO-4]) and the generator writes SWOSCALER < 64 (act_program,
 * act_tpiu_mode, the bias writes; other ACPR writes have a partial strobe and are ignored),
 * so 1280 cycles a byte. What can be buffered: the ETM's FIFO (at most 256 bytes,
 * docs/etm-contract.md section 1), the ITM's and DWT's FIFOs and the TPIU's buffer (well
 * under 128), the formatter's frame overhead (16 bytes per 15) and a sync frame: under 420
 * bytes, 537600 cycles. Found by full, seed 11, 300000 cycles: 100000 cycles were too few
 * for a full ETM FIFO behind Manchester at SWOSCALER 52. */
static uint64_t wait_idle_budget(const struct rgen *g)
{
    return g->has_tpiu ? 600000u : 100000u;
}

/* The weights of the actions for state key k (weights_key) and g's configuration. */
static void weights(const struct rgen *g, unsigned k, unsigned w[A_NACTIONS])
{
    w[A_STIM] = 2500;
    w[A_BURST] = 220;
    w[A_STRING] = 150;
    w[A_HW] = 1100;
    w[A_HW_BURST] = 150;
    w[A_TCR] = (k & WK_ITM_ON) ? 110 : 2500;
    w[A_TER] = (k & WK_ANY_TER) ? 100 : 1500;
    w[A_TPR] = 50;
    w[A_READ] = 600;
    w[A_ODD_WRITE] = 100;
    w[A_IDLE] = 800;
    w[A_STALL] = 450;
    w[A_SYNC] = 150;
    w[A_HW_OVF] = 80;
    w[A_HALTED] = (k & WK_HALTED) ? 400 : 60;
    w[A_AUTH] = (k & WK_AUTH_OFF) ? 500 : 80;
    w[A_TS_TICK] = (k & WK_SWOENA) ? 900 : 120;
    w[A_ASYNC_IDLE] = (k & WK_ASYNC_IDLE) ? 300 : 50;
    w[A_GTS] = 90;
    w[A_GTS_STEP] = 35;
    w[A_GTS_CLKCH] = 60;
    w[A_FLUSH] = 70;
    w[A_WAIT_IDLE] = (k & WK_AUTH_PE) ? 40 : 0;
    w[A_RESET] = 2;
    w[A_FPB_CTRL] = (k & WK_FP_ENABLE) ? 30 : 300;
    w[A_FPB_COMP] = 120;
    w[A_FETCH] = 900;
    w[A_DBG] = 150;
    w[A_FPB_READ] = 80;
    w[A_FPB_ODD_WRITE] = 25;
    w[A_TPIU_MODE] = g->has_tpiu ? 60 : 0;
    w[A_TPIU_READ] = g->has_tpiu ? 40 : 0;
    w[A_TPIU_ODD_WRITE] = g->has_tpiu ? 8 : 0;
    bool d = g->has_dwt;
    if (d) /* the DWT owns the hardware-source port */
        w[A_HW] = w[A_HW_BURST] = w[A_HW_OVF] = 0;
    if (k & WK_DWT_FEEDS) /* see weights_key */
        w[A_FLUSH] = w[A_WAIT_IDLE] = 0;
    w[A_DWT_COMP] = d ? 200 : 0;
    w[A_DWT_CTRL] = d ? 90 : 0;
    w[A_DWT_INSTR] = d ? 900 : 0;
    w[A_DWT_ACCESS] = d ? 1100 : 0;
    w[A_DWT_EXC] = d ? 150 : 0;
    w[A_DWT_EVT] = d ? 120 : 0;
    w[A_DWT_READ] = d ? 180 : 0;
    w[A_DWT_ODD_WRITE] = d ? 15 : 0;
    w[A_DWT_LEVEL] = d ? 80 : 0;
    w[A_ETM_PROG] = g->has_etm ? 30 : 0;
    w[A_ETM_RUN] = g->has_etm ? 2000 : 0;
    w[A_ETM_MISC] = g->has_etm ? 60 : 0;
    /* Biased stimulus (random_bias.c): none for the ITM-only generator, whose events the
     * conformance vectors are made of (A_BIAS is last, so its weight 0 changes nothing). */
    w[A_BIAS] = g->itm_only ? 0 : 600;
    if (g->itm_only)
        w[A_FPB_CTRL] = w[A_FPB_COMP] = w[A_FETCH] = w[A_DBG] = w[A_FPB_READ] =
            w[A_FPB_ODD_WRITE] = 0;
}

_Static_assert(RGEN_NW >= A_NACTIONS, "random.h: RGEN_NW holds every action's weight");
_Static_assert(WK_DWT_FEEDS * 2u <= RGEN_WKEYS && RGEN_WSLOTS < 256, "random.h: w_map");

/* The slot of key k's weights: the one computed when k was last seen, or a new one (once all
 * are taken, every key's slot is forgotten first). */
static unsigned weights_slot(struct rgen *g, unsigned k)
{
    if (g->w_map[k])
        return g->w_map[k] - 1u;
    if (g->w_used == RGEN_WSLOTS) {
        memset(g->w_map, 0, sizeof g->w_map);
        g->w_used = 0;
    }
    unsigned i = g->w_used++;
    g->w_map[k] = (uint8_t)(i + 1u);
    struct rgen_wslot *s = &g->wslot[i];
    unsigned w[RGEN_NW] = {0};
    weights(g, k, w);
    unsigned t = 0;
    for (unsigned a = 0; a < RGEN_NW; a++)
        s->cum[a] = t += w[a];
    s->total = t;
    /* first[j]: the action of draw j << sh, the first a with cum[a] > j << sh */
    unsigned sh = 0;
    while (((t - 1) >> sh) >= RGEN_WIDX)
        sh++;
    s->sh = sh;
    unsigned a = 0;
    for (unsigned j = 0; j < RGEN_WIDX; j++) {
        while (a < RGEN_NW - 1 && s->cum[a] <= (j << sh))
            a++;
        s->first[j] = (uint8_t)a;
    }
    return i;
}

/* (inlined in refill, its only caller) */
static inline __attribute__((always_inline)) void action(struct rgen *g)
{
    if (g->w_stale) { /* the state may have another key: its weights */
        g->w_stale = false;
        g->w_key = weights_key(g);
        g->w_cur = weights_slot(g, g->w_key);
    }
#ifdef RGEN_CHECK_WEIGHTS /* tests/tb_asan.sh: a key field changed without setting w_stale */
    if (g->w_key != weights_key(g)) {
        fprintf(stderr, "random.c: the action weights are stale (a field of weights_key "
                        "changed without w_stale)\n");
        abort();
    }
#endif
    /* the action: the first a with w[0] + ... + w[a] > r (a weight-0 action never). From the
     * first action of r's group on: every action before it has a sum <= the group's first
     * draw <= r. */
    const struct rgen_wslot *ws = &g->wslot[g->w_cur];
    unsigned r = below(g, ws->total);
    unsigned a = ws->first[r >> ws->sh];
    while (ws->cum[a] <= r)
        a++;
    switch ((enum action)a) {
    case A_STIM: act_stim_write(g); break;
    case A_BURST: act_burst(g); break;
    case A_STRING: act_string(g); break;
    case A_HW: act_hw(g, false); break;
    case A_HW_BURST: act_hw_burst(g, false); break;
    case A_TCR: act_tcr(g); break;
    case A_TER: act_ter(g); break;
    case A_TPR: act_tpr(g); break;
    case A_READ: act_read(g); break;
    case A_ODD_WRITE: act_odd_write(g); break;
    case A_IDLE: act_idle(g); break;
    case A_STALL: act_stall(g); break;
    case A_SYNC: act_sync(g); break;
    case A_HW_OVF: emit_pulse(g, SIG_HW_OVF, 1, pct(g, 50)); break;
    case A_HALTED: act_level_toggle(g, SIG_HALTED); break;
    case A_AUTH: act_auth(g); break;
    case A_TS_TICK: act_ts_tick(g); break;
    case A_ASYNC_IDLE: act_level_toggle(g, SIG_ASYNC_IDLE); break;
    case A_GTS: act_gts(g); break;
    case A_GTS_STEP: act_gts_step(g); break;
    case A_GTS_CLKCH: emit_pulse(g, SIG_GTS_CLKCH, 1, pct(g, 50)); break;
    case A_FLUSH: emit(g, EV_FLUSH); break;
    case A_WAIT_IDLE: emit(g, EV_WAIT_IDLE)->count = wait_idle_budget(g); break;
    case A_RESET:
        act_reset(g);
        act_program(g);
        break;
    case A_FPB_CTRL: act_fpb_ctrl(g); break;
    case A_FPB_COMP: act_fpb_comp(g); break;
    case A_FETCH: act_fetch(g); break;
    case A_DBG: act_dbg(g); break;
    case A_FPB_READ: act_fpb_read(g); break;
    case A_FPB_ODD_WRITE: act_fpb_odd_write(g); break;
    case A_TPIU_MODE: act_tpiu_mode(g); break;
    case A_TPIU_READ: act_tpiu_read(g); break;
    case A_TPIU_ODD_WRITE: act_tpiu_odd_write(g); break;
    case A_DWT_COMP: rgen_dwt_comp(g); break;
    case A_DWT_CTRL: rgen_dwt_ctrl(g); break;
    case A_DWT_INSTR: rgen_dwt_instr(g); break;
    case A_DWT_ACCESS: rgen_dwt_access(g); break;
    case A_DWT_EXC: rgen_dwt_exc(g); break;
    case A_DWT_EVT: rgen_dwt_evt(g); break;
    case A_DWT_READ: rgen_dwt_read(g); break;
    case A_DWT_ODD_WRITE: rgen_dwt_odd_write(g); break;
    case A_DWT_LEVEL: rgen_dwt_level(g); break;
    case A_ETM_PROG: rgen_etm_program(g); break;
    case A_ETM_RUN: rgen_etm_run(g); break;
    case A_ETM_MISC: rgen_etm_misc(g); break;
    case A_BIAS: rgen_bias(g); break;
    default: break;
    }
    g->actions++;
}

/* The largest action (a stall holding bursts) stays well below this. */
#define RGEN_ACTION_MAX 160u

/* out of line: rgen_next's common path (an event from the buffer) then saves no registers */
__attribute__((noinline)) static void refill(struct rgen *g)
{
    g->half ^= 1u; /* the other half: the events of the chunk just taken stay */
    struct event *b = g->buf[g->half];
    g->wp = b;
    if (g->actions == 0) {
        act_program(g);
        g->actions++;
    }
    while (g->wp <= b + (RGEN_CHUNK - RGEN_ACTION_MAX))
        action(g);
    g->n = (unsigned)(g->wp - b);
    g->pos = 0;
    g->chunk = b;
}

void rgen_init(struct rgen *g, uint64_t seed, const struct sys_cfg *cfg)
{
    memset(g, 0, sizeof *g);
    g->seed = seed;
    g->cfg = cfg->itm;
    g->fcfg = cfg->fpb;
    g->has_tpiu = cfg->has_tpiu;
    g->tcfg = cfg->tpiu;
    g->has_dwt = cfg->has_dwt;
    g->dcfg = cfg->dwt;
    g->has_etm = cfg->has_etm;
    g->has_stall = cfg->has_etm && cfg->etm.has_stall;
    g->etm_acpairs = cfg->has_etm ? cfg->etm.num_ac_pairs : 0u;
    g->etm_qsupp = cfg->has_etm && cfg->etm.q_supp;
    g->etm_max_spec = cfg->etm.max_spec;
    rgen_rewind(g);
}

void rgen_init_itm(struct rgen *g, uint64_t seed, const struct itm_cfg *cfg)
{
    memset(g, 0, sizeof *g);
    g->seed = seed;
    g->cfg = *cfg;
    g->itm_only = true;
    rgen_rewind(g);
}

void rgen_rewind(void *ctx)
{
    struct rgen *g = ctx;
    uint64_t seed = g->seed;
    struct itm_cfg cfg = g->cfg;
    struct fpb_cfg fcfg = g->fcfg;
    bool itm_only = g->itm_only, has_tpiu = g->has_tpiu, has_dwt = g->has_dwt;
    bool has_etm = g->has_etm, has_stall = g->has_stall;
    unsigned etm_acpairs = g->etm_acpairs;
    bool etm_qsupp = g->etm_qsupp;
    unsigned etm_max_spec = g->etm_max_spec;
    struct tpiu_cfg tcfg = g->tcfg;
    struct dwt_cfg dcfg = g->dcfg;
    memset(g, 0, sizeof *g);
    g->seed = seed;
    g->cfg = cfg;
    g->fcfg = fcfg;
    g->itm_only = itm_only;
    g->has_tpiu = has_tpiu;
    g->tcfg = tcfg;
    g->has_dwt = has_dwt;
    g->dcfg = dcfg;
    g->has_etm = has_etm;
    g->has_stall = has_stall;
    g->etm_acpairs = etm_acpairs;
    g->etm_qsupp = etm_qsupp;
    g->etm_max_spec = etm_max_spec;
    g->sppr = 1; /* reset: Manchester */
    g->w_stale = true; /* no weights yet */
    rgen_prng_seed(&g->prng, seed);
    levels_default(g);
    unsigned np = cfg.num_stim_ports;
    /* favourites: port 0, one more in page 0 and two anywhere (other pages if present) */
    g->fav[0] = 0;
    g->fav[1] = below(g, np < 32 ? np : 32);
    g->fav[2] = below(g, np);
    g->fav[3] = np > 32 ? range(g, 32, np - 1) : below(g, np);
    /* breakpoints: a flash-like address, one in SRAM, the top halfword (wraps) and one more */
    g->bp[0] = 0x00000100u + 2 * below(g, 64);
    g->bp[1] = 0x20000000u + 2 * below(g, 1u << 12);
    g->bp[2] = 0xFFFFFFFEu;
    g->bp[3] = (uint32_t)rnd(g) & ~1u;
    if (has_etm) /* its own PRNG: the other actions' draws are those of before the ETM */
        rgen_etm_reset(g);
    if (!has_dwt)
        return; /* the same events as before the DWT existed */
    /* DWT: code, SRAM and peripheral-like addresses, and values with repeated bytes */
    g->difav[0] = 0x08000100u + 2 * below(g, 256);
    g->difav[1] = 0x08004000u + 2 * below(g, 256);
    g->difav[2] = 0x00000200u + 2 * below(g, 64);
    g->difav[3] = (uint32_t)rnd(g) & ~1u;
    g->ddfav[0] = 0x20000000u + 4 * below(g, 256);
    g->ddfav[1] = 0x20001000u + 4 * below(g, 256);
    g->ddfav[2] = 0x40000000u + 4 * below(g, 64);
    g->ddfav[3] = (uint32_t)rnd(g) & ~3u;
    g->ddval[0] = 0;
    g->ddval[1] = (uint32_t)rnd(g);
    g->ddval[2] = 0xA5A5A5A5u;
    g->ddval[3] = (uint32_t)rnd(g) & 0x00FF00FFu;
}

const struct event *rgen_next(void *ctx)
{
    struct rgen *g = ctx;
    if (g->pos >= g->n)
        refill(g);
    return &g->chunk[g->pos++];
}
