/* SPDX-License-Identifier: Apache-2.0 */
/* The golden model's "this edge changes nothing" tests against the full steps they stand
 * for (docs/performance-history.md, issue #22): fpb_model_edge_idle against fpb_model_step and
 * itm_fifo_idle against itm_fifo_step, on random states and inputs biased towards the idle
 * ones. Wherever the test says idle, the full step must return false and leave the state
 * byte for byte as it was; both answers must be seen. itm_regs_apb_idle against
 * itm_model_step: wherever it says the APB inputs are an idle bus's, the edge must leave
 * the state it leaves with psel_i 0 (the other APB fields at random), byte for byte, and
 * return the same kind; and so must the edge after an edge of a fast kind (itm_fast.c).
 * itm_model_step_direct against itm_model_step (itm_direct_random), and itm_fast_step
 * against it on random runs (itm_fast_random). */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "fpb_model.h"
#include "itm_model_int.h"

#include "test_rnd.h"

static bool pct(unsigned p)
{
    return rnd() % 100u < p;
}

static void fpb_random(void)
{
    unsigned idle = 0, busy = 0;
    for (unsigned t = 0; t < 200000; t++) {
        struct fpb_model m;
        struct fpb_cfg cfg = {rnd() % 9u, rnd() % 3u, pct(50), pct(50), pct(50)};
        CHECK(fpb_model_init(&m, &cfg) == 0);
        m.enable = pct(50);
        for (unsigned n = 0; n < cfg.num_code; n++)
            m.comp[n] = pct(50) ? (0x100u + 2u * (rnd() % 4u)) | (rnd() & 1u) : rnd();
        m.prdata_q = pct(80) ? 0u : rnd();
        m.pslverr_q = pct(10);
        m.pready_q = pct(90);
        m.match_q = pct(10);
        m.halt_q = pct(10);
        m.mon_q = pct(10);
        struct fpb_in in = {
            .rst_n = pct(95), .psel = pct(30), .penable = pct(50), .pwrite = pct(50),
            .paddr = pct(50) ? 4u * (rnd() % 12u) : rnd() & 0xFFFu, .pwdata = rnd(),
            .pstrb = pct(70) ? 0xFu : rnd() & 0xFu, .if_valid = pct(50),
            .if_addr = 0x100u + 2u * (rnd() % 6u), .if_kind = (uint8_t)(pct(70) ? 0u : rnd() % 4u),
            .if_size32 = pct(50), .if_secure = pct(50), .if_priv = pct(50), .hda = pct(50),
            .uhda = pct(50), .uhda_s = pct(50), .c_debugen = pct(50), .s_halt = pct(20),
            .s_sde = pct(50), .mon_en = pct(50), .sdme = pct(50), .umon_en = pct(50),
            .mon_prio = pct(50)};
        bool fetch = in.if_valid && in.if_kind == FPB_KIND_FETCH;
        if (!fpb_model_edge_idle(&m, in.rst_n, in.psel, fetch)) {
            busy++;
            continue;
        }
        idle++;
        struct fpb_model before = m;
        CHECK(!fpb_model_step(&m, &in));
        CHECK(memcmp(&before, &m, sizeof m) == 0);
    }
    CHECK(idle > 1000u && busy > 1000u);
    printf("fpb_model_edge_idle: %u idle edges checked, %u not idle\n", idle, busy);
}

static void fifo_random(void)
{
    unsigned idle = 0, busy = 0;
    for (unsigned t = 0; t < 200000; t++) {
        struct itm_fifo f;
        unsigned depth = 1u + rnd() % ITM_MAX_FIFO_DEPTH;
        itm_fifo_reset(&f, depth);
        f.head = rnd() % depth;
        f.count = rnd() % (depth + 1u);
        for (unsigned i = 0; i < ITM_MAX_FIFO_DEPTH; i++) {
            f.e[i].port = (uint8_t)rnd();
            f.e[i].len = (uint8_t)(rnd() % 5u);
            f.e[i].header = (uint8_t)rnd();
            f.e[i].data = rnd();
            f.e[i].aged = pct(70);
            f.e[i].ovf_after = pct(30);
        }
        bool pop = f.count != 0u && pct(20);       /* the caller pops only a non-empty FIFO */
        bool push = f.count < depth && pct(20);    /* and pushes only into a non-full one */
        bool mark = pct(30);
        const struct itm_fifo_entry e = {.port = 1u, .len = 4u, .header = 0x0Bu,
                                         .data = 0xA5A5A5A5u};
        if (!itm_fifo_idle(&f, pop, push, mark)) {
            busy++;
            continue;
        }
        idle++;
        struct itm_fifo before = f;
        CHECK(!itm_fifo_step(&f, pop, push, &e, mark));
        CHECK(memcmp(&before, &f, sizeof f) == 0);
    }
    CHECK(idle > 1000u && busy > 1000u);
    printf("itm_fifo_idle: %u idle edges checked, %u not idle\n", idle, busy);
}

