/* SPDX-License-Identifier: Apache-2.0 */
/* tracedump: decodes a capture of the TPIU pins (or a byte stream) down to ITM/DWT packets.
 * Layers (orbuculum's order): line decoder (swodec / pardec) -> TPIU deformatter
 * (tpiudec, unless --bypass) -> one ITM/DWT packet decoder per trace ID (pktdec). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_opts.h"
#include "log.h"
#include "pardec.h"
#include "pktdec.h"
#include "swodec.h"
#include "tpiudec.h"

enum mode { MODE_BYTES = 0, MODE_NRZ, MODE_MANCHESTER, MODE_PARALLEL };

struct opts {
    enum mode mode;
    uint32_t div;   /* SWO: cycles per cell */
    unsigned width; /* parallel: TRACEDATA bits per cycle */
    bool bypass, json, stats, strict;
    int id; /* keep this trace ID only; -1: all */
    const char *path;
};

struct ctx {
    const struct opts *o;
    struct swodec swo;
    struct pardec par;
    struct tpiudec tpiu;
    struct pktdec pkt[TPIUDEC_NUM_IDS]; /* per trace ID; [0] is the bare stream of --bypass */
    uint64_t in_units;                  /* samples or bytes read */
};

enum opt_id {
    OPT_HELP = 'h',
    OPT_BYTES = CLI_ID_BASE, OPT_SWO_NRZ, OPT_SWO_MANCHESTER, OPT_PARALLEL, OPT_BYPASS, OPT_JSON,
    OPT_ID, OPT_STATS, OPT_STRICT,
};

#define USAGE_LINE                                                                         \
    "Usage: tracedump [MODE] [--bypass] [--json] [--id N] [--stats] [--strict] FILE\n"

/* In the order of --help. */
static const struct cli_opt cli_table[] = {
    CLI_TEXT("MODE (the input format; default --bytes):", 0),
    CLI_FLAG("bytes", OPT_BYTES, "one byte of the stream per input byte"),
    CLI_VALUE("swo-nrz", "DIV", OPT_SWO_NRZ,
              "one byte per clock cycle, the SWO pin level in bit 0; NRZ\n"
              "(UART 8N1, LSB first, idle high), DIV cycles per bit"),
    CLI_VALUE("swo-manchester", "DIV", OPT_SWO_MANCHESTER,
              "as above, Manchester: start bit cells '1 0', data bit b =\n"
              "cells 'b, !b' LSB first, stop '0 0', idle low; DIV cycles\n"
              "per cell (half-bit)"),
    CLI_VALUE("parallel", "WIDTH", OPT_PARALLEL,
              "one byte per clock cycle, TRACEDATA (WIDTH = 1, 2, 4, 8\n"
              "bits, the rest ignored); 16-bit units least-significant\n"
              "chunk first, aligned on the first full sync FF FF FF 7F"),
    CLI_TEXT("DIV is TPIU_ACPR.SWOSCALER + 1 (1..65536).\n"
             "\n"
             "Options:",
             13),
    CLI_FLAG("bypass", OPT_BYPASS,
             "the bytes are a bare ITM/DWT packet stream (TPIU formatter bypassed,\n"
             "SWO modes and --bytes only); otherwise they are TPIU frames:\n"
             "synchronised on FF FF FF 7F, half-word syncs FF 7F dropped, data\n"
             "under ID 0x00 (padding) dropped"),
    CLI_FLAG("json", OPT_JSON,
             "one JSON object per line instead of text, e.g.\n"
             "{\"id\":1,\"type\":\"INST\",\"port\":3,\"size\":4,\"data\":\"0x12345678\","
             "\"raw\":\"1b 78 56 34 12\"}"),
    CLI_VALUE("id", "N", OPT_ID, "print the packets of trace ID N (0..127, 0x.. allowed) only"),
    CLI_FLAG("stats", OPT_STATS, "print the counters of every layer to stderr at the end"),
    CLI_FLAG("strict", OPT_STRICT, "exit 1 if any decode error was counted"),
    CLI_FLAG("help", OPT_HELP, "this text"),
    {0},
};

static void usage(FILE *f)
{
    fputs(USAGE_LINE
          "Decodes a trace capture down to ITM/DWT packets, one per line:\n"
          "  id=0x01 INST port=3 size=4 data=0x12345678\n"
          "(--bypass: no id= prefix). A packet cut by the end of the input is printed as\n"
          "'INCOMPLETE bytes=...'. FILE is a raw binary file, '-' for stdin.\n"
          "\n",
          f);
    cli_opts_print(f, cli_table);
    fputs("\n"
          "Errors counted: SWO false starts, framing and symbol errors; parallel realigns or\n"
          "no full sync at all; TPIU bytes before the first full sync, data before any ID,\n"
          "reserved IDs, misplaced full syncs; BAD packets and packet resyncs.\n"
          "Exit 0; 1 with --strict if errors were counted; 2 on usage or I/O errors.\n",
          f);
}

