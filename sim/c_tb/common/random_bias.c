/* SPDX-License-Identifier: Apache-2.0 */
/* The random generator's biased actions (issue #20): stimulus that uniform choices almost
 * never produce, aimed at the fault classes of tests/mutants.txt "fresh batch". One action
 * (A_BIAS in random.c) picks a class; the mix and what each class does are in
 * docs/coverage.md "Biased stimulus". Lists of values (tap bits, compare bits, reserved
 * values, address bits) are walked round robin (struct rgen bias_*), so a run visits every
 * entry in turn; the starting choices are random, so the seed still decides the events. */
#include "random_int.h"
#include "random_map.h"

#define ITM_STIM(n) (0x000u + 4u * (n))
#define ITM_TCR 0xE80u
#define DWT_CTRL 0x1000u
#define DWT_CYCCNT 0x1004u
#define DWT_CNT(k) (0x1008u + 4u * (k))
#define DWT_COMP(n) (0x1020u + 16u * (n))
#define DWT_FUNC(n) (0x1028u + 16u * (n))
#define FP_CTRL 0x2000u
#define FP_COMP(n) (0x2008u + 4u * (n))
#define TPIU_CSPSR 0x40004u
#define TPIU_ACPR 0x40010u
#define TPIU_SPPR 0x400F0u
#define TPIU_FFCR 0x40304u
#define TPIU_PSCR 0x40308u

/* MATCH values (docs/dwt-contract.md section 4.2). */
enum { M_CYC = 1, M_IA = 2, M_IAL = 3, M_DA = 4, M_DAL = 7, M_DV = 8, M_LDV = 11, M_DAWV = 12 };

static void idle(struct rgen *g, uint64_t n)
{
    rgen_emit(g, EV_IDLE)->count = n;
}

static unsigned next(unsigned *step, unsigned n)
{
    return (*step)++ % n;
}

static void dwt_ctrl_write(struct rgen *g, uint32_t v)
{
    rgen_emit_write(g, DWT_CTRL, v);
    g->dctrl = v;
    g->w_stale = true;
}

/* DWT_CTRL as last written with CYCCNTENA on and CYCDISS off: the counter counts. */
static uint32_t ctrl_counting(const struct rgen *g)
{
    return (g->dctrl | 1u) & ~(1u << 23);
}

static void instr(struct rgen *g, uint32_t a, unsigned n)
{
    struct event *e = rgen_emit(g, EV_INSTR);
    e->addr = a;
    e->count = n;
    e->mask = 2;
    e->val = OP_PRIV;
}

static void op_access(struct rgen *g, uint32_t a, uint32_t data, unsigned sz, bool wr)
{
    struct event *e = rgen_emit(g, EV_ACCESS);
    e->addr = a & ~((1u << sz) - 1);
    e->data = data;
    e->mask = g->difav[0];
    e->val = sz | (wr ? OP_WRITE : 0) | OP_PRIV;
}

/* ---- counter starts just below a bit crossing ------------------------------------------- */

/* v with bit b about to turn on: random bits above b, then 2^b - k (b = 32: the wrap). */
static uint32_t below_crossing(struct rgen *g, unsigned b, uint32_t k)
{
    if (b >= 32)
        return 0u - k;
    uint32_t hi = (uint32_t)rgen_rnd(g) & ~((2u << b) - 1u);
    return hi | ((1u << b) - k);
}

/* CYCCNT: the POSTCNT taps (bits 6, 10), the SYNCTAP bits (24, 26, 28), each with its
 * neighbours (a tap one bit off fires on the neighbour alone), and the wrap
 * ([DWT-POST-*], [DWT-SYNC-1], [DWT-CYC-*]). */
static void taps_cyccnt(struct rgen *g)
{
    static const unsigned bits[] = {5, 6, 7, 9, 10, 11, 23, 24, 25, 26, 27, 28, 29, 32};
    unsigned b = bits[next(&g->bias_tap, sizeof bits / sizeof bits[0])];
    unsigned synctap = b >= 23 && b <= 25   ? 1
                       : b >= 26 && b <= 27 ? 2
                       : b >= 28 && b <= 29 ? 3
                                            : rgen_below(g, 4);
    unsigned cyctap = b <= 7 ? 0 : b <= 11 ? 1 : rgen_below(g, 2);
    uint32_t ctrl = (ctrl_counting(g) & ~(3u << 10 | 1u << 9 | 0xFFu << 1)) | synctap << 10 |
                    cyctap << 9 | rgen_below(g, 3) << 5 | rgen_below(g, 3) << 1 |
                    (rgen_pct(g, 50) ? 1u << 22 : 0);
    dwt_ctrl_write(g, ctrl);
    uint32_t k = rgen_range(g, 1, 24);
    rgen_emit_write(g, DWT_CYCCNT, below_crossing(g, b, k));
    idle(g, k + rgen_range(g, 1, 6));
}

