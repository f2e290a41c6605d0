/* SPDX-License-Identifier: Apache-2.0 */
/* Conformance-vector file format (vectors/README.md). */
#include "vecfmt.h"

#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "textput.h"

/* ---- inputs.hex / outputs.hex ---------------------------------------------------------- */

/* The 20 single-bit inputs, [19:0] of the input word, most significant first (NULL: the
 * bit is 0); the field of struct itm_in behind each, by offset. */
#define IN_FLAGS 20u
#define IN_FLAG(f) offsetof(struct itm_in, f)
/* clang-format off */
static const char *const in_flag_names[IN_FLAGS] = {
    "rst_ni",         "psel_i",          "penable_i",       "pwrite_i",
    "atready_i",      "afvalid_i",       "hw_valid_i",      "hw_ovf_i",
    "dwt_sync_req_i", "tpiu_sync_req_i", "ts_async_tick_i", "async_idle_i",
    "gts_clkch_i",    "trcena_i",        "niden_i",         "spniden_i",
    "pe_secure_i",    "halted_i",        NULL,              NULL,
};
static const size_t in_flag_off[IN_FLAGS] = {
    IN_FLAG(rst_n),        IN_FLAG(psel),          IN_FLAG(penable),       IN_FLAG(pwrite),
    IN_FLAG(atready),      IN_FLAG(afvalid),       IN_FLAG(hw_valid),      IN_FLAG(hw_ovf),
    IN_FLAG(dwt_sync_req), IN_FLAG(tpiu_sync_req), IN_FLAG(ts_async_tick), IN_FLAG(async_idle),
    IN_FLAG(gts_clkch),    IN_FLAG(trcena),        IN_FLAG(niden),         IN_FLAG(spniden),
    IN_FLAG(pe_secure),    IN_FLAG(halted),        0,                      0,
};
/* clang-format on */

static uint32_t in_flags_get(const struct itm_in *in)
{
    uint32_t f = 0;
    for (unsigned i = 0; i < IN_FLAGS; i++)
        if (in_flag_names[i] && *(const bool *)((const char *)in + in_flag_off[i]))
            f |= 1u << (IN_FLAGS - 1u - i);
    return f;
}

static void in_flags_set(struct itm_in *in, uint32_t f)
{
    for (unsigned i = 0; i < IN_FLAGS; i++)
        if (in_flag_names[i])
            *(bool *)((char *)in + in_flag_off[i]) = (f >> (IN_FLAGS - 1u - i)) & 1u;
}

void vec_in_hex(const struct itm_in *in, char *buf)
{
    snprintf(buf, VEC_IN_DIGITS + 1u, "%016" PRIx64 "%010" PRIx64 "%08" PRIx32 "%03x%01x%01x%05x",
             in->gts, (uint64_t)(in->hw_data & 0xFFFFFFFFFFu), in->pwdata,
             (unsigned)(in->paddr & 0xFFFu), in->pstrb & 0xFu, in->pprot & 0x7u,
             (unsigned)in_flags_get(in));
}

void vec_out_hex(const struct itm_out *o, char *buf)
{
    unsigned f1 = (unsigned)o->pready << 3 | (unsigned)o->pslverr << 2 | (unsigned)o->atvalid << 1 |
                  (unsigned)o->afready;
    unsigned f0 = (unsigned)o->hw_ready << 3 | (unsigned)o->busy << 2;
    snprintf(buf, VEC_OUT_DIGITS + 1u, "%08" PRIx32 "%02x%02x%01x%01x", o->prdata, o->atdata,
             o->atid & 0x7Fu, f1, f0);
}

/* Value of the hex digits s[pos .. pos+n-1]. */
static uint64_t hex_field(const char *s, unsigned pos, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++) {
        char c = s[pos + i];
        unsigned d = (c >= '0' && c <= '9')   ? (unsigned)(c - '0')
                     : (c >= 'a' && c <= 'f') ? (unsigned)(c - 'a' + 10)
                                              : (unsigned)(c - 'A' + 10);
        v = v << 4 | d;
    }
    return v;
}

