/* SPDX-License-Identifier: Apache-2.0 */
/* Parser of line-oriented scenario files into an event list (format: sim/c_tb/SCENARIO.md). */
#include "scenario.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"

#define SCEN_MAX_TOKENS 512
#define SCEN_MAX_ERRORS 20

const char *const scen_cfg_key_name[SCFG_NKEYS] = {
    "ports",  "fifo",   "hwfifo",  "ts",    "gts",    "code",    "lit",    "both",
    "sec",    "ude",    "tpiu",    "portwidth", "atbfifo", "frameidle", "dwt", "comps",
    "dfifo",  "main",   "trace",   "cyccnt", "prfcnt", "exttrig", "vmask", "pcsr",
    "etm",    "etmfifo", "rsdepth", "ccsize", "numpc", "funnelhold", "stall",
    "acpairs", "atomf45", "maxspec", "qsupp"};
const char *const seg_stream_name[SEG_NSTREAMS] = {
    "atb",      "txb",      "etm",      "swo",          "traceclk",     "tracedata",  "txb_valid",
    "atready",  "cmpmatch", "wpt_halt",     "wpt_mon",      "dwt_hw_valid", "dwt_hw_data",
    "dwt_hw_ovf", "dwt_sync_req"};

unsigned seg_pin_bytes(unsigned stream)
{
    return stream == SEG_PIN_CMPMATCH ? 2u : stream == SEG_PIN_DWT_HW_DATA ? 5u : 1u;
}

static uint64_t seg_pin_max(unsigned stream)
{
    switch (stream) {
    case SEG_PIN_TRACEDATA:
        return 0xFF;
    case SEG_PIN_CMPMATCH:
        return 0xFFFF;
    case SEG_PIN_DWT_HW_DATA:
        return 0xFFFFFFFFFFull;
    default:
        return 1;
    }
}

uint64_t seg_pin_value(const struct scenario *s, const struct expect_seg *g, uint32_t k)
{
    unsigned w = seg_pin_bytes(g->stream);
    uint64_t v = 0;
    for (unsigned b = 0; b < w; b++)
        v |= (uint64_t)s->bytes[g->off + k * w + b] << (8 * b);
    return v;
}

static const char *const sig_names[SIG_NSIGS] = {
    "atready", "trcena",   "niden",     "spniden", "pe_secure", "halted",   "async_idle",
    "gts",     "gts_step", "hda",       "uhda",    "uhda_s",    "c_debugen", "s_halt",
    "s_sde",   "mon_en",   "sdme",      "umon_en", "mon_prio",  "pe_priv",  "sleeping",
    "niden_p", "spniden_p", "monrdy",   "dwt_sync", "tpiu_sync", "hw_ovf",  "ts_tick",
    "gts_clkch",
};

const char *ev_sig_name(unsigned sig)
{
    return sig < SIG_NSIGS ? sig_names[sig] : "?";
}

struct parser {
    struct scenario *s;
    const char *name;
    uint32_t line;
    unsigned errors;
    bool ended;
    char *tok[SCEN_MAX_TOKENS];
    unsigned ntok;
};