/* An event counter about to wrap 0xFF -> 0x00 ([DWT-CNT-1], [DWT-CNT-5]). */
static void taps_evcnt(struct rgen *g)
{
    unsigned k = rgen_below(g, 5), j = rgen_range(g, 1, 3);
    dwt_ctrl_write(g, g->dctrl | 1u << (17 + k));
    rgen_emit_write(g, DWT_CNT(k), 0x100u - j);
    struct event *e = rgen_emit(g, EV_EVT);
    e->val = 1u << k;
    e->count = j + rgen_below(g, 3);
}

/* The global timestamp just below the GTSFREQ bits (7, 13), the GTS2 boundary (26), each
 * with its neighbours, and the top of GtsWidth ([ITM-GTS-2]). */
static void taps_gts(struct rgen *g)
{
    unsigned gw = g->cfg.gts_width;
    const unsigned bits[] = {6, 7, 8, 12, 13, 14, 25, 26, 27, gw - 1, gw};
    unsigned b = bits[next(&g->bias_tap, sizeof bits / sizeof bits[0])];
    unsigned freq = b <= 8 ? 1 : b <= 14 ? 2 : rgen_below(g, 4);
    uint32_t tcr = (g->tcr & ~(3u << 10)) | freq << 10;
    rgen_emit_write(g, ITM_TCR, tcr);
    g->tcr = tcr;
    g->w_stale = true;
    uint64_t k = rgen_range(g, 1, 16);
    uint64_t top = gw >= 64 ? ~0ull : (1ull << gw) - 1;
    uint64_t hi = b >= 63 ? 0 : rgen_rnd(g) & ~((2ull << b) - 1) & top;
    rgen_emit_set(g, SIG_GTS, hi | ((b >= 64 ? 0 : 1ull << b) - k));
    rgen_emit_set(g, SIG_GTS_STEP, 1);
    idle(g, k + rgen_range(g, 0, 3));
    rgen_emit_write(g, ITM_STIM(g->fav[0]), (uint32_t)rgen_rnd(g));
}

/* A quiet ITM for just about 2^7 or 2^14 cycles, or half the LTS counter's range, between
 * two stimulus writes: LTS values near the group and half-range boundaries ([ITM-LTS-9],
 * [ITM-LTS-10]). The long ones are rare (they use a large part of a run). */
static void taps_lts(struct rgen *g)
{
    unsigned tw = g->cfg.ts_width, b = 7;
    if (rgen_pct(g, 40) && tw - 1 <= 12)
        b = tw - 1;
    else if (rgen_pct(g, 8))
        b = tw - 1 < 14 ? tw - 1 : 14;
    rgen_emit_write(g, ITM_STIM(g->fav[0]), (uint32_t)rgen_rnd(g));
    idle(g, (1ull << b) - rgen_range(g, 0, 4) + rgen_below(g, 4));
    rgen_emit_write(g, ITM_STIM(g->fav[0]), (uint32_t)rgen_rnd(g));
}

static void bias_taps(struct rgen *g)
{
    unsigned r = rgen_below(g, 100);
    if (g->has_dwt && g->dcfg.cyccnt && r < 45)
        taps_cyccnt(g);
    else if (g->has_dwt && g->dcfg.prfcnt && r < 60)
        taps_evcnt(g);
    else if (r < 85)
        taps_gts(g);
    else
        taps_lts(g);
}

/* ---- compare values one bit off ---------------------------------------------------------- */

/* A comparator in use: program a single if this one is disabled or has no address/value. */
static unsigned dwt_live_comp(struct rgen *g)
{
    unsigned n = rgen_below(g, g->dcfg.num_comp < 4 || rgen_pct(g, 30) ? g->dcfg.num_comp : 4);
    for (unsigned i = 0; i < 3; i++) {
        unsigned m = g->dfunc[n] & 0xFu;
        if (m != 0 && m != M_CYC && m != 15)
            break;
        rgen_dwt_single(g, n);
    }
    return n;
}

