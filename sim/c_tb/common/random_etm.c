/* SPDX-License-Identifier: Apache-2.0 */
/* The random generator's ETM actions (docs/etm-contract.md; trace_top with HasEtm): a
 * consistent synthetic T32 program and the path it retires (tests/opencsd/etm_prog.c, the
 * program the OpenCSD test decodes), presented on the PE trace interface one event per
 * cycle, and the ETM's registers programmed while it is idle. */
#include <string.h>

#include "../../../tests/opencsd/etm_prog.h"
#include "random_int.h"

#define ETM_BASE 0x41000u /* PPB frame 0x41 ([ETM-TOP-1]) */

/* The program of the run (the same for a seed: rebuilt by rgen_etm_reset). Not part of
 * struct rgen, which is copied for checkpoints: the walker there points here. */
static struct prog etm_prog_img;

void rgen_etm_reset(struct rgen *g)
{
    unsigned seed = (unsigned)(g->seed * 0x9E3779B9u + 0x23u);
    prog_build(&etm_prog_img, seed, (seed & 1u) != 0, (seed & 2u) != 0);
    prog_walk_init(&g->etm_walk, &etm_prog_img, seed);
    g->etm_en = false;
    /* [ETM-STALL-5]: the PE honours the stall request in half of the runs, ignores it in
     * the others (a bit of the seed's hash that prog_build does not use) */
    g->etm_honour = g->has_stall && ((seed >> 5) & 1u) != 0;
    g->etm_next_ok = g->etm_rec_pend = false;
    if (g->etm_max_spec > 0u)
        spec_pe_init(&g->etm_spe, &etm_prog_img, g->etm_max_spec, seed);
}

/* One bound of a range: in the program's main region (mostly) or its far region, even. */
static uint32_t rgen_etm_bound(struct rgen *g)
{
    if (rgen_pct(g, 85))
        return (PROG_BASE + (uint32_t)rgen_below(g, PROG_SIZE)) & ~1u;
    return (PROG_FAR_BASE + (uint32_t)rgen_below(g, PROG_FAR_SIZE)) & ~1u;
}

/* The address range comparators, TRCVIIECTLR and TRCBBCTLR (docs/etm-contract.md section
 * 22): ranges over parts of the program, so that its path goes in and out of them; some
 * empty (base above limit), some one instruction wide (the bounds themselves). */
static void rgen_etm_ranges(struct rgen *g)
{
    unsigned np = g->etm_acpairs, all = (1u << np) - 1u;
    for (unsigned k = 0; k < np; k++) {
        uint32_t base = rgen_etm_bound(g), limit;
        unsigned r = rgen_below(g, 10);
        if (r == 0)
            limit = base - 2u; /* empty */
        else if (r == 1)
            limit = base; /* one halfword: both bounds hit */
        else if (r < 4)
            limit = rgen_etm_bound(g); /* anything, maybe below the base */
        else
            limit = base + (uint32_t)rgen_range(g, 2, 0x600);
        rgen_emit_write(g, ETM_BASE + 0x400u + 16u * k, base);     /* TRCACVR(2k) */
        rgen_emit_write(g, ETM_BASE + 0x408u + 16u * k, limit);    /* TRCACVR(2k+1) */
    }
    uint32_t inc = rgen_pct(g, 50) ? 0u : (uint32_t)rgen_below(g, all + 1u);
    uint32_t exc = rgen_pct(g, 50) ? 0u : (uint32_t)rgen_below(g, all + 1u);
    rgen_emit_write(g, ETM_BASE + 0x084u, inc | exc << 16); /* TRCVIIECTLR */
    uint32_t bb = rgen_pct(g, 40) ? 0u : (uint32_t)rgen_below(g, all + 1u) |
                                             (rgen_pct(g, 50) ? 0x100u : 0u);
    rgen_emit_write(g, ETM_BASE + 0x03Cu, bb); /* TRCBBCTLR */
    if (g->etm_qsupp) { /* TRCQCTLR [ETM-Q-9]: often the reset value (Q everywhere) */
        uint32_t q = rgen_pct(g, 30) ? 0u : (uint32_t)rgen_below(g, all + 1u) |
                                                (rgen_pct(g, 50) ? 0x100u : 0u);
        rgen_emit_write(g, ETM_BASE + 0x044u, q);
    }
}

/* Program the ETM: disable, then (idle, [ETM-REG-1]: writes while busy are ignored by both
 * models alike) the configuration, then enable. */
