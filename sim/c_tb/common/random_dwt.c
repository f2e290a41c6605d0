/* SPDX-License-Identifier: Apache-2.0 */
/* The random generator's DWT actions (register map and rules: docs/dwt-contract.md). It
 * programs comparators mostly as valid rows of the MATCH/ACTION tables (§8), single or as
 * linked pairs, sometimes as reserved combinations, around a few favourite instruction and
 * data addresses and data values, and then produces processor activity on those addresses
 * and values so that the comparators hit. */
#include "random_int.h"

#define DWT_BASE 0x1000u
#define DWT_CTRL (DWT_BASE + 0x000u)
#define DWT_CYCCNT (DWT_BASE + 0x004u)
#define DWT_CNT(k) (DWT_BASE + 0x008u + 4u * (k)) /* CPI, EXC, SLEEP, LSU, FOLD */
#define DWT_PCSR (DWT_BASE + 0x01Cu)
#define DWT_COMP(n) (DWT_BASE + 0x020u + 16u * (n))
#define DWT_FUNC(n) (DWT_BASE + 0x028u + 16u * (n))
#define DWT_VMASK(n) (DWT_BASE + 0x02Cu + 16u * (n))

/* MATCH encodings (§4.2). */
enum { M_DIS = 0, M_CYC = 1, M_IA = 2, M_IAL = 3, M_DA = 4, M_DAL = 7, M_DV = 8, M_LDV = 11,
       M_DAWV = 12 };

static uint32_t func(unsigned match, unsigned action, unsigned dvsize)
{
    return (match & 0xFu) | (action & 3u) << 4 | (dvsize & 3u) << 10;
}

/* DWT_FUNCTIONn.ID ([DWT-ID-1]): bit 0 CYC, 1 IA, 2 DV, 3 DA, 4 linking; data value
 * matching only together with linking (odd comparators with the Main Extension). */
static unsigned comp_id(const struct dwt_cfg *c, unsigned n)
{
    bool odd = (n & 1u) != 0;
    return (c->cyccnt && n == 0 ? 1u : 0u) | 2u | (c->main_ext && odd ? 4u : 0u) | 8u |
           (odd ? 16u : 0u);
}

/* Replicates the low size bytes of v over 32 bits. */
static uint32_t replicate(uint32_t v, unsigned size_log2)
{
    if (size_log2 == 0)
        return (v & 0xFFu) * 0x01010101u;
    if (size_log2 == 1)
        return (v & 0xFFFFu) * 0x00010001u;
    return v;
}

void rgen_dwt_reset(struct rgen *g)
{
    g->dctrl = 0;
    g->w_stale = true;
}

static uint32_t ifav(struct rgen *g)
{
    return g->difav[rgen_below(g, 4)];
}

static uint32_t dfav(struct rgen *g)
{
    return g->ddfav[rgen_below(g, 4)];
}

/* A valid row of the single-comparator table (§8.3) for comparator n, or sometimes a
 * random (possibly reserved) combination. */