/* One operation of the kind comparator n compares, at its value with bit `bit` flipped
 * (or unflipped: the positive control). */
static void dwt_op_at(struct rgen *g, unsigned n, uint32_t flip)
{
    unsigned m = g->dfunc[n] & 0xFu, dv = (g->dfunc[n] >> 10) & 3u;
    uint32_t c = g->dcomp[n];
    unsigned sz = dv > 2 ? 2 : dv;
    bool wr = (m & 3u) == 1 ? true : (m & 3u) == 2 ? false : rgen_pct(g, 50);
    if (flip == 1u && sz > 0)
        sz = 0; /* a byte access keeps address bit 0 */
    else if (flip == 2u && sz > 1)
        sz = 1;
    if (m == M_IA || m == M_IAL || m == M_CYC || m == 0)
        instr(g, (c ^ flip) & ~1u, 1); /* instructions are halfword aligned ([DWT-OBS-1]) */
    else if (m >= M_DV && m <= M_LDV) /* value compare: the address of the pair's First */
        op_access(g, m == M_LDV && n ? g->dcomp[n - 1] : g->ddfav[rgen_below(g, 4)], c ^ flip, sz,
               wr);
    else
        op_access(g, c ^ flip, g->ddval[rgen_below(g, 4)], sz, wr);
}

/* Four flips per action (the next four bits of the walk), each one operation. */
static void bias_bitoff(struct rgen *g)
{
    bool dwt = g->has_dwt && g->dcfg.num_comp && (g->fcfg.num_code == 0 || rgen_pct(g, 60));
    if (dwt) {
        unsigned n = dwt_live_comp(g);
        if (rgen_pct(g, 40))
            dwt_op_at(g, n, 0);
        for (unsigned i = 0; i < 4; i++)
            dwt_op_at(g, n, 1u << next(&g->bias_bit, 32));
        if (rgen_pct(g, 50)) /* MATCHED (cleared by the read): compared every cycle */
            rgen_emit_read(g, DWT_FUNC(n), false, 0, 0);
        return;
    }
    if (g->fcfg.num_code == 0)
        return;
    unsigned n = rgen_below(g, g->fcfg.num_code);
    if (!(g->fpcomp[n] & 1u) || rgen_pct(g, 10))
        rgen_emit_write(g, FP_COMP(n), (g->bp[rgen_below(g, 4)] & ~1u) | 1u);
    if (!g->fp_enable) {
        rgen_emit_write(g, FP_CTRL, 3u); /* KEY | ENABLE */
        g->fp_enable = true;
        g->w_stale = true;
    }
    uint32_t a = g->fpcomp[n] & ~1u;
    for (unsigned i = 0; i < 5; i++) { /* the unflipped address first, sometimes */
        if (i == 0 && rgen_pct(g, 60))
            continue;
        struct event *e = rgen_emit(g, EV_FETCH);
        e->addr = i == 0 ? a : a ^ (1u << next(&g->bias_bit, 32));
        e->val = FPB_KIND_FETCH | FETCH_PRIV | (rgen_pct(g, 30) ? FETCH_SIZE32 : 0) |
                 (rgen_pct(g, 30) ? FETCH_SECURE : 0);
        idle(g, 1);
    }
}

/* ---- every reserved value of every field -------------------------------------------------- */

enum rsv {
    R_TPIU_SPPR, R_TPIU_PSCR, R_TPIU_CSPSR, R_TPIU_ACPR, R_TPIU_FFCR, R_DWT_MATCH15,
    R_DWT_CYC_N, R_DWT_DV_NOID, R_DWT_VSIZE11, R_DWT_FUNC_RAZ, R_DWT_CTRL_RAZ,
    R_ITM_TCR_RES0, R_FPB_NOKEY, R_FPB_CTRL_RAZ, R_N
};

/* PSCount values that disable the periodic sync ([TPIU-SYNC-2]: 7..27 valid). */
static const uint32_t pscr_rsv[] = {1, 2, 3, 4, 5, 6, 28, 29, 30, 31};