void rgen_etm_program(struct rgen *g)
{
    rgen_emit_write(g, ETM_BASE + 0x004u, 0); /* TRCPRGCTLR.EN = 0 */
    if (rgen_pct(g, 70)) /* let the FIFO drain so that the writes below take effect */
        rgen_emit(g, EV_IDLE)->count = rgen_range(g, 20, 120);
    rgen_emit_write(g, ETM_BASE + 0x040u, rgen_range(g, 1, 0x6F)); /* TRCTRACEIDR */
    uint32_t cfg = 0;
    if (rgen_pct(g, 30))
        cfg |= 1u << 3; /* BB */
    if (rgen_pct(g, 40))
        cfg |= 1u << 4; /* CCI */
    if (rgen_pct(g, 40))
        cfg |= 1u << 11; /* TS */
    if (rgen_pct(g, 60))
        cfg |= 1u << 12; /* RS */
    if (g->etm_qsupp && rgen_pct(g, 60)) /* QE (section 20; only then: draws kept) */
        cfg |= 1u << 13;
    rgen_emit_write(g, ETM_BASE + 0x010u, cfg); /* TRCCONFIGR */
    rgen_emit_write(g, ETM_BASE + 0x038u, rgen_pct(g, 50) ? rgen_range(g, 1, 8)
                                                          : rgen_range(g, 1, 0xFFF));
    static const uint32_t syncpr[] = {0, 8, 9, 12, 20};
    rgen_emit_write(g, ETM_BASE + 0x034u, syncpr[rgen_below(g, 5)]);
    /* TRCTSCTLR: FALSE (no event requests) or TRUE (every cycle) or a selector reading FALSE */
    static const uint32_t tsctlr[] = {0, 0, 1, 0x81};
    rgen_emit_write(g, ETM_BASE + 0x030u, tsctlr[rgen_below(g, 4)]);
    /* ViewInst: mostly started; sometimes stopped with start/stop on the CMPMATCH inputs */
    uint32_t vi = rgen_pct(g, 80) ? 0x201u : rgen_pct(g, 50) ? 0x001u : 0x000u;
    rgen_emit_write(g, ETM_BASE + 0x080u, vi);
    rgen_emit_write(g, ETM_BASE + 0x08Cu, (uint32_t)rgen_below(g, 16) |
                                              (uint32_t)rgen_below(g, 16) << 16);
    if (g->has_stall) { /* TRCSTALLCTLR: ISTALL mostly on, any LEVEL [ETM-STALL-2] */
        uint32_t st = (rgen_pct(g, 75) ? 0x100u : 0u) | (uint32_t)rgen_below(g, 16);
        rgen_emit_write(g, ETM_BASE + 0x02Cu, st);
    }
    if (g->etm_acpairs > 0u) /* only then: the draws of configurations without are kept */
        rgen_etm_ranges(g);
    rgen_emit_write(g, ETM_BASE + 0x004u, 1); /* EN */
    g->etm_en = true;
}

/* One presented event with the speculation inputs of its cycle (mask, PE_SPEC_MASK). */
static void etm_emit_event(struct rgen *g, const struct prog_event *e, uint32_t mask)
{
    const unsigned hon = g->etm_honour ? PE_HONOUR : 0; /* [ETM-SPEC-13] */
    if (e->exc) {
        struct event *v = rgen_emit(g, EV_PE_EXC);
        v->data = e->exc_num;
        v->addr = e->ret;
        v->val = (e->ns ? PE_NS : 0) | hon;
        v->mask = mask;
    } else {
        struct event *v = rgen_emit(g, EV_PE);
        v->addr = e->addr;
        v->count = 1;
        v->val = (e->size32 ? PE_SIZE32 : 0) | (e->br ? PE_BR : 0) | (e->ind ? PE_IND : 0) |
                 (e->taken ? PE_TAKEN : 0) | (e->link ? PE_LINK : 0) |
                 (e->excret ? PE_EXCRET : 0) | (e->ns ? PE_NS : 0) | hon;
        v->mask = mask;
    }
}

/* A cycle of speculation inputs alone; an honouring PE holds it too ([ETM-SPEC-13]). */
static void etm_emit_spec(struct rgen *g, uint32_t mask)
{
    struct event *v = rgen_emit(g, EV_PE_SPEC);
    v->mask = mask;
    v->val = g->etm_honour ? PE_HONOUR : 0;
}

/* A recovery held back to share the cycle of the next event ([ETM-SPEC-2]), presented alone. */
static void etm_rec_flush(struct rgen *g)
{
    if (g->etm_rec_pend)
        etm_emit_spec(g, g->etm_rec_mask);
    g->etm_rec_pend = false;
}

/* The speculative PE's cycles for the walker's next architectural event: a mispredicted
 * branch's wrong paths and recoveries, commits ([ETM-SPEC-PE-1..5]). A recovery shares the
 * next event's cycle half of the time (the unit applies it first, the PE computed that
 * event's commit after it). */
