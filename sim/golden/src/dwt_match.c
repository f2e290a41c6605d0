/* SPDX-License-Identifier: Apache-2.0 */
/* Golden DWT comparators: roles, the MATCH/ACTION tables, match conditions, MATCHED,
 * CMPMATCH, debug events and data trace packets (docs/dwt-contract.md sections 8-10). */
#include "dwt_model_int.h"

#include <string.h>

#define RSV (-1)
#define DBG DWT_EM_DBG
#define MAT DWT_EM_MATCH
#define PC DWT_EM_PC
#define ADR DWT_EM_ADDR
#define VAL DWT_EM_VALUE
#define S2(e) ((e) << 5) /* emission of the Second in a pair-table entry */

/* 8.3 single table, [MATCH][ACTION]; MATCH 0000 is OFF ([DWT-MATCH-S-DIS]). */
static const int8_t single_tab[16][4] = {
    {RSV, RSV, RSV, RSV},      /* 0000 disabled */
    {0, DBG, MAT, PC},         /* 0001 CYC */
    {0, DBG, MAT, RSV},        /* 0010 IA */
    {RSV, RSV, RSV, RSV},      /* 0011 IAL: pairs only */
    {0, DBG, MAT, PC},         /* 0100 DA */
    {0, DBG, MAT, PC},         /* 0101 */
    {0, DBG, MAT, PC},         /* 0110 */
    {RSV, RSV, RSV, RSV},      /* 0111 DAL */
    {0, DBG, MAT, RSV},        /* 1000 DV */
    {0, DBG, MAT, RSV},        /* 1001 */
    {0, DBG, MAT, RSV},        /* 1010 */
    {RSV, RSV, RSV, RSV},      /* 1011 LDV */
    {RSV, RSV, VAL, PC | VAL}, /* 1100 DAwV */
    {RSV, RSV, VAL, PC | VAL}, /* 1101 */
    {RSV, RSV, VAL, PC | VAL}, /* 1110 */
    {RSV, RSV, RSV, RSV},      /* 1111 */
};

/* Pair tables, [ACTION n-1][ACTION n] -> emission First | S2(emission Second). */
enum first_cls { CLS_NONE, CLS_IA, CLS_DA, CLS_DAV };

/* 8.4 IA range, Main and !Main */
static const int16_t ir_m[4][4] = {
    {0, RSV, RSV, S2(PC)}, {DBG, RSV, RSV, RSV}, {MAT, RSV, RSV, RSV}, {RSV, RSV, RSV, RSV}};
static const int16_t ir_nm[4][4] = {
    {0, RSV, RSV, RSV}, {DBG, RSV, RSV, RSV}, {RSV, RSV, RSV, RSV}, {RSV, RSV, RSV, RSV}};
/* 8.5 data address range, First DA (Main, !Main) and First DAwV (Main) */
static const int16_t dr_da_m[4][4] = {{0, RSV, RSV, S2(ADR)},
                                      {DBG, RSV, RSV, RSV},
                                      {MAT, RSV, RSV, RSV},
                                      {PC, RSV, RSV, PC | S2(ADR)}};
static const int16_t dr_da_nm[4][4] = {
    {0, RSV, RSV, S2(ADR)}, {DBG, RSV, RSV, RSV}, {RSV, RSV, RSV, RSV}, {RSV, RSV, RSV, RSV}};
static const int16_t dr_dav_m[4][4] = {{RSV, RSV, RSV, RSV},
                                       {RSV, RSV, RSV, RSV},
                                       {VAL, RSV, RSV, VAL | S2(ADR)},
                                       {PC | VAL, RSV, RSV, PC | VAL | S2(ADR)}};
/* 8.6 linked data value (Main only) */
static const int16_t lv_da_m[4][4] = {{0, S2(DBG), S2(MAT), RSV},
                                      {DBG, RSV, DBG | S2(MAT), RSV},
                                      {MAT, MAT | S2(DBG), RSV, RSV},
                                      {PC, PC | S2(DBG), PC | S2(MAT), RSV}};
static const int16_t lv_dav_m[4][4] = {{RSV, RSV, RSV, RSV},
                                       {RSV, RSV, RSV, RSV},
                                       {VAL, VAL | S2(DBG), VAL | S2(MAT), RSV},
                                       {PC | VAL, PC | VAL | S2(DBG), PC | VAL | S2(MAT), RSV}};

