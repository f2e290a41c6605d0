/* SPDX-License-Identifier: Apache-2.0 */
/* vecgen: writes one ITM conformance vector (vectors/README.md) by running a scenario on the
 * golden model alone (no Verilator); or, with --random, writes the stimulus of a seeded
 * random run as a scenario file, to be committed and turned into a vector like any other.
 * With --block dwt|tpiu|fpb|sys|etm it writes a vector of that block instead (vecgen_blk.c). */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli_opts.h"
#include "driver.h"
#include "itm_model.h"
#include "log.h"
#include "random.h"
#include "scenario.h"
#include "stream.h"
#include "vecfmt.h"
#include "vecgen.h"

#define GTS_LO_MASK 0x03FFFFFFull
/* First line of a stimulus written by --emit-stimulus; the vector reports its seed. */
#define RANDOM_MARK "# vecgen random seed="

struct opts {
    const char *out, *id, *config, *params, *rules, *scenario, *emit;
    const char *block, *defs, *layout;
    uint64_t seed, rcycles;
    bool random;
    unsigned reset_cycles;
    uint64_t max_cycles;
};

/* Growable buffers: the whole vector is kept in memory, then written. */
struct buf {
    char *p;
    size_t len, cap;
};

static void buf_add(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void buf_add(struct buf *b, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->p ? b->p + b->len : NULL, b->p ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0)
            abort();
        if (b->p && b->len + (size_t)n < b->cap) {
            b->len += (size_t)n;
            return;
        }
        size_t nc = b->cap ? b->cap * 2 : 4096;
        while (nc < b->len + (size_t)n + 1)
            nc *= 2;
        char *np = realloc(b->p, nc);
        if (!np) {
            log_msg(LOG_ERROR, "vecgen: error: out of memory\n");
            exit(2);
        }
        b->p = np;
        b->cap = nc;
    }
}

struct pkt_rec {
    struct vec_pkt p;
    uint64_t offset; /* of its first byte in stream.bin */
};

struct run {
    struct buf in_hex, out_hex, stim_text;
    struct vec_atb *atb;
    size_t natb, cap_atb;
    struct pkt_rec *pkts;
    size_t npkts, cap_pkts;
    uint64_t pkt_bytes; /* bytes of all packets loaded */
    int64_t cycles;     /* cycles after the initial reset */
};

static void *grow(void *p, size_t *cap, size_t n, size_t size)
{
    if (n < *cap)
        return p;
    *cap = *cap ? *cap * 2 : 256;
    void *np = realloc(p, *cap * size);
    if (!np) {
        log_msg(LOG_ERROR, "vecgen: error: out of memory\n");
        exit(2);
    }
    return np;
}

enum opt_id {
    OPT_OUT = CLI_ID_BASE, OPT_ID, OPT_CONFIG, OPT_PARAMS, OPT_RULES, OPT_RESET_CYCLES,
    OPT_MAX_CYCLES, OPT_RANDOM, OPT_CYCLES, OPT_EMIT_STIMULUS, OPT_BLOCK, OPT_DEFS, OPT_LAYOUT,
    OPT_HELP,
};

#define USAGE_LINE                                                                         \
    "Usage: vecgen --out DIR --id ID --config NAME --params P,F,H,T,G [--rules \"R ...\"]\n" \
    "              [--reset-cycles N] [--max-cycles N] SCENARIO\n"                           \
    "       vecgen --params P,F,H,T,G --random SEED --cycles N --emit-stimulus FILE\n"        \
    "       vecgen --block dwt|tpiu|fpb|sys|etm --defs \"-D...\" --out DIR --id ID --config NAME\n" \
    "              [--rules \"R ...\"] [--reset-cycles N] [--max-cycles N] SCENARIO\n"         \
    "       vecgen --layout BLOCK-in|BLOCK-out\n"