static bool all_hex(const char *s, size_t n)
{
    if (strlen(s) != n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!strchr("0123456789abcdefABCDEF", s[i]))
            return false;
    return true;
}

bool vec_out_parse(const char *s, struct itm_out *o)
{
    if (!all_hex(s, VEC_OUT_DIGITS))
        return false;
    memset(o, 0, sizeof *o);
    o->prdata = (uint32_t)hex_field(s, 0, 8);
    o->atdata = (uint8_t)hex_field(s, 8, 2);
    o->atid = (uint8_t)hex_field(s, 10, 2);
    unsigned f1 = (unsigned)hex_field(s, 12, 1), f0 = (unsigned)hex_field(s, 13, 1);
    o->pready = f1 >> 3 & 1u;
    o->pslverr = f1 >> 2 & 1u;
    o->atvalid = f1 >> 1 & 1u;
    o->afready = f1 & 1u;
    o->hw_ready = f0 >> 3 & 1u;
    o->busy = f0 >> 2 & 1u;
    return true;
}

bool vec_in_parse(const char *s, struct itm_in *in)
{
    if (!all_hex(s, VEC_IN_DIGITS))
        return false;
    memset(in, 0, sizeof *in);
    in->gts = hex_field(s, 0, 16);
    in->hw_data = hex_field(s, 16, 10);
    in->pwdata = (uint32_t)hex_field(s, 26, 8);
    in->paddr = (uint32_t)hex_field(s, 34, 3);
    in->pstrb = (uint8_t)hex_field(s, 37, 1);
    in->pprot = (uint8_t)hex_field(s, 38, 1);
    in_flags_set(in, (uint32_t)hex_field(s, 39, 5));
    return true;
}

static void add_name(char *buf, size_t n, const char *name)
{
    size_t len = strlen(buf);
    snprintf(buf + len, n - len, "%s%s", len ? " " : "", name);
}

char *vec_in_diff(const struct itm_in *a, const struct itm_in *b, char *buf, size_t n)
{
    buf[0] = '\0';
    if (a->gts != b->gts)
        add_name(buf, n, "gts_i");
    if ((a->hw_data ^ b->hw_data) & 0xFFFFFFFFFFull)
        add_name(buf, n, "hw_data_i");
    if (a->pwdata != b->pwdata)
        add_name(buf, n, "pwdata_i");
    if ((a->paddr ^ b->paddr) & 0xFFFu)
        add_name(buf, n, "paddr_i");
    if ((a->pstrb ^ b->pstrb) & 0xFu)
        add_name(buf, n, "pstrb_i");
    if ((a->pprot ^ b->pprot) & 0x7u)
        add_name(buf, n, "pprot_i");
    uint32_t d = in_flags_get(a) ^ in_flags_get(b);
    for (unsigned i = 0; i < IN_FLAGS; i++)
        if (in_flag_names[i] && (d >> (IN_FLAGS - 1u - i) & 1u))
            add_name(buf, n, in_flag_names[i]);
    return buf;
}

/* ---- packets.txt ----------------------------------------------------------------------- */

char *vec_pkt_put(const struct vec_pkt *p, char *o)
{
    switch (p->type) {
    case PKT_SYNC:
        return tp_str(o, "SYNC");
    case PKT_OVF:
        return tp_str(o, "OVF");
    case PKT_EXT:
        return tp_dec(tp_str(o, "EXT page="), p->page);
    case PKT_INST:
    case PKT_HW:
        if (p->type == PKT_INST)
            o = tp_dec(tp_str(o, "INST port="), p->port);
        else
            o = tp_dec(tp_str(o, "HW disc="), p->disc);
        o = tp_dec(tp_str(o, " size="), p->size);
        return tp_hex(tp_str(o, " data=0x"), p->data, 2 * p->size);
    case PKT_LTS:
        o = tp_dec(tp_str(o, "LTS ts="), p->ts);
        return tp_dec(tp_str(o, " tc="), p->tc);
    case PKT_GTS1:
        o = tp_hex(tp_str(o, "GTS1 bits=0x"), p->bits, 7);
        o = tp_dec(tp_str(o, " wrap="), p->wrap);
        return tp_dec(tp_str(o, " clkch="), p->clkch);
    case PKT_GTS2:
        o = tp_hex(tp_str(o, "GTS2 bits=0x"), p->bits, 10);
        return tp_hex(tp_str(o, " gts=0x"), p->gts, 16);
    default:
        return tp_str(o, "BAD");
    }
}

