/* SPDX-License-Identifier: Apache-2.0 */
/* tracedump: decodes a capture of the TPIU pins (or a byte stream) down to ITM/DWT packets.
 * Layers (orbuculum's order): input (a raw capture, or a sigrok session's channel) -> line
 * decoder (swodec / pardec) -> TPIU deformatter (tpiudec, unless --bypass; the SWO
 * decoder's idle gaps passed on for its frame alignment) -> one ITM/DWT packet decoder per
 * trace ID (pktdec) -> hardware-source names (hwsrc); the trace IDs of --etm-id (default
 * 0x10) go to an ETMv4 packet decoder instead (etm4dec). */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_opts.h"
#include "etm4dec.h"
#include "hwsrc.h"
#include "log.h"
#include "pardec.h"
#include "pktdec.h"
#include "sr_read.h"
#include "swodec.h"
#include "textput.h"
#include "tpiudec.h"

enum mode { MODE_BYTES = 0, MODE_NRZ, MODE_MANCHESTER, MODE_PARALLEL };
enum input { INPUT_AUTO = 0, INPUT_RAW, INPUT_SIGROK };

struct opts {
    enum mode mode;
    bool have_mode;
    uint32_t div;        /* SWO: cycles per cell (0: from --baud) */
    uint64_t baud;       /* SWO: bit rate, with the sample rate (0: --swo-* DIV) */
    bool manchester;     /* --baud: Manchester rather than NRZ */
    uint64_t samplerate; /* --samplerate (0: not given) */
    unsigned width;      /* parallel: TRACEDATA bits per cycle */
    enum input input;
    const char *channel; /* --sr-channel */
    unsigned hunt;       /* TPIUDEC_HUNT_* */
    uint32_t gap_bits;
    bool bypass, json, stats, strict;
    int id; /* keep this trace ID only; -1: all */
    bool etm[TPIUDEC_NUM_IDS]; /* the trace IDs that carry ETMv4 (--etm-id) */
    bool etm_given;            /* --etm-id given: the default set replaced */
    bool etm_bare;             /* --etm: the bare stream of --bypass is ETMv4 */
    const char *path;
};

/* The ETM's trace ID in docs/etm-contract.md section 14 (TRCTRACEIDR = 0x10) and in the
 * golden ETM runs behind the TPIU (tests/opencsd/etm_decode.c --tpiu); the ETM's reset value
 * is 0, so a debugger programs it: --etm-id says which. */
#define ETM_DEFAULT_ID 0x10

/* What the input turned out to be. */
struct source {
    bool sigrok;
    struct sr_read sr;
    int bit;             /* sigrok: the channel's bit in a sample */
    uint64_t samplerate; /* 0: unknown (raw capture without --samplerate) */
};

struct ctx {
    const struct opts *o;
    struct source *src;
    struct swodec swo;
    struct pardec par;
    struct tpiudec tpiu;
    struct pktdec pkt[TPIUDEC_NUM_IDS]; /* per trace ID; [0] is the bare stream of --bypass */
    uint64_t hw[TPIUDEC_NUM_IDS][HWSRC_NKINDS]; /* named hardware-source packets per ID */
    uint64_t in_units;                          /* samples or bytes read */
    uint64_t printed;                           /* packets printed (the --id selection) */
    uint64_t ones;                              /* SWO: samples at level 1 */
    struct tp_count off_txt[TPIUDEC_NUM_IDS];   /* --json: the last offset printed per ID */
    struct etm4dec etm[TPIUDEC_NUM_IDS];        /* the ETMv4 decoders of the --etm-id IDs */
};

enum opt_id {
    OPT_HELP = 'h',
    OPT_BYTES = CLI_ID_BASE, OPT_SWO_NRZ, OPT_SWO_MANCHESTER, OPT_PARALLEL, OPT_BAUD,
    OPT_MANCHESTER, OPT_INPUT, OPT_SR_CHANNEL, OPT_SAMPLERATE, OPT_ALIGN, OPT_GAP, OPT_BYPASS,
    OPT_JSON, OPT_ID, OPT_STATS, OPT_STRICT, OPT_ETM_ID, OPT_ETM,
};

#define USAGE_LINE                                                                         \
    "Usage: tracedump [MODE] [--sr-channel CH] [--bypass] [--json] [--id N] [--stats]\n"   \
    "                 [--strict] [--etm-id N|none]... [--etm] FILE\n"