static void perr(struct parser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void perr(struct parser *p, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    p->errors++;
    if (p->errors <= SCEN_MAX_ERRORS)
        log_msg(LOG_ERROR, "%s:%" PRIu32 ": error: %s\n", p->name, p->line, msg);
    if (p->errors == SCEN_MAX_ERRORS + 1)
        log_msg(LOG_ERROR, "%s: too many errors, the rest are not shown\n", p->name);
}

/* Decimal or 0x-hex, '_' allowed between digits. Returns false if not a number or it
 * does not fit in 64 bits. */
static bool parse_u64(const char *t, uint64_t *out)
{
    unsigned base = 10;
    if (t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
        base = 16;
        t += 2;
    }
    if (*t == '\0' || *t == '_')
        return false;
    uint64_t v = 0;
    for (; *t; t++) {
        unsigned d;
        if (*t == '_')
            continue;
        if (*t >= '0' && *t <= '9')
            d = (unsigned)(*t - '0');
        else if (base == 16 && *t >= 'a' && *t <= 'f')
            d = (unsigned)(*t - 'a' + 10);
        else if (base == 16 && *t >= 'A' && *t <= 'F')
            d = (unsigned)(*t - 'A' + 10);
        else
            return false;
        if (v > (UINT64_MAX - d) / base)
            return false;
        v = v * base + d;
    }
    *out = v;
    return true;
}

/* Parses token i as a number in [lo, hi]; what names it in the message, hex selects how
 * the range is printed. */
static bool num_arg_fmt(struct parser *p, unsigned i, const char *what, uint64_t lo, uint64_t hi,
                        uint64_t *out, bool hex)
{
    const char *kw = p->tok[0];
    if (i >= p->ntok) {
        perr(p, "%s: expected %s, got end of line", kw, what);
        return false;
    }
    uint64_t v;
    if (!parse_u64(p->tok[i], &v)) {
        perr(p, "%s: expected %s (a decimal or 0x-hex number), got '%s'", kw, what, p->tok[i]);
        return false;
    }
    if (v < lo || v > hi) {
        if (hex)
            perr(p, "%s: %s %s out of range (expected 0x%" PRIx64 "..0x%" PRIx64 ")", kw, what,
                 p->tok[i], lo, hi);
        else
            perr(p, "%s: %s %s out of range (expected %" PRIu64 "..%" PRIu64 ")", kw, what,
                 p->tok[i], lo, hi);
        return false;
    }
    *out = v;
    return true;
}

static bool num_arg(struct parser *p, unsigned i, const char *what, uint64_t lo, uint64_t hi,
                    uint64_t *out)
{
    return num_arg_fmt(p, i, what, lo, hi, out, true);
}

static bool count_arg(struct parser *p, unsigned i, const char *what, uint64_t lo, uint64_t hi,
                      uint64_t *out)
{
    return num_arg_fmt(p, i, what, lo, hi, out, false);
}

/* key=value options after the positional arguments. */
struct opt_spec {
    const char *key;
    uint64_t lo, hi;
    bool given;
    uint64_t val;
};

static bool parse_opts(struct parser *p, unsigned first, struct opt_spec *spec, unsigned nspec)
{
    const char *kw = p->tok[0];
    bool ok = true;
    for (unsigned i = first; i < p->ntok; i++) {
        char *t = p->tok[i];
        char *eq = strchr(t, '=');
        if (!eq) {
            if (nspec)
                perr(p, "%s: unexpected extra token '%s' (options are key=value)", kw, t);
            else
                perr(p, "%s: unexpected extra token '%s'", kw, t);
            ok = false;
            continue;
        }
        *eq = '\0';
        struct opt_spec *o = NULL;
        for (unsigned k = 0; k < nspec; k++)
            if (strcmp(spec[k].key, t) == 0)
                o = &spec[k];
        if (!o) {
            char list[128] = "";
            for (unsigned k = 0; k < nspec; k++) {
                strncat(list, k ? ", " : "", sizeof list - strlen(list) - 1);
                strncat(list, spec[k].key, sizeof list - strlen(list) - 1);
            }
            perr(p, "%s: unknown option '%s' (expected %s)", kw, t, nspec ? list : "none");
            ok = false;
        } else if (o->given) {
            perr(p, "%s: option '%s' given twice", kw, t);
            ok = false;
        } else {
            uint64_t v;
            if (!parse_u64(eq + 1, &v)) {
                perr(p, "%s: option %s: expected a number, got '%s'", kw, t, eq + 1);
                ok = false;
            } else if (v < o->lo || v > o->hi) {
                bool hex = !strcmp(t, "expect") || !strcmp(t, "mask") || !strcmp(t, "strb");
                if (hex)
                    perr(p, "%s: option %s=%s out of range (expected 0x%" PRIx64 "..0x%" PRIx64
                         ")", kw, t, eq + 1, o->lo, o->hi);
                else
                    perr(p, "%s: option %s=%s out of range (expected %" PRIu64 "..%" PRIu64 ")",
                         kw, t, eq + 1, o->lo, o->hi);
                ok = false;
            } else {
                o->given = true;
                o->val = v;
            }
        }
        *eq = '=';
    }
    return ok;
}

static bool positional_only(struct parser *p, unsigned nargs)
{
    return parse_opts(p, nargs + 1, NULL, 0);
}

static struct event *new_event(struct parser *p, enum ev_kind kind)
{
    struct scenario *s = p->s;
    if (s->nev >= s->cap_ev) {
        perr(p, "too many events (capacity %zu)", s->cap_ev);
        return NULL;
    }
    struct event *e = &s->ev[s->nev++];
    memset(e, 0, sizeof *e);
    e->kind = (uint8_t)kind;
    e->line = p->line;
    return e;
}

static int find_sig(const char *name, unsigned lo, unsigned hi)
{
    for (unsigned i = lo; i < hi; i++)
        if (strcmp(sig_names[i], name) == 0)
            return (int)i;
    return -1;
}

static void sig_list(char *buf, size_t n, unsigned lo, unsigned hi)
{
    buf[0] = '\0';
    for (unsigned i = lo; i < hi; i++) {
        strncat(buf, i > lo ? " " : "", n - strlen(buf) - 1);
        strncat(buf, sig_names[i], n - strlen(buf) - 1);
    }
}

bool scen_cfg_allows(const struct scen_config *c, unsigned k, uint32_t v)
{
    return !c->given[k] || (v >= c->lo[k] && v <= c->hi[k]);
}

char *scen_cfg_format(const struct scen_config *c, unsigned k, char *buf, size_t n)
{
    const char *name = scen_cfg_key_name[k];
    if (c->lo[k] == c->hi[k])
        snprintf(buf, n, "%s=%" PRIu32, name, c->lo[k]);
    else if (c->hi[k] == SCFG_ANY)
        snprintf(buf, n, "%s>=%" PRIu32, name, c->lo[k]);
    else if (c->lo[k] == 0)
        snprintf(buf, n, "%s<=%" PRIu32, name, c->hi[k]);
    else
        snprintf(buf, n, "%s=%" PRIu32 "..%" PRIu32, name, c->lo[k], c->hi[k]);
    return buf;
}

/* One number of a config constraint (decimal or 0x-hex, below SCFG_ANY). */
static bool cfg_num(struct parser *p, const char *key, const char *t, uint32_t *v)
{
    uint64_t u;
    if (!parse_u64(t, &u) || u >= SCFG_ANY) {
        perr(p, "config: %s: expected a number, got '%s'", key, t);
        return false;
    }
    *v = (uint32_t)u;
    return true;
}

/* A constraint token: KEY=V, KEY=LO..HI, KEY>=V or KEY<=V. Two on one key narrow it; an
 * empty result is an error naming the earlier line. */
static void parse_config_token(struct parser *p, char *t)
{
    char *op = strpbrk(t, "<>=");
    if (!op || op == t) {
        perr(p, "config: expected key=value, key=lo..hi, key>=value or key<=value, got '%s'", t);
        return;
    }
    char kind = *op;
    char *val = op + 1;
    if (kind != '=') {
        if (*val != '=') {
            perr(p, "config: '%c' must be '%c=' (key%c=value), got '%s'", kind, kind, kind, t);
            return;
        }
        val++;
    }
    char key[32];
    snprintf(key, sizeof key, "%.*s", (int)(op - t), t);
    int k = -1;
    for (unsigned j = 0; j < SCFG_NKEYS; j++)
        if (strcmp(scen_cfg_key_name[j], key) == 0)
            k = (int)j;
    if (k < 0) {
        perr(p, "config: unknown key '%s' (expected ports, fifo, hwfifo, ts, gts, code, lit, "
                "both, sec, ude, tpiu, portwidth, atbfifo, frameidle, dwt, comps, dfifo, main, "
                "trace, cyccnt, prfcnt, exttrig, vmask, pcsr, etm, etmfifo, rsdepth, ccsize, numpc, "
                "funnelhold, stall, acpairs, atomf45, maxspec or qsupp)", key);
        return;
    }
    uint32_t lo = 0, hi = SCFG_ANY;
    char *dots = strstr(val, "..");
    if (kind == '>' || kind == '<') {
        uint32_t v;
        if (!cfg_num(p, key, val, &v))
            return;
        if (kind == '>')
            lo = v;
        else
            hi = v;
    } else if (dots) {
        *dots = '\0';
        bool ok = cfg_num(p, key, val, &lo) && cfg_num(p, key, dots + 2, &hi);
        *dots = '.';
        if (!ok)
            return;
        if (lo > hi) {
            perr(p, "config: %s: empty range %" PRIu32 "..%" PRIu32 " (write lo..hi)", key, lo,
                 hi);
            return;
        }
    } else {
        if (!cfg_num(p, key, val, &lo))
            return;
        hi = lo;
    }
    struct scen_config *c = &p->s->cfg;
    if (c->given[k]) {
        uint32_t nlo = lo > c->lo[k] ? lo : c->lo[k];
        uint32_t nhi = hi < c->hi[k] ? hi : c->hi[k];
        if (nlo > nhi) {
            char was[64];
            perr(p, "config: %s conflicts with %s on line %" PRIu32, t,
                 scen_cfg_format(c, (unsigned)k, was, sizeof was), c->line[k]);
            return;
        }
        lo = nlo;
        hi = nhi;
    }
    c->given[k] = true;
    c->lo[k] = lo;
    c->hi[k] = hi;
    c->line[k] = p->line;
}

static void parse_config(struct parser *p)
{
    if (p->ntok < 2) {
        perr(p, "config: expected key=value, key=lo..hi, key>=value or key<=value (keys: ports "
                "fifo hwfifo ts gts code lit both sec ude tpiu portwidth atbfifo frameidle dwt "
                "comps dfifo main trace cyccnt prfcnt exttrig vmask pcsr etm etmfifo rsdepth ccsize numpc "
                "funnelhold stall acpairs atomf45 maxspec qsupp)");
        return;
    }
    for (unsigned i = 1; i < p->ntok; i++)
        parse_config_token(p, p->tok[i]);
}

static void parse_write(struct parser *p)
{
    uint64_t addr, data;
    if (!num_arg(p, 1, "ADDR", 0, 0xFFFFF, &addr) || !num_arg(p, 2, "DATA", 0, 0xFFFFFFFFu, &data))
        return;
    struct opt_spec o[] = {{"size", 1, 4, false, 0},
                           {"priv", 0, 1, false, 0},
                           {"ns", 0, 1, false, 0},
                           {"strb", 0, 0xF, false, 0},
                           {"instr", 0, 1, false, 0}};
    if (!parse_opts(p, 3, o, 5))
        return;
    if (o[0].given && o[3].given) {
        perr(p, "write: give either size= or strb=, not both");
        return;
    }
    uint8_t strb = 0xF;
    if (o[0].given) {
        if (o[0].val == 1)
            strb = 0x1;
        else if (o[0].val == 2)
            strb = 0x3;
        else if (o[0].val == 4)
            strb = 0xF;
        else {
            perr(p, "write: size=%" PRIu64 " invalid (expected 1, 2 or 4)", o[0].val);
            return;
        }
    }
    if (o[3].given)
        strb = (uint8_t)o[3].val;
    struct event *e = new_event(p, EV_WRITE);
    if (!e)
        return;
    e->addr = (uint32_t)addr;
    e->data = (uint32_t)data;
    e->strb = strb;
    e->raw_strb = o[3].given;
    e->prot = (uint8_t)((o[1].given ? o[1].val : 1) | ((o[2].given ? o[2].val : 1) << 1) |
                        (o[4].val << 2));
}

static void parse_read(struct parser *p)
{
    uint64_t addr;
    if (!num_arg(p, 1, "ADDR", 0, 0xFFFFF, &addr))
        return;
    struct opt_spec o[] = {{"expect", 0, 0xFFFFFFFFu, false, 0},
                           {"mask", 0, 0xFFFFFFFFu, false, 0},
                           {"priv", 0, 1, false, 0},
                           {"ns", 0, 1, false, 0},
                           {"instr", 0, 1, false, 0}};
    if (!parse_opts(p, 2, o, 5))
        return;
    if (o[1].given && !o[0].given) {
        perr(p, "read: mask= needs expect=");
        return;
    }
    struct event *e = new_event(p, EV_READ);
    if (!e)
        return;
    e->addr = (uint32_t)addr;
    e->has_expect = o[0].given;
    e->data = (uint32_t)o[0].val;
    e->mask = o[1].given ? (uint32_t)o[1].val : 0xFFFFFFFFu;
    e->prot = (uint8_t)((o[2].given ? o[2].val : 1) | ((o[3].given ? o[3].val : 1) << 1) |
                        (o[4].val << 2));
}

static void parse_count(struct parser *p, enum ev_kind kind, const char *what, uint64_t lo,
                        bool optional, uint64_t dflt)
{
    uint64_t n = dflt;
    if (!optional || p->ntok > 1)
        if (!count_arg(p, 1, what, lo, UINT32_MAX, &n))
            return;
    if (!positional_only(p, p->ntok > 1 ? 1 : 0))
        return;
    struct event *e = new_event(p, kind);
    if (e)
        e->count = n;
}

/* wait_idle [MAX] [tpiu=0|1] */
static void parse_wait_idle(struct parser *p)
{
    uint64_t n = 10000;
    unsigned first = 1;
    if (p->ntok > 1 && !strchr(p->tok[1], '=')) {
        if (!count_arg(p, 1, "MAX (cycles)", 1, UINT32_MAX, &n))
            return;
        first = 2;
    }
    struct opt_spec o[] = {{"tpiu", 0, 1, false, 0}};
    if (!parse_opts(p, first, o, 1))
        return;
    struct event *e = new_event(p, EV_WAIT_IDLE);
    if (!e)
        return;
    e->count = n;
    e->val = o[0].val ? WAIT_TPIU : 0;
}

static void parse_set(struct parser *p)
{
    char list[256];
    sig_list(list, sizeof list, 0, SIG_NLEVELS);
    if (p->ntok < 2) {
        perr(p, "set: expected NAME VALUE (NAME one of: %s)", list);
        return;
    }
    int sig = find_sig(p->tok[1], 0, SIG_NLEVELS);
    if (sig < 0) {
        if (find_sig(p->tok[1], SIG_NLEVELS, SIG_NSIGS) >= 0)
            perr(p, "set: '%s' is a pulse input, use 'pulse %s [N]'", p->tok[1], p->tok[1]);
        else
            perr(p, "set: unknown input '%s' (expected one of: %s)", p->tok[1], list);
        return;
    }
    bool wide = sig == SIG_GTS || sig == SIG_GTS_STEP;
    uint64_t v;
    if (!num_arg(p, 2, "VALUE", 0, wide ? UINT64_MAX : 1, &v) || !positional_only(p, 2))
        return;
    struct event *e = new_event(p, EV_SET);
    if (!e)
        return;
    e->sig = (uint8_t)sig;
    e->val = v;
}

static void parse_pulse(struct parser *p)
{
    char list[256];
    sig_list(list, sizeof list, SIG_NLEVELS, SIG_NSIGS);
    if (p->ntok < 2) {
        perr(p, "pulse: expected NAME [N] (NAME one of: %s)", list);
        return;
    }
    int sig = find_sig(p->tok[1], SIG_NLEVELS, SIG_NSIGS);
    if (sig < 0) {
        if (find_sig(p->tok[1], 0, SIG_NLEVELS) >= 0)
            perr(p, "pulse: '%s' is a level input, use 'set %s VALUE'", p->tok[1], p->tok[1]);
        else
            perr(p, "pulse: unknown input '%s' (expected one of: %s)", p->tok[1], list);
        return;
    }
    uint64_t n = 1;
    unsigned next = 2;
    if (p->ntok > 2 && !strchr(p->tok[2], '=')) {
        if (!count_arg(p, 2, "N (cycles)", 1, UINT32_MAX, &n))
            return;
        next = 3;
    }
    struct opt_spec o[] = {{"bg", 0, 1, false, 0}};
    if (!parse_opts(p, next, o, 1))
        return;
    struct event *e = new_event(p, EV_PULSE);
    if (!e)
        return;
    e->sig = (uint8_t)sig;
    e->count = n;
    e->bg = o[0].val != 0;
}

static void parse_hw(struct parser *p)
{
    uint64_t hdr, payload = 0;
    if (!num_arg(p, 1, "HEADER", 0, 0xFF, &hdr))
        return;
    unsigned next = 2;
    if (p->ntok > 2 && !strchr(p->tok[2], '=')) {
        if (!num_arg(p, 2, "PAYLOAD", 0, 0xFFFFFFFFu, &payload))
            return;
        next = 3;
    }
    struct opt_spec o[] = {{"max", 1, UINT32_MAX, false, 0}};
    if (!parse_opts(p, next, o, 1))
        return;
    static const unsigned len_of_ss[4] = {0, 1, 2, 4};
    unsigned len = len_of_ss[hdr & 3];
    if (len < 4 && (payload >> (8 * len)) != 0) {
        perr(p, "hw: payload 0x%" PRIx64 " does not fit the %u byte(s) that header 0x%02" PRIx64
             " (SS=%" PRIu64 ") carries", payload, len, hdr, hdr & 3);
        return;
    }
    struct event *e = new_event(p, EV_HW);
    if (!e)
        return;
    e->val = (payload << 8) | hdr;
    e->count = o[0].val;
}

static const char *const fetch_kind_names[4] = {"fetch", "vector", "dap", "stack"};
static const char *const fetch_expect_names[4] = {"none", "match", "halt", "mon"};

/* Replaces a symbolic option value (key=NAME) by its index, in place. */
static bool option_name(struct parser *p, const char *key, const char *const *names,
                        unsigned nnames, char *store)
{
    size_t kl = strlen(key);
    for (unsigned i = 2; i < p->ntok; i++) {
        char *t = p->tok[i];
        if (strncmp(t, key, kl) != 0 || t[kl] != '=')
            continue;
        for (unsigned k = 0; k < nnames; k++)
            if (strcmp(t + kl + 1, names[k]) == 0) {
                snprintf(store, 24, "%s=%u", key, k);
                p->tok[i] = store;
                return true;
            }
        char list[64] = "";
        for (unsigned k = 0; k < nnames; k++) {
            strncat(list, k ? ", " : "", sizeof list - strlen(list) - 1);
            strncat(list, names[k], sizeof list - strlen(list) - 1);
        }
        perr(p, "%s: %s=%s: expected one of %s", p->tok[0], key, t + kl + 1, list);
        return false;
    }
    return true;
}

static void parse_fetch(struct parser *p)
{
    uint64_t addr;
    char kind_tok[24], exp_tok[24];
    if (!num_arg(p, 1, "ADDR", 0, 0xFFFFFFFFu, &addr) ||
        !option_name(p, "kind", fetch_kind_names, 4, kind_tok) ||
        !option_name(p, "expect", fetch_expect_names, 4, exp_tok))
        return;
    struct opt_spec o[] = {{"size", 16, 32, false, 0}, {"kind", 0, 3, false, 0},
                           {"secure", 0, 1, false, 0}, {"priv", 0, 1, false, 0},
                           {"expect", 0, 3, false, 0}};
    if (!parse_opts(p, 2, o, 5))
        return;
    if (o[0].given && o[0].val != 16 && o[0].val != 32) {
        perr(p, "fetch: size=%" PRIu64 " invalid (expected 16 or 32)", o[0].val);
        return;
    }
    struct event *e = new_event(p, EV_FETCH);
    if (!e)
        return;
    e->addr = (uint32_t)addr;
    e->val = o[1].val | (o[0].val == 32 ? FETCH_SIZE32 : 0) | (o[2].val ? FETCH_SECURE : 0) |
             ((o[3].given ? o[3].val : 1) ? FETCH_PRIV : 0);
    e->has_expect = o[4].given;
    e->data = (uint32_t)o[4].val;
}

/* DWT observation lines (SCENARIO.md "DWT lines"). */
static const char *const rw_names[2] = {"r", "w"};
static const char *const exc_fn_names[4] = {"-", "entry", "exit", "return"};
static const char *const evt_names[5] = {"cpi", "exc", "sleep", "lsu", "fold"};

static void parse_instr(struct parser *p)
{
    uint64_t addr;
    if (!num_arg(p, 1, "ADDR", 0, 0xFFFFFFFFu, &addr))
        return;
    struct opt_spec o[] = {{"secure", 0, 1, false, 0},
                           {"priv", 0, 1, false, 0},
                           {"n", 1, 1000000, false, 0},
                           {"step", 0, 0xFFFFFFFFu, false, 0},
                           {"bg", 0, 1, false, 0}};
    if (!parse_opts(p, 2, o, 5))
        return;
    struct event *e = new_event(p, EV_INSTR);
    if (!e)
        return;
    e->bg = o[4].val != 0;
    e->addr = (uint32_t)addr;
    e->count = o[2].given ? o[2].val : 1;
    e->mask = o[3].given ? (uint32_t)o[3].val : 2;
    e->val = (o[0].val ? OP_SECURE : 0) | ((o[1].given ? o[1].val : 1) ? OP_PRIV : 0);
}

static void parse_access(struct parser *p)
{
    uint64_t addr;
    char rw_tok[24];
    if (!num_arg(p, 1, "ADDR", 0, 0xFFFFFFFFu, &addr) ||
        !option_name(p, "rw", rw_names, 2, rw_tok))
        return;
    struct opt_spec o[] = {{"size", 1, 4, false, 0},          {"rw", 0, 1, false, 0},
                           {"data", 0, 0xFFFFFFFFu, false, 0}, {"pc", 0, 0xFFFFFFFFu, false, 0},
                           {"secure", 0, 1, false, 0},         {"priv", 0, 1, false, 0},
                           {"fault", 0, 1, false, 0},          {"lazyfp", 0, 1, false, 0},
                           {"instr", 0, 0xFFFFFFFFu, false, 0}};
    if (!parse_opts(p, 2, o, 9))
        return;
    uint64_t size = o[0].given ? o[0].val : 4;
    if (size == 3) {
        perr(p, "access: size=3 invalid (expected 1, 2 or 4)");
        return;
    }
    struct event *e = new_event(p, EV_ACCESS);
    if (!e)
        return;
    e->addr = (uint32_t)addr;
    e->data = (uint32_t)o[2].val;
    e->mask = (uint32_t)o[3].val;
    e->cycle = (int64_t)o[8].val;
    e->val = (size == 1 ? 0u : size == 2 ? 1u : 2u) | (o[1].val ? OP_WRITE : 0) |
             (o[4].val ? OP_SECURE : 0) | ((o[5].given ? o[5].val : 1) ? OP_PRIV : 0) |
             (o[6].val ? OP_FAULT : 0) | (o[7].val ? OP_LAZYFP : 0) | (o[8].given ? OP_INSTR : 0);
}

static void parse_exc(struct parser *p)
{
    unsigned fn = 0;
    for (unsigned k = 1; k < 4 && p->ntok > 1; k++)
        if (strcmp(p->tok[1], exc_fn_names[k]) == 0)
            fn = k;
    if (fn == 0) {
        perr(p, "exc: expected entry, exit or return, got '%s'", p->ntok > 1 ? p->tok[1] : "");
        return;
    }
    uint64_t num;
    if (!count_arg(p, 2, "NUM", 0, 511, &num))
        return;
    struct opt_spec o[] = {{"secure", 0, 1, false, 0}};
    if (!parse_opts(p, 3, o, 1))
        return;
    struct event *e = new_event(p, EV_EXC);
    if (!e)
        return;
    e->val = fn | (o[0].val ? OP_SECURE : 0);
    e->data = (uint32_t)num;
}

static void parse_evt(struct parser *p)
{
    unsigned mask = 0, i = 1;
    for (; i < p->ntok && !strchr(p->tok[i], '='); i++) {
        unsigned k = 0;
        while (k < 5 && strcmp(p->tok[i], evt_names[k]) != 0)
            k++;
        if (k == 5) {
            perr(p, "evt: unknown event '%s' (expected cpi, exc, sleep, lsu or fold)", p->tok[i]);
            return;
        }
        mask |= 1u << k;
    }
    if (!mask) {
        perr(p, "evt: expected one or more of cpi, exc, sleep, lsu, fold");
        return;
    }
    struct opt_spec o[] = {{"n", 1, 1000000, false, 0}, {"bg", 0, 1, false, 0}};
    if (!parse_opts(p, i, o, 2))
        return;
    struct event *e = new_event(p, EV_EVT);
    if (!e)
        return;
    e->val = mask;
    e->count = o[0].given ? o[0].val : 1;
    e->bg = o[1].val != 0;
}

/* ETM PE trace interface lines (SCENARIO.md "ETM lines"). */

/* " commit=N flush=1 cancel=K mispred=1", the non-zero ones ("" for none). */
static void pe_spec_fmt(uint32_t m, char *buf, size_t n)
{
    size_t pos = 0;
    buf[0] = '\0';
    if (PE_SPEC_COMMIT(m) && pos < n)
        pos += (size_t)snprintf(buf + pos, n - pos, " commit=%u", PE_SPEC_COMMIT(m));
    if ((m & PE_SPEC_FLUSH) && pos < n)
        pos += (size_t)snprintf(buf + pos, n - pos, " flush=1");
    if (PE_SPEC_CANCEL(m) && pos < n)
        pos += (size_t)snprintf(buf + pos, n - pos, " cancel=%u", PE_SPEC_CANCEL(m));
    if ((m & PE_SPEC_MISPRED) && pos < n)
        snprintf(buf + pos, n - pos, " mispred=1");
}
static const char *const pe_br_names[4] = {"none", "n", "e", "ind"};

/* The speculation options of a pe, pe_exc or pe_spec line (o[0..3] = commit, flush, cancel,
 * mispred): the obligations [ETM-SPEC-PE-3] the line can break; 0 on an error. */
#define PE_SPEC_OPTS                                                                        \
    {"commit", 0, 31, false, 0}, {"flush", 0, 1, false, 0}, {"cancel", 0, 31, false, 0},    \
        {"mispred", 0, 1, false, 0}
static bool pe_spec_mask(struct parser *p, const struct opt_spec *o, uint32_t *mask)
{
    if ((o[2].val || o[3].val) && !o[1].val) {
        perr(p, "%s: cancel= and mispred=1 need flush=1 ([ETM-SPEC-PE-3])", p->tok[0]);
        return false;
    }
    *mask = PE_SPEC_MASK(o[0].val, o[1].val, o[2].val, o[3].val);
    return true;
}

static void parse_pe_spec(struct parser *p)
{
    struct opt_spec o[] = {PE_SPEC_OPTS, {"honour", 0, 1, false, 0}};
    uint32_t mask;
    if (!parse_opts(p, 1, o, 5) || !pe_spec_mask(p, o, &mask))
        return;
    struct event *e = new_event(p, EV_PE_SPEC);
    if (e) {
        e->mask = mask;
        e->val = o[4].val ? PE_HONOUR : 0; /* held while pe_stall_o = 1 [ETM-SPEC-13] */
    }
}

static void parse_pe(struct parser *p)
{
    uint64_t addr;
    char br_tok[24];
    if (!num_arg(p, 1, "ADDR", 0, 0xFFFFFFFFu, &addr) ||
        !option_name(p, "br", pe_br_names, 4, br_tok))
        return;
    struct opt_spec o[] = {{"size", 16, 32, false, 0}, {"br", 0, 3, false, 0},
                           {"link", 0, 1, false, 0},   {"excret", 0, 1, false, 0},
                           {"ns", 0, 1, false, 0},     {"n", 1, 1000000, false, 0},
                           PE_SPEC_OPTS,               {"honour", 0, 1, false, 0}};
    uint32_t mask;
    if (!parse_opts(p, 2, o, 11) || !pe_spec_mask(p, o + 6, &mask))
        return;
    if (o[0].given && o[0].val != 16 && o[0].val != 32) {
        perr(p, "pe: size=%" PRIu64 " invalid (expected 16 or 32)", o[0].val);
        return;
    }
    /* the PE-side obligations the line can break ([ETM-PE-1]) */
    if (o[2].val && o[1].val != 2 && o[1].val != 3) {
        perr(p, "pe: link=1 needs a taken branch (br=e or br=ind) ([ETM-PE-1])");
        return;
    }
    if (o[3].val && o[1].val != 3) {
        perr(p, "pe: excret=1 needs br=ind ([ETM-PE-1])");
        return;
    }
    if (o[5].given && o[5].val > 1 && o[1].val != 0) {
        perr(p, "pe: n= is for non-branch instructions (br=none)");
        return;
    }
    struct event *e = new_event(p, EV_PE);
    if (!e)
        return;
    e->addr = (uint32_t)addr;
    e->count = o[5].given ? o[5].val : 1;
    e->val = (o[0].val == 32 ? PE_SIZE32 : 0) | (o[1].val ? PE_BR : 0) |
             (o[1].val == 3 ? PE_IND : 0) | (o[1].val >= 2 ? PE_TAKEN : 0) |
             (o[2].val ? PE_LINK : 0) | (o[3].val ? PE_EXCRET : 0) | (o[4].val ? PE_NS : 0) |
             (o[10].val ? PE_HONOUR : 0);
    e->mask = mask;
}

static void parse_pe_exc(struct parser *p)
{
    uint64_t num;
    if (!count_arg(p, 1, "NUM", 1, 511, &num))
        return;
    struct opt_spec o[] = {{"ret", 0, 0xFFFFFFFFu, false, 0}, {"ns", 0, 1, false, 0},
                           PE_SPEC_OPTS, {"honour", 0, 1, false, 0}};
    uint32_t mask;
    if (!parse_opts(p, 2, o, 7) || !pe_spec_mask(p, o + 2, &mask))
        return;
    if (!o[0].given) {
        perr(p, "pe_exc: expected ret=ADDR (the preferred return address)");
        return;
    }
    struct event *e = new_event(p, EV_PE_EXC);
    if (!e)
        return;
    e->data = (uint32_t)num;
    e->addr = (uint32_t)o[0].val;
    e->val = (o[1].val ? PE_NS : 0) | (o[6].val ? PE_HONOUR : 0);
    e->mask = mask;
}

/* expect_stall 0|1: one cycle in which the ETM's pe_stall_o must have that value */
static void parse_expect_stall(struct parser *p)
{
    uint64_t v;
    if (!count_arg(p, 1, "VALUE", 0, 1, &v) || !positional_only(p, 1))
        return;
    struct event *e = new_event(p, EV_EXPECT_STALL);
    if (!e)
        return;
    e->val = v;
    e->count = 1;
}

/* A value of a byte or pin-value list is 0x-hex or a single decimal digit: a bare number of
 * more digits is an error, because lists are usually copied from hex dumps, where `41` means
 * 0x41 and not 41 = 0x29 (SCENARIO.md "Scenario format"). */
static bool list_value_plain(struct parser *p, unsigned i, const char *what)
{
    const char *t = p->tok[i];
    if (t[0] == '0' && (t[1] == 'x' || t[1] == 'X'))
        return true;
    size_t digits = 0;
    bool decimal = *t != '\0';
    for (const char *c = t; *c; c++) {
        if (*c >= '0' && *c <= '9')
            digits++;
        else if (*c != '_')
            decimal = false;
    }
    if (!decimal || digits <= 1)
        return true; /* a digit, or not a number at all (num_arg says so) */
    uint64_t v;
    if (parse_u64(t, &v))
        perr(p, "%s: %s '%s' has no 0x: bare numbers are decimal (%s = 0x%" PRIx64 "), which in a "
                "list copied from a hex dump is a trap; write 0x%s for hex, or 0x%" PRIx64
                " for decimal %s (only 0..9 may be bare)",
             p->tok[0], what, t, t, v, t, v, t);
    else
        perr(p, "%s: %s '%s' has no 0x and more than one digit (only 0..9 may be bare)",
             p->tok[0], what, t);
    return false;
}

/* expect_atb [_at CYCLE] BYTES, expect_txb [_at CYCLE] BYTES (stream SEG_ATB/SEG_TXB), and
 * expect_pin NAME CYCLE STEP VALUES (stream < 0: NAME gives it). */
static void parse_expect_bytes(struct parser *p, bool at, int stream)
{
    const char *kw = p->tok[0];
    uint64_t cyc = 0, step = 0;
    unsigned first = 1;
    uint64_t vmax = 0xFF;
    if (stream < 0) {
        for (unsigned k = SEG_FIRST_PIN; k < SEG_NSTREAMS && p->ntok > 1; k++)
            if (strcmp(p->tok[1], seg_stream_name[k]) == 0)
                stream = (int)k;
        if (stream < 0) {
            perr(p, "%s: expected a pin name (swo, traceclk, tracedata, txb_valid, atready, "
                    "cmpmatch, wpt_halt, wpt_mon, dwt_hw_valid, dwt_hw_data, dwt_hw_ovf or "
                    "dwt_sync_req)", kw);
            return;
        }
        if (!count_arg(p, 2, "CYCLE", 0, INT64_MAX, &cyc) ||
            !count_arg(p, 3, "STEP", 1, 1000000, &step))
            return;
        first = 4;
        vmax = seg_pin_max((unsigned)stream);
    } else if (at) {
        if (!count_arg(p, 1, "CYCLE", 0, INT64_MAX, &cyc))
            return;
        first = 2;
    }
    if (p->ntok <= first) {
        perr(p, "%s: expected at least one %s", kw, stream >= SEG_FIRST_PIN ? "value" : "byte");
        return;
    }
    struct scenario *s = p->s;
    unsigned w = stream >= SEG_FIRST_PIN ? seg_pin_bytes((unsigned)stream) : 1u;
    if (s->nbytes + (size_t)(p->ntok - first) * w > s->cap_bytes) {
        perr(p, "%s: too many expected bytes (capacity %zu)", kw, s->cap_bytes);
        return;
    }
    if (s->nseg >= s->cap_seg) {
        perr(p, "%s: too many expect lines (capacity %zu)", kw, s->cap_seg);
        return;
    }
    size_t off = s->nbytes;
    for (unsigned i = first; i < p->ntok; i++) {
        uint64_t b;
        if (!list_value_plain(p, i, stream >= SEG_FIRST_PIN ? "value" : "byte") ||
            !num_arg(p, i, stream >= SEG_FIRST_PIN ? "value" : "byte", 0, vmax, &b))
            return;
        for (unsigned k = 0; k < w; k++)
            s->bytes[off + (i - first) * w + k] = (uint8_t)(b >> (8 * k));
    }
    struct event *e = new_event(p, EV_EXPECT_ATB);
    if (!e)
        return;
    struct expect_seg *g = &s->seg[s->nseg];
    g->line = p->line;
    g->off = (uint32_t)off;
    g->len = p->ntok - first;
    g->has_cycle = at || stream >= SEG_FIRST_PIN;
    g->stream = (uint8_t)stream;
    g->step = (uint32_t)step;
    g->cycle = (int64_t)cyc;
    e->seg = (uint32_t)s->nseg++;
    e->cycle = (int64_t)cyc;
    s->nbytes += (size_t)g->len * w;
}

static void parse_line(struct parser *p, char *line)
{
    char *hash = strchr(line, '#');
    if (hash)
        *hash = '\0';
    p->ntok = 0;
    for (char *t = strtok(line, " \t\r\v\f"); t; t = strtok(NULL, " \t\r\v\f")) {
        if (p->ntok == SCEN_MAX_TOKENS) {
            perr(p, "too many tokens on one line (max %d)", SCEN_MAX_TOKENS);
            return;
        }
        p->tok[p->ntok++] = t;
    }
    if (p->ntok == 0)
        return;
    if (p->ended) {
        perr(p, "'%s' after 'end' (nothing may follow 'end' but comments)", p->tok[0]);
        return;
    }
    const char *kw = p->tok[0];
    if (strcmp(kw, "config") == 0)
        parse_config(p);
    else if (strcmp(kw, "reset") == 0)
        parse_count(p, EV_RESET, "N (cycles)", 1, false, 0);
    else if (strcmp(kw, "write") == 0)
        parse_write(p);
    else if (strcmp(kw, "read") == 0)
        parse_read(p);
    else if (strcmp(kw, "idle") == 0)
        parse_count(p, EV_IDLE, "N (cycles)", 0, false, 0);
    else if (strcmp(kw, "set") == 0)
        parse_set(p);
    else if (strcmp(kw, "pulse") == 0)
        parse_pulse(p);
    else if (strcmp(kw, "hw") == 0)
        parse_hw(p);
    else if (strcmp(kw, "fetch") == 0)
        parse_fetch(p);
    else if (strcmp(kw, "instr") == 0)
        parse_instr(p);
    else if (strcmp(kw, "access") == 0)
        parse_access(p);
    else if (strcmp(kw, "exc") == 0)
        parse_exc(p);
    else if (strcmp(kw, "evt") == 0)
        parse_evt(p);
    else if (strcmp(kw, "pe") == 0)
        parse_pe(p);
    else if (strcmp(kw, "pe_exc") == 0)
        parse_pe_exc(p);
    else if (strcmp(kw, "expect_stall") == 0)
        parse_expect_stall(p);
    else if (strcmp(kw, "pe_spec") == 0)
        parse_pe_spec(p);
    else if (strcmp(kw, "flush") == 0) {
        if (positional_only(p, 0))
            new_event(p, EV_FLUSH);
    } else if (strcmp(kw, "wait_idle") == 0)
        parse_wait_idle(p);
    else if (strcmp(kw, "expect_atb") == 0)
        parse_expect_bytes(p, false, SEG_ATB);
    else if (strcmp(kw, "expect_atb_at") == 0)
        parse_expect_bytes(p, true, SEG_ATB);
    else if (strcmp(kw, "expect_txb") == 0)
        parse_expect_bytes(p, false, SEG_TXB);
    else if (strcmp(kw, "expect_txb_at") == 0)
        parse_expect_bytes(p, true, SEG_TXB);
    else if (strcmp(kw, "expect_etm") == 0)
        parse_expect_bytes(p, false, SEG_ETM);
    else if (strcmp(kw, "expect_etm_at") == 0)
        parse_expect_bytes(p, true, SEG_ETM);
    else if (strcmp(kw, "expect_pin") == 0)
        parse_expect_bytes(p, false, -1);
    else if (strcmp(kw, "expect_cycle") == 0) {
        uint64_t c;
        if (count_arg(p, 1, "CYCLE", 0, INT64_MAX, &c) && positional_only(p, 1)) {
            struct event *e = new_event(p, EV_EXPECT_CYCLE);
            if (e)
                e->cycle = (int64_t)c;
        }
    } else if (strcmp(kw, "end") == 0) {
        if (positional_only(p, 0) && new_event(p, EV_END))
            p->ended = true;
    } else
        perr(p, "unknown keyword '%s' (expected config, reset, write, read, idle, set, pulse, "
                "hw, fetch, instr, access, exc, evt, pe, pe_exc, flush, wait_idle, expect_atb, "
                "expect_atb_at, expect_txb, expect_txb_at, expect_etm, expect_etm_at, expect_pin, "
                "expect_cycle or end)",
             kw);
}

unsigned scenario_parse_string(struct scenario *s, const char *name, const char *text)
{
    struct parser p;
    memset(&p, 0, sizeof p);
    p.s = s;
    p.name = name;
    s->path = name;
    s->nev = s->nseg = s->nbytes = 0;
    memset(&s->cfg, 0, sizeof s->cfg);
    size_t cap = 256;
    char *buf = malloc(cap);
    if (!buf) {
        log_msg(LOG_ERROR, "%s: error: out of memory\n", name);
        return 1;
    }
    const char *c = text;
    while (*c) {
        const char *nl = strchr(c, '\n');
        size_t len = nl ? (size_t)(nl - c) : strlen(c);
        if (len + 1 > cap) {
            cap = len + 1;
            char *nb = realloc(buf, cap);
            if (!nb) {
                free(buf);
                log_msg(LOG_ERROR, "%s: error: out of memory\n", name);
                return p.errors + 1;
            }
            buf = nb;
        }
        memcpy(buf, c, len);
        buf[len] = '\0';
        p.line++;
        parse_line(&p, buf);
        c += len + (nl ? 1 : 0);
    }
    free(buf);
    return p.errors;
}

unsigned scenario_parse_file(struct scenario *s, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        log_msg(LOG_ERROR, "%s: error: cannot open scenario: %s\n", path, strerror(errno));
        return 1;
    }
    size_t cap = 1 << 16, len = 0;
    char *text = malloc(cap);
    while (text) {
        size_t got = fread(text + len, 1, cap - len - 1, f);
        len += got;
        if (len + 1 < cap)
            break;
        cap *= 2;
        char *nt = realloc(text, cap);
        if (!nt) {
            free(text);
            text = NULL;
        } else
            text = nt;
    }
    int rerr = ferror(f);
    fclose(f);
    if (!text || rerr) {
        free(text);
        log_msg(LOG_ERROR, "%s: error: cannot read scenario\n", path);
        return 1;
    }
    text[len] = '\0';
    if (strlen(text) != len) {
        free(text);
        log_msg(LOG_ERROR, "%s: error: file contains a NUL byte (not a text file?)\n", path);
        return 1;
    }
    unsigned errors = scenario_parse_string(s, path, text);
    free(text);
    return errors;
}