static bool rsv_ok(const struct rgen *g, enum rsv r)
{
    if (r <= R_TPIU_FFCR)
        return g->has_tpiu;
    if (r == R_DWT_CTRL_RAZ)
        return g->has_dwt;
    if (r <= R_DWT_FUNC_RAZ)
        return g->has_dwt && g->dcfg.num_comp > (r == R_DWT_CYC_N && g->dcfg.cyccnt ? 1u : 0u);
    return true;
}

static void rsv_dwt_func(struct rgen *g, unsigned n, uint32_t f)
{
    rgen_emit_write(g, DWT_FUNC(n), f);
    dwt_op_at(g, n, 0); /* a reserved setting behaves as disabled ([DWT-RSV-1]) */
    rgen_emit_read(g, DWT_FUNC(n), false, 0, 0);
}

static void bias_reserved(struct rgen *g)
{
    enum rsv r = (enum rsv)next(&g->bias_rsv, R_N);
    for (unsigned i = 0; i < R_N && !rsv_ok(g, r); i++)
        r = (enum rsv)next(&g->bias_rsv, R_N);
    unsigned nc = g->dcfg.num_comp, n = nc ? rgen_below(g, nc) : 0;
    uint32_t act = rgen_below(g, 4) << 4;
    switch (r) {
    case R_TPIU_SPPR: /* TXMODE 11: the write is ignored [TPIU-REG-2] */
        rgen_emit_write(g, TPIU_SPPR, 3u);
        rgen_emit_read(g, TPIU_SPPR, true, g->sppr, 0xFFFFFFFFu);
        break;
    case R_TPIU_PSCR: /* each disables; then sometimes the shortest valid period again */
        for (unsigned i = 0; i < 3; i++) {
            uint32_t v = pscr_rsv[next(&g->bias_pscr, sizeof pscr_rsv / sizeof pscr_rsv[0])];
            rgen_emit_write(g, TPIU_PSCR, v);
            idle(g, rgen_range(g, 1, 100));
        }
        if (rgen_pct(g, 60))
            rgen_emit_write(g, TPIU_PSCR, 7u);
        break;
    case R_TPIU_CSPSR: { /* not one-hot, zero, or wider than the port */
        static const uint32_t v[] = {0x0u, 0x3u, 0x5u, 0x10u, 0x80u, 0xFFu, 0x100u};
        rgen_emit_write(g, TPIU_CSPSR, v[rgen_below(g, 7)]);
        rgen_emit_read(g, TPIU_CSPSR, false, 0, 0);
        break;
    }
    case R_TPIU_ACPR: /* bits [31:16] RAZ/WI */
        rgen_emit_write(g, TPIU_ACPR, rgen_below(g, 4) | ((uint32_t)rgen_rnd(g) | 1u) << 16);
        rgen_emit_read(g, TPIU_ACPR, false, 0, 0);
        break;
    case R_TPIU_FFCR: /* bits other than EnFCont, FOnMan: RAZ/WI (TrigIn RAO) */
        rgen_emit_write(g, TPIU_FFCR,
                        (rgen_pct(g, 60) ? 2u : 0u) | (((uint32_t)rgen_rnd(g) | 1u) & ~0x42u));
        rgen_emit_read(g, TPIU_FFCR, false, 0, 0);
        break;
    case R_DWT_MATCH15:
        rsv_dwt_func(g, n, 15u | act | rgen_below(g, 3) << 10);
        break;
    case R_DWT_CYC_N: /* CYC where ID bit 0 is 0: comparators other than 0 */
        if (g->dcfg.cyccnt)
            n = rgen_range(g, 1, nc - 1);
        rsv_dwt_func(g, n, M_CYC | act);
        break;
    case R_DWT_DV_NOID: /* DV on a comparator without data value matching [DWT-ID-2] */
        if (g->dcfg.main_ext)
            n &= ~1u;
        rsv_dwt_func(g, n, (M_DV + rgen_below(g, 3)) | act | rgen_below(g, 3) << 10);
        break;
    case R_DWT_VSIZE11: /* DATAVSIZE 11 [DWT-RSV-1] */
        rsv_dwt_func(g, n, (M_DA + rgen_below(g, 3)) | act | 3u << 10);
        break;
    case R_DWT_FUNC_RAZ: /* bits [9:6], [23:12] RAZ/WI, MATCHED and ID RO */
        rsv_dwt_func(g, n, (g->dfunc[n] & 0xC3Fu) | ((uint32_t)rgen_rnd(g) & 0xFFFFF3C0u));
        break;
    case R_DWT_CTRL_RAZ: /* bits [15:13] RAZ, [31:24] RO */
        rgen_emit_write(g, DWT_CTRL, g->dctrl | ((uint32_t)rgen_rnd(g) & 0xFF00E000u) | 1u << 13);
        break;
    case R_ITM_TCR_RES0: /* STALLENA RAZ/WI, RES0 bits, BUSY RO */
        rgen_emit_write(g, ITM_TCR, g->tcr | ((uint32_t)rgen_rnd(g) & 0xFF80F0E0u) | 1u << 5);
        rgen_emit_read(g, ITM_TCR, false, 0, 0);
        break;
    case R_FPB_NOKEY: /* a write without KEY is ignored [FPB-KEY-1] */
        rgen_emit_write(g, FP_CTRL, g->fp_enable ? 0u : 1u);
        rgen_emit_read(g, FP_CTRL, false, 0, 0);
        break;
    case R_FPB_CTRL_RAZ: /* read-only and RAZ fields: no effect */
        rgen_emit_write(g, FP_CTRL,
                        (g->fp_enable ? 3u : 2u) | (((uint32_t)rgen_rnd(g) | 1u << 2) & ~3u));
        rgen_emit_read(g, FP_CTRL, false, 0, 0);
        break;
    default:
        break;
    }
}