/* In the order of --help. */
static const struct cli_opt cli_table[] = {
    CLI_TEXT("MODE (the line decoding; default --bytes; a sigrok session needs an SWO one):", 0),
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
    CLI_VALUE("baud", "RATE", OPT_BAUD,
              "SWO NRZ at RATE bit/s (8000000, 8M, '8 MHz'), sampled at\n"
              "the sample rate of the session (or --samplerate): any\n"
              "number of samples per bit, fractions too; each bit read\n"
              "at its centre, timed from the character's start edge"),
    CLI_FLAG("manchester", OPT_MANCHESTER,
             "with --baud: Manchester instead of NRZ (two cells a bit)"),
    CLI_TEXT("DIV is TPIU_ACPR.SWOSCALER + 1 (1..65536); in a sigrok session, samples a cell.\n"
             "\n"
             "Input:",
             0),
    CLI_VALUE("input", "FORMAT", OPT_INPUT,
              "raw (one sample or byte per input byte), sigrok (a sigrok\n"
              "session .sr) or auto (default: sigrok if the file starts\n"
              "with the zip signature PK 03 04)"),
    CLI_VALUE("sr-channel", "CH", OPT_SR_CHANNEL,
              "sigrok session: the SWO channel, by its name in the\n"
              "metadata (probeN=NAME) or its probe number N (bit N-1);\n"
              "needed unless the session has one probe"),
    CLI_VALUE("samplerate", "HZ", OPT_SAMPLERATE,
              "samples per second, for --baud on a raw capture (overrides\n"
              "the session's samplerate)"),
    CLI_TEXT("\n"
             "Options:",
             0),
    CLI_VALUE("align", "HOW", OPT_ALIGN,
              "how the TPIU frames are found besides a full sync FF FF FF 7F\n"
              "(which always wins): auto (default: idle gaps on SWO, then\n"
              "the frame structure), gap, frame, or fsync (full syncs only)"),
    CLI_NUM("gap", "BITS", OPT_GAP, 1, 1000,
            "SWO: idle of at least BITS bit times before a byte is a gap, a\n"
            "frame start for --align (default 10, one character)"),
    CLI_FLAG("bypass", OPT_BYPASS,
             "the bytes are a bare ITM/DWT packet stream (TPIU formatter bypassed,\n"
             "SWO modes and --bytes only); otherwise they are TPIU frames:\n"
             "half-word syncs FF 7F dropped, data under ID 0x00 (padding) dropped"),
    CLI_FLAG("json", OPT_JSON,
             "one JSON object per line instead of text, e.g.\n"
             "{\"id\":1,\"offset\":9,\"type\":\"INST\",\"port\":3,\"size\":4,"
             "\"data\":\"0x12345678\",\"raw\":\"1b 78 56 34 12\"}\n"
             "(offset: of the packet's first byte in its trace ID's stream;\n"
             "hardware-source packets add the named fields; the form is\n"
             "vectors/README.md \"JSON form of the decoded lists\")"),
    CLI_VALUE("id", "N", OPT_ID,
              "print the packets of trace ID N (0..127, 0x.. allowed) only;\n"
              "--strict then judges the errors of ID N and of the stream"),
    CLI_VALUE("etm-id", "N", OPT_ETM_ID,
              "trace ID N carries ETMv4 instruction trace: its packets are\n"
              "decoded as ETMv4 (docs/etm-contract.md section 9), e.g.\n"
              "  id=0x10 ETM-ATOM f3 atoms=NEE\n"
              "repeat for more IDs; 'none': no ETM ID. Default 0x10 (the\n"
              "ETM's TRCTRACEIDR in the contract's examples, section 14)"),
    CLI_FLAG("etm", OPT_ETM, "with --bypass: the bare stream is ETMv4, not ITM/DWT"),
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
          "  id=0x01 EXCEPTION entry exc=44 (IRQ 28)\n"
          "(--bypass: no id= prefix). DWT hardware-source packets are named: EVENT-COUNTER\n"
          "wrapped=CPI,EXC,SLEEP,LSU,FOLD,CYC; EXCEPTION entry|exit|return exc=N (name);\n"
          "PC-SAMPLE pc=0x.. | sleep | prohibited; DATA-PC, DATA-MATCH, DATA-ADDR cmp=N;\n"
          "DATA-VALUE cmp=N read|write size=S data=0x..; PMU-OVERFLOW; HW-RESERVED for a\n"
          "discriminator or payload the architecture reserves. A packet cut by the end of the\n"
          "input is printed as 'INCOMPLETE bytes=...'. The trace IDs of --etm-id (default\n"
          "0x10) are ETMv4 instruction trace, decoded packet by packet (ETM-A-SYNC,\n"
          "ETM-TRACE-INFO, ETM-TRACE-ON, ETM-TIMESTAMP, ETM-ADDR-MATCH/-SHORT/-LONG/-CTXT,\n"
          "ETM-ATOM, ETM-EXCEPTION, ETM-EXC-RETURN, ETM-CYCLE-COUNT, ETM-OVERFLOW); any other\n"
          "header is 'unknown ETMv4 header 0xNN at byte offset X' (a decode error). FILE is\n"
          "a raw binary file ('-' for stdin) or a sigrok session.\n"
          "\n",
          f);
    cli_opts_print(f, cli_table);
    fputs("\n"
          "Errors counted: SWO false starts, framing and symbol errors; parallel realigns or\n"
          "no full sync at all; TPIU bytes before the frame alignment, data before any ID,\n"
          "misplaced full syncs, idle gaps inside frames (lost bytes) - these belong to the\n"
          "stream; per trace ID: reserved IDs 0x70..0x7F, BAD packets, packet resyncs,\n"
          "HW-RESERVED packets, unknown ETMv4 headers. With --id N, --strict counts the\n"
          "stream's and ID N's only.\n"
          "\n"
          "Without --stats, stderr still says when nothing was decoded and why (no SWO\n"
          "character: wrong DIV, --baud or line code; no full sync at this --parallel width;\n"
          "no TPIU frame alignment: maybe --bypass; no data under --id N), and sums up the\n"
          "errors counted (one line).\n"
          "Exit status: 0 decoded (also an empty input, or TPIU frames of padding only: a\n"
          "note on stderr says so); 1 a non-empty input gave no packet (stderr says why),\n"
          "or --strict and errors were counted; 2 usage or I/O errors.\n",
          f);
}

static bool parse_uint(const char *s, uint64_t max, uint64_t *v)
{
    return cli_parse_u64(s, v) && *v <= max;
}

static int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int usage_error(const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    log_msg(LOG_ERROR, "tracedump: error: %s\n", msg);
    return 2;
}

static int set_mode(struct opts *o, int c, const char *name, const char *val)
{
    uint64_t v;
    if (o->have_mode)
        return usage_error("more than one input mode (--%s)", name);
    o->have_mode = true;
    if (c == OPT_BYTES) {
        o->mode = MODE_BYTES;
    } else if (c == OPT_PARALLEL) {
        if (!parse_uint(val, 8, &v) || (v != 1 && v != 2 && v != 4 && v != 8))
            return usage_error("--parallel needs WIDTH 1, 2, 4 or 8");
        o->mode = MODE_PARALLEL;
        o->width = (unsigned)v;
    } else {
        if (!parse_uint(val, SWODEC_DIV_MAX, &v) || v == 0)
            return usage_error("--%s needs DIV 1..%u", name, SWODEC_DIV_MAX);
        o->mode = c == OPT_SWO_NRZ ? MODE_NRZ : MODE_MANCHESTER;
        o->div = (uint32_t)v;
    }
    return 0;
}