char *vec_pkt_format(const struct vec_pkt *p, char *buf, size_t n)
{
    char t[VEC_PKT_TEXT_MAX];
    return tp_end(buf, n, t, vec_pkt_put(p, t));
}

char *vec_pkt_bytes_put(const struct vec_pkt *p, char *o)
{
    unsigned n = p->len < sizeof p->b ? p->len : (unsigned)sizeof p->b;
    return tp_bytes(o, p->b, n);
}

char *vec_pkt_bytes(const struct vec_pkt *p, char *buf, size_t n)
{
    /* as many whole bytes as fit (each "xx" and its separator) */
    char t[3 * sizeof p->b];
    unsigned k = p->len < sizeof p->b ? p->len : (unsigned)sizeof p->b;
    size_t pos = 0;
    unsigned i = 0;
    for (; i < k && pos + 4 < n; i++)
        pos += i ? 3u : 2u;
    struct vec_pkt q = *p;
    q.len = i;
    return tp_end(buf, n, t, vec_pkt_bytes_put(&q, t));
}

char *vec_pkt_form(const struct vec_pkt *p, char *buf, size_t n)
{
    switch (p->type) {
    case PKT_INST:
    case PKT_HW:
        snprintf(buf, n, "%s%u", p->type == PKT_INST ? "INST" : "HW", p->size);
        break;
    case PKT_LTS:
        if (p->len == 1)
            snprintf(buf, n, "LTS-short");
        else
            snprintf(buf, n, "LTS-long-%u", p->len - 1);
        break;
    case PKT_GTS1:
        if (p->wrap)
            snprintf(buf, n, "GTS1-full%s", p->clkch ? "-clkch" : "");
        else
            snprintf(buf, n, "GTS1-%u", p->len - 1);
        break;
    case PKT_GTS2:
        snprintf(buf, n, "GTS2-%s", p->len == 5 ? "48" : "64");
        break;
    default:
        snprintf(buf, n, "%s", pktdec_type_name(p->type));
        break;
    }
    return buf;
}

void vec_pkt_from_dec(const struct pkt *d, struct vec_pkt *v)
{
    *v = (struct vec_pkt){.type = d->type, .len = d->nbytes};
    memcpy(v->b, d->b, d->len < sizeof v->b ? d->len : sizeof v->b);
    switch (d->type) {
    case PKT_INST:
        v->port = d->port;
        v->size = d->size;
        v->data = d->data;
        break;
    case PKT_HW:
        v->disc = d->disc;
        v->size = d->size;
        v->data = d->data;
        break;
    case PKT_EXT:
        v->page = d->data;
        if (d->sh)
            v->type = PKT_BAD; /* the ITM only sends stimulus-page extensions */
        break;
    case PKT_LTS:
        v->ts = d->ts;
        v->tc = d->tc;
        break;
    case PKT_GTS1:
        v->bits = d->gts_bits;
        v->wrap = d->wrap;
        v->clkch = d->clkch;
        break;
    case PKT_GTS2:
        v->bits = d->gts_bits;
        v->gts = d->gts;
        break;
    default:
        break;
    }
}

/* ---- vector.txt reader ----------------------------------------------------------------- */

static bool rd_err(const char *path, unsigned line, const char *msg)
{
    log_msg(LOG_ERROR, "%s:%u: error: %s\n", path, line, msg);
    return false;
}