static void etm_spec_event(struct rgen *g)
{
    struct prog_event e;
    if (!g->etm_next_ok)
        prog_walk_next(&g->etm_walk, &g->etm_next);
    e = g->etm_next;
    prog_walk_next(&g->etm_walk, &g->etm_next);
    g->etm_next_ok = true;
    struct spec_step st[32];
    unsigned k = spec_pe_expand(&g->etm_spe, &e, &g->etm_next, st, 32);
    for (unsigned i = 0; i < k; i++) {
        const struct spec_step *x = &st[i];
        uint32_t m = PE_SPEC_MASK(x->commit, x->flush, x->cancel, x->mispred);
        if (!x->has_ev) {
            etm_rec_flush(g);
            g->etm_rec_mask = m;
            g->etm_rec_pend = true;
            continue;
        }
        if (g->etm_rec_pend && rgen_pct(g, 50)) {
            m |= g->etm_rec_mask;
            g->etm_rec_pend = false;
        }
        etm_rec_flush(g);
        etm_emit_event(g, &x->e, m);
    }
}

/* A run of the program: 1..48 retired events, one per cycle, some gaps between. */
void rgen_etm_run(struct rgen *g)
{
    if (g->etm_max_spec > 0u) { /* docs/etm-contract.md section 18 */
        unsigned n = rgen_range(g, 1, 48);
        for (unsigned i = 0; i < n; i++) {
            etm_spec_event(g);
            if (rgen_pct(g, 5)) {
                etm_rec_flush(g);
                unsigned gap = rgen_range(g, 1, 6);
                for (unsigned j = 0; j < gap; j++) /* idle cycles, some with commits */
                    etm_emit_spec(g, PE_SPEC_MASK(spec_pe_idle_commit(&g->etm_spe), 0, 0, 0));
            }
        }
        etm_rec_flush(g);
        if (rgen_pct(g, 30)) /* everything resolved commits */
            etm_emit_spec(g, PE_SPEC_MASK(spec_pe_commit_all(&g->etm_spe), 0, 0, 0));
        return;
    }
    unsigned n = rgen_range(g, 1, 48);
    for (unsigned i = 0; i < n; i++) {
        struct prog_event e;
        prog_walk_next(&g->etm_walk, &e);
        if (e.exc) {
            struct event *v = rgen_emit(g, EV_PE_EXC);
            v->data = e.exc_num;
            v->addr = e.ret;
            v->val = (e.ns ? PE_NS : 0) | (g->etm_honour ? PE_HONOUR : 0);
        } else {
            struct event *v = rgen_emit(g, EV_PE);
            v->addr = e.addr;
            v->count = 1;
            v->val = (e.size32 ? PE_SIZE32 : 0) | (e.br ? PE_BR : 0) | (e.ind ? PE_IND : 0) |
                     (e.taken ? PE_TAKEN : 0) | (e.link ? PE_LINK : 0) |
                     (e.excret ? PE_EXCRET : 0) | (e.ns ? PE_NS : 0) |
                     (g->etm_honour ? PE_HONOUR : 0);
        }
        if (rgen_pct(g, 5))
            rgen_emit(g, EV_IDLE)->count = rgen_range(g, 1, 6);
    }
}

/* EN toggles (disable: the pending atoms flush, [ETM-EN-1]) and register reads. */
void rgen_etm_misc(struct rgen *g)
{
    unsigned r = rgen_below(g, 10);
    if (r < 3) {
        g->etm_en = !g->etm_en;
        rgen_emit_write(g, ETM_BASE + 0x004u, g->etm_en ? 1u : 0u);
        return;
    }
    static const uint32_t regs[] = {0x004, 0x00C, 0x010, 0x030, 0x034, 0x038, 0x040, 0x080,
                                    0x08C, 0x1E0, 0x1E4, 0x1E8, 0x1EC, 0x1F0, 0xFB8, 0xFBC,
                                    0x02C};
    if (g->etm_acpairs > 0u && r == 9) { /* section 22's registers (only then: draws kept) */
        static const uint32_t acregs[] = {0x03C, 0x084, 0x400, 0x408, 0x418, 0x404, 0x480,
                                          0x044};
        rgen_emit_read(g, ETM_BASE + acregs[rgen_below(g, g->etm_qsupp ? 8 : 7)], false, 0, 0);
        return;
    }
    /* TRCSTALLCTLR (0x02C) only with HasStall: the draws without it are those of before */
    rgen_emit_read(g, ETM_BASE + regs[rgen_below(g, g->has_stall ? 17 : 16)], false, 0, 0);
}