static bool parse_uint(const char *s, uint64_t max, uint64_t *v)
{
    return cli_parse_u64(s, v) && *v <= max;
}

/* Returns 0 ok, 1 --help given, 2 usage error (reported). */
static int parse_args(int argc, char **argv, struct opts *o)
{
    bool have_mode = false;
    memset(o, 0, sizeof *o);
    o->id = -1;
    struct cli_opts cli;
    cli_opts_init(&cli, "tracedump", USAGE_LINE, cli_table, argc, argv);
    int c;
    const char *val;
    while ((c = cli_opts_get(&cli, &val)) != CLI_END) {
        uint64_t v;
        switch (c) {
        case CLI_USAGE:
            return 2;
        case CLI_OPERAND:
            if (o->path) {
                log_msg(LOG_ERROR, "tracedump: error: more than one input file (%s)\n", val);
                return 2;
            }
            o->path = val;
            break;
        case OPT_HELP:
            return 1;
        case OPT_BYTES:
        case OPT_SWO_NRZ:
        case OPT_SWO_MANCHESTER:
        case OPT_PARALLEL:
            if (have_mode) {
                log_msg(LOG_ERROR, "tracedump: error: more than one input mode (--%s)\n",
                        cli.cur->name);
                return 2;
            }
            have_mode = true;
            if (c == OPT_BYTES) {
                o->mode = MODE_BYTES;
            } else if (c == OPT_PARALLEL) {
                if (!parse_uint(val, 8, &v) || (v != 1 && v != 2 && v != 4 && v != 8)) {
                    log_msg(LOG_ERROR, "tracedump: error: --parallel needs WIDTH 1, 2, 4 or 8\n");
                    return 2;
                }
                o->mode = MODE_PARALLEL;
                o->width = (unsigned)v;
            } else {
                if (!parse_uint(val, SWODEC_DIV_MAX, &v) || v == 0) {
                    log_msg(LOG_ERROR, "tracedump: error: --%s needs DIV 1..%u\n", cli.cur->name,
                            SWODEC_DIV_MAX);
                    return 2;
                }
                o->mode = c == OPT_SWO_NRZ ? MODE_NRZ : MODE_MANCHESTER;
                o->div = (uint32_t)v;
            }
            break;
        case OPT_ID:
            if (!parse_uint(val, TPIUDEC_NUM_IDS - 1, &v)) {
                log_msg(LOG_ERROR, "tracedump: error: --id needs N 0..127\n");
                return 2;
            }
            o->id = (int)v;
            break;
        case OPT_BYPASS:
            o->bypass = true;
            break;
        case OPT_JSON:
            o->json = true;
            break;
        case OPT_STATS:
            o->stats = true;
            break;
        case OPT_STRICT:
            o->strict = true;
            break;
        }
    }
    if (!o->path) {
        log_msg(LOG_ERROR, "tracedump: error: no input file (see --help)\n");
        return 2;
    }
    if (o->bypass && o->mode == MODE_PARALLEL) {
        log_msg(LOG_ERROR, "tracedump: error: --bypass with --parallel: the parallel port is "
                           "always formatted (docs/tpiu-contract.md [TPIU-MODE-1])\n");
        return 2;
    }
    if (o->bypass && o->id >= 0) {
        log_msg(LOG_ERROR, "tracedump: error: --id with --bypass: a bypassed stream has no IDs\n");
        return 2;
    }
    return 0;
}