/* ---- accesses at aliased addresses ------------------------------------------------------- */

static struct ppb_map map_of(const struct rgen *g)
{
    return (struct ppb_map){g->cfg.num_stim_ports, g->fcfg.num_code, g->fcfg.num_lit,
                            g->has_dwt, g->has_tpiu, g->dcfg.num_comp, g->has_etm};
}

/* A register of a mapped frame, with the 20-bit address. */
static uint32_t some_reg(struct rgen *g)
{
    static const uint32_t itm[] = {0xE00u, 0xE04u, 0xE40u, 0xE80u, 0xFBCu, 0xFD0u};
    static const uint32_t tpiu[] = {0x000u, 0x004u, 0x010u, 0x0F0u, 0x300u, 0x304u, 0x308u, 0xFC8u};
    for (;;) {
        unsigned r = rgen_below(g, 4);
        if (r == 0)
            return rgen_pct(g, 50) ? ITM_STIM(g->fav[rgen_below(g, 4)])
                                   : itm[rgen_below(g, sizeof itm / sizeof itm[0])];
        if (r == 1 && g->has_dwt) {
            unsigned nc = g->dcfg.num_comp, k = rgen_below(g, 6);
            if (k < 4 || nc == 0)
                return 0x1000u + 4u * rgen_below(g, 8);
            return (k == 4 ? DWT_COMP(0) : DWT_FUNC(0)) + 16u * rgen_below(g, nc);
        }
        if (r == 2) {
            unsigned n = g->fcfg.num_code + g->fcfg.num_lit;
            return rgen_pct(g, 40) || n == 0 ? 0x2000u + 4u * rgen_below(g, 2)
                                             : FP_COMP(rgen_below(g, n));
        }
        if (r == 3 && g->has_tpiu)
            return 0x40000u | tpiu[rgen_below(g, sizeof tpiu / sizeof tpiu[0])];
    }
}

/* A register address with one frame bit (paddr[19:12]) or one offset bit (paddr[11:2])
 * flipped: where that is no register, it must read 0 and ignore writes (docs/fpb-contract.md
 * section 7, section 4 of each block); the register itself is read after the write (a
 * decode that drops the bit would have written it). */
static void bias_alias(struct rgen *g)
{
    struct ppb_map m = map_of(g);
    uint32_t a = some_reg(g);
    unsigned k = next(&g->bias_addr, 18); /* 0..7: frame bits 12..19; 8..17: bits 2..11 */
    uint32_t b = k < 8 ? a ^ (1u << (12 + k)) : a ^ (1u << (k - 6));
    if (ppb_reg_mapped(&m, b)) { /* another register: a read (the models agree on it) */
        rgen_emit_read(g, b, false, 0, 0);
        return;
    }
    rgen_emit_read(g, b, true, 0, 0xFFFFFFFFu);
    if (rgen_pct(g, 70)) {
        uint32_t v = (uint32_t)rgen_rnd(g);
        if ((a & 0xFF000u) == 0x02000u && (a & 0xFFFu) == 0)
            v |= 2u; /* FP_CTRL with KEY, so that a write reaching it would act */
        rgen_emit_write(g, b, v);
        rgen_emit_read(g, a, false, 0, 0);
    }
}