/* Returns 0 ok, 1 --help given, 2 usage error (reported). */
static int parse_args(int argc, char **argv, struct opts *o)
{
    memset(o, 0, sizeof *o);
    o->id = -1;
    o->etm[ETM_DEFAULT_ID] = true;
    o->hunt = TPIUDEC_HUNT_GAP | TPIUDEC_HUNT_FRAME;
    o->gap_bits = SWODEC_GAP_BITS;
    struct cli_opts cli;
    cli_opts_init(&cli, "tracedump", USAGE_LINE, cli_table, argc, argv);
    int c;
    const char *val;
    while ((c = cli_opts_get(&cli, &val)) != CLI_END) {
        uint64_t v;
        int rc = 0;
        switch (c) {
        case CLI_USAGE:
            return 2;
        case CLI_OPERAND:
            if (o->path)
                return usage_error("more than one input file (%s)", val);
            o->path = val;
            break;
        case OPT_HELP:
            return 1;
        case OPT_BYTES:
        case OPT_SWO_NRZ:
        case OPT_SWO_MANCHESTER:
        case OPT_PARALLEL:
            rc = set_mode(o, c, cli.cur->name, val);
            break;
        case OPT_BAUD:
            if (!sr_read_parse_rate(val, &o->baud))
                return usage_error("--baud needs a bit rate (8000000, 8M, '8 MHz'), got '%s'",
                                   val);
            break;
        case OPT_MANCHESTER:
            o->manchester = true;
            break;
        case OPT_SAMPLERATE:
            if (!sr_read_parse_rate(val, &o->samplerate))
                return usage_error("--samplerate needs a rate (24000000, 24M, '24 MHz'), got "
                                   "'%s'",
                                   val);
            break;
        case OPT_INPUT:
            if (strcmp(val, "auto") == 0)
                o->input = INPUT_AUTO;
            else if (strcmp(val, "raw") == 0)
                o->input = INPUT_RAW;
            else if (strcmp(val, "sigrok") == 0)
                o->input = INPUT_SIGROK;
            else
                return usage_error("--input needs raw, sigrok or auto, got '%s'", val);
            break;
        case OPT_SR_CHANNEL:
            o->channel = val;
            break;
        case OPT_ALIGN:
            if (strcmp(val, "auto") == 0)
                o->hunt = TPIUDEC_HUNT_GAP | TPIUDEC_HUNT_FRAME;
            else if (strcmp(val, "gap") == 0)
                o->hunt = TPIUDEC_HUNT_GAP;
            else if (strcmp(val, "frame") == 0)
                o->hunt = TPIUDEC_HUNT_FRAME;
            else if (strcmp(val, "fsync") == 0)
                o->hunt = 0;
            else
                return usage_error("--align needs auto, gap, frame or fsync, got '%s'", val);
            break;
        case OPT_GAP:
            o->gap_bits = (uint32_t)cli.num;
            break;
        case OPT_ID:
            if (!parse_uint(val, TPIUDEC_NUM_IDS - 1, &v))
                return usage_error("--id needs N 0..127");
            o->id = (int)v;
            break;
        case OPT_BYPASS:
            o->bypass = true;
            break;
        case OPT_ETM_ID:
            if (!o->etm_given)
                memset(o->etm, 0, sizeof o->etm);
            o->etm_given = true;
            if (strcmp(val, "none") == 0)
                break;
            if (!parse_uint(val, TPIUDEC_NUM_IDS - 1, &v) || v == 0)
                return usage_error("--etm-id needs N 1..127 (0x.. allowed) or 'none'");
            o->etm[v] = true;
            break;
        case OPT_ETM:
            o->etm_bare = true;
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
        if (rc)
            return rc;
    }
    if (!o->path)
        return usage_error("no input file (see --help)");
    if (o->baud) {
        if (o->have_mode)
            return usage_error("--baud with --%s: give the bit timing once",
                               o->mode == MODE_BYTES      ? "bytes"
                               : o->mode == MODE_PARALLEL ? "parallel"
                               : o->mode == MODE_NRZ      ? "swo-nrz"
                                                          : "swo-manchester");
        o->have_mode = true;
        o->mode = o->manchester ? MODE_MANCHESTER : MODE_NRZ;
    } else if (o->manchester) {
        return usage_error("--manchester goes with --baud (or use --swo-manchester DIV)");
    }
    if (o->bypass && o->mode == MODE_PARALLEL)
        return usage_error("--bypass with --parallel: the parallel port is always formatted "
                           "(docs/tpiu-contract.md [TPIU-MODE-1])");
    if (o->bypass && o->id >= 0)
        return usage_error("--id with --bypass: a bypassed stream has no IDs");
    if (o->etm_bare && !o->bypass)
        return usage_error("--etm is for a bare stream (--bypass); in TPIU frames say which "
                           "trace IDs carry ETMv4 with --etm-id N");
    if (o->bypass && o->etm_given)
        return usage_error("--etm-id with --bypass: a bypassed stream has no IDs (--etm: the "
                           "stream is ETMv4)");
    return 0;
}

/* ---- output: one line per packet, built in a buffer and written once ----------------- */
/* The line is built with sim/c_tb/common/textput.h (no printf per field): the printing
 * path is what people piping the output feel (docs/performance-history.md). */

/* the longest line: {"id":127,"offset":N,"type":"INCOMPLETE", a packet's fields (the
 * longest: HW's with the DWT names) and "raw" */
#define LINE_MAX (64 + 64 + HWSRC_TEXT_MAX + 3 * PKTDEC_MAX_BYTES + 16)

/* The lines go into out_buf, which is written to stdout when the next line might not fit,
 * before anything else is written (out_flush) and at exit. 512 KiB: each write(2) costs a
 * system call (under a hypervisor several microseconds), and at 64 KiB the --json output
 * of the bench's 8 MB (238 MB of text) took 3,600 of them, 7 % of the CPU time; 512 KiB
 * still stays in the L2 cache. */
static char out_buf[1u << 19];
static size_t out_n;

static void out_flush(void)
{
    if (out_n)
        fwrite(out_buf, 1, out_n, stdout);
    out_n = 0;
}

/* out_flush registered with atexit (out_start); if it could not be, no buffering: each
 * line is written before the next one */
static bool out_buffered;

static void out_start(void)
{
    out_buffered = atexit(out_flush) == 0;
}

/* room for one line */
static inline char *out_line(void)
{
    if (out_n > sizeof out_buf - LINE_MAX || !out_buffered)
        out_flush();
    return out_buf + out_n;
}

static void out_done(const char *end)
{
    out_n = (size_t)(end - out_buf);
}

/* ,"type":"NAME" of --json, with its length, by packet type (pktdec_type_name's names);
 * INST and HW with the key that follows: ,"type":"INST","port": and ,"type":"HW","disc": */
struct json_type {
    char s[24]; /* copied whole (a constant size: no call), the room being there */
    unsigned n;
};
#define JSON_TYPE(name) {",\"type\":\"" name "\"", sizeof ",\"type\":\"" name "\"" - 1}
#define JSON_LIT(s) {s, sizeof s - 1}
static const struct json_type json_types[PKT_NTYPES] = {
    JSON_TYPE("NONE"), JSON_TYPE("SYNC"), JSON_TYPE("OVF"), JSON_TYPE("LTS"),  JSON_TYPE("GTS1"),
    JSON_TYPE("GTS2"), JSON_TYPE("EXT"),  JSON_LIT(",\"type\":\"INST\",\"port\":"),
    JSON_LIT(",\"type\":\"HW\",\"disc\":"), JSON_TYPE("BAD"),
};
static const struct json_type json_incomplete = JSON_TYPE("INCOMPLETE");

/* The decimal offset of --json through c (textput.h's tp_count): the common step, a packet of
 * a few bytes after the last, with at most a carry into the digit before the last, changes
 * the one or two last digits of the text in place. The kept text is copied out before its
 * digits change (a wide load of bytes just stored would wait for the stores: a
 * store-forwarding stall, the largest cost of this line in a profile). */
static inline __attribute__((always_inline)) char *json_offset_put(char *o, struct tp_count *c,
                                                                   uint64_t v)
{
    const uint64_t d = v - c->v;
    const unsigned n = c->n;
    if (d < 10u && n >= 2) {
        memcpy(o, c->txt, 20); /* whole: a constant size (the line's room covers it) */
        const unsigned last = (unsigned)(c->txt[n - 1] - '0') + (unsigned)d;
        const unsigned carry = last >= 10u; /* computed, not branched on */
        const char before = c->txt[n - 2];
        if ((carry & (before == '9')) == 0) { /* else a carry on: the general way */
            o[n - 1] = c->txt[n - 1] = (char)('0' + last - 10u * carry);
            o[n - 2] = c->txt[n - 2] = (char)(before + (char)carry);
            c->v = v;
            return o + n;
        }
    }
    return tp_count_put(o, c, v);
}

/* ","raw":"XX XX ..."}\n: the packet's bytes (at most PKTDEC_MAX_BYTES kept, " ..." if it had
 * more) and the end of the line; each byte one 4-character copy (tp_bytes_over: the room of
 * the line covers the character past the end). */
static inline char *json_raw_end_put(char *o, const struct pkt *p)
{
    memcpy(o, ",\"raw\":\"", 8);
    o += 8;
    /* the texts of the first RAW_ALWAYS bytes written whatever the length (those past len
     * are what pktdec left, zeros, overwritten by what follows), the rest (long syncs) one
     * by one: no branch on the common lengths; each " xx" a 4-character copy whose 4th is
     * overwritten by the next */
    enum { RAW_ALWAYS = 5 }; /* an ITM/DWT packet other than a sync has at most 5 bytes */
    const unsigned n = p->len;
    memcpy(o, &tp_hex2[2 * p->b[0]], 2);
    memcpy(o + 2, &tp_sphex[3 * p->b[1]], 4);
    memcpy(o + 5, &tp_sphex[3 * p->b[2]], 4);
    memcpy(o + 8, &tp_sphex[3 * p->b[3]], 4);
    memcpy(o + 11, &tp_sphex[3 * p->b[4]], 4);
    for (unsigned i = RAW_ALWAYS; i < n; i++)
        memcpy(o + 3 * i - 1, &tp_sphex[3 * p->b[i]], 4);
    o += n ? 3 * n - 1 : 0;
    if (p->nbytes > p->len) {
        memcpy(o, " ...", 4);
        o += 4;
    }
    memcpy(o, "\"}\n", 4); /* with the NUL: a 4-byte copy */
    return o + 3;
}

/* One packet; `offset`: the position of its first byte in its stream (the bytes of its trace
 * ID, or the bare stream of --bypass), for --json (vectors/README.md "JSON form of the
 * decoded lists"); hw: its DWT name (hwsrc_decode) if it is a hardware-source packet, else
 * NULL (and for an incomplete packet). */
static inline __attribute__((always_inline)) void
print_pkt_as(struct ctx *c, int id, uint64_t offset, const struct pkt *p, bool incomplete,
             const struct hwsrc *hw, const bool json)
{
    c->printed++;
    char *o = out_line();
    if (!json) {
        if (id >= 0)
            o = tp_chr(tp_hex(tp_str(o, "id=0x"), (unsigned)id, 2), ' ');
        if (incomplete)
            o = pktdec_bytes_put(p, tp_str(o, "INCOMPLETE bytes="));
        else if (hw)
            o = hwsrc_put(hw, o);
        else
            o = pktdec_put(p, o);
        out_done(tp_chr(o, '\n'));
        return;
    }
    if (id >= 0)
        o = tp_str(tp_dec(tp_str(o, "{\"id\":"), (unsigned)id), ",\"offset\":");
    else
        o = tp_str(o, "{\"offset\":");
    o = json_offset_put(o, &c->off_txt[id < 0 ? 0 : id], offset);
    const struct json_type *jt = incomplete                       ? &json_incomplete
                                 : (unsigned)p->type < PKT_NTYPES ? &json_types[p->type]
                                                                  : NULL;
    if (jt) { /* the text of the line below, without the strlen */
        memcpy(o, jt->s, sizeof jt->s);
        o += jt->n;
    } else {
        o = tp_chr(tp_str(tp_str(o, ",\"type\":\""), pktdec_type_name(p->type)), '"');
    }
    if (!incomplete) {
        switch (p->type) {
        case PKT_SYNC:
            o = tp_dec(tp_str(o, ",\"len\":"), p->nbytes);
            break;
        case PKT_LTS:
            o = tp_dec(tp_str(o, ",\"ts\":"), p->ts);
            o = tp_dec(tp_str(o, ",\"tc\":"), p->tc);
            break;
        case PKT_GTS1:
            o = tp_hex(tp_str(o, ",\"bits\":\"0x"), p->gts_bits, 7);
            o = tp_dec(tp_str(o, "\",\"wrap\":"), p->wrap);
            o = tp_dec(tp_str(o, ",\"clkch\":"), p->clkch);
            break;
        case PKT_GTS2:
            o = tp_hex(tp_str(o, ",\"bits\":\"0x"), p->gts_bits, 10);
            o = tp_chr(tp_hex(tp_str(o, "\",\"gts\":\"0x"), p->gts, 16), '"');
            break;
        case PKT_EXT:
            if (p->sh == 0)
                o = tp_dec(tp_str(o, ",\"sh\":0,\"page\":"), p->data);
            else
                o = tp_chr(tp_hex(tp_str(o, ",\"sh\":1,\"value\":\"0x"), p->data, 1), '"');
            break;
        case PKT_INST:
        case PKT_HW: {
            /* ,"port": or ,"disc": came with the type */
            const unsigned v = p->type == PKT_INST ? p->port : p->disc;
            if (v < 10u) /* the common case, one digit */
                *o++ = (char)('0' + v);
            else
                o = tp_dec(o, v);
            /* ,"size":S,"data":"0x and the 2S digits, whole bytes at a time, without a
             * branch on S: the four bytes' digits written right-aligned at the end of the
             * field (those of bytes past S land where the key goes), then the key over them.
             * A value with more digits than its size (the decoder makes none) or another
             * size, the general way. */
            static const char size_data[5][20] = {
                [1] = ",\"size\":1,\"data\":\"0x", [2] = ",\"size\":2,\"data\":\"0x",
                [4] = ",\"size\":4,\"data\":\"0x"};
            enum { KEY = sizeof ",\"size\":1,\"data\":\"0x" - 1 };
            const uint32_t d = p->data;
            const unsigned sz = p->size;
            if ((sz == 1 || sz == 2 || sz == 4) && (sz == 4 || (d >> (8u * sz)) == 0)) {
                char *e = o + KEY + 2u * sz;
                memcpy(e - 2, &tp_hex2[2 * (d & 0xFFu)], 2);
                memcpy(e - 4, &tp_hex2[2 * ((d >> 8) & 0xFFu)], 2);
                memcpy(e - 6, &tp_hex2[2 * ((d >> 16) & 0xFFu)], 2);
                memcpy(e - 8, &tp_hex2[2 * (d >> 24)], 2);
                memcpy(o, size_data[sz], KEY);
                o = tp_chr(e, '"');
            } else {
                o = tp_dec(tp_str(o, ",\"size\":"), sz);
                o = tp_chr(tp_hex(tp_str(o, ",\"data\":\"0x"), d, 2u * sz), '"');
            }
            if (hw)
                o = hwsrc_json_put(hw, o);
            break;
        }
        default:
            break;
        }
    }
    out_done(json_raw_end_put(o, p));
}

static void print_pkt(struct ctx *c, int id, uint64_t offset, const struct pkt *p,
                      bool incomplete, const struct hwsrc *hw)
{
    print_pkt_as(c, id, offset, p, incomplete, hw, c->o->json);
}

/* A packet completed in the stream of trace ID id (-1: the bare stream of --bypass, k 0),
 * printed as JSON or text: one function for each, so that each is only as large as it
 * needs to be. */
static inline __attribute__((always_inline)) void
packet_done_as(struct ctx *c, int id, unsigned k, const struct pkt *p, const bool json)
{
    struct hwsrc h;
    const bool hw = p->type == PKT_HW && hwsrc_decode(p, &h); /* false for the others */
    if (hw)
        c->hw[k][h.kind]++;
    if (c->o->id < 0 || c->o->id == id)
        print_pkt_as(c, id, c->pkt[k].stats.bytes - p->nbytes, p, false, hw ? &h : NULL, json);
}

static void __attribute__((noinline))
packet_done_json(struct ctx *c, int id, unsigned k, const struct pkt *p)
{
    packet_done_as(c, id, k, p, true);
}

static void __attribute__((noinline))
packet_done_text(struct ctx *c, int id, unsigned k, const struct pkt *p)
{
    packet_done_as(c, id, k, p, false);
}

static void packet_done(struct ctx *c, int id, unsigned k, const struct pkt *p)
{
    if (c->o->json)
        packet_done_json(c, id, k, p);
    else
        packet_done_text(c, id, k, p);
}

/* One ETMv4 packet of trace ID id (-1: the bare stream of --bypass --etm, k 0). */
static void etm_print(struct ctx *c, int id, uint64_t offset, const struct etm4_pkt *p,
                      bool incomplete)
{
    if (c->o->id >= 0 && c->o->id != id)
        return;
    c->printed++;
    char *o = out_line();
    if (!c->o->json) {
        if (id >= 0)
            o = tp_chr(tp_hex(tp_str(o, "id=0x"), (unsigned)id, 2), ' ');
        if (incomplete)
            o = tp_bytes(tp_str(o, "ETM-INCOMPLETE bytes="), p->b, p->len);
        else
            o = etm4_put(p, offset, o);
        out_done(tp_chr(o, '\n'));
        return;
    }
    if (id >= 0)
        o = tp_str(tp_dec(tp_str(o, "{\"id\":"), (unsigned)id), ",\"offset\":");
    else
        o = tp_str(o, "{\"offset\":");
    o = tp_dec(o, offset);
    if (incomplete)
        o = tp_str(o, ",\"type\":\"INCOMPLETE\"");
    else
        o = etm4_json_put(p, offset, o);
    o = tp_bytes(tp_str(o, ",\"raw\":\""), p->b, p->len);
    out_done(tp_str(o, "\"}\n"));
}

static bool is_etm(const struct ctx *c, int id)
{
    return id < 0 ? c->o->etm_bare : c->o->etm[id];
}

/* One byte of an ITM/DWT stream (or ETMv4: --etm-id, --etm); id -1 for the bare stream of
 * --bypass. */
static void packet_byte(struct ctx *c, int id, uint8_t b)
{
    struct pkt p;
    const unsigned k = id < 0 ? 0 : (unsigned)id;
    if (is_etm(c, id)) {
        struct etm4_pkt e;
        if (etm4dec_push(&c->etm[k], b, &e) != ETM4_NONE)
            etm_print(c, id, c->etm[k].stats.bytes - e.nbytes, &e, false);
        return;
    }
    if (pktdec_push(&c->pkt[k], b, &p) != PKT_NONE)
        packet_done(c, id, k, &p);
}

static void tpiu_out(struct ctx *c, const struct tpiudec_byte *out, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        packet_byte(c, out[i].id, out[i].data);
}

/* One byte out of the line decoder; `gap`: the line idled before it. */
static void stream_byte(struct ctx *c, uint8_t b, bool gap)
{
    if (c->o->bypass) {
        packet_byte(c, -1, b);
        return;
    }
    struct tpiudec_byte out[TPIUDEC_MAX_OUT];
    if (gap)
        tpiudec_gap(&c->tpiu);
    tpiu_out(c, out, tpiudec_push(&c->tpiu, b, out));
}

static bool is_swo(const struct opts *o)
{
    return o->mode == MODE_NRZ || o->mode == MODE_MANCHESTER;
}

static void input_unit(struct ctx *c, uint8_t u);

/* input_unit for n units at once: with --bytes --bypass (the decoders' common use) each
 * byte goes straight to the packet decoder; otherwise one unit at a time. */
static void input_units(struct ctx *c, const uint8_t *u, size_t n)
{
    if (c->o->mode != MODE_BYTES || !c->o->bypass || c->o->etm_bare) {
        for (size_t i = 0; i < n; i++)
            input_unit(c, u[i]);
        return;
    }
    struct pktdec *d = &c->pkt[0];
    struct pkt p;
    c->in_units += n;
    if (c->o->json) {
        for (size_t i = 0; i < n; i++)
            if (pktdec_push(d, u[i], &p) != PKT_NONE)
                packet_done_json(c, -1, 0, &p);
    } else {
        for (size_t i = 0; i < n; i++)
            if (pktdec_push(d, u[i], &p) != PKT_NONE)
                packet_done_text(c, -1, 0, &p);
    }
}

static void input_unit(struct ctx *c, uint8_t u)
{
    c->in_units++;
    switch (c->o->mode) {
    case MODE_BYTES:
        stream_byte(c, u, false);
        break;
    case MODE_NRZ:
    case MODE_MANCHESTER: {
        uint8_t b;
        c->ones += u & 1u;
        if (swodec_push(&c->swo, u, &b))
            stream_byte(c, b, swodec_gap(&c->swo));
        break;
    }
    case MODE_PARALLEL: {
        uint8_t out[PARDEC_MAX_OUT];
        unsigned n = pardec_push(&c->par, u, out);
        for (unsigned i = 0; i < n; i++)
            stream_byte(c, out[i], false);
        break;
    }
    }
}

static void finish(struct ctx *c)
{
    if (is_swo(c->o))
        swodec_finish(&c->swo);
    if (!c->o->bypass) {
        struct tpiudec_byte out[TPIUDEC_MAX_OUT];
        unsigned n;
        while ((n = tpiudec_drain(&c->tpiu, out)) != 0)
            tpiu_out(c, out, n);
        tpiudec_finish(&c->tpiu);
    }
    for (unsigned id = 0; id < TPIUDEC_NUM_IDS; id++) {
        int pid = c->o->bypass ? -1 : (int)id;
        if (pktdec_busy(&c->pkt[id]) && (c->o->id < 0 || c->o->id == pid))
            print_pkt(c, pid, c->pkt[id].stats.bytes - c->pkt[id].cur.nbytes, &c->pkt[id].cur,
                      true, NULL);
        if (etm4dec_busy(&c->etm[id]))
            etm_print(c, pid, c->etm[id].stats.bytes - c->etm[id].cur.nbytes, &c->etm[id].cur,
                      true);
        if (c->o->bypass)
            break;
    }
}

/* ---- errors: the stream's, and each trace ID's -------------------------------------- */

static uint64_t stream_errors(const struct ctx *c, bool *never_aligned)
{
    uint64_t e = 0;
    *never_aligned = false;
    if (is_swo(c->o))
        e += swodec_errors(&c->swo.stats);
    if (c->o->mode == MODE_PARALLEL) {
        e += pardec_errors(&c->par.stats);
        if (!c->par.aligned && c->par.stats.samples > 0) {
            *never_aligned = true;
            e++;
        }
    }
    if (!c->o->bypass)
        e += tpiudec_stream_errors(&c->tpiu.stats);
    return e;
}

static uint64_t reserved_id_bytes(const struct ctx *c, unsigned id)
{
    if (c->o->bypass || id < TPIUDEC_ID_RES_FIRST)
        return 0;
    return c->tpiu.stats.reserved_per_id[id - TPIUDEC_ID_RES_FIRST];
}

static uint64_t id_errors(const struct ctx *c, unsigned id)
{
    const struct pktdec_stats *s = &c->pkt[id].stats;
    return reserved_id_bytes(c, id) + s->count[PKT_BAD] + s->resyncs + c->hw[id][HWSRC_RESERVED] +
           c->etm[id].stats.count[ETM4_UNKNOWN];
}

/* The errors --strict judges: the stream's plus those of the selected ID (all IDs without
 * --id). *all: the stream's plus every ID's. */
static uint64_t count_errors(const struct ctx *c, uint64_t *all)
{
    bool never_aligned;
    uint64_t e = stream_errors(c, &never_aligned), sel = e;
    for (unsigned id = 0; id < TPIUDEC_NUM_IDS; id++) {
        uint64_t k = id_errors(c, id);
        e += k;
        if (c->o->id < 0 || (unsigned)c->o->id == id)
            sel += k;
    }
    *all = e;
    return sel;
}

static void print_stats(const struct ctx *c)
{
    const struct opts *o = c->o;
    const struct source *src = c->src;
    bool never_aligned;
    uint64_t stream = stream_errors(c, &never_aligned), all;
    uint64_t errors = count_errors(c, &all);
    FILE *f = stderr;
    out_flush();
    fflush(stdout);
    if (src->sigrok)
        fprintf(f,
                "input: %" PRIu64 " samples (sigrok session: probe %d '%s' = bit %d, unitsize "
                "%u, %" PRIu64 " Hz)\n",
                c->in_units, src->bit + 1, src->sr.meta.probe[src->bit], src->bit,
                src->sr.meta.unitsize, src->samplerate);
    else
        fprintf(f, "input: %" PRIu64 " %s\n", c->in_units,
                o->mode == MODE_BYTES ? "bytes" : "cycles");
    if (is_swo(o)) {
        const struct swodec_stats *s = &c->swo.stats;
        char timing[96];
        if (o->baud)
            snprintf(timing, sizeof timing, "%" PRIu64 " bit/s (%.4f samples per cell)", o->baud,
                     (double)c->swo.period / (double)(1ull << SWODEC_FRAC));
        else
            snprintf(timing, sizeof timing, "div %" PRIu32, o->div);
        fprintf(f,
                "swo %s %s: bytes %" PRIu64 " starts %" PRIu64 " false_start %" PRIu64
                " framing %" PRIu64 " symbol %" PRIu64 " truncated %" PRIu64 "\n",
                o->mode == MODE_NRZ ? "nrz" : "manchester", timing, s->bytes, s->starts,
                s->false_start, s->framing, s->symbol, s->truncated);
        fprintf(f,
                "swo gaps: %" PRIu64 " bytes after an idle of >= %" PRIu32
                " bit times; lead_in %" PRIu64 " (errors before the first idle)\n",
                s->gaps, o->gap_bits, s->lead_in);
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
                " fsync_in_frame %" PRIu64 " misaligned %" PRIu64 " gap_slips %" PRIu64
                " dropped %" PRIu64 "%s\n",
                s->unsynced, s->no_id, s->reserved_id, s->fsync_in_frame, s->misaligned,
                s->gap_slips, s->dropped,
                c->tpiu.synced || s->bytes == 0 ? ""
                : o->hunt                        ? " (no frame alignment found)"
                                                 : " (no full sync found)");
        const uint64_t *a = s->aligned;
        if (c->tpiu.synced)
            fprintf(f,
                    "tpiu alignment: %s (first frame at byte %" PRIu64 ", lead_in %" PRIu64
                    "); found by full sync %" PRIu64 ", idle gap %" PRIu64
                    ", frame structure %" PRIu64 "; gaps %" PRIu64 "\n",
                    tpiudec_align_name(c->tpiu.align), s->aligned_at, s->lead_in,
                    a[TPIUDEC_ALIGN_FSYNC],
                    a[TPIUDEC_ALIGN_GAP], a[TPIUDEC_ALIGN_FRAME], s->gaps);
        else
            fprintf(f, "tpiu alignment: none; gaps %" PRIu64 "\n", s->gaps);
    }
    for (unsigned id = 0; id < TPIUDEC_NUM_IDS; id++) {
        const struct etm4dec_stats *e = &c->etm[id].stats;
        if (e->bytes == 0)
            continue;
        if (o->bypass)
            fprintf(f, "etm: bytes %" PRIu64, e->bytes);
        else
            fprintf(f, "etm id 0x%02x: bytes %" PRIu64, id, e->bytes);
        for (unsigned t = ETM4_NONE + 1; t < ETM4_NTYPES; t++)
            if (e->count[t])
                fprintf(f, " %s %" PRIu64, etm4_type_name((enum etm4_type)t), e->count[t]);
        fprintf(f, " incomplete %d\n", etm4dec_busy(&c->etm[id]) ? 1 : 0);
    }
    for (unsigned id = 0; id < TPIUDEC_NUM_IDS; id++) {
        const struct pktdec_stats *s = &c->pkt[id].stats;
        if (s->bytes == 0 && reserved_id_bytes(c, id) == 0)
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
        if (s->count[PKT_HW]) {
            fprintf(f, "dwt%s", o->bypass ? ":" : "");
            if (!o->bypass)
                fprintf(f, " id 0x%02x:", id);
            for (unsigned k = 0; k < HWSRC_NKINDS; k++)
                if (c->hw[id][k])
                    fprintf(f, " %s %" PRIu64, hwsrc_kind_name((enum hwsrc_kind)k), c->hw[id][k]);
            fputc('\n', f);
        }
        const uint64_t e = id_errors(c, id);
        if (e && !o->bypass)
            fprintf(f,
                    "errors id 0x%02x: %" PRIu64 " (reserved ID bytes %" PRIu64 ", BAD %" PRIu64
                    ", resyncs %" PRIu64 ", HW_RESERVED %" PRIu64 ")%s\n",
                    id, e, reserved_id_bytes(c, id), s->count[PKT_BAD], s->resyncs,
                    c->hw[id][HWSRC_RESERVED],
                    o->id >= 0 && (unsigned)o->id != id ? " not judged (--id)" : "");
    }
    if (o->id >= 0)
        fprintf(f,
                "errors: %" PRIu64 " (the stream %" PRIu64 " and ID 0x%02x %" PRIu64
                "; all IDs: %" PRIu64 ")\n",
                errors, stream, (unsigned)o->id, errors - stream, all);
    else
        fprintf(f, "errors: %" PRIu64 "\n", errors);
}

