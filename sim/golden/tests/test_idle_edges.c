/* SPDX-License-Identifier: Apache-2.0 */
/* The golden model's "this edge changes nothing" tests against the full steps they stand
 * for (README "Performance", issue #22): fpb_model_edge_idle against fpb_model_step and
 * itm_fifo_idle against itm_fifo_step, on random states and inputs biased towards the idle
 * ones. Wherever the test says idle, the full step must return false and leave the state
 * byte for byte as it was; both answers must be seen. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "fpb_model.h"
#include "itm_model_int.h"

static uint64_t rng = 0x9E3779B97F4A7C15u;

static uint32_t rnd(void) /* xorshift64* */
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return (uint32_t)((rng * 0x2545F4914F6CDD1Du) >> 32);
}

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
        const struct itm_fifo_entry e = {1u, 4u, 0x0Bu, 0xA5A5A5A5u, false, false};
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

int main(void)
{
    fpb_random();
    fifo_random();
    printf("%u passed, %u failed\n", passed, failed);
    return failed != 0;
}
