/* SPDX-License-Identifier: Apache-2.0 */
/* Latency and padding of the TPIU's idle completion ([TPIU-IDLE-*], docs/tpiu-contract.md
 * §5.5), measured on the golden system model (ITM + TPIU of the `full` configuration; the
 * RTL is the same cycle for cycle, which make test's lockstep runs check) for one value of
 * FrameIdleCycles, over SWO NRZ at a given SWOSCALER, formatter on.
 *
 * A "write" is a one-byte ITM_STIM0 write, issued the way firmware does it: read ITM_STIM0
 * and write only if FIFOREADY (bit 0) is set, so the ITM never overflows. Its latency is
 * the cycles from the write's APB access edge to the end of the stop bit of the last
 * character of the TPIU frame that carries its data byte (the host has the byte then).
 * Workloads:
 *   lone     one write on an idle line (after the full sync has gone out);
 *   strings  strings of 1..24 characters written back to back (FIFOREADY polled), a
 *            pause of 1..4000 cycles between strings;
 *   sparse   single characters 1..400 cycles apart.
 * Printed per workload: writes, latency mean and max, the share of the frame bytes on the
 * pin that are ID-0 padding, and the pin bytes per character.
 *
 * Usage: tpiu_latency --idle N [--swoscaler S] [--writes K] [--seed X]   (make bench) */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build_cfg.h"
#include "sys_model.h"
#include "tpiudec.h"

#define MAX_WRITES 20000u

static struct sys_model m;
static struct sys_in in;
static uint64_t now;      /* cycles run */
static unsigned swoscaler;

/* the writes: access edge, and the index of their data byte among the ID-1 bytes */
static uint64_t w_at[MAX_WRITES];
static unsigned nw;
/* the deformatted pin stream: the end of the frame that carried each ID-1 byte */
static uint64_t byte_end[2 * MAX_WRITES + 64];
static unsigned nbytes_id1;
static struct tpiudec dec;
static uint64_t pin_bytes, pad_bytes;

static void cycle(void)
{
    struct sys_out o;
    sys_model_eval(&m, &in, &o);
    if (o.txb_valid) {
        struct tpiudec_byte out[TPIUDEC_MAX_OUT];
        uint64_t pad0 = dec.stats.padding, fs0 = dec.stats.fsyncs;
        unsigned n = tpiudec_push(&dec, o.txb, out);
        if (dec.stats.fsyncs == fs0)
            pin_bytes++;
        pad_bytes += dec.stats.padding - pad0;
        /* the frame ends when this (its aux) byte's stop bit has left: 10 cells */
        for (unsigned i = 0; i < n; i++)
            if (out[i].id == 1 && nbytes_id1 < sizeof byte_end / sizeof byte_end[0])
                byte_end[nbytes_id1++] = now + 10u * (swoscaler + 1u);
    }
    sys_model_step(&m, &in);
    now++;
}

/* One APB access (setup, access); returns the read data. The access edge is the end of
 * the second cycle. */
static uint32_t apb_strb(bool write, uint32_t addr, uint32_t data, uint8_t strb)
{
    struct sys_out o;
    in.itm.psel = true;
    in.itm.penable = false;
    in.itm.pwrite = write;
    in.itm.paddr = addr;
    in.itm.pwdata = data;
    in.itm.pstrb = write ? strb : 0;
    in.itm.pprot = 3;
    cycle();
    in.itm.penable = true;
    sys_model_eval(&m, &in, &o);
    cycle();
    in.itm.psel = in.itm.penable = in.itm.pwrite = false;
    return o.itm.prdata;
}

static uint32_t apb(bool write, uint32_t addr, uint32_t data)
{
    return apb_strb(write, addr, data, 0xF);
}

static void idle(unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        cycle();
}

/* A character the firmware way: poll FIFOREADY, then write. */
static void put_char(uint8_t c)
{
    while (!(apb(false, 0x000, 0) & 1u))
        ;
    apb_strb(true, 0x000, c, 0x1); /* a byte write: a 1-byte packet 01 c */
    if (nw < MAX_WRITES)
        w_at[nw++] = now - 1;
}

static uint64_t rnd_state;
static unsigned rnd(unsigned n) /* 0..n-1 */
{
    rnd_state ^= rnd_state << 13;
    rnd_state ^= rnd_state >> 7;
    rnd_state ^= rnd_state << 17;
    return (unsigned)(rnd_state % n);
}