static unsigned mt_of(const struct dwt_model *m, unsigned n) { return DWT_FUNC_MATCH(m->func[n]); }

static unsigned act_of(const struct dwt_model *m, unsigned n) {
    return DWT_FUNC_ACTION(m->func[n]);
}

static unsigned vs_of(const struct dwt_model *m, unsigned n) {
    return DWT_FUNC_DATAVSIZE(m->func[n]);
}

static bool second_type(unsigned mt) { return mt == 0x3u || mt == 0x7u || mt == 0xBu; }

/* sup(n, m) [DWT-ID-2] */
static bool sup(const struct dwt_model *m, unsigned n) {
    unsigned id = dwt_model_id(&m->cfg, n);
    unsigned mt = mt_of(m, n);
    bool v_ok = vs_of(m, n) != 3u;
    bool link = (id & 16u) != 0;
    switch (mt) {
    case 0x0:
        return true;
    case 0x1:
        return (id & 1u) != 0;
    case 0x2:
        return (id & 2u) != 0;
    case 0x3:
        return (id & 2u) && link;
    case 0x4:
    case 0x5:
    case 0x6:
        return v_ok;
    case 0x7:
        return link && v_ok;
    case 0x8:
    case 0x9:
    case 0xA:
        return (id & 4u) && v_ok;
    case 0xB:
        return (id & 4u) && link && v_ok;
    case 0xC:
    case 0xD:
    case 0xE:
        return m->cfg.main_ext && n < 4u && v_ok;
    default:
        return false;
    }
}

static enum first_cls first_cls(unsigned mt) {
    if (mt == 0x2u)
        return CLS_IA;
    if (mt >= 0x4u && mt <= 0x6u)
        return CLS_DA;
    if (mt >= 0xCu && mt <= 0xEu)
        return CLS_DAV;
    return CLS_NONE;
}

/* Entry of the pair table of this kind for the First's class, or RSV. */
static int pair_entry(bool main_ext, enum dwt_pair kind, enum first_cls cls, unsigned a1,
                      unsigned a2) {
    const int16_t(*t)[4] = NULL;
    if (kind == DWT_PAIR_IR && cls == CLS_IA)
        t = main_ext ? ir_m : ir_nm;
    else if (kind == DWT_PAIR_DR && cls == CLS_DA)
        t = main_ext ? dr_da_m : dr_da_nm;
    else if (kind == DWT_PAIR_DR && cls == CLS_DAV && main_ext)
        t = dr_dav_m;
    else if (kind == DWT_PAIR_LV && cls == CLS_DA && main_ext)
        t = lv_da_m;
    else if (kind == DWT_PAIR_LV && cls == CLS_DAV && main_ext)
        t = lv_dav_m;
    return t ? t[a1][a2] : RSV;
}

/* Step 1 of 8.1 for a supported second type at n (n >= 1). */
static void resolve_pair(const struct dwt_model *m, unsigned n, struct dwt_roles *r) {
    unsigned f = n - 1u, mt = mt_of(m, n);
    enum dwt_pair kind = mt == 0x3u ? DWT_PAIR_IR : mt == 0x7u ? DWT_PAIR_DR : DWT_PAIR_LV;
    r->role[f] = r->role[n] = DWT_ROLE_OFF;
    if (mt_of(m, f) == 0u || !sup(m, f)) /* [DWT-MATCH-*-DIS], reserved pair */
        return;
    int e = pair_entry(m->cfg.main_ext, kind, first_cls(mt_of(m, f)), act_of(m, f), act_of(m, n));
    if (e == RSV) /* [DWT-MATCH-RSV-P] */
        return;
    r->role[f] = DWT_ROLE_FIRST;
    r->role[n] = DWT_ROLE_SECOND;
    r->pair[f] = r->pair[n] = (uint8_t)kind;
    r->em[f] = (uint8_t)(e & 0x1F);
    r->em[n] = (uint8_t)((e >> 5) & 0x1F);
}

