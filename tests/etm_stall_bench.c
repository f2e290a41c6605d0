// SPDX-License-Identifier: Apache-2.0
// etm_stall_bench: what TRCSTALLCTLR buys (docs/etm-contract.md section 21, issue #24 item 3).
// The golden ETM with etmx's parameters (FifoDepth 64, RsDepth 3, CcSize 12, HasStall 1) traces
// the random generator's synthetic T32 program (tests/opencsd/etm_prog.c, built from the seed
// as sim/c_tb/common/random_etm.c builds it) with a slow sink, in several stall modes on the
// same seeds: the overflow count, the trace completeness (events traced / events retired) and
// the cost (cycles the PE needs for the same events, cycles it is stalled).
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etm_model.h"
#include "etm_prog.h"

struct mode {
    const char *name;
    uint32_t stallctlr; // TRCSTALLCTLR
    bool honour;        // the PE presents no event while pe_stall = 1 ([ETM-STALL-5])
};

static const struct mode modes[] = {
    {"off", 0x000u, false},           {"ignored-L12", 0x10Cu, false},
    {"honour-L0", 0x100u, true},      {"honour-L4", 0x104u, true},
    {"honour-L8", 0x108u, true},      {"honour-L12", 0x10Cu, true},
    {"honour-L15", 0x10Fu, true},
};
#define NMODES (sizeof modes / sizeof modes[0])

struct stats {
    uint64_t events, traced, overflows, cycles, stall_cycles;
};

struct drv {
    struct etm_model m;
    struct etm_in in;
    uint64_t cycles, stall_cycles;
    uint32_t rng;
    unsigned ready_pct; // the sink takes a byte in this percentage of cycles
};

static uint32_t rnd(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

static void cycle(struct drv *d)
{
    d->in.atready = rnd(&d->rng) % 100u < d->ready_pct;
    d->in.gts = d->cycles * 3u + 0x40000000u;
    d->stall_cycles += etm_model_stall(&d->m);
    etm_model_step(&d->m, &d->in);
    d->cycles++;
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

static void run(const struct mode *md, unsigned seed, unsigned events, unsigned ready_pct,
                uint32_t configr, struct stats *st)
{
    static struct prog prog;
    struct prog_walk w;
    struct drv d;
    struct etm_cfg ec = {.fifo_depth = 64, .rs_depth = 3, .cc_size = 12, .num_pc = 4,
                         .sec_ext = true, .has_stall = true};
    unsigned ps = seed * 0x9E3779B9u + 0x23u; // random_etm.c's program seed
    prog_build(&prog, ps, (ps & 1u) != 0, (ps & 2u) != 0);
    prog_walk_init(&w, &prog, ps);
    memset(&d, 0, sizeof d);
    if (etm_model_init(&d.m, &ec) != 0) {
        fprintf(stderr, "etm_stall_bench: bad model configuration\n");
        exit(2);
    }
    d.rng = seed * 2654435761u + 1u;
    d.ready_pct = ready_pct;
    d.in.rst_n = d.in.niden = d.in.spniden = true;
    apb_write(&d, 0x040, 0x10);
    apb_write(&d, 0x010, configr);
    apb_write(&d, 0x038, 16);      // TRCCCCTLR
    apb_write(&d, 0x034, 12);      // TRCSYNCPR: a sync every 4 KiB
    apb_write(&d, 0x02C, md->stallctlr);
    apb_write(&d, 0x004, 1);
    uint64_t c0 = d.cycles;
    d.stall_cycles = 0;
    for (unsigned i = 0; i < events; i++) {
        struct prog_event e;
        prog_walk_next(&w, &e);
        while (md->honour && etm_model_stall(&d.m)) {
            cycle(&d);
        }
        prog_event_to_etm_in(&e, &d.in);
        cycle(&d);
        st->events++;
        st->overflows += d.m.last_ovf;
        st->traced += !d.m.t.ovf; // an accepted demand clears ovf_q ([ETM-OVF-2])
    }
    st->cycles += d.cycles - c0;
    st->stall_cycles += d.stall_cycles;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: etm_stall_bench [--seeds N] [--events N] [--ready PCT] [--configr V]\n"
               "  Overflows, trace completeness and PE cycles of the golden ETM (etmx: FifoDepth\n"
               "  64, HasStall 1) per TRCSTALLCTLR mode, on the random generator's programs.\n"
               "  --seeds N     programs (seeds 1..N, default 10)\n"
               "  --events N    retired events per program (default 100000)\n"
               "  --ready PCT   the sink takes a byte in PCT %% of cycles (default 25)\n"
               "  --configr V   TRCCONFIGR (default 0x1810: TS, CCI, RS)\n"
               "One line per mode: name, overflows, completeness, cycles per event, share of cycles\n"
               "with the stall requested (pe_stall = 1).\n");
}

int main(int argc, char **argv)
{
    unsigned seeds = 10, events = 100000, ready = 25;
    uint32_t configr = 0x1810u;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return 0;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "etm_stall_bench: %s needs a value\n", argv[i]);
            usage(stderr);
            return 2;
        }
        unsigned long v = strtoul(argv[i + 1], NULL, 0);
        if (strcmp(argv[i], "--seeds") == 0) {
            seeds = (unsigned)v;
        } else if (strcmp(argv[i], "--events") == 0) {
            events = (unsigned)v;
        } else if (strcmp(argv[i], "--ready") == 0 && v <= 100) {
            ready = (unsigned)v;
        } else if (strcmp(argv[i], "--configr") == 0) {
            configr = (uint32_t)v;
        } else {
            fprintf(stderr, "etm_stall_bench: unknown option or bad value: %s %s\n", argv[i],
                    argv[i + 1]);
            usage(stderr);
            return 2;
        }
        i++;
    }
    printf("# %u seeds x %u events, sink ready %u %% of cycles, TRCCONFIGR 0x%x\n", seeds,
           events, ready, configr);
    printf("%-12s %10s %13s %12s %12s\n", "mode", "overflows", "completeness", "cycles/event",
           "stall-share");
    for (unsigned k = 0; k < NMODES; k++) {
        struct stats st = {0};
        for (unsigned s = 1; s <= seeds; s++) {
            run(&modes[k], s, events, ready, configr, &st);
        }
        printf("%-12s %10llu %12.4f%% %12.3f %11.2f%%\n", modes[k].name,
               (unsigned long long)st.overflows, 100.0 * (double)st.traced / (double)st.events,
               (double)st.cycles / (double)st.events,
               100.0 * (double)st.stall_cycles / (double)st.cycles);
    }
    return 0;
}