static void start(unsigned idle_cycles)
{
    struct sys_cfg cfg = build_sys_cfg;
    cfg.tpiu.frame_idle_cycles = idle_cycles;
    if (sys_model_init(&m, &cfg) != 0) {
        fprintf(stderr, "tpiu_latency: the model rejects FrameIdleCycles %u\n", idle_cycles);
        exit(2);
    }
    memset(&in, 0, sizeof in);
    in.itm.rst_n = true;
    in.itm.trcena = in.itm.niden = in.itm.spniden = true;
    in.pe_priv = in.niden_p = in.spniden_p = true;
    now = 0;
    nw = nbytes_id1 = 0;
    pin_bytes = pad_bytes = 0;
    tpiudec_init(&dec);
    apb(true, 0x40010, swoscaler);  /* TPIU_ACPR */
    apb(true, 0x400F0, 2);          /* TPIU_SPPR: NRZ (restart, full sync), formatter on */
    apb(true, 0x00E80, 0x00010001); /* ITM_TCR: ITMENA, TraceBusID 1 */
    apb(true, 0x00E00, 1);          /* ITM_TER0 */
    idle(100u * (swoscaler + 1u));  /* the full sync leaves */
    pin_bytes = pad_bytes = 0;
}

struct result {
    unsigned writes;
    double mean;
    uint64_t max;
    double pad_share, pin_per_char;
};

static struct result finish(void)
{
    idle(4000u * (swoscaler + 1u)); /* everything leaves */
    struct result r = {nw, 0, 0, 0, 0};
    if (nbytes_id1 != 2u * nw) {
        fprintf(stderr, "tpiu_latency: %u ID-1 bytes on the pin for %u writes\n", nbytes_id1,
                nw);
        exit(1);
    }
    double sum = 0;
    for (unsigned k = 0; k < nw; k++) {
        uint64_t lat = byte_end[2 * k + 1] - w_at[k];
        sum += (double)lat;
        if (lat > r.max)
            r.max = lat;
    }
    r.mean = nw ? sum / nw : 0;
    r.pad_share = pin_bytes ? (double)pad_bytes / (double)pin_bytes : 0;
    r.pin_per_char = nw ? (double)pin_bytes / nw : 0;
    return r;
}

static void print(const char *name, struct result r)
{
    printf("%-8s writes %5u latency mean %8.1f max %7llu cycles  padding %5.1f %%  "
           "pin bytes/char %5.2f\n",
           name, r.writes, r.mean, (unsigned long long)r.max, 100.0 * r.pad_share,
           r.pin_per_char);
}

int main(int argc, char **argv)
{
    unsigned idle_cycles = 16, writes = 2000;
    uint64_t seed = 1;
    static const struct option opts[] = {{"idle", required_argument, 0, 'i'},
                                         {"swoscaler", required_argument, 0, 's'},
                                         {"writes", required_argument, 0, 'w'},
                                         {"seed", required_argument, 0, 'x'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    int c;
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (c) {
        case 'i':
            idle_cycles = (unsigned)strtoul(optarg, NULL, 0);
            break;
        case 's':
            swoscaler = (unsigned)strtoul(optarg, NULL, 0);
            break;
        case 'w':
            writes = (unsigned)strtoul(optarg, NULL, 0);
            break;
        case 'x':
            seed = strtoull(optarg, NULL, 0);
            break;
        case 'h':
            printf("Usage: tpiu_latency [--idle N] [--swoscaler S] [--writes K] [--seed X]\n"
                   "Latency from a one-byte ITM_STIM0 write to the end of its TPIU frame on the\n"
                   "SWO pin (NRZ, SWOSCALER S, default 0), and the padding share, on the golden\n"
                   "model of the full configuration with FrameIdleCycles N (default 16).\n");
            return 0;
        default:
            fprintf(stderr, "Usage: tpiu_latency [--idle N] [--swoscaler S] [--writes K] "
                            "[--seed X]\n");
            return 2;
        }
    }
    if (writes == 0 || writes > MAX_WRITES || swoscaler > 0xFFFFu) {
        fprintf(stderr, "tpiu_latency: --writes 1..%u, --swoscaler 0..65535\n", MAX_WRITES);
        return 2;
    }
    printf("seed %llu, FrameIdleCycles %u, SWO NRZ SWOSCALER %u (%u cycles a bit)\n",
           (unsigned long long)seed, idle_cycles, swoscaler, swoscaler + 1u);

    start(idle_cycles);
    put_char('A');
    print("lone", finish());

    rnd_state = seed * 2654435761u + 1u;
    start(idle_cycles);
    while (nw < writes) {
        unsigned len = 1u + rnd(24);
        for (unsigned i = 0; i < len && nw < writes; i++)
            put_char((uint8_t)('a' + rnd(26)));
        idle(1u + rnd(4000));
    }
    print("strings", finish());

    rnd_state = seed * 2654435761u + 7u;
    start(idle_cycles);
    while (nw < writes) {
        put_char((uint8_t)('a' + rnd(26)));
        idle(1u + rnd(400));
    }
    print("sparse", finish());
    return 0;
}