void dwt_match_roles(const struct dwt_model *m, struct dwt_roles *r) {
    unsigned nc = m->cfg.num_comp;
    memset(r, 0, sizeof *r);
    for (unsigned n = 0; n < nc; n++) {
        unsigned mt = mt_of(m, n);
        if (second_type(mt)) {
            if (n != 0u && sup(m, n))
                resolve_pair(m, n, r);
            else
                r->role[n] = DWT_ROLE_OFF; /* reserved single */
            continue;
        }
        if (n + 1u < nc && second_type(mt_of(m, n + 1u)) && sup(m, n + 1u))
            continue; /* step 2: set by resolve_pair for n+1 */
        int e = single_tab[mt][act_of(m, n)];
        if (mt != 0u && sup(m, n) && e != RSV) {
            r->role[n] = DWT_ROLE_SINGLE;
            r->em[n] = (uint8_t)e;
        }
    }
}

/* ---- match conditions (8.2) ------------------------------------------------------------ */

enum dwt_op { OP_IA, OP_DA, OP_CYC, OP_N };

/* Per-cycle view of the data access. */
struct da_view {
    bool ok;       /* an observed access */
    uint32_t a, s; /* aligned address, size in bytes */
    uint32_t data; /* masked to s bytes */
    bool w;
};

static uint32_t lane_mask(uint32_t bytes) {
    return bytes >= 4u ? 0xFFFFFFFFu : ((1u << (8u * bytes)) - 1u);
}

static uint32_t width(const struct dwt_model *m, unsigned n) { return 1u << vs_of(m, n); }

static bool ovl(uint32_t a, uint32_t s, uint32_t b, uint32_t w) {
    return a <= b + w - 1u && b <= a + s - 1u;
}

static bool dir_ok(unsigned mt, bool w) {
    unsigned d = mt & 3u;
    return d == 0u || (d == 1u && w) || (d == 2u && !w);
}

/* [DWT-CMP-VM] */
static bool vmatch(const struct dwt_model *m, unsigned n, uint32_t x) {
    uint32_t w = width(m, n);
    bool vm = m->cfg.vmask && (dwt_model_id(&m->cfg, n) & 4u);
    uint32_t mask = vm ? m->vmask[n] : 0u;
    return ((x ^ m->comp[n]) & ~mask & lane_mask(w)) == 0u;
}

/* Cal(n) */
static uint32_t cal(const struct dwt_model *m, unsigned n) {
    return m->comp[n] & ~(width(m, n) - 1u);
}

/* [DWT-CMP-LV1], also the address part of SINGLE DA/DAwV ([DWT-CMP-DA]) */
static bool da_addr_hit(const struct dwt_model *m, unsigned n, const struct da_view *d) {
    return d->ok && dir_ok(mt_of(m, n), d->w) && ovl(d->a, d->s, cal(m, n), width(m, n));
}

/* [DWT-CMP-DV] */
static bool dv_hit(const struct dwt_model *m, unsigned n, const struct da_view *d) {
    uint32_t w = width(m, n);
    if (!d->ok || !dir_ok(mt_of(m, n), d->w) || d->s < w)
        return false;
    for (uint32_t k = 0; k < d->s / w; k++)
        if (vmatch(m, n, (uint32_t)((uint64_t)d->data >> (8u * k * w))))
            return true;
    return false;
}

/* [DWT-CMP-LV2] */
static bool lv2_hit(const struct dwt_model *m, unsigned n, const struct da_view *d) {
    uint32_t w = width(m, n);
    uint32_t b = m->comp[n - 1u] & ~(w - 1u);
    if (!da_addr_hit(m, n - 1u, d) || d->s < w || !(d->a <= b) || !(b + w - 1u <= d->a + d->s - 1u))
        return false;
    return vmatch(m, n, (uint32_t)((uint64_t)d->data >> (8u * (b - d->a))));
}

/* [DWT-CMP-IR] for the pair whose Second is n */
static bool ir_hit(const struct dwt_model *m, unsigned n, const struct dwt_in *in) {
    uint32_t a = in->ia_addr & ~1u;
    return in->ia_valid && (m->comp[n - 1u] & ~1u) <= a && a <= (m->comp[n] & ~1u);
}