static const struct cli_opt cli_table[] = {
    CLI_TEXT("Options:", 0),
    CLI_VALUE("out", "DIR", OPT_OUT, "write the vector into DIR (created if missing)"),
    CLI_VALUE("id", "ID", OPT_ID, "the vector's ID, recorded in it"),
    CLI_VALUE("config", "NAME", OPT_CONFIG, "the configuration's name, recorded in the vector"),
    CLI_VALUE("params", "P,F,H,T,G", OPT_PARAMS,
              "the ITM parameters (below); a scenario's config line must agree"),
    CLI_VALUE("rules", "\"R ...\"", OPT_RULES,
              "the contract rules the vector shows, recorded in it (default none)"),
    CLI_VALUE("reset-cycles", "N", OPT_RESET_CYCLES,
              "cycles of the initial reset (1..1000, default 4)"),
    CLI_VALUE("max-cycles", "N", OPT_MAX_CYCLES,
              "fail at cycle N, counting the reset (default 1000000)"),
    CLI_VALUE("random", "SEED", OPT_RANDOM, "the random generator's seed"),
    CLI_VALUE("cycles", "N", OPT_CYCLES, "cycles of random stimulus before the drain (N > 0)"),
    CLI_VALUE("emit-stimulus", "FILE", OPT_EMIT_STIMULUS, "write the random stimulus to FILE"),
    CLI_VALUE("block", "BLOCK", OPT_BLOCK,
              "itm (default), or a vector of dwt_top, tpiu_top, fpb_top, etm_top or (sys) trace_top"),
    CLI_VALUE("defs", "\"-D...\"", OPT_DEFS,
              "with --block: the configuration as make c-params-NAME prints it"),
    CLI_VALUE("layout", "BLOCK-in|out", OPT_LAYOUT,
              "print the bit layout of a block's inputs.hex or outputs.hex (Markdown)"),
    CLI_FLAG("help", OPT_HELP, "this text"),
    {0},
};

static void usage(FILE *f)
{
    fputs(USAGE_LINE
          "\n"
          "The first form runs SCENARIO (sim/c_tb/SCENARIO.md) on the golden ITM model and writes "
          "the\n"
          "conformance vector DIR/{vector.txt,stimulus.scn,packets.txt,stream.bin,inputs.hex,\n"
          "outputs.hex,cycles.txt} (format: vectors/README.md). The second writes to FILE the "
          "events\n"
          "of the harness's random generator with SEED for N cycles, followed by a drain, as a\n"
          "scenario (its first line records the seed, which the first form then reports).\n"
          "\n",
          f);
    cli_opts_print(f, cli_table);
    fputs(
        "\n"
        "P,F,H,T,G = NumStimPorts, StimFifoDepth, HwFifoDepth, TsWidth, GtsWidth. The third form\n"
        "runs SCENARIO on the golden model of the whole system and writes the block's vector\n"
        "(vector.txt, stimulus.scn, inputs.hex and outputs.hex of the block's top, and the files\n"
        "vectors/README.md lists for that block). Exit 0 written,\n"
        "1 the stimulus fails (a scenario check, a reset after cycle 0, a packet cut at the end),\n"
        "2 usage.\n",
        f);
}

static int parse_args(int argc, char **argv, struct opts *o)
{
    memset(o, 0, sizeof *o);
    o->reset_cycles = 4;
    o->max_cycles = 1000000;
    struct cli_opts cli;
    cli_opts_init(&cli, "vecgen", USAGE_LINE, cli_table, argc, argv);
    int c;
    const char *v;
    while ((c = cli_opts_get(&cli, &v)) != CLI_END) {
        uint64_t n;
        if (c == CLI_USAGE)
            return 2;
        if (c == CLI_OPERAND) {
            o->scenario = v;
            continue;
        }
        if (c == OPT_HELP) {
            usage(stdout);
            exit(0);
        }
        if (c == OPT_OUT)
            o->out = v;
        else if (c == OPT_ID)
            o->id = v;
        else if (c == OPT_CONFIG)
            o->config = v;
        else if (c == OPT_PARAMS)
            o->params = v;
        else if (c == OPT_RULES)
            o->rules = v;
        else if (c == OPT_EMIT_STIMULUS)
            o->emit = v;
        else if (c == OPT_BLOCK)
            o->block = v;
        else if (c == OPT_DEFS)
            o->defs = v;
        else if (c == OPT_LAYOUT)
            o->layout = v;
        else if (c == OPT_RANDOM && cli_parse_u64(v, &n)) {
            o->random = true;
            o->seed = n;
        } else if (c == OPT_CYCLES && cli_parse_u64(v, &n) && n > 0)
            o->rcycles = n;
        else if (c == OPT_RESET_CYCLES && cli_parse_u64(v, &n) && n >= 1 && n <= 1000)
            o->reset_cycles = (unsigned)n;
        else if (c == OPT_MAX_CYCLES && cli_parse_u64(v, &n) && n > 0)
            o->max_cycles = n;
        else {
            log_msg(LOG_ERROR, "vecgen: error: bad option or value: --%s %s (see --help)\n",
                    cli.cur->name, v);
            return 2;
        }
    }
    if (o->layout && (o->out || o->scenario || o->block)) {
        log_msg(LOG_ERROR, "vecgen: error: --layout takes no other option (see --help)\n");
        return 2;
    }
    if (o->layout)
        return 0;
    bool itm = !o->block || strcmp(o->block, "itm") == 0;
    bool vec_ok = o->out && o->id && o->config && (itm ? o->params && !o->defs : o->defs != NULL) &&
                  o->scenario && !o->random && !o->emit;
    bool emit_ok =
        itm && o->params && o->random && o->rcycles && o->emit && !o->scenario && !o->out;
    if (!vec_ok && !emit_ok) {
        log_msg(LOG_ERROR, "vecgen: error: need either --out, --id, --config, --params (ITM) or "
                           "--block and --defs, and a SCENARIO; or --params, --random, --cycles "
                           "and --emit-stimulus (see --help)\n");
        return 2;
    }
    return 0;
}