/* ---- what the user is told without --stats ------------------------------------------- */

/* The largest error counter of the stream's layers, for a one-line summary. */
static const char *largest_error(const struct ctx *c, uint64_t *n)
{
    const char *name = "errors";
    *n = 0;
#define TAKE(v, s)                                                                         \
    do {                                                                                   \
        if ((v) > *n) {                                                                    \
            *n = (v);                                                                      \
            name = (s);                                                                    \
        }                                                                                  \
    } while (0)
    if (is_swo(c->o)) {
        TAKE(c->swo.stats.false_start, "SWO false starts");
        TAKE(c->swo.stats.framing, "SWO framing errors");
        TAKE(c->swo.stats.symbol, "SWO symbol errors");
    }
    if (c->o->mode == MODE_PARALLEL)
        TAKE(c->par.stats.realigns, "parallel realigns");
    if (!c->o->bypass) {
        const struct tpiudec_stats *t = &c->tpiu.stats;
        TAKE(t->unsynced, "TPIU bytes before the frame alignment");
        TAKE(t->no_id, "TPIU data bytes before any ID");
        TAKE(t->reserved_id, "TPIU reserved IDs");
        TAKE(t->fsync_in_frame + t->misaligned, "misplaced TPIU full syncs");
        TAKE(t->gap_slips, "idle gaps inside TPIU frames");
    }
    uint64_t bad = 0, resyncs = 0, hwres = 0;
    for (unsigned id = 0; id < TPIUDEC_NUM_IDS; id++)
        if (c->o->id < 0 || (unsigned)c->o->id == id) {
            bad += c->pkt[id].stats.count[PKT_BAD];
            resyncs += c->pkt[id].stats.resyncs;
            hwres += c->hw[id][HWSRC_RESERVED];
        }
    TAKE(bad, "BAD packets");
    TAKE(resyncs, "packet resyncs");
    TAKE(hwres, "HW-RESERVED packets");
    uint64_t etmu = 0;
    for (unsigned id = 0; id < TPIUDEC_NUM_IDS; id++)
        if (c->o->id < 0 || (unsigned)c->o->id == id)
            etmu += c->etm[id].stats.count[ETM4_UNKNOWN];
    TAKE(etmu, "unknown ETMv4 packets");
#undef TAKE
    return name;
}