/* [DWT-CMP-DR] for the pair whose Second is n */
static bool dr_hit(const struct dwt_model *m, unsigned n, const struct da_view *d) {
    return d->ok && dir_ok(mt_of(m, n - 1u), d->w) && d->a <= m->comp[n] &&
           m->comp[n - 1u] <= d->a + d->s - 1u;
}

/* Op type and raw hit of comparator n (role not OFF). */
static enum dwt_op raw_hit(const struct dwt_model *m, const struct dwt_roles *r, unsigned n,
                           const struct dwt_in *in, const struct da_view *d, bool cyc_inc,
                           bool *hit) {
    unsigned mt = mt_of(m, n);
    unsigned sec = r->role[n] == DWT_ROLE_FIRST ? n + 1u : n;
    if (r->role[n] == DWT_ROLE_SINGLE) {
        if (mt == 0x1u) { /* [DWT-CMP-CYC] */
            *hit = cyc_inc && m->cyccnt + 1u == m->comp[n];
            return OP_CYC;
        }
        if (mt == 0x2u) { /* [DWT-CMP-IA] */
            *hit = in->ia_valid && (in->ia_addr & ~1u) == (m->comp[n] & ~1u);
            return OP_IA;
        }
        *hit = (mt & 0xCu) == 0x8u ? dv_hit(m, n, d) : da_addr_hit(m, n, d);
        return OP_DA;
    }
    switch (r->pair[n]) {
    case DWT_PAIR_IR:
        *hit = ir_hit(m, sec, in);
        return OP_IA;
    case DWT_PAIR_DR:
        *hit = dr_hit(m, sec, d);
        return OP_DA;
    default: /* LV */
        *hit = r->role[n] == DWT_ROLE_FIRST ? da_addr_hit(m, n, d) : lv2_hit(m, n, d);
        return OP_DA;
    }
}

/* ---- packets (section 10) -------------------------------------------------------------- */

enum { T_PC, T_MATCH, T_ADDR, T_VALUE, T_N };

/* Candidates of one op after [DWT-PKT-3]: lowest comparator per type, -1 none. */
struct cands {
    int c[T_N];
};

static void cand_add(struct cands *k, unsigned t, unsigned n) {
    if (k->c[t] < 0)
        k->c[t] = (int)n;
}

/* Some type has a candidate (the c[] are -1 or a comparator number). */
static bool cands_any(const struct cands *k) {
    return (k->c[T_PC] & k->c[T_MATCH] & k->c[T_ADDR] & k->c[T_VALUE]) >= 0;
}

/* [DWT-PKT-4] order and 10.2 layouts for one op. */
static void emit_op(const struct dwt_model *m, const struct cands *k, enum dwt_op op, uint32_t pc,
                    const struct da_view *d, struct dwt_pkts *l) {
    int mc = k->c[T_MATCH];
    bool mval = op == OP_DA && mc >= 0 && (mt_of(m, (unsigned)mc) & 0xCu) == 0x8u;
    if (k->c[T_PC] >= 0)
        dwt_pkts_add(l, dwt_pkt((uint8_t)(0x47u | (unsigned)k->c[T_PC] << 4), pc));
    if (mc >= 0 && !mval)
        dwt_pkts_add(l, dwt_pkt((uint8_t)(0x45u | (unsigned)mc << 4), 0x01u));
    if (k->c[T_ADDR] >= 0)
        dwt_pkts_add(l, dwt_pkt((uint8_t)(0x4Fu | (unsigned)k->c[T_ADDR] << 4), d->a));
    if (mc >= 0 && mval)
        dwt_pkts_add(l, dwt_pkt((uint8_t)(0x45u | (unsigned)mc << 4), 0x01u));
    if (k->c[T_VALUE] >= 0) {
        unsigned ss = d->s == 1u ? 1u : d->s == 2u ? 2u : 3u;
        unsigned h = 0x84u | (unsigned)k->c[T_VALUE] << 4 | (d->w ? 8u : 0u) | ss;
        dwt_pkts_add(l, dwt_pkt((uint8_t)h, d->data));
    }
}