/* ---- APB accesses at the edge an event changes the same state ---------------------------- */

/* A CYC comparator (MATCH 0001 on comparator 0) reaching its value at about the setup edge
 * of a DWT_FUNCTION0 read: the match must set MATCHED again ([DWT-MATCHED-2], [DWT-EVAL-2]).
 * Cycles: CYCCNT write s, s+1 (counts from X in s+2); COMP0 write s+2, s+3; idle j; the read's
 * setup cycle s+4+j sees CYCCNT = X+2+j. The offset d moves the match around that edge. */
static void edge_func_read(struct rgen *g)
{
    static const int d_of[] = {0, -1, 1, 2};
    int d = d_of[next(&g->bias_edge, 4)];
    if ((g->dctrl & 0x800001u) != 1u)
        dwt_ctrl_write(g, ctrl_counting(g));
    rgen_emit_write(g, DWT_FUNC(0), M_CYC | rgen_below(g, 4) << 4);
    uint32_t x = (uint32_t)rgen_rnd(g), j = rgen_range(g, 0, 4);
    rgen_emit_write(g, DWT_CYCCNT, x);
    rgen_emit_write(g, DWT_COMP(0), x + 2 + j + (uint32_t)d);
    if (j)
        idle(g, j);
    rgen_emit_read(g, DWT_FUNC(0), false, 0, 0);
    rgen_emit_read(g, DWT_FUNC(0), false, 0, 0);
}

/* A CYCCNT write whose access edge is the edge the old count crosses the SYNCTAP bit or the
 * POSTCNT tap: the write wins, the crossing is not seen ([DWT-CYC-2]). Cycles: the first
 * write counts from V in s+2; the second's access cycle s+3+j would step V+j+1 -> V+j+2. */
static void edge_cyccnt_write(struct rgen *g)
{
    static const int d_of[] = {0, -1, 1};
    int d = d_of[next(&g->bias_edge, 3)];
    uint32_t ctrl = ctrl_counting(g);
    bool sync = rgen_pct(g, 60);
    if (sync && !(ctrl & 3u << 10))
        ctrl |= rgen_range(g, 1, 3) << 10;
    if (ctrl != g->dctrl)
        dwt_ctrl_write(g, ctrl);
    unsigned st = (ctrl >> 10) & 3u;
    unsigned b = sync ? 22 + 2 * st : (ctrl & 1u << 9) ? 10 : 6;
    uint32_t j = rgen_range(g, 0, 3);
    uint32_t t = below_crossing(g, b, 0); /* the first value with bit b set */
    rgen_emit_write(g, DWT_CYCCNT, t - j - 2 + (uint32_t)d);
    if (j)
        idle(g, j);
    rgen_emit_write(g, DWT_CYCCNT, below_crossing(g, b, rgen_range(g, 1, 40)));
}

static void bias_edge(struct rgen *g)
{
    if (g->dcfg.num_comp && rgen_pct(g, 50))
        edge_func_read(g);
    else
        edge_cyccnt_write(g);
}

/* ---- reprogramming one comparator of a linked pair --------------------------------------- */

/* Activity inside the pair's range (IR: instructions; DR, LV: accesses). */
static void pair_activity(struct rgen *g, unsigned n)
{
    uint32_t c1 = g->dcomp[n - 1];
    if ((g->dfunc[n] & 0xFu) == M_IAL) {
        instr(g, (c1 & ~1u) - 2 * rgen_below(g, 3), rgen_range(g, 1, 12));
        return;
    }
    unsigned k = rgen_range(g, 1, 3);
    for (unsigned i = 0; i < k; i++)
        op_access(g, c1 + rgen_below(g, 16), (g->dcomp[n] & 0xFFu) * 0x01010101u, rgen_below(g, 3),
               rgen_pct(g, 50));
}

/* An instruction-range pair's First rewritten alone while the pair's first-instruction state
 * is set ([DWT-IR-FIRST]: a write to COMP or FUNCTION of either comparator restarts the rule):
 * instructions that all lie in the range, the First's FUNCTION or COMP written with its own
 * value (nothing else changes), then one instruction in the range again, which must give
 * the pair's packets again (mutant i20_dwt_ir_first_rewrite: only a write to the Second
 * restarts it). */