void rgen_dwt_single(struct rgen *g, unsigned n)
{
    const struct dwt_cfg *c = &g->dcfg;
    bool m = c->main_ext;
    unsigned dv = rgen_below(g, 3), match, action;
    uint32_t comp;
    unsigned r = rgen_below(g, 100);
    if (r < 8 && n == 0 && c->cyccnt) {
        match = M_CYC;
        action = rgen_below(g, 4);
        comp = (uint32_t)rgen_range(g, 0, 3000); /* reached soon after a CYCCNT write */
    } else if (r < 35) {
        match = M_IA;
        action = rgen_below(g, m ? 3 : 2);
        comp = ifav(g) + 2 * rgen_below(g, 4);
    } else if (r < 65 || !m) {
        match = M_DA + rgen_below(g, 3);
        action = rgen_below(g, m ? 4 : 2);
        comp = dfav(g) + rgen_below(g, 8);
        comp &= ~((1u << dv) - 1);
    } else if (r < 82 && (comp_id(c, n) & 4u)) { /* DV where ID bit 2 says so [DWT-ID-2] */
        match = M_DV + rgen_below(g, 3);
        action = rgen_below(g, 3);
        comp = replicate(g->ddval[rgen_below(g, 4)], dv);
    } else if (n < 4) { /* DAwV: comparators 0..3 with Main ([DWT-ID-1]) */
        match = M_DAWV + rgen_below(g, 3);
        action = 2 + rgen_below(g, 2);
        comp = (dfav(g) + rgen_below(g, 8)) & ~((1u << dv) - 1);
    } else { /* no DV or DAwV on this comparator: a data address row */
        match = M_DA + rgen_below(g, 3);
        action = rgen_below(g, 4);
        comp = (dfav(g) + rgen_below(g, 8)) & ~((1u << dv) - 1);
    }
    if (rgen_pct(g, 8)) { /* anything: reserved rows, DATAVSIZE 11, unsupported MATCH */
        match = rgen_below(g, 16);
        action = rgen_below(g, 4);
        dv = rgen_below(g, 4);
    }
    rgen_emit_write(g, DWT_COMP(n), comp);
    if (c->vmask && (match & 0xCu) == 0x8u && rgen_pct(g, 30)) {
        uint32_t mask = replicate(rgen_pct(g, 50) ? 0xFFu : (uint32_t)rgen_rnd(g), dv);
        rgen_emit_write(g, DWT_VMASK(n), mask);
        g->ddval[rgen_below(g, 4)] = comp & ~mask; /* values with the masked bits 0 */
    }
    rgen_emit_write(g, DWT_FUNC(n), func(match, action, dv));
}

/* A linked pair (n-1, n), n odd: instruction range, data range or linked data value. */
void rgen_dwt_pair(struct rgen *g, unsigned n)
{
    const struct dwt_cfg *c = &g->dcfg;
    bool m = c->main_ext;
    unsigned kind = rgen_below(g, m ? 3 : 2);
    unsigned m1, m2, a1, a2, dv = 0;
    uint32_t c1, c2;
    if (kind == 0) { /* IR: (00,00) (01,00), and with Main (00,11) (10,00) */
        static const unsigned rows[4][2] = {{0, 0}, {1, 0}, {0, 3}, {2, 0}};
        unsigned k = rgen_below(g, m ? 4 : 2);
        m1 = M_IA;
        m2 = M_IAL;
        a1 = rows[k][0];
        a2 = rows[k][1];
        c1 = ifav(g);
        c2 = c1 + 2 * rgen_range(g, 0, 24);
    } else if (kind == 1) { /* DR */
        static const unsigned rows[6][2] = {{0, 0}, {0, 3}, {1, 0}, {2, 0}, {3, 0}, {3, 3}};
        bool wv = m && rgen_pct(g, 35);
        m1 = (wv ? M_DAWV : M_DA) + rgen_below(g, 3);
        m2 = M_DAL;
        unsigned k = rgen_below(g, m ? 6 : 3);
        a1 = rows[k][0];
        a2 = rows[k][1];
        if (wv) {
            a1 = 2 + rgen_below(g, 2);
            a2 = rgen_pct(g, 50) ? 0 : 3;
        }
        c1 = dfav(g) + rgen_below(g, 8);
        c2 = c1 + rgen_range(g, 0, 40);
        if (rgen_pct(g, 5))
            c2 = c1 - 1; /* empty range */
    } else { /* LV */
        bool wv = rgen_pct(g, 35);
        m1 = (wv ? M_DAWV : M_DA) + rgen_below(g, 3);
        m2 = M_LDV;
        a1 = wv ? 2 + rgen_below(g, 2) : rgen_below(g, 4);
        a2 = rgen_below(g, 3);
        if (a1 == 1 && a2 == 1)
            a2 = 0;
        if (a1 == 2 && a2 == 2)
            a2 = 1;
        dv = rgen_below(g, 3);
        c1 = dfav(g) & ~((1u << dv) - 1);
        c2 = replicate(g->ddval[rgen_below(g, 4)], dv);
    }
    if (rgen_pct(g, 8)) { /* reserved pairs */
        a1 = rgen_below(g, 4);
        a2 = rgen_below(g, 4);
    }
    unsigned dv1 = kind == 2 ? dv : 0, dv2 = dv1;
    if (rgen_pct(g, 5)) { /* DATAVSIZE != 00 on a range, 11, or unequal on a linked pair */
        dv1 = rgen_below(g, 4);
        dv2 = rgen_below(g, 4);
    }
    if (rgen_pct(g, 4))
        m1 = M_DIS; /* the "0b0000 ... 0bxx 0bxx" row */
    rgen_emit_write(g, DWT_COMP(n - 1), c1);
    rgen_emit_write(g, DWT_COMP(n), c2);
    if (c->vmask && m2 == M_LDV && rgen_pct(g, 20))
        rgen_emit_write(g, DWT_VMASK(n), replicate(0x0Fu, dv));
    rgen_emit_write(g, DWT_FUNC(n - 1), func(m1, a1, dv1));
    rgen_emit_write(g, DWT_FUNC(n), func(m2, a2, dv2));
}