void dwt_match_eval(const struct dwt_model *m, const struct dwt_in *in, bool cyc_inc,
                    struct dwt_cmp_res *res, struct dwt_pkts *l) {
    const struct dwt_cfg *c = &m->cfg;
    const struct dwt_roles *r = &m->roles; /* cycle t's registers' roles (dwt_model.h) */
    struct da_view d;
    struct cands k[OP_N];
    bool ev[OP_N] = {false, false, false};
    /* attributes (s, p) of each op. [DWT-AUTH-5] the cycle match is privileged, and Secure
     * when the PE is in Secure state in cycle t and was in cycle t-1 (an increment on
     * entry to or exit from Secure state is not a Secure match). */
    const bool cyc_s = c->sec_ext && in->pe_secure && m->pe_secure_q;
    const bool os[OP_N] = {in->ia_secure, in->da_secure, cyc_s};
    const bool op_p[OP_N] = {in->ia_priv, in->da_priv, true};

    memset(res, 0, sizeof *res);
    memset(k, 0xFF, sizeof k);

    d.ok = in->da_valid && !in->da_fault && (in->da_size & 3u) != 3u; /* [DWT-OBS-3,4] */
    d.s = 1u << (in->da_size & 3u);
    d.a = in->da_addr & ~(d.s - 1u);
    d.data = in->da_data & lane_mask(d.s);
    d.w = in->da_write;

    for (unsigned n = 0; n < c->num_comp; n++) {
        if (r->role[n] == DWT_ROLE_OFF)
            continue;
        bool hit = false;
        enum dwt_op op = raw_hit(m, r, n, in, &d, cyc_inc, &hit);
        bool is_ir = r->role[n] != DWT_ROLE_SINGLE && r->pair[n] == DWT_PAIR_IR;
        unsigned sec = r->role[n] == DWT_ROLE_FIRST ? n + 1u : n;
        if (is_ir && r->role[n] == DWT_ROLE_SECOND) /* [DWT-IR-FIRST] */
            res->ir_d[n] = in->ia_valid ? hit : m->ir[n];
        /* [DWT-CMP-ANY] */
        if (!hit || !dwt_auth_allowed(c, in, os[op], op_p[op], act_of(m, n)))
            continue;
        res->matched |= (uint16_t)(1u << n);
        bool limit = r->role[n] == DWT_ROLE_SECOND && r->pair[n] != DWT_PAIR_LV;
        if (!limit) /* [DWT-CMPM-1] */
            res->cmpmatch |= (uint16_t)(1u << n);
        unsigned em = r->em[n];
        if (em & DWT_EM_DBG)
            ev[op] = true;
        /* [DWT-PKT-1] */
        if (!c->trace || n > 3u || !dwt_auth_trace_ok(c, in, os[op], op_p[op]) ||
            (is_ir && m->ir[sec]))
            continue;
        if (em & DWT_EM_PC) {
            /* [DWT-PKT-2] */
            bool sub = op == OP_CYC && !dwt_auth_trace_ok(c, in, m->pc_last_s, m->pc_last_p);
            cand_add(&k[op], sub ? T_MATCH : T_PC, n);
        }
        if (em & DWT_EM_MATCH)
            cand_add(&k[op], T_MATCH, n);
        if (em & DWT_EM_ADDR)
            cand_add(&k[op], T_ADDR, n);
        if (em & DWT_EM_VALUE)
            cand_add(&k[op], T_VALUE, n);
    }

    /* [DWT-BUF-1] items 1-3 (an op with no candidate, every c[] -1, emits nothing) */
    if (cands_any(&k[OP_IA]))
        emit_op(m, &k[OP_IA], OP_IA, in->ia_addr & ~1u, &d, l);
    if (cands_any(&k[OP_DA]))
        emit_op(m, &k[OP_DA], OP_DA, in->da_pc & ~1u, &d, l);
    if (cands_any(&k[OP_CYC]))
        emit_op(m, &k[OP_CYC], OP_CYC, m->pc_last, &d, l);

    /* [DWT-DBG-1] */
    bool halt = false, mon = false;
    for (unsigned op = 0; op < OP_N; op++) {
        if (!ev[op])
            continue;
        bool lazy = op == OP_DA && in->da_lazyfp;
        halt = halt || dwt_auth_halt(c, in, os[op], op_p[op]);
        mon = mon || dwt_auth_mon(c, in, op_p[op], lazy);
    }
    res->halt = halt;
    res->mon = !halt && mon;
}