bool vec_file_read(const char *path, struct vec_file *v)
{
    memset(v, 0, sizeof *v);
    FILE *f = fopen(path, "r");
    if (!f) {
        log_msg(LOG_ERROR, "%s: error: cannot open: %s\n", path, strerror(errno));
        return false;
    }
    size_t cap = 256;
    v->atb = malloc(cap * sizeof *v->atb);
    char line[512];
    unsigned ln = 0, params = 0;
    bool ok = v->atb != NULL;
    while (ok && fgets(line, sizeof line, f)) {
        ln++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        char key[64] = "", val[256] = "";
        int nf = sscanf(line, "%63s %255[^\n]", key, val);
        if (nf <= 0)
            continue;
        if (key[0] >= '0' && key[0] <= '9') { /* record: CYCLE DATA ID */
            long long c;
            unsigned d, id;
            char extra[8];
            if (sscanf(line, "%lld %x %x %7s", &c, &d, &id, extra) != 3 || d > 0xFF || id > 0x7F) {
                ok = rd_err(path, ln, "expected an ATB record 'CYCLE DATA ID'");
                break;
            }
            if (v->natb == cap) {
                cap *= 2;
                struct vec_atb *na = realloc(v->atb, cap * sizeof *na);
                if (!na) {
                    ok = rd_err(path, ln, "out of memory");
                    break;
                }
                v->atb = na;
            }
            v->atb[v->natb++] = (struct vec_atb){c, (uint8_t)d, (uint8_t)id};
            continue;
        }
        unsigned long long n = 0;
        bool num = sscanf(val, "%llu", &n) == 1;
        if (strcmp(key, "format") == 0 && num)
            v->format = (unsigned)n;
        else if (strcmp(key, "id") == 0)
            snprintf(v->id, sizeof v->id, "%s", val);
        else if (strcmp(key, "config") == 0)
            snprintf(v->config, sizeof v->config, "%s", val);
        else if (strcmp(key, "reset_cycles") == 0 && num)
            v->reset_cycles = (unsigned)n;
        else if (strcmp(key, "cycles") == 0 && num)
            v->cycles = (int64_t)n;
        else if (strcmp(key, "lines") == 0 && num)
            v->lines = n;
        else if (strcmp(key, "param") == 0) {
            char pname[32];
            unsigned pv;
            if (sscanf(val, "%31s %u", pname, &pv) != 2) {
                ok = rd_err(path, ln, "expected 'param NAME VALUE'");
                break;
            }
            if (strcmp(pname, "NumStimPorts") == 0)
                v->cfg.num_stim_ports = pv;
            else if (strcmp(pname, "StimFifoDepth") == 0)
                v->cfg.stim_fifo_depth = pv;
            else if (strcmp(pname, "HwFifoDepth") == 0)
                v->cfg.hw_fifo_depth = pv;
            else if (strcmp(pname, "TsWidth") == 0)
                v->cfg.ts_width = pv;
            else if (strcmp(pname, "GtsWidth") == 0)
                v->cfg.gts_width = pv;
            else {
                ok = rd_err(path, ln, "unknown parameter");
                break;
            }
            params++;
        }
        /* other header keys are informative for the checkers */
    }
    fclose(f);
    if (ok && v->format != VEC_FORMAT_VERSION) {
        char msg[96];
        snprintf(msg, sizeof msg, "format %u, this reader knows format %u", v->format,
                 VEC_FORMAT_VERSION);
        ok = rd_err(path, ln, msg);
    }
    if (ok &&
        (params != 5 || v->reset_cycles == 0 || v->lines != v->reset_cycles + (uint64_t)v->cycles))
        ok = rd_err(path, ln, "header incomplete (5 params, reset_cycles, cycles, lines needed)");
    if (!ok)
        vec_file_free(v);
    return ok;
}

void vec_file_free(struct vec_file *v)
{
    free(v->atb);
    v->atb = NULL;
    v->natb = 0;
}