/* A random ITM state of a random configuration, consistent as the model keeps it. */
static void itm_state_random(struct itm_model *m)
{
    struct itm_cfg cfg = {8u * (1u + rnd() % 32u), 1u + rnd() % ITM_MAX_FIFO_DEPTH,
                          1u + rnd() % ITM_MAX_FIFO_DEPTH, 1u + rnd() % 28u,
                          pct(50) ? 48u : 64u};
    CHECK(itm_model_init(m, &cfg) == 0);
    m->tcr = pct(20) ? rnd() & ITM_TCR_WRITABLE : 0x00010001u | (rnd() & 0x0F1Eu);
    for (unsigned k = 0; k < 8u; k++)
        m->ter[k] = pct(50) ? 0xFFFFFFFFu : rnd();
    m->tpr = pct(50) ? 0u : rnd() & 0xFFFFFFFFu;
    m->prdata_q = pct(70) ? 0u : rnd();
    m->pslverr_q = pct(10);
    m->pkt_len = pct(50) ? 0u : 1u + rnd() % ITM_MAX_PKT_BYTES;
    m->pkt_pos = m->pkt_len == 0u ? 0u : rnd() % m->pkt_len;
    for (unsigned i = 0; i < ITM_MAX_PKT_BYTES; i++)
        m->pkt[i] = i < m->pkt_len ? (uint8_t)rnd() : 0u;
    m->page = rnd() % (cfg.num_stim_ports / 32u + 1u);
    m->halted_q = pct(20);
    m->sync_on_q = pct(50);
    m->gts_en_q = pct(50);
    m->afready_q = pct(10);
    m->sync_pending = pct(20);
    m->ovf_pending = pct(20);
    m->lts_pending = pct(20);
    m->lts_tc0 = pct(20);
    m->lts_tc1 = pct(20);
    m->ts = rnd() & ((1u << cfg.ts_width) - 1u);
    m->tsp = rnd() % 64u;
    m->gts1_pending = pct(20);
    m->gts2_pending = pct(20);
    m->gts_full_req = pct(20);
    m->gts_clkch = pct(20);
    m->gts_last = (uint64_t)rnd() << 32 | rnd();
    m->gts2_hi = rnd();
    struct itm_fifo *fs[2] = {&m->stim, &m->hw};
    for (unsigned j = 0; j < 2u; j++) {
        struct itm_fifo *f = fs[j];
        f->head = rnd() % f->depth;
        f->count = rnd() % (f->depth + 1u);
        for (unsigned i = 0; i < ITM_MAX_FIFO_DEPTH; i++) {
            f->e[i].port = (uint8_t)(j == 0u ? rnd() % cfg.num_stim_ports : 0u);
            f->e[i].len = (uint8_t)(j == 0u ? (pct(30) ? 1u : pct(50) ? 2u : 4u) : rnd() % 3u);
            f->e[i].header = (uint8_t)(j == 0u ? 0u : 0x47u | (rnd() & 0x08u));
            f->e[i].data = rnd();
            f->e[i].aged = pct(50);
            f->e[i].ovf_after = pct(20);
        }
    }
}

