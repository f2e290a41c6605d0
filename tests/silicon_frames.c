/* SPDX-License-Identifier: Apache-2.0 */
/* The golden TPIU formatter against real silicon: takes the SWO capture of an STM32F105
 * (Cortex-M3, ../shared/fixtures/stm32f105-swo/), splits it into the bursts the silicon
 * sent, deformats each frame (sim/decode), and feeds the trace bytes of each burst to the
 * golden TPIU model (docs/tpiu-contract.md) in the same order, letting the input go idle
 * where the silicon padded a frame with ID 0. The model's frames must be the silicon's,
 * byte for byte ([TPIU-FMT-*], [TPIU-IDLE-2], worked examples (e) and (f)), except in the
 * bursts where the silicon writes the current ID again at the start of a frame, which
 * [TPIU-FMT-9] does not do (contract §11 (g)); those are counted and listed.
 *
 * Usage: silicon_frames [--verbose] FIXTURE.sr     (make fixture-test)
 * Prints one "ok"/"FAIL" line per check and exits 1 if any check failed. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sr_read.h"
#include "swodec.h"
#include "tpiu_model.h"
#include "tpiudec.h"

#define MAX_BYTES 16384u
#define MAX_BURSTS 1024u
#define SWO_BAUD 8000000u      /* the fixture's README: NRZ at 8 Mbit/s */
#define IDLE_WAIT 1000u        /* cycles of idle input after a padded frame: > FrameIdleCycles
                                * plus two frames of NRZ at one bit per cycle (320) */

static unsigned passed, failed;
static void check(const char *name, bool ok, const char *detail)
{
    if (ok) {
        passed++;
        printf("ok   %s\n", name);
    } else {
        failed++;
        printf("FAIL %s%s%s\n", name, detail ? ": " : "", detail ? detail : "");
    }
}

/* The capture as UART bytes, and where each burst (a run of back-to-back characters after
 * an idle gap of at least one character time) starts. */
static uint8_t bytes[MAX_BYTES];
static unsigned nbytes, burst_at[MAX_BURSTS + 1], nbursts;

static bool read_capture(const char *path)
{
    struct sr_read r;
    char err[SR_READ_ERR_MAX];
    if (!sr_read_open(&r, path)) {
        fprintf(stderr, "silicon_frames: %s: %s\n", path, r.err);
        return false;
    }
    int bit = sr_read_channel_find(&r.meta, "SWO", err, sizeof err);
    struct swodec d;
    if (bit < 0 || !swodec_init_rate(&d, SWODEC_NRZ, r.meta.samplerate, SWO_BAUD)) {
        fprintf(stderr, "silicon_frames: %s: %s\n", path, bit < 0 ? err : "bad sample rate");
        sr_read_close(&r);
        return false;
    }
    uint8_t buf[65536];
    long n;
    while ((n = sr_read_read(&r, buf, sizeof buf)) > 0) {
        for (long i = 0; i < n; i++) {
            uint8_t b;
            if (!swodec_push(&d, (uint8_t)(buf[i] >> bit), &b))
                continue;
            if (nbytes == MAX_BYTES) {
                fprintf(stderr, "silicon_frames: more than %u bytes\n", MAX_BYTES);
                sr_read_close(&r);
                return false;
            }
            if ((nbytes == 0 || swodec_gap(&d)) && nbursts < MAX_BURSTS)
                burst_at[nbursts++] = nbytes;
            bytes[nbytes++] = b;
        }
    }
    burst_at[nbursts] = nbytes;
    sr_read_close(&r);
    return n == 0 && swodec_errors(&d.stats) == 0;
}

/* The golden TPIU, formatter on, SWO NRZ at one bit per cycle, fed one ATB byte per cycle
 * while it accepts; its frame bytes (txb) collected. */
static struct tpiu_model m;
static uint8_t txb[MAX_BYTES * 2];
static unsigned ntxb;

static void cycle(const struct tpiu_in *in)
{
    struct tpiu_out o;
    tpiu_model_eval(&m, in, &o);
    if (o.txb_valid && ntxb < sizeof txb)
        txb[ntxb++] = o.txb;
    tpiu_model_step(&m, in);
}