static void print_pkt(const struct ctx *c, int id, const struct pkt *p, bool incomplete)
{
    char raw[3 * PKTDEC_MAX_BYTES + 8];
    pktdec_format_bytes(p, raw, sizeof raw);
    if (!c->o->json) {
        char text[160];
        if (incomplete)
            snprintf(text, sizeof text, "INCOMPLETE bytes=%s", raw);
        else
            pktdec_format(p, text, sizeof text);
        if (id >= 0)
            printf("id=0x%02x %s\n", (unsigned)id, text);
        else
            printf("%s\n", text);
        return;
    }
    printf("{");
    if (id >= 0)
        printf("\"id\":%d,", id);
    printf("\"type\":\"%s\"", incomplete ? "INCOMPLETE" : pktdec_type_name(p->type));
    if (!incomplete) {
        switch (p->type) {
        case PKT_SYNC:
            printf(",\"len\":%" PRIu32, p->nbytes);
            break;
        case PKT_LTS:
            printf(",\"ts\":%" PRIu32 ",\"tc\":%u", p->ts, p->tc);
            break;
        case PKT_GTS1:
            printf(",\"bits\":\"0x%" PRIx64 "\",\"wrap\":%d,\"clkch\":%d", p->gts_bits, p->wrap,
                   p->clkch);
            break;
        case PKT_GTS2:
            printf(",\"bits\":\"0x%" PRIx64 "\",\"gts\":\"0x%" PRIx64 "\"", p->gts_bits, p->gts);
            break;
        case PKT_EXT:
            if (p->sh == 0)
                printf(",\"sh\":0,\"page\":%" PRIu32, p->data);
            else
                printf(",\"sh\":1,\"value\":\"0x%" PRIx32 "\"", p->data);
            break;
        case PKT_INST:
            printf(",\"port\":%" PRIu32 ",\"size\":%u,\"data\":\"0x%0*" PRIx32 "\"", p->port,
                   p->size, 2 * p->size, p->data);
            break;
        case PKT_HW:
            printf(",\"disc\":%u,\"size\":%u,\"data\":\"0x%0*" PRIx32 "\"", p->disc, p->size,
                   2 * p->size, p->data);
            break;
        default:
            break;
        }
    }
    printf(",\"raw\":\"%s\"}\n", raw);
}

/* One byte of an ITM/DWT stream; id -1 for the bare stream of --bypass. */
static void packet_byte(struct ctx *c, int id, uint8_t b)
{
    struct pkt p;
    if (pktdec_push(&c->pkt[id < 0 ? 0 : id], b, &p) == PKT_NONE)
        return;
    if (c->o->id < 0 || c->o->id == id)
        print_pkt(c, id, &p, false);
}

/* One byte out of the line decoder. */
static void stream_byte(struct ctx *c, uint8_t b)
{
    if (c->o->bypass) {
        packet_byte(c, -1, b);
        return;
    }
    struct tpiudec_byte out[TPIUDEC_MAX_OUT];
    unsigned n = tpiudec_push(&c->tpiu, b, out);
    for (unsigned i = 0; i < n; i++)
        packet_byte(c, out[i].id, out[i].data);
}

static void input_unit(struct ctx *c, uint8_t u)
{
    c->in_units++;
    switch (c->o->mode) {
    case MODE_BYTES:
        stream_byte(c, u);
        break;
    case MODE_NRZ:
    case MODE_MANCHESTER: {
        uint8_t b;
        if (swodec_push(&c->swo, u, &b))
            stream_byte(c, b);
        break;
    }
    case MODE_PARALLEL: {
        uint8_t out[PARDEC_MAX_OUT];
        unsigned n = pardec_push(&c->par, u, out);
        for (unsigned i = 0; i < n; i++)
            stream_byte(c, out[i]);
        break;
    }
    }
}

static void finish(struct ctx *c)
{
    if (c->o->mode == MODE_NRZ || c->o->mode == MODE_MANCHESTER)
        swodec_finish(&c->swo);
    if (!c->o->bypass)
        tpiudec_finish(&c->tpiu);
    for (unsigned id = 0; id < TPIUDEC_NUM_IDS; id++) {
        int pid = c->o->bypass ? -1 : (int)id;
        if (pktdec_busy(&c->pkt[id]) && (c->o->id < 0 || c->o->id == pid))
            print_pkt(c, pid, &c->pkt[id].cur, true);
        if (c->o->bypass)
            break;
    }
}

static uint64_t count_errors(const struct ctx *c, bool *never_aligned)
{
    uint64_t e = 0;
    *never_aligned = false;
    if (c->o->mode == MODE_NRZ || c->o->mode == MODE_MANCHESTER)
        e += swodec_errors(&c->swo.stats);
    if (c->o->mode == MODE_PARALLEL) {
        e += pardec_errors(&c->par.stats);
        if (!c->par.aligned && c->par.stats.samples > 0) {
            *never_aligned = true;
            e++;
        }
    }
    if (!c->o->bypass)
        e += tpiudec_errors(&c->tpiu.stats);
    for (unsigned id = 0; id < TPIUDEC_NUM_IDS; id++)
        e += c->pkt[id].stats.count[PKT_BAD] + c->pkt[id].stats.resyncs;
    return e;
}