void rgen_dwt_comp(struct rgen *g)
{
    unsigned nc = g->dcfg.num_comp;
    if (nc == 0 || rgen_pct(g, 3)) { /* unimplemented comparator: RAZ/WI */
        unsigned n = rgen_range(g, nc, 15);
        rgen_emit_write(g, DWT_COMP(n), (uint32_t)rgen_rnd(g));
        rgen_emit_write(g, DWT_FUNC(n), (uint32_t)rgen_rnd(g));
        return;
    }
    /* data trace packets come only from comparators 0..3: prefer them */
    unsigned lim = nc > 4 && rgen_pct(g, 70) ? 4 : nc;
    unsigned n = rgen_below(g, lim);
    if (rgen_pct(g, 10))
        rgen_emit_write(g, DWT_FUNC(n), 0); /* disable */
    else if (n >= 1 && (n & 1u) && rgen_pct(g, 55))
        rgen_dwt_pair(g, n);
    else if (n + 1 < nc && !(n & 1u) && rgen_pct(g, 45))
        rgen_dwt_pair(g, n + 1);
    else
        rgen_dwt_single(g, n);
}

/* DWT_CTRL with random fields (the read-only ones are ignored on write). */
void rgen_dwt_ctrl(struct rgen *g)
{
    unsigned r = rgen_below(g, 100);
    if (r < 55) {
        uint32_t v = (rgen_pct(g, 85) ? 1u : 0u) |                      /* CYCCNTENA */
                     rgen_below(g, 16) << 1 |                           /* POSTPRESET */
                     rgen_below(g, 16) << 5 |                           /* POSTINIT */
                     (rgen_pct(g, 20) ? 1u << 9 : 0) |                  /* CYCTAP */
                     (rgen_pct(g, 10) ? rgen_range(g, 1, 3) << 10 : 0) | /* SYNCTAP */
                     (rgen_pct(g, 40) ? 1u << 12 : 0) |                 /* PCSAMPLENA */
                     (rgen_pct(g, 60) ? 1u << 16 : 0) |                 /* EXCTRCENA */
                     (uint32_t)rgen_below(g, 32) << 17 |                /* event enables */
                     (rgen_pct(g, 30) ? 1u << 22 : 0) |                 /* CYCEVTENA */
                     (rgen_pct(g, 15) ? 1u << 23 : 0);                  /* CYCDISS */
        if (rgen_pct(g, 10))
            v |= (uint32_t)rgen_rnd(g) & 0xFF00E000u; /* RAZ and read-only bits */
        rgen_emit_write(g, DWT_CTRL, v);
        g->dctrl = v;
        g->w_stale = true;
    } else if (r < 75) { /* CYCCNT: near a POSTCNT tap, a SYNCTAP bit, a wrap or COMP0 */
        static const uint32_t near[] = {0x00000030u, 0x000003F0u, 0x00FFFFC0u, 0x03FFFFC0u,
                                        0x0FFFFFC0u, 0xFFFFFFC0u, 0x00000000u};
        uint32_t v = near[rgen_below(g, sizeof near / sizeof near[0])] + rgen_below(g, 48);
        rgen_emit_write(g, DWT_CYCCNT, v);
    } else { /* an event counter close to its wrap */
        uint32_t v = rgen_pct(g, 70) ? rgen_range(g, 0xF0, 0xFF) : (uint32_t)rgen_rnd(g);
        rgen_emit_write(g, DWT_CNT(rgen_below(g, 5)), v);
    }
}