static void model_start(void)
{
    struct tpiu_cfg cfg = {.port_width = 4, .atb_fifo_depth = 4, .frame_idle_cycles = 16};
    if (tpiu_model_init(&m, &cfg) != 0) {
        fprintf(stderr, "silicon_frames: tpiu_model_init failed\n");
        exit(2);
    }
    struct tpiu_in in = {.rst_n = true};
    cycle(&in);
    /* SPPR = NRZ (restart, full sync pending), one APB write: setup then access */
    in.psel = in.pwrite = true;
    in.paddr = TPIU_SPPR_OFF;
    in.pwdata = TPIU_TXMODE_NRZ;
    in.pstrb = 0xF;
    cycle(&in);
    in.penable = true;
    cycle(&in);
    memset(&in, 0, sizeof in);
    in.rst_n = true;
    for (unsigned i = 0; i < IDLE_WAIT; i++)
        cycle(&in);
}

static void model_feed(const struct tpiudec_byte *b, unsigned n)
{
    struct tpiu_in in = {.rst_n = true, .atvalid = true};
    for (unsigned i = 0; i < n;) {
        struct tpiu_out o;
        in.atid = b[i].id;
        in.atdata = b[i].data;
        tpiu_model_eval(&m, &in, &o);
        cycle(&in);
        if (o.atready)
            i++;
    }
}

static void model_idle(void)
{
    struct tpiu_in in = {.rst_n = true};
    for (unsigned i = 0; i < IDLE_WAIT; i++)
        cycle(&in);
}

/* Idle input until the formatter's next even position is p (within IDLE_WAIT cycles). */
static void model_idle_until_p(unsigned p)
{
    struct tpiu_in in = {.rst_n = true};
    for (unsigned i = 0; i < IDLE_WAIT && m.p != p; i++)
        cycle(&in);
}

/* The even position of an ID byte (not ID 0) that follows an ID-0 byte in frame f, with an
 * immediate change and no other ID byte after it; 0 if there is none (or it is not so
 * simple). */
static unsigned resume_pos(const uint8_t *f)
{
    unsigned r = 0;
    bool pad = false;
    for (unsigned k = 0; k < 7; k++) {
        uint8_t e = f[2 * k];
        if (!(e & 1u))
            continue;
        if (e >> 1 == 0) {
            pad = true;
        } else if (pad && !r && !((f[15] >> k) & 1u)) {
            r = 2 * k;
        } else if (r) {
            return 0;
        }
    }
    return r;
}

static void hex(char *s, size_t n, const uint8_t *b, unsigned len)
{
    size_t k = 0;
    for (unsigned i = 0; i < len && k + 4 < n; i++)
        k += (size_t)snprintf(s + k, n - k, "%02x%s", b[i], i + 1 < len ? " " : "");
}