/* Random inputs with an APB transfer to the ITM's frame now and then. */
static void itm_in_random(const struct itm_model *m, struct itm_in *in)
{
    static const uint32_t regs[] = {0xE00u, 0xE04u, 0xE1Cu, 0xE40u, 0xE80u, 0xFD0u, 0xFBCu,
                                    0xE84u, 0xEF0u, 0x800u};
    *in = (struct itm_in){
        .rst_n = pct(98), .psel = pct(70), .penable = pct(50), .pwrite = pct(60),
        .paddr = pct(40)   ? 4u * (rnd() % (m->cfg.num_stim_ports + 8u))
                 : pct(80) ? regs[rnd() % (sizeof regs / sizeof regs[0])]
                           : rnd() & 0xFFFu,
        .pwdata = pct(30) ? m->tcr : pct(30) ? m->ter[rnd() % 8u] : pct(30) ? m->tpr : rnd(),
        .pstrb = (uint8_t)(pct(60) ? 0xFu : rnd() & 0xFu), .pprot = (uint8_t)(rnd() & 7u),
        .atready = pct(70), .afvalid = pct(10), .hw_valid = pct(20),
        .hw_data = (uint64_t)rnd() << 8 | 0x47u, .hw_ovf = pct(5), .dwt_sync_req = pct(5),
        .tpiu_sync_req = pct(5), .ts_async_tick = pct(50), .async_idle = pct(10),
        .gts = (uint64_t)rnd() << 32 | rnd(), .gts_clkch = pct(5), .trcena = pct(90),
        .niden = pct(80), .spniden = pct(80), .pe_secure = pct(50), .halted = pct(10)};
}

static void itm_apb_random(void)
{
    unsigned idle = 0, busy = 0, after = 0, after_busy = 0;
    for (unsigned t = 0; t < 300000; t++) {
        static struct itm_model m, a, b;
        struct itm_in in, bus;
        itm_state_random(&m);
        itm_in_random(&m, &in);
        /* the same edge with psel_i 0 (the other APB fields at random) */
        bus = in;
        bus.psel = false;
        bus.penable = pct(50);
        bus.pwrite = pct(50);
        bus.paddr = rnd() & 0xFFFu;
        bus.pwdata = rnd();
        bus.pstrb = (uint8_t)(rnd() & 0xFu);
        bus.pprot = (uint8_t)(rnd() & 7u);
        const bool said = itm_regs_apb_idle(&m, &in);
        if (!said) {
            busy++;
            /* after an edge of a fast kind, the same inputs are still not an idle bus's
             * (itm_fast.c keeps the answer for its memo's inputs) */
            a = m;
            for (unsigned e = 0; e < 2u; e++) { /* a read's capture, then the same again */
                const bool before = itm_regs_apb_idle(&a, &in);
                if (itm_model_step(&a, &in) != ITM_STEP_CHANGED) {
                    after_busy += !before;
                    CHECK(itm_regs_apb_idle(&a, &in) == before);
                    break;
                }
            }
            continue;
        }
        idle++;
        a = m;
        b = m;
        enum itm_step_kind ka = itm_model_step(&a, &in), kb = itm_model_step(&b, &bus);
        CHECK(ka == kb);
        CHECK(memcmp(&a, &b, sizeof a) == 0);
        /* after an edge of a fast kind, the same inputs are still an idle bus's */
        if (ka != ITM_STEP_CHANGED) {
            after++;
            CHECK(itm_regs_apb_idle(&a, &in));
        }
    }
    CHECK(idle > 1000u && busy > 1000u && after > 1000u && after_busy > 1000u);
    printf("itm_regs_apb_idle: %u idle edges checked (%u after a fast edge), %u not idle "
           "(%u after a fast edge)\n", idle, after, busy, after_busy);
}

/* itm_model_step_direct against itm_model_step: on random states and inputs, most of them
 * made calm (no request pulse, the registered enables equal this cycle's, flags cleared
 * that itm_on or gts_en would clear, often nothing to load and the counter low) so that the
 * direct path is taken often, the two must leave the state byte for byte the same and
 * return the same kind. Both paths (direct, full) must be seen, and every kind direct. */