static unsigned attr(struct rgen *g)
{
    return (rgen_pct(g, 25) ? OP_SECURE : 0) | (rgen_pct(g, 80) ? OP_PRIV : 0);
}

void rgen_dwt_instr(struct rgen *g)
{
    struct event *e = rgen_emit(g, EV_INSTR);
    e->addr = rgen_pct(g, 85) ? ifav(g) - 2 * rgen_below(g, 4) : (uint32_t)rgen_rnd(g) & ~1u;
    e->count = rgen_pct(g, 50) ? 1 : rgen_range(g, 2, 30);
    e->mask = rgen_pct(g, 80) ? 2u : rgen_pct(g, 50) ? 4u : (uint32_t)-2;
    e->val = attr(g);
}

void rgen_dwt_access(struct rgen *g)
{
    unsigned n = rgen_pct(g, 70) ? 1 : rgen_range(g, 2, 6);
    for (unsigned i = 0; i < n; i++) {
        struct event *e = rgen_emit(g, EV_ACCESS);
        unsigned sz = rgen_below(g, 3);
        uint32_t a = rgen_pct(g, 90) ? dfav(g) + rgen_below(g, 12) - 2 : (uint32_t)rgen_rnd(g);
        e->addr = rgen_pct(g, 90) ? a & ~((1u << sz) - 1) : a; /* low bits are ignored */
        e->data = rgen_pct(g, 60) ? replicate(g->ddval[rgen_below(g, 4)], sz)
                                  : (uint32_t)rgen_rnd(g);
        e->mask = rgen_pct(g, 90) ? ifav(g) : (uint32_t)rgen_rnd(g); /* the PC */
        e->val = sz | (rgen_pct(g, 50) ? OP_WRITE : 0) | attr(g) |
                 (rgen_pct(g, 4) ? OP_FAULT : 0) | (rgen_pct(g, 5) ? OP_LAZYFP : 0);
        if (rgen_pct(g, 20)) {
            e->val |= OP_INSTR;
            e->cycle = ifav(g);
        }
    }
}

void rgen_dwt_exc(struct rgen *g)
{
    unsigned n = rgen_pct(g, 60) ? 1 : rgen_range(g, 2, 4);
    for (unsigned i = 0; i < n; i++) {
        struct event *e = rgen_emit(g, EV_EXC);
        e->val = rgen_range(g, 1, 3) | (rgen_pct(g, 25) ? OP_SECURE : 0);
        e->data = rgen_pct(g, 70) ? rgen_below(g, 48) : rgen_below(g, 512);
    }
}

void rgen_dwt_evt(struct rgen *g)
{
    struct event *e = rgen_emit(g, EV_EVT);
    e->val = rgen_range(g, 1, 31);
    e->count = rgen_pct(g, 60) ? rgen_range(g, 1, 8) : rgen_range(g, 9, 300);
}