static void bias_ir_first(struct rgen *g, unsigned n)
{
    uint32_t c1 = g->dcomp[n - 1] & ~1u, c2 = g->dcomp[n] & ~1u;
    uint32_t span = c2 >= c1 ? (c2 - c1) / 2 + 1 : 1; /* instructions in the range */
    if (span > 8)
        span = 8;
    instr(g, c1, rgen_range(g, 1, span));
    if (rgen_pct(g, 50))
        rgen_emit_write(g, DWT_FUNC(n - 1), g->dfunc[n - 1]);
    else
        rgen_emit_write(g, DWT_COMP(n - 1), g->dcomp[n - 1]);
    instr(g, c1 + 2 * rgen_below(g, span), 1);
    rgen_emit_read(g, DWT_FUNC(n - 1), false, 0, 0);
}

static void bias_relink(struct rgen *g)
{
    unsigned nc = g->dcfg.num_comp;
    unsigned lim = nc > 4 && rgen_pct(g, 70) ? 4 : nc;
    unsigned n = 2 * rgen_below(g, lim / 2) + 1;
    unsigned m2 = g->dfunc[n] & 0xFu;
    if (m2 != M_IAL && m2 != M_DAL && m2 != M_LDV)
        rgen_dwt_pair(g, n);
    if ((g->dfunc[n] & 0xFu) == M_IAL && (g->dfunc[n - 1] & 0xFu) == M_IA && rgen_pct(g, 40)) {
        bias_ir_first(g, n);
        return;
    }
    pair_activity(g, n);
    uint32_t f1 = g->dfunc[n - 1], f2 = g->dfunc[n];
    switch (next(&g->bias_relink, 6)) {
    case 0: /* the First rewritten with its own value */
        rgen_emit_write(g, DWT_FUNC(n - 1), f1);
        break;
    case 1: /* the First turned into another First (or a single) */
        rgen_emit_write(g, DWT_FUNC(n - 1), (f1 & ~0x3Fu) | (M_DA + rgen_below(g, 3)) |
                                                rgen_below(g, 4) << 4);
        break;
    case 2: /* the First's address moved */
        rgen_emit_write(g, DWT_COMP(n - 1), g->dcomp[n - 1] + 2 * rgen_range(g, 1, 8));
        break;
    case 3: /* the Second's limit or value moved */
        rgen_emit_write(g, DWT_COMP(n), g->dcomp[n] ^ (1u << rgen_below(g, 8)));
        break;
    case 4: { /* the Second turned into a single or an unsupported type */
        static const unsigned m[] = {0, M_IA, M_DA, M_DV, M_CYC, M_DAWV, 15};
        rgen_emit_write(g, DWT_FUNC(n), (f2 & ~0xFu) | m[rgen_below(g, 7)]);
        break;
    }
    default: /* the Second rewritten with its own value */
        rgen_emit_write(g, DWT_FUNC(n), f2);
        break;
    }
    pair_activity(g, n);
    rgen_emit_read(g, DWT_FUNC(n - 1), false, 0, 0);
    rgen_emit_read(g, DWT_FUNC(n), false, 0, 0);
}

/* ---- the mix ------------------------------------------------------------------------------ */

void rgen_bias(struct rgen *g)
{
    if (!g->bias_started) { /* each run starts its walks at its own places */
        g->bias_started = true;
        g->bias_tap = rgen_below(g, 1024);
        g->bias_bit = rgen_below(g, 32);
        g->bias_rsv = rgen_below(g, 1024);
        g->bias_pscr = rgen_below(g, 10);
        g->bias_addr = rgen_below(g, 1024);
        g->bias_edge = rgen_below(g, 12);
        g->bias_relink = rgen_below(g, 6);
    }
    bool dwt = g->has_dwt && g->dcfg.num_comp > 0;
    unsigned r = rgen_below(g, 100);
    if (r < 20)
        bias_taps(g);
    else if (r < 45)
        bias_bitoff(g);
    else if (r < 60)
        bias_reserved(g);
    else if (r < 75)
        bias_alias(g);
    else if (r < 90 && g->has_dwt && g->dcfg.cyccnt)
        bias_edge(g);
    else if (r >= 90 && dwt && g->dcfg.num_comp >= 2)
        bias_relink(g);
    else
        bias_bitoff(g);
}