/* The trace IDs that carried data, as "0x01 (120 bytes), 0x02 (8 bytes)". */
static void ids_with_data(const struct ctx *c, char *buf, size_t n)
{
    size_t pos = 0;
    buf[0] = '\0';
    for (unsigned id = 1; id < TPIUDEC_NUM_IDS && pos + 32 < n; id++)
        if (c->pkt[id].stats.bytes + c->etm[id].stats.bytes)
            pos += (size_t)snprintf(buf + pos, n - pos, "%s0x%02x (%" PRIu64 " bytes)",
                                    pos ? ", " : "", id,
                                    c->pkt[id].stats.bytes + c->etm[id].stats.bytes);
}

/* Says on stderr what happened when nothing was decoded, and sums up counted errors that
 * --stats and --strict would show. Returns 1 if the request could not be met: a non-empty
 * input gave no packet (of --id N) because it could not be decoded (wrong mode, divider,
 * width, not TPIU frames, no such ID); 0 otherwise, also for a capture that decodes but
 * holds no trace (an empty file, TPIU frames of padding only). */
static int diagnose(const struct ctx *c, const char *name)
{
    const struct opts *o = c->o;
    const char *unit = o->mode == MODE_BYTES ? "bytes" : c->src->sigrok ? "samples" : "cycles";
    if (c->in_units == 0) {
        log_msg(LOG_WARN, "tracedump: warning: %s is empty: nothing to decode\n", name);
        return 0;
    }
    if (c->printed == 0) {
        const char *pre = "tracedump: nothing decoded: ";
        if (is_swo(o) && c->swo.stats.bytes == 0) {
            const struct swodec_stats *s = &c->swo.stats;
            const char *md = o->mode == MODE_NRZ ? "NRZ" : "Manchester";
            if (s->starts == 0) {
                char lv[96];
                if (c->ones == 0 || c->ones == c->in_units)
                    snprintf(lv, sizeof lv, "the line is %d in every one",
                             c->ones ? 1 : 0);
                else
                    snprintf(lv, sizeof lv, "the line never went from its idle level (%s) to a "
                             "start bit", o->mode == MODE_NRZ ? "1" : "0");
                log_msg(LOG_ERROR,
                        "%s%s: no %s character in %" PRIu64 " %s: %s (the wrong pin or "
                        "channel, a port in another mode, or no trace at all)\n",
                        pre, name, md, c->in_units, unit, lv);
            }
            else
                log_msg(LOG_ERROR,
                        "%s%s: %" PRIu64 " %s start bits, no valid character (false starts %" PRIu64
                        ", framing errors %" PRIu64 ", symbol errors %" PRIu64 ", before the "
                        "line first idled %" PRIu64 ", cut by the end %" PRIu64
                        "): the bit timing or the line code does not fit: check DIV "
                        "(TPIU_ACPR.SWOSCALER + 1) or --baud, and NRZ (TPIU_SPPR 2) vs Manchester "
                        "(TPIU_SPPR 1)\n",
                        pre, name, s->starts, md, s->false_start, s->framing, s->symbol,
                        s->lead_in, s->truncated);
            return 1;
        }
        if (o->mode == MODE_PARALLEL && !c->par.aligned) {
            log_msg(LOG_ERROR,
                    "%s%s: no full sync FF FF FF 7F in %" PRIu64 " %s at --parallel %u: the "
                    "wrong port width (TPIU_CSPSR), not a TRACEDATA capture, or the port is in "
                    "an SWO mode\n",
                    pre, name, c->in_units, unit, o->width);
            return 1;
        }
        if (!o->bypass && c->tpiu.stats.bytes > 0 && !c->tpiu.synced) {
            char swo[160] = "";
            if (is_swo(o))
                snprintf(swo, sizeof swo,
                         "; the SWO decoder made them of %" PRIu64 " start bits with %" PRIu64
                         " errors: check DIV (TPIU_ACPR.SWOSCALER + 1) or --baud",
                         c->swo.stats.starts, swodec_errors(&c->swo.stats));
            log_msg(LOG_ERROR,
                    "%s%s: %" PRIu64 " bytes but no TPIU frame alignment: not TPIU frames (a "
                    "bare ITM/DWT stream, e.g. with the formatter bypassed, needs --bypass; a "
                    "capture of the pins needs --swo-nrz, --swo-manchester or --parallel)%s\n",
                    pre, name, c->tpiu.stats.bytes, swo);
            return 1;
        }
        char ids[512];
        ids_with_data(c, ids, sizeof ids);
        if (o->id >= 0 && !o->bypass && ids[0]) {
            log_msg(LOG_ERROR, "%s%s: no data under trace ID 0x%02x (--id); the IDs with data: %s\n",
                    pre, name, (unsigned)o->id, ids);
            return 1;
        }
        if (!o->bypass && c->tpiu.stats.data == 0) {
            log_msg(LOG_WARN,
                    "tracedump: note: %s: %" PRIu64 " TPIU frames (%" PRIu64 " full syncs), only "
                    "padding (ID 0x00): no trace in this capture\n",
                    name, c->tpiu.stats.frames, c->tpiu.stats.fsyncs);
            return 0;
        }
        log_msg(LOG_ERROR, "%s%s: %" PRIu64 " %s read, no ITM/DWT packet in them\n", pre, name,
                c->in_units, unit);
        return 1;
    }
    uint64_t all, sel = count_errors(c, &all);
    if (sel && !o->stats && !o->strict) {
        uint64_t n;
        const char *what = largest_error(c, &n);
        log_msg(LOG_WARN,
                "tracedump: warning: %s: %" PRIu64 " decode errors (most: %" PRIu64
                " %s); --stats shows every counter, --strict makes them fail\n",
                name, sel, n, what);
    }
    return 0;
}