/* ---- the golden model's packet engine, seen from outside ------------------------------ */

/* The packet loaded at the edge that takes q (this cycle's state) to d, with its fields
 * taken from the state it was built from (docs/itm-contract.md section 8). This repeats the
 * contract's priority table on purpose: the packet list is then not a product of the
 * decoder that the decoder check compares it with. */
static bool packet_get(const struct itm_model *q, const struct itm_in *in,
                       const struct itm_model *d, struct vec_pkt *p, char *why, size_t n)
{
    bool auth_pe = in->pe_secure ? in->spniden : in->niden;
    const struct itm_fifo_entry *sh = q->stim.count ? &q->stim.e[q->stim.head] : NULL;
    const struct itm_fifo_entry *hh = q->hw.count ? &q->hw.e[q->hw.head] : NULL;
    uint64_t gmask = q->cfg.gts_width >= 64 ? ~0ull : (1ull << q->cfg.gts_width) - 1;
    static const uint32_t size_mask[5] = {0, 0xFF, 0xFFFF, 0, 0xFFFFFFFFu};
    memset(p, 0, sizeof *p);
    p->len = d->pkt_len;
    memcpy(p->b, d->pkt, d->pkt_len);
    uint8_t h = d->pkt[0];
    bool hdr_ok;
    if (q->sync_pending && auth_pe) {
        p->type = PKT_SYNC;
        hdr_ok = h == 0x00 && p->len == 6;
    } else if (q->ovf_pending && auth_pe) {
        p->type = PKT_OVF;
        hdr_ok = h == 0x70 && p->len == 1;
    } else if (sh && sh->port / 32u != q->page) {
        p->type = PKT_EXT;
        p->page = sh->port / 32u;
        hdr_ok = (h & 0x8F) == 0x08 && p->len == 1;
    } else if (sh) {
        p->type = PKT_INST;
        p->port = sh->port;
        p->size = sh->len;
        p->data = sh->data & size_mask[sh->len <= 4 ? sh->len : 0];
        hdr_ok = (h & 4) == 0 && (h >> 3) == sh->port % 32u && p->len == 1u + sh->len;
    } else if (hh) {
        p->type = PKT_HW;
        p->disc = hh->header >> 3;
        p->size = hh->len;
        p->data = hh->data & size_mask[hh->len <= 4 ? hh->len : 0];
        hdr_ok = h == hh->header && p->len == 1u + hh->len;
    } else if (q->lts_pending && auth_pe) {
        p->type = PKT_LTS;
        p->ts = q->ts;
        p->tc = (q->lts_tc1 ? 2u : 0u) | (q->lts_tc0 ? 1u : 0u);
        hdr_ok = (h & 0x0F) == 0 && h != 0x00 && h != 0x70;
    } else if (q->gts1_pending && auth_pe) {
        uint64_t s = in->gts & gmask;
        bool full =
            q->gts_full_req || (s >> 26) != ((q->gts_last & gmask) >> 26) || q->gts2_pending;
        static const uint64_t grp_mask[5] = {0, 0x7F, 0x3FFF, 0x1FFFFF, GTS_LO_MASK};
        p->type = PKT_GTS1;
        p->wrap = full;
        p->clkch = full && q->gts_clkch;
        hdr_ok = h == 0x94 && p->len >= 2 && p->len <= 5 && (!full || p->len == 5);
        p->bits = s & GTS_LO_MASK & grp_mask[hdr_ok ? p->len - 1 : 0];
    } else if (q->gts2_pending && auth_pe) {
        p->type = PKT_GTS2;
        p->bits = q->gts2_hi;
        p->gts = ((q->gts2_hi << 26) | (q->gts_last & GTS_LO_MASK)) & gmask;
        hdr_ok = h == 0xB4 && p->len == (q->cfg.gts_width == 48 ? 5u : 7u);
    } else {
        snprintf(why, n, "a packet was loaded with nothing pending");
        return false;
    }
    if (!hdr_ok) {
        char t[96], b[32];
        snprintf(why, n, "the loaded bytes [%s] do not match the expected %s",
                 vec_pkt_bytes(p, b, sizeof b), vec_pkt_format(p, t, sizeof t));
        return false;
    }
    return true;
}