static void itm_direct_random(void)
{
    unsigned direct = 0, full = 0, kinds[4] = {0};
    for (unsigned t = 0; t < 600000; t++) {
        static struct itm_model m, a, b;
        struct itm_in in;
        itm_state_random(&m);
        itm_in_random(&m, &in);
        if (pct(80)) {
            const bool on = itm_on_get(&m, &in), gen = itm_gts_en_get(&m, on);
            in.rst_n = pct(99);
            in.dwt_sync_req = in.tpiu_sync_req = in.hw_ovf = in.gts_clkch = pct(3);
            in.halted = pct(97) ? m.halted_q : !m.halted_q;
            m.sync_on_q = pct(97) ? itm_sync_on_get(&m, on) : pct(50);
            m.gts_en_q = pct(97) ? gen : pct(50);
            if (!on && pct(95))
                m.sync_pending = m.ovf_pending = false;
            if (!gen && pct(95))
                m.gts1_pending = m.gts2_pending = m.gts_full_req = m.gts_clkch = false;
            if (pct(60))
                m.lts_pending = m.lts_tc0 = m.lts_tc1 = false;
            if (pct(70))
                m.ts &= m.ts_mask >> 1; /* no half-range request */
            if (pct(50)) { /* nothing to load */
                m.stim.count = m.hw.count = 0u;
                m.sync_pending = m.ovf_pending = m.lts_pending = m.gts1_pending =
                    m.gts2_pending = false;
            }
            if (pct(95))
                m.afready_q = itm_afready_d_get(&m, &in);
            if (pct(30)) /* an APB transfer to a stimulus port */
                in.paddr = 4u * (rnd() % m.cfg.num_stim_ports);
        }
        a = m;
        b = m;
        const enum itm_step_kind kb = itm_model_step(&b, &in);
        /* the direct path's own test, as itm_model_step_direct takes it */
        const bool took = itm_model_step_direct_taken(&m, &in);
        const enum itm_step_kind ka = itm_model_step_direct(&a, &in);
        CHECK(ka == kb);
        CHECK(memcmp(&a, &b, sizeof a) == 0);
        if (took) {
            direct++;
            kinds[ka]++;
        } else {
            full++;
        }
    }
    CHECK(direct > 10000u && full > 10000u);
    for (unsigned k = 0; k < 4u; k++)
        CHECK(kinds[k] > 1000u);
    printf("itm_model_step_direct: %u direct edges (changed %u, quiet %u, ts %u, xfer %u), "
           "%u full\n", direct, kinds[ITM_STEP_CHANGED], kinds[ITM_STEP_QUIET],
           kinds[ITM_STEP_TS], kinds[ITM_STEP_XFER], full);
}

/* itm_fast_step (its memo, itm_model_idle_step and the direct path) against itm_model_step
 * on random runs from random states: inputs kept for a while (gts_i moving, the APB fields
 * now and then replaced by another idle bus's), then new ones; every edge must leave the
 * same state and return the same kind. */
static void itm_fast_random(void)
{
    unsigned edges = 0, memo = 0;
    for (unsigned t = 0; t < 4000; t++) {
        static struct itm_model a, b;
        struct itm_fast f = {.ok = false};
        struct itm_in in;
        itm_state_random(&a);
        b = a;
        itm_in_random(&a, &in);
        for (unsigned e = 0; e < 150u; e++) {
            if (pct(15)) {
                itm_in_random(&a, &in);
                in.rst_n = pct(99);
                in.dwt_sync_req = in.tpiu_sync_req = in.hw_ovf = in.gts_clkch = pct(5);
            } else if (pct(20)) { /* another idle bus */
                in.psel = false;
                in.penable = pct(50);
                in.pwrite = pct(50);
                in.paddr = rnd() & 0xFFFu;
                in.pwdata = rnd();
            }
            in.gts = (uint64_t)rnd() << 32 | rnd();
            const bool hit = f.ok;
            const enum itm_step_kind ka = itm_fast_step(&f, &a, &in);
            const enum itm_step_kind kb = itm_model_step(&b, &in);
            /* a memo of ITM_STEP_TS says so again where the counter and prescaler no longer
             * move (held at 0): an edge of that kind may leave them (itm_model.h) */
            CHECK(ka == kb || (hit && ka == ITM_STEP_TS && kb == ITM_STEP_QUIET));
            CHECK(memcmp(&a, &b, sizeof a) == 0);
            edges++;
            memo += hit;
        }
    }
    CHECK(memo > 10000u);
    printf("itm_fast_step: %u edges checked, %u with a memo\n", edges, memo);
}

int main(void)
{
    fpb_random();
    fifo_random();
    itm_apb_random();
    itm_direct_random();
    itm_fast_random();
    printf("%u passed, %u failed\n", passed, failed);
    return failed != 0;
}