static const char *prot_opts(uint8_t prot, char *buf, size_t n)
{
    buf[0] = '\0';
    if (!(prot & 1))
        strncat(buf, " priv=0", n - 1);
    if (!(prot & 2))
        strncat(buf, " ns=0", n - strlen(buf) - 1);
    if (prot & 4)
        strncat(buf, " instr=1", n - strlen(buf) - 1);
    return buf;
}

char *event_format(const struct event *e, const struct scenario *s, char *buf, size_t n)
{
    char pb[32];
    switch (e->kind) {
    case EV_RESET:
        snprintf(buf, n, "reset %" PRIu64, e->count);
        break;
    case EV_WRITE: {
        char sz[16];
        if (e->raw_strb)
            snprintf(sz, sizeof sz, " strb=0x%x", e->strb);
        else
            snprintf(sz, sizeof sz, "%s", e->strb == 1 ? " size=1" : e->strb == 3 ? " size=2" : "");
        snprintf(buf, n, "write 0x%03x 0x%08x%s%s", e->addr, e->data, sz,
                 prot_opts(e->prot, pb, sizeof pb));
        break;
    }
    case EV_READ:
        if (e->has_expect && e->mask != 0xFFFFFFFFu)
            snprintf(buf, n, "read 0x%03x expect=0x%08x mask=0x%08x%s", e->addr, e->data, e->mask,
                     prot_opts(e->prot, pb, sizeof pb));
        else if (e->has_expect)
            snprintf(buf, n, "read 0x%03x expect=0x%08x%s", e->addr, e->data,
                     prot_opts(e->prot, pb, sizeof pb));
        else
            snprintf(buf, n, "read 0x%03x%s", e->addr, prot_opts(e->prot, pb, sizeof pb));
        break;
    case EV_IDLE:
        snprintf(buf, n, "idle %" PRIu64, e->count);
        break;
    case EV_SET:
        if (e->sig == SIG_GTS || e->sig == SIG_GTS_STEP)
            snprintf(buf, n, "set %s 0x%" PRIx64, ev_sig_name(e->sig), e->val);
        else
            snprintf(buf, n, "set %s %" PRIu64, ev_sig_name(e->sig), e->val);
        break;
    case EV_PULSE:
        snprintf(buf, n, "pulse %s %" PRIu64 "%s", ev_sig_name(e->sig), e->count,
                 e->bg ? " bg=1" : "");
        break;
    case EV_HW: {
        char mx[32] = "";
        if (e->count)
            snprintf(mx, sizeof mx, " max=%" PRIu64, e->count);
        if (e->val & 3)
            snprintf(buf, n, "hw 0x%02x 0x%" PRIx64 "%s", (unsigned)(e->val & 0xFF), e->val >> 8,
                     mx);
        else
            snprintf(buf, n, "hw 0x%02x%s", (unsigned)(e->val & 0xFF), mx);
        break;
    }
    case EV_FETCH: {
        char ex[24] = "";
        if (e->has_expect)
            snprintf(ex, sizeof ex, " expect=%s", fetch_expect_names[e->data & 3]);
        snprintf(buf, n, "fetch 0x%08x size=%u kind=%s secure=%u priv=%u%s", e->addr,
                 (e->val & FETCH_SIZE32) ? 32u : 16u, fetch_kind_names[e->val & FETCH_KIND_MASK],
                 (e->val & FETCH_SECURE) ? 1u : 0u, (e->val & FETCH_PRIV) ? 1u : 0u, ex);
        break;
    }
    case EV_INSTR: {
        char rest[48] = "";
        if (e->count != 1 || e->mask != 2)
            snprintf(rest, sizeof rest, " n=%" PRIu64 " step=%" PRIu32, e->count, e->mask);
        snprintf(buf, n, "instr 0x%08x secure=%u priv=%u%s%s", e->addr,
                 (e->val & OP_SECURE) ? 1u : 0u, (e->val & OP_PRIV) ? 1u : 0u, rest,
                 e->bg ? " bg=1" : "");
        break;
    }
    case EV_ACCESS: {
        char ins[32] = "";
        if (e->val & OP_INSTR)
            snprintf(ins, sizeof ins, " instr=0x%08x", (uint32_t)e->cycle);
        snprintf(buf, n,
                 "access 0x%08x size=%u rw=%s data=0x%08x pc=0x%08x secure=%u priv=%u "
                 "fault=%u lazyfp=%u%s",
                 e->addr, 1u << (e->val & 3), (e->val & OP_WRITE) ? "w" : "r", e->data, e->mask,
                 (e->val & OP_SECURE) ? 1u : 0u, (e->val & OP_PRIV) ? 1u : 0u,
                 (e->val & OP_FAULT) ? 1u : 0u, (e->val & OP_LAZYFP) ? 1u : 0u, ins);
        break;
    }
    case EV_EXC:
        snprintf(buf, n, "exc %s %" PRIu32 " secure=%u", exc_fn_names[e->val & 3], e->data,
                 (e->val & OP_SECURE) ? 1u : 0u);
        break;
    case EV_EVT: {
        size_t pos = (size_t)snprintf(buf, n, "evt");
        for (unsigned k = 0; k < 5 && pos < n; k++)
            if (e->val & (1u << k))
                pos += (size_t)snprintf(buf + pos, n - pos, " %s", evt_names[k]);
        if (pos < n)
            snprintf(buf + pos, n - pos, " n=%" PRIu64 "%s", e->count, e->bg ? " bg=1" : "");
        break;
    }
    case EV_PE: {
        unsigned v = (unsigned)e->val;
        const char *br = !(v & PE_BR) ? "none" : (v & PE_IND) ? "ind" : (v & PE_TAKEN) ? "e" : "n";
        char rest[24] = "", sp[64];
        if (e->count != 1)
            snprintf(rest, sizeof rest, " n=%" PRIu64, e->count);
        pe_spec_fmt(e->mask, sp, sizeof sp);
        snprintf(buf, n, "pe 0x%08x size=%u br=%s link=%u excret=%u ns=%u%s%s%s", e->addr,
                 (v & PE_SIZE32) ? 32u : 16u, br, (v & PE_LINK) ? 1u : 0u,
                 (v & PE_EXCRET) ? 1u : 0u, (v & PE_NS) ? 1u : 0u, rest, sp,
                 (v & PE_HONOUR) ? " honour=1" : "");
        break;
    }
    case EV_PE_EXC: {
        char sp[64];
        pe_spec_fmt(e->mask, sp, sizeof sp);
        snprintf(buf, n, "pe_exc %" PRIu32 " ret=0x%08x ns=%u%s%s", e->data, e->addr,
                 (e->val & PE_NS) ? 1u : 0u, sp, (e->val & PE_HONOUR) ? " honour=1" : "");
        break;
    }
    case EV_EXPECT_STALL:
        snprintf(buf, n, "expect_stall %u", (unsigned)e->val);
        break;
    case EV_PE_SPEC: {
        char sp[64];
        pe_spec_fmt(e->mask, sp, sizeof sp);
        snprintf(buf, n, "pe_spec%s%s", sp, (e->val & PE_HONOUR) ? " honour=1" : "");
        break;
    }
    case EV_FLUSH:
        snprintf(buf, n, "flush");
        break;
    case EV_WAIT_IDLE:
        snprintf(buf, n, "wait_idle %" PRIu64 "%s", e->count, (e->val & WAIT_TPIU) ? " tpiu=1" : "");
        break;
    case EV_EXPECT_ATB: {
        size_t pos = 0;
        const struct expect_seg *g = (s && e->seg < s->nseg) ? &s->seg[e->seg] : NULL;
        const char *kw = g && g->stream == SEG_TXB   ? "expect_txb"
                         : g && g->stream == SEG_ETM ? "expect_etm"
                                                     : "expect_atb";
        if (g && g->stream >= SEG_FIRST_PIN && g->stream < SEG_NSTREAMS)
            pos = (size_t)snprintf(buf, n, "expect_pin %s %" PRId64 " %" PRIu32,
                                   seg_stream_name[g->stream], g->cycle, g->step);
        else if (g && g->has_cycle)
            pos = (size_t)snprintf(buf, n, "%s_at %" PRId64, kw, g->cycle);
        else
            pos = (size_t)snprintf(buf, n, "%s", kw);
        bool pin = g && g->stream >= SEG_FIRST_PIN;
        for (uint32_t i = 0; g && i < g->len && pos + 16 < n; i++)
            pos += pin ? (size_t)snprintf(buf + pos, n - pos, " 0x%" PRIx64, seg_pin_value(s, g, i))
                       : (size_t)snprintf(buf + pos, n - pos, " 0x%02x", s->bytes[g->off + i]);
        break;
    }
    case EV_EXPECT_CYCLE:
        snprintf(buf, n, "expect_cycle %" PRId64, e->cycle);
        break;
    case EV_END:
        snprintf(buf, n, "end");
        break;
    default:
        snprintf(buf, n, "?event %u", e->kind);
        break;
    }
    return buf;
}