int main(int argc, char **argv)
{
    bool verbose = argc > 2 && strcmp(argv[1], "--verbose") == 0;
    if (argc < 2 || strcmp(argv[1], "--help") == 0) {
        printf("Usage: silicon_frames [--verbose] FIXTURE.sr\n"
               "Feeds the trace bytes of each burst of the STM32F105 SWO capture to the golden\n"
               "TPIU model and compares its frames with the silicon's.\n");
        return argc < 2 ? 2 : 0;
    }
    const char *path = argv[argc - 1];
    check("the capture reads as UART bytes with no line error", read_capture(path), NULL);
    if (failed)
        return 1;

    /* The silicon's frames, deformatted: a tpiudec synchronised by a full sync, then the
     * bursts of whole frames (the first and last burst may be cut by the capture). */
    struct tpiudec dec;
    tpiudec_init(&dec);
    struct tpiudec_byte out[TPIUDEC_MAX_OUT];
    static const uint8_t fsync[4] = {0xFF, 0xFF, 0xFF, 0x7F};
    for (unsigned i = 0; i < 4; i++)
        tpiudec_push(&dec, fsync[i], out);

    model_start();
    /* (before the restart it began the reset mode's full sync in Manchester) */
    check("the model sends a full sync FF FF FF 7F after the restart into NRZ",
          ntxb >= 4 && memcmp(&txb[ntxb - 4], fsync, 4) == 0, NULL);
    ntxb = 0;
    unsigned bursts_whole = 0, bursts_same = 0, frames_same = 0, frames = 0;
    unsigned bursts_repeat = 0, bursts_other = 0, resumed = 0, unsupported = 0;
    char first_other[512] = "";
    static struct tpiudec_byte seg[MAX_BYTES];
    for (unsigned k = 0; k < nbursts; k++) {
        unsigned at = burst_at[k], len = burst_at[k + 1] - at;
        if (len == 0 || len % TPIUDEC_FRAME_BYTES != 0)
            continue; /* cut by the start or the end of the capture */
        bursts_whole++;
        unsigned t0 = ntxb, nseg = 0;
        bool repeat = false;
        for (unsigned f = 0; f < len; f += TPIUDEC_FRAME_BYTES) {
            const uint8_t *fr = &bytes[at + f];
            /* the silicon wrote the current ID again at the start of this frame */
            if ((fr[0] & 1u) && dec.cur_id == fr[0] >> 1)
                repeat = true;
            uint64_t pad0 = dec.stats.padding;
            for (unsigned i = 0; i < TPIUDEC_FRAME_BYTES; i++) {
                unsigned n = tpiudec_push(&dec, fr[i], out);
                for (unsigned j = 0; j < n; j++)
                    seg[nseg++] = out[j];
            }
            if (dec.stats.padding == pad0)
                continue;
            /* A padded frame: the silicon's input went idle after its trace bytes. If trace
             * came back before the frame was full (an ID byte after the padding, at even
             * position r, the change immediate), the padding stopped there: feed the bytes
             * after it once the model's formatter has padded up to r - 2, so that they are
             * accepted at the edge of the last PAD unit and form the unit at r
             * ([TPIU-IDLE-1]: the accepting edge clears the idle count). */
            unsigned r = resume_pos(fr), after = r ? TPIUDEC_FRAME_BYTES - 2 - r : 0;
            if (r && after > nseg) {
                unsupported++;
                r = after = 0;
            }
            model_feed(seg, nseg - after);
            if (r) {
                resumed++;
                model_idle_until_p(r - 2);
                model_feed(&seg[nseg - after], after);
            } else {
                model_idle();
            }
            nseg = 0;
        }
        model_feed(seg, nseg);
        model_idle();
        unsigned t = t0, ours = ntxb - t0; /* the model's frames of this burst */
        bool same = ours == len && memcmp(&txb[t], &bytes[at], len) == 0;
        for (unsigned f = 0; f + TPIUDEC_FRAME_BYTES <= len; f += TPIUDEC_FRAME_BYTES) {
            frames++;
            if (f + TPIUDEC_FRAME_BYTES <= ours &&
                memcmp(&txb[t + f], &bytes[at + f], TPIUDEC_FRAME_BYTES) == 0)
                frames_same++;
        }
        if (same) {
            bursts_same++;
        } else if (repeat) {
            bursts_repeat++;
            if (verbose)
                printf("     burst %u (byte %u): the silicon repeats an ID at a frame start\n",
                       k, at);
        } else {
            bursts_other++;
            if (!first_other[0]) {
                char a[200], b[200];
                hex(a, sizeof a, &bytes[at], len < 48 ? len : 48);
                hex(b, sizeof b, &txb[t], ours < 48 ? ours : 48);
                snprintf(first_other, sizeof first_other,
                         "burst %u (byte %u): silicon %s / model %s", k, at, a, b);
            }
        }
    }
    char d[160];
    snprintf(d, sizeof d, "%u of %u bursts whole (491 frames expected)", bursts_whole, nbursts);
    check("the capture holds 392 bursts of whole frames, 491 frames", bursts_whole == 392 &&
                                                                          frames == 491,
          d);
    snprintf(d, sizeof d, "%u frames with trace after padding, %u not modelled", resumed,
             unsupported);
    check("one frame where trace resumes after padding (modelled), none left out",
          resumed == 1 && unsupported == 0, d);
    snprintf(d, sizeof d, "%u same, %u with an ID repeat, %u other", bursts_same, bursts_repeat,
             bursts_other);
    check("every burst without a repeated ID is the model's, byte for byte",
          bursts_other == 0, first_other[0] ? first_other : d);
    printf("     %s; %u of %u frames identical\n", d, frames_same, frames);
    check("the bursts that differ are the 6 frames' (at most one burst each) with a repeated ID",
          bursts_repeat >= 1 && bursts_repeat <= 6, d);
    printf("%u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}