/* ---- input --------------------------------------------------------------------------- */

static int open_sigrok(const struct opts *o, struct source *src)
{
    if (strcmp(o->path, "-") == 0)
        return usage_error("a sigrok session cannot be read from stdin: give its file name");
    if (!sr_read_open(&src->sr, o->path)) {
        log_msg(LOG_ERROR, "tracedump: error: %s: %s\n", o->path, src->sr.err);
        return 2;
    }
    src->sigrok = true;
    const struct sr_read_meta *m = &src->sr.meta;
    char err[SR_READ_ERR_MAX];
    if (o->channel) {
        src->bit = sr_read_channel_find(m, o->channel, err, sizeof err);
        if (src->bit < 0)
            return usage_error("%s: %s", o->path, err);
    } else if (m->probes == 1) {
        src->bit = 0;
    } else {
        return usage_error("%s: which channel? --sr-channel NAME|N; the probes: %s", o->path,
                           sr_read_probe_list(m, err, sizeof err));
    }
    src->samplerate = o->samplerate ? o->samplerate : m->samplerate;
    if (!o->have_mode)
        return usage_error("%s: a sigrok session needs --baud RATE (or --swo-nrz / "
                           "--swo-manchester DIV samples)",
                           o->path);
    if (!is_swo(o))
        return usage_error("%s: a sigrok session channel is one SWO line: --baud, --swo-nrz or "
                           "--swo-manchester",
                           o->path);
    return 0;
}