static void print_stats(const struct ctx *c)
{
    const struct opts *o = c->o;
    bool never_aligned;
    uint64_t errors = count_errors(c, &never_aligned);
    FILE *f = stderr;
    fflush(stdout);
    fprintf(f, "input: %" PRIu64 " %s\n", c->in_units, o->mode == MODE_BYTES ? "bytes" : "cycles");
    if (o->mode == MODE_NRZ || o->mode == MODE_MANCHESTER) {
        const struct swodec_stats *s = &c->swo.stats;
        fprintf(f,
                "swo %s div %" PRIu32 ": bytes %" PRIu64 " starts %" PRIu64
                " false_start %" PRIu64 " framing %" PRIu64 " symbol %" PRIu64
                " truncated %" PRIu64 "\n",
                o->mode == MODE_NRZ ? "nrz" : "manchester", o->div, s->bytes, s->starts,
                s->false_start, s->framing, s->symbol, s->truncated);
    }
    if (o->mode == MODE_PARALLEL) {
        const struct pardec_stats *s = &c->par.stats;
        fprintf(f,
                "parallel width %u: bytes %" PRIu64 " unaligned %" PRIu64 " fsyncs %" PRIu64
                " realigns %" PRIu64 "%s\n",
                o->width, s->bytes, s->unaligned, s->fsyncs, s->realigns,
                never_aligned ? " (no full sync found)" : "");
    }
    if (!o->bypass) {
        const struct tpiudec_stats *s = &c->tpiu.stats;
        fprintf(f,
                "tpiu: bytes %" PRIu64 " frames %" PRIu64 " fsyncs %" PRIu64 " hsyncs %" PRIu64
                " data %" PRIu64 " padding %" PRIu64 " id_bytes %" PRIu64 " truncated %" PRIu64
                "\n",
                s->bytes, s->frames, s->fsyncs, s->hsyncs, s->data, s->padding, s->id_bytes,
                s->truncated);
        fprintf(f,
                "tpiu errors: unsynced %" PRIu64 " no_id %" PRIu64 " reserved_id %" PRIu64
                " fsync_in_frame %" PRIu64 " misaligned %" PRIu64 " dropped %" PRIu64 "%s\n",
                s->unsynced, s->no_id, s->reserved_id, s->fsync_in_frame, s->misaligned,
                s->dropped, c->tpiu.synced || s->bytes == 0 ? "" : " (no full sync found)");
    }
    for (unsigned id = 0; id < TPIUDEC_NUM_IDS; id++) {
        const struct pktdec_stats *s = &c->pkt[id].stats;
        if (s->bytes == 0)
            continue;
        if (o->bypass)
            fprintf(f, "packets: bytes %" PRIu64, s->bytes);
        else
            fprintf(f, "packets id 0x%02x: bytes %" PRIu64, id, s->bytes);
        for (unsigned t = PKT_NONE + 1; t < PKT_NTYPES; t++)
            if (s->count[t])
                fprintf(f, " %s %" PRIu64, pktdec_type_name((enum pkt_type)t), s->count[t]);
        fprintf(f, " lost %" PRIu64 " resyncs %" PRIu64 " incomplete %d\n", s->lost, s->resyncs,
                pktdec_busy(&c->pkt[id]) ? 1 : 0);
    }
    fprintf(f, "errors: %" PRIu64 "\n", errors);
}

int main(int argc, char **argv)
{
    struct opts o;
    int rc = parse_args(argc, argv, &o);
    if (rc == 1) {
        usage(stdout);
        return 0;
    }
    if (rc != 0)
        return 2;
    static struct ctx c;
    c.o = &o;
    for (unsigned id = 0; id < TPIUDEC_NUM_IDS; id++)
        pktdec_init(&c.pkt[id]);
    tpiudec_init(&c.tpiu);
    if (o.mode == MODE_NRZ || o.mode == MODE_MANCHESTER)
        swodec_init(&c.swo, o.mode == MODE_NRZ ? SWODEC_NRZ : SWODEC_MANCHESTER, o.div);
    if (o.mode == MODE_PARALLEL)
        pardec_init(&c.par, o.width);

    bool is_stdin = strcmp(o.path, "-") == 0;
    const char *name = is_stdin ? "<stdin>" : o.path;
    FILE *f = is_stdin ? stdin : fopen(o.path, "rb");
    if (!f) {
        log_msg(LOG_ERROR, "tracedump: error: cannot open %s: %s\n", name, strerror(errno));
        return 2;
    }
    static uint8_t buf[1u << 16];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) != 0)
        for (size_t i = 0; i < n; i++)
            input_unit(&c, buf[i]);
    int err = ferror(f) ? (errno ? errno : EIO) : 0;
    if (!is_stdin)
        fclose(f);
    if (err) {
        log_msg(LOG_ERROR, "tracedump: error: reading %s failed: %s\n", name, strerror(err));
        return 2;
    }
    finish(&c);
    if (o.stats)
        print_stats(&c);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        log_msg(LOG_ERROR, "tracedump: error: writing the output failed\n");
        return 2;
    }
    bool never_aligned;
    return o.strict && count_errors(&c, &never_aligned) > 0 ? 1 : 0;
}