void rgen_dwt_read(struct rgen *g)
{
    const struct dwt_cfg *c = &g->dcfg;
    unsigned nc = c->num_comp;
    unsigned r = rgen_below(g, 100);
    if (r < 30 && nc) { /* FUNCTIONn: clears MATCHED; the ID field is constant */
        unsigned n = rgen_below(g, nc);
        rgen_emit_read(g, DWT_FUNC(n), true, comp_id(c, n) << 27, 0xF8000000u);
    } else if (r < 40) { /* DWT_CTRL: NUMCOMP and the NO* bits (§4.1) */
        uint32_t v = nc << 28 | (c->trace ? 0 : 1u << 27) | (c->exttrig ? 0 : 1u << 26) |
                     (c->cyccnt ? 0 : 1u << 25) | (c->prfcnt ? 0 : 1u << 24);
        rgen_emit_read(g, DWT_CTRL, true, v, 0xFF00E000u);
    } else if (r < 55) {
        static const uint32_t regs[] = {DWT_CYCCNT, DWT_CNT(0), DWT_CNT(1), DWT_CNT(2),
                                        DWT_CNT(3), DWT_CNT(4), DWT_PCSR};
        rgen_emit_read(g, regs[rgen_below(g, 7)], false, 0, 0);
    } else if (r < 70 && nc) {
        unsigned n = rgen_below(g, nc);
        rgen_emit_read(g, rgen_pct(g, 50) ? DWT_COMP(n) : DWT_VMASK(n), false, 0, 0);
    } else if (r < 90) { /* identification (§4) */
        static const struct id_reg ids[] = {
            {0xFCC, 0x00}, {0xFD0, 0x04}, {0xFD4, 0x00}, {0xFE0, 0x21}, {0xFE4, 0xBD}, {0xFE8, 0x0B},
            {0xFEC, 0x00}, {0xFF0, 0x0D}, {0xFF4, 0x90}, {0xFF8, 0x05}, {0xFFC, 0xB1}};
        if (rgen_pct(g, 25))
            rgen_emit_read(g, DWT_BASE + 0xFBC, true, c->vmask ? 0x47711A02u : 0x47701A02u,
                           0xFFFFFFFFu);
        else {
            const struct id_reg *id = &ids[rgen_below(g, sizeof ids / sizeof ids[0])];
            rgen_emit_read(g, DWT_BASE + id->addr, true, id->value, 0xFFFFFFFFu);
        }
    } else { /* unimplemented comparators and the reserved MASK slot: RAZ */
        unsigned n = rgen_range(g, nc, 15);
        rgen_emit_read(g, rgen_pct(g, 50) ? DWT_COMP(n) : DWT_BASE + 0x024u + 16u * rgen_below(g, 15),
                       true, 0, 0xFFFFFFFFu);
    }
}

void rgen_dwt_odd_write(struct rgen *g)
{
    static const uint32_t regs[] = {DWT_CTRL, DWT_CYCCNT, DWT_COMP(0), DWT_FUNC(0), DWT_VMASK(1),
                                    DWT_PCSR, DWT_BASE + 0xFBC, DWT_CNT(2)};
    uint32_t a = regs[rgen_below(g, 8)];
    if (rgen_pct(g, 70)) /* strobes other than 0xF: PSLVERR, no effect */
        rgen_emit_write_strb(g, a, (uint32_t)rgen_rnd(g), (uint8_t)rgen_below(g, 15));
    else if (a == DWT_PCSR || a == DWT_BASE + 0xFBC) /* read-only: ignored */
        rgen_emit_write(g, a, (uint32_t)rgen_rnd(g));
}

void rgen_dwt_level(struct rgen *g)
{
    static const enum ev_sig sigs[] = {SIG_PE_PRIV, SIG_SLEEPING, SIG_NIDEN_P, SIG_SPNIDEN_P,
                                       SIG_MONRDY};
    enum ev_sig s = sigs[rgen_below(g, 5)];
    bool dflt = s == SIG_PE_PRIV || s == SIG_NIDEN_P || s == SIG_SPNIDEN_P;
    bool v = g->lvl[s] != dflt ? dflt : !g->lvl[s];
    if (g->lvl[s] == dflt && (s == SIG_NIDEN_P || s == SIG_SPNIDEN_P) && rgen_pct(g, 50))
        return; /* keep authentication mostly on */
    rgen_emit_set(g, s, v);
}

/* Start of a run and after a reset: trace on, a few comparators programmed. */
void rgen_dwt_program(struct rgen *g)
{
    uint32_t ctrl = 1u | 1u << 16 | (rgen_pct(g, 50) ? 1u << 12 : 0) | rgen_below(g, 16) << 1;
    rgen_emit_write(g, DWT_CTRL, ctrl);
    g->dctrl = ctrl;
    g->w_stale = true;
    unsigned n = rgen_range(g, 1, 4);
    for (unsigned i = 0; i < n; i++)
        rgen_dwt_comp(g);
}