/* Feeds the session's samples, the channel's level as bit 0. */
static int run_sigrok(struct ctx *c)
{
    struct source *src = c->src;
    const unsigned us = src->sr.meta.unitsize;
    const unsigned byte = (unsigned)src->bit / 8, shift = (unsigned)src->bit % 8;
    static uint8_t buf[1u << 16];
    size_t have = 0; /* bytes of a sample left over from the previous read */
    long n;
    while ((n = sr_read_read(&src->sr, buf + have, sizeof buf - have)) > 0) {
        size_t len = have + (size_t)n, i = 0;
        for (; i + us <= len; i += us)
            input_unit(c, (uint8_t)((buf[i + byte] >> shift) & 1u));
        have = len - i;
        memmove(buf, buf + i, have);
    }
    if (n < 0) {
        log_msg(LOG_ERROR, "tracedump: error: %s: %s\n", c->o->path, src->sr.err);
        return 2;
    }
    if (have)
        log_msg(LOG_WARN, "tracedump: warning: %s: %zu bytes after the last whole sample\n",
                c->o->path, have);
    return 0;
}

/* A raw capture: one unit per byte; `pre` bytes already read. */
static int run_raw(struct ctx *c, FILE *f, const char *name, const uint8_t *pre, size_t npre)
{
    input_units(c, pre, npre);
    static uint8_t buf[1u << 16];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) != 0)
        input_units(c, buf, n);
    if (ferror(f)) {
        log_msg(LOG_ERROR, "tracedump: error: reading %s failed: %s\n", name,
                strerror(errno ? errno : EIO));
        return 2;
    }
    return 0;
}