bool vecgen_itm_packet_get(const struct itm_model *q, const struct itm_in *in,
                           const struct itm_model *d, struct vec_pkt *p, char *why, size_t n)
{
    return packet_get(q, in, d, p, why, n);
}

/* ---- event sources --------------------------------------------------------------------- */

static void emit_hook(void *ctx, const struct event *ev, uint64_t index, int64_t cycle)
{
    (void)index;
    (void)cycle;
    char txt[256];
    buf_add(ctx, "%s\n", event_format(ev, NULL, txt, sizeof txt));
}

/* --emit-stimulus: the generator's events for `cycles` cycles, as scenario text,
 * followed by a drain so that the vector ends between packets. */
static void random_text(const struct opts *o, const struct itm_cfg *cfg, struct buf *t)
{
    static struct rgen g;
    static struct itm_model m;
    rgen_init_itm(&g, o->seed, cfg);
    itm_model_init(&m, cfg);
    struct ev_source src = {rgen_next, rgen_rewind, &g, NULL};
    static struct driver d;
    buf_add(t, RANDOM_MARK "%" PRIu64 " cycles=%" PRIu64 "\n", o->seed, o->rcycles);
    buf_add(t,
            "# Random stimulus: the events of the harness's generator (sim/c_tb/common/random.c)\n"
            "# for this configuration, as trace_tb --seed %" PRIu64 " --cycles %" PRIu64
            " --emit-scenario writes them,\n# then a drain (every enable on, ATREADY high, "
            "wait_idle) so that the stream ends between\n# packets. Written once by vecgen "
            "--emit-stimulus: this file, not the generator,\n# defines the vector.\n",
            o->seed, o->rcycles);
    buf_add(t, "config ports=%u fifo=%u hwfifo=%u ts=%u gts=%u\n", cfg->num_stim_ports,
            cfg->stim_fifo_depth, cfg->hw_fifo_depth, cfg->ts_width, cfg->gts_width);
    driver_init(&d, &src, o->reset_cycles, (int64_t)o->rcycles);
    d.hook = emit_hook;
    d.hook_ctx = t;
    struct sys_in in;
    struct sys_out out = {0};
    while (driver_next(&d, &in) == DRV_CYCLE) {
        itm_model_eval(&m, &in.itm, &out.itm);
        driver_observe(&d, &in, &out, NULL);
        itm_model_step(&m, &in.itm);
    }
    buf_add(t, "# drain\nset atready 1\nset trcena 1\nset niden 1\nset spniden 1\n"
               "set pe_secure 0\nset halted 0\nset async_idle 0\nwait_idle 100000\nend\n");
}

static bool load_text(const char *path, struct buf *t)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        log_msg(LOG_ERROR, "%s: error: cannot open: %s\n", path, strerror(errno));
        return false;
    }
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        buf_add(t, "%.*s", (int)n, chunk);
    fclose(f);
    if (!t->p)
        buf_add(t, "%s", "");
    return true;
}

/* ---- pass 2: the vector ---------------------------------------------------------------- */

static int fail(const char *where, int64_t cycle, const char *msg)
{
    log_msg(LOG_ERROR, "vecgen: %s: cycle %" PRId64 ": %s\n", where, cycle, msg);
    return 1;
}

static int run_vector(const struct opts *o, const struct itm_cfg *cfg, struct scenario *s,
                      struct run *r)
{
    static struct itm_model m, q;
    itm_model_init(&m, cfg);
    struct scen_iter it;
    struct ev_source src = scen_source_get(&it, s);
    static struct driver d;
    static struct stream st;
    driver_init(&d, &src, o->reset_cycles, INT64_MAX);
    stream_init(&st, "golden", s);
    struct sys_in sin;
    struct sys_out sout = {0};
    for (;;) {
        enum driver_status ds = driver_next(&d, &sin);
        int64_t c = d.cycle;
        const struct itm_in in = sin.itm;
        if (ds == DRV_DONE)
            break;
        if (ds == DRV_FAIL)
            return fail(s->path, c, d.fail_msg);
        if ((uint64_t)(c + (int64_t)o->reset_cycles) >= o->max_cycles)
            return fail(s->path, c, "--max-cycles reached (vectors should stay short)");
        if (c >= 0 && !in.rst_n)
            return fail(s->path, c,
                        "a reset after cycle 0: vectors hold one uninterrupted "
                        "stream (put the reset in another vector)");
        if (sin.if_valid || (in.psel && (in.paddr >> 12) != 0))
            return fail(s->path, c,
                        "ITM vectors hold ITM stimulus only (an FPB fetch or a non-ITM APB "
                        "frame)");
        itm_model_eval(&m, &in, &sout.itm);
        const struct itm_out out = sout.itm;
        char hx[VEC_IN_DIGITS + 1];
        vec_in_hex(&in, hx);
        buf_add(&r->in_hex, "%s\n", hx);
        vec_out_hex(&out, hx);
        buf_add(&r->out_hex, "%s\n", hx);
        if (in.rst_n && in.atready && out.atvalid) {
            r->atb = grow(r->atb, &r->cap_atb, r->natb, sizeof *r->atb);
            r->atb[r->natb++] = (struct vec_atb){c, out.atdata, out.atid};
            if (!stream_push(&st, out.atdata, c))
                return fail(s->path, c, st.fail_msg);
        }
        if (driver_observe(&d, &sin, &sout, NULL) == DRV_FAIL)
            return fail(s->path, c, d.fail_msg);
        unsigned rem = m.pkt_len - m.pkt_pos;
        bool load_en = rem == 0 || (rem == 1 && in.atready);
        q = m;
        itm_model_step(&m, &in);
        if (in.rst_n && load_en && m.pkt_len != 0) {
            r->pkts = grow(r->pkts, &r->cap_pkts, r->npkts, sizeof *r->pkts);
            struct pkt_rec *pr = &r->pkts[r->npkts++];
            char why[200];
            if (!packet_get(&q, &in, &m, &pr->p, why, sizeof why))
                return fail(s->path, c, why);
            pr->offset = r->pkt_bytes;
            r->pkt_bytes += pr->p.len;
        }
    }
    r->cycles = d.cycle;
    if (!stream_finish(&st, d.cycle))
        return fail(s->path, d.cycle, st.fail_msg);
    if (r->pkt_bytes != r->natb)
        return fail(s->path, d.cycle,
                    "the run ends inside a packet (end the stimulus with "
                    "wait_idle)");
    for (size_t i = 0; i < r->npkts; i++)
        for (unsigned k = 0; k < r->pkts[i].p.len; k++)
            if (r->atb[r->pkts[i].offset + k].data != r->pkts[i].p.b[k])
                return fail(s->path, r->atb[r->pkts[i].offset + k].cycle,
                            "internal error: the ATB bytes differ from the loaded packet");
    return 0;
}

/* ---- output ---------------------------------------------------------------------------- */

static FILE *open_out(const char *dir, const char *name, const char *mode, char *path, size_t n)
{
    snprintf(path, n, "%s/%s", dir, name);
    FILE *f = fopen(path, mode);
    if (!f)
        log_msg(LOG_ERROR, "vecgen: error: cannot write %s: %s\n", path, strerror(errno));
    return f;
}