static int init_line(struct ctx *c)
{
    const struct opts *o = c->o;
    if (o->mode == MODE_PARALLEL)
        pardec_init(&c->par, o->width);
    if (!is_swo(o))
        return 0;
    const enum swodec_mode m = o->mode == MODE_NRZ ? SWODEC_NRZ : SWODEC_MANCHESTER;
    if (o->baud) {
        if (c->src->samplerate == 0)
            return usage_error("--baud needs the sample rate: --samplerate HZ (a raw capture)");
        if (!swodec_init_rate(&c->swo, m, c->src->samplerate, o->baud))
            return usage_error("--baud %" PRIu64 " at %" PRIu64 " samples/s: a cell would last "
                               "under one or over %u samples",
                               o->baud, c->src->samplerate, SWODEC_DIV_MAX);
    } else {
        swodec_init(&c->swo, m, o->div);
    }
    swodec_set_gap(&c->swo, o->gap_bits);
    swodec_set_lead_in(&c->swo, true);
    return 0;
}

int main(int argc, char **argv)
{
    static struct opts o;
    int rc = parse_args(argc, argv, &o);
    if (rc == 1) {
        usage(stdout);
        return 0;
    }
    if (rc != 0)
        return 2;
    static struct ctx c;
    static struct source src;
    out_start();
    c.o = &o;
    c.src = &src;
    src.samplerate = o.samplerate;
    for (unsigned id = 0; id < TPIUDEC_NUM_IDS; id++)
        pktdec_init(&c.pkt[id]);
    for (unsigned id = 0; id < TPIUDEC_NUM_IDS; id++)
        etm4dec_init(&c.etm[id]);
    for (unsigned id = 0; id < TPIUDEC_NUM_IDS; id++)
        tp_count_init(&c.off_txt[id]);
    tpiudec_init(&c.tpiu);
    tpiudec_set_hunt(&c.tpiu, o.hunt);

    /* The format: a sigrok session starts with a zip local file header "PK\3\4". */
    bool is_stdin = strcmp(o.path, "-") == 0;
    const char *name = is_stdin ? "<stdin>" : o.path;
    FILE *f = NULL;
    uint8_t magic[4];
    size_t nmagic = 0;
    bool sigrok = o.input == INPUT_SIGROK;
    if (!sigrok) {
        f = is_stdin ? stdin : fopen(o.path, "rb");
        if (!f) {
            log_msg(LOG_ERROR, "tracedump: error: cannot open %s: %s\n", name, strerror(errno));
            return 2;
        }
        nmagic = fread(magic, 1, sizeof magic, f);
        sigrok = o.input == INPUT_AUTO && nmagic == 4 && memcmp(magic, "PK\3\4", 4) == 0;
        if (sigrok && !is_stdin) {
            fclose(f);
            f = NULL;
        }
    }
    if (!sigrok && o.channel)
        return usage_error("--sr-channel is for a sigrok session; %s is a raw capture", name);
    if (sigrok && (rc = open_sigrok(&o, &src)) != 0)
        return rc;
    if ((rc = init_line(&c)) != 0)
        return rc;
    rc = sigrok ? run_sigrok(&c) : run_raw(&c, f, name, magic, nmagic);
    if (f && !is_stdin)
        fclose(f);
    if (sigrok)
        sr_read_close(&src.sr);
    if (rc)
        return rc;
    finish(&c);
    if (o.stats)
        print_stats(&c);
    out_flush();
    if (fflush(stdout) != 0 || ferror(stdout)) {
        log_msg(LOG_ERROR, "tracedump: error: writing the output failed\n");
        return 2;
    }
    uint64_t all;
    int unmet = diagnose(&c, name);
    return unmet || (o.strict && count_errors(&c, &all) > 0) ? 1 : 0;
}