static bool close_out(FILE *f, const char *path)
{
    bool ok = !ferror(f);
    ok &= fclose(f) == 0;
    if (!ok)
        log_msg(LOG_ERROR, "vecgen: error: writing %s failed\n", path);
    return ok;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static bool write_vector(const struct opts *o, const struct itm_cfg *cfg, const char *seed,
                         const struct run *r, const struct buf *stim)
{
    char path[1200];
    bool ok = true;
    FILE *f;
    if (mkdir(o->out, 0777) != 0 && errno != EEXIST) {
        log_msg(LOG_ERROR, "vecgen: error: cannot create %s: %s\n", o->out, strerror(errno));
        return false;
    }

    /* packet forms present, sorted, unique */
    static char forms[64][24];
    const char *fp[64];
    unsigned nf = 0;
    for (size_t i = 0; i < r->npkts; i++) {
        char fm[24];
        vec_pkt_form(&r->pkts[i].p, fm, sizeof fm);
        unsigned k;
        for (k = 0; k < nf && strcmp(forms[k], fm) != 0; k++)
            ;
        if (k == nf && nf < 64)
            snprintf(forms[nf++], sizeof forms[0], "%s", fm);
    }
    for (unsigned k = 0; k < nf; k++)
        fp[k] = forms[k];
    qsort(fp, nf, sizeof fp[0], cmp_str);

    if (!(f = open_out(o->out, "vector.txt", "w", path, sizeof path)))
        return false;
    fprintf(f, "# Armv8-M ITM conformance vector. Format: vectors/README.md.\n");
    fprintf(f, "format %u\nblock itm\nid %s\ngenerator vecgen %u\n", VEC_FORMAT_VERSION, o->id,
            VEC_GEN_VERSION);
    fprintf(f, "config %s\n", o->config);
    fprintf(f,
            "param NumStimPorts %u\nparam StimFifoDepth %u\nparam HwFifoDepth %u\n"
            "param TsWidth %u\nparam GtsWidth %u\n",
            cfg->num_stim_ports, cfg->stim_fifo_depth, cfg->hw_fifo_depth, cfg->ts_width,
            cfg->gts_width);
    fprintf(f, "source %s\n", o->scenario);
    fprintf(f, "seed %s\n", seed);
    fprintf(f, "rules %s\n", o->rules && *o->rules ? o->rules : "none");
    fprintf(f, "forms");
    for (unsigned k = 0; k < nf; k++)
        fprintf(f, " %s", fp[k]);
    fprintf(f, "%s\n", nf ? "" : " none");
    fprintf(f, "reset_cycles %u\ncycles %" PRId64 "\nlines %" PRIu64 "\n", o->reset_cycles,
            r->cycles, (uint64_t)o->reset_cycles + (uint64_t)r->cycles);
    fprintf(f, "bytes %zu\npackets %zu\n", r->natb, r->npkts);
    fprintf(f, "tpiu none\n");
    fprintf(f, "# ATB transfers: CYCLE DATA ID (cycle decimal, data and ATID hex)\n");
    for (size_t i = 0; i < r->natb; i++)
        fprintf(f, "%" PRId64 " %02x %02x\n", r->atb[i].cycle, r->atb[i].data, r->atb[i].id);
    ok &= close_out(f, path);

    if (!(f = open_out(o->out, "stimulus.scn", "wb", path, sizeof path)))
        return false;
    fwrite(stim->p, 1, stim->len, f);
    ok &= close_out(f, path);

    if (!(f = open_out(o->out, "packets.txt", "w", path, sizeof path)))
        return false;
    fprintf(f, "# Packets of %s (format: vectors/README.md).\n", o->id);
    fprintf(f, "# CYCLE<TAB>OFFSET<TAB>PACKET<TAB>BYTES\n");
    for (size_t i = 0; i < r->npkts; i++) {
        const struct pkt_rec *p = &r->pkts[i];
        char t[128], b[32];
        fprintf(f, "%" PRId64 "\t%" PRIu64 "\t%s\t%s\n", r->atb[p->offset].cycle, p->offset,
                vec_pkt_format(&p->p, t, sizeof t), vec_pkt_bytes(&p->p, b, sizeof b));
    }
    ok &= close_out(f, path);

    if (!(f = open_out(o->out, "stream.bin", "wb", path, sizeof path)))
        return false;
    for (size_t i = 0; i < r->natb; i++)
        fputc(r->atb[i].data, f);
    ok &= close_out(f, path);

    if (!(f = open_out(o->out, "inputs.hex", "w", path, sizeof path)))
        return false;
    fprintf(f, "// %s inputs of itm_top, line k = cycle k-%u (layout: vectors/README.md)\n", o->id,
            o->reset_cycles);
    fwrite(r->in_hex.p, 1, r->in_hex.len, f);
    ok &= close_out(f, path);

    if (!(f = open_out(o->out, "outputs.hex", "w", path, sizeof path)))
        return false;
    fprintf(f, "// %s outputs of itm_top, line k = cycle k-%u (layout: vectors/README.md)\n", o->id,
            o->reset_cycles);
    fwrite(r->out_hex.p, 1, r->out_hex.len, f);
    ok &= close_out(f, path);

    if (!(f = open_out(o->out, "cycles.txt", "w", path, sizeof path)))
        return false;
    fprintf(f, "%" PRIu64 "\n", (uint64_t)o->reset_cycles + (uint64_t)r->cycles);
    ok &= close_out(f, path);
    return ok;
}

int main(int argc, char **argv)
{
    struct opts o;
    int rc = parse_args(argc, argv, &o);
    if (rc)
        return rc;
    if (o.layout) {
        if (vecgen_layout(o.layout) == 0)
            return 0;
        log_msg(LOG_ERROR, "vecgen: error: --layout %s: expected BLOCK-in or BLOCK-out, BLOCK one "
                           "of dwt tpiu fpb sys etm\n", o.layout);
        return 2;
    }
    if (o.block && strcmp(o.block, "itm") != 0) {
        struct vecgen_blk_args ba = {VEC_ITM, o.out, o.id, o.config, o.rules, o.scenario,
                                     o.defs, o.reset_cycles, o.max_cycles};
        if (!vec_block_parse(o.block, &ba.blk)) {
            log_msg(LOG_ERROR, "vecgen: error: --block %s: expected itm, dwt, tpiu, fpb, sys or etm\n",
                    o.block);
            return 2;
        }
        return vecgen_blk_run(&ba);
    }
    unsigned p[5];
    char extra;
    if (sscanf(o.params, "%u,%u,%u,%u,%u%c", &p[0], &p[1], &p[2], &p[3], &p[4], &extra) != 5) {
        log_msg(LOG_ERROR, "vecgen: error: --params: expected P,F,H,T,G, got '%s'\n", o.params);
        return 2;
    }
    struct itm_cfg cfg = {p[0], p[1], p[2], p[3], p[4]};
    static struct itm_model probe;
    if (itm_model_init(&probe, &cfg) != 0) {
        log_msg(LOG_ERROR, "vecgen: error: the golden model rejects --params %s\n", o.params);
        return 2;
    }

    static struct buf text;
    if (o.random) {
        random_text(&o, &cfg, &text);
        FILE *f = fopen(o.emit, "w");
        if (!f) {
            log_msg(LOG_ERROR, "vecgen: error: cannot write %s: %s\n", o.emit, strerror(errno));
            return 2;
        }
        fwrite(text.p, 1, text.len, f);
        return close_out(f, o.emit) ? 0 : 2;
    }
    if (!load_text(o.scenario, &text))
        return 2;
    char seed[32] = "none";
    uint64_t sv;
    if (strncmp(text.p, RANDOM_MARK, strlen(RANDOM_MARK)) == 0 &&
        sscanf(text.p + strlen(RANDOM_MARK), "%" SCNu64, &sv) == 1)
        snprintf(seed, sizeof seed, "%" PRIu64, sv);

    static struct scenario s;
    s.cap_ev = s.cap_seg = s.cap_bytes = text.len / 2 + 16;
    s.ev = calloc(s.cap_ev, sizeof *s.ev);
    s.seg = calloc(s.cap_seg, sizeof *s.seg);
    s.bytes = calloc(s.cap_bytes, 1);
    if (!s.ev || !s.seg || !s.bytes)
        return 2;
    const char *name = o.scenario;
    if (scenario_parse_string(&s, name, text.p) != 0)
        return 2;
    const unsigned have[SCFG_NKEYS] = {cfg.num_stim_ports, cfg.stim_fifo_depth, cfg.hw_fifo_depth,
                                       cfg.ts_width, cfg.gts_width};
    for (unsigned k = 0; k < SCFG_NKEYS; k++)
        if (!scen_cfg_allows(&s.cfg, k, have[k])) {
            char need[64];
            log_msg(LOG_ERROR,
                    "%s:%" PRIu32 ": error: the scenario needs %s, the vector's "
                    "configuration %s has %u\n",
                    name, s.cfg.line[k], scen_cfg_format(&s.cfg, k, need, sizeof need),
                    o.config, have[k]);
            return 2;
        }

    static struct run r;
    rc = run_vector(&o, &cfg, &s, &r);
    if (rc)
        return rc;
    return write_vector(&o, &cfg, seed, &r, &text) ? 0 : 2;
}
