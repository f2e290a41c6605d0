/* SPDX-License-Identifier: Apache-2.0 */
/* vecreplay for the DWT, TPIU, FPB, ETM and system vectors (vectors/README.md): runs the vector's
 * stimulus.scn on the Verilated trace_top in lockstep with the golden system model (every
 * output of trace_top compared in every cycle, the scenario's own checks on the RTL's
 * streams and pins), records the RTL's block ports with the recorder vecgen uses (vecrec.c:
 * the block's outputs from trace_top's ports and the wrapper's obs_* ports) and requires
 * every file that follows from them to equal the vector's: inputs.hex, outputs.hex, the
 * records of vector.txt, stream.bin, apb.txt, and as the block has them hwsrc.txt,
 * events.txt, txb.txt, txb.bin, pins.hex and the raw pin captures. */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build_cfg.h"
#include "compare.h"
#include "driver.h"
#include "dut_trace.h"
#include "log.h"
#include "pins.h"
#include "scenario.h"
#include "stream.h"
#include "sys_model.h"
#include "vecreplay.h"
#include "vecrec.h"

/* trace_top's parameters in this binary (the Makefile's -D list), by RTL name. */
static bool build_param(const char *name, unsigned *v)
{
    const struct sys_cfg *c = &build_sys_cfg;
    const struct {
        const char *n;
        unsigned v;
    } t[] = {
        {"NumStimPorts", c->itm.num_stim_ports}, {"StimFifoDepth", c->itm.stim_fifo_depth},
        {"HwFifoDepth", c->itm.hw_fifo_depth},   {"TsWidth", c->itm.ts_width},
        {"GtsWidth", c->itm.gts_width},          {"NumCode", c->fpb.num_code},
        {"NumLit", c->fpb.num_lit},              {"BothHalves", c->fpb.both_halves},
        {"SecExt", c->fpb.sec_ext},              {"Ude", c->fpb.ude},
        {"HasTpiu", c->has_tpiu},                {"PortWidth", c->tpiu.port_width},
        {"AtbFifoDepth", c->tpiu.atb_fifo_depth}, {"FrameIdleCycles", c->tpiu.frame_idle_cycles},
        {"HasDwt", c->has_dwt},                  {"NumComp", c->dwt.num_comp},
        {"DwtFifoDepth", c->dwt.fifo_depth},     {"HasMain", c->dwt.main_ext},
        {"HasTrace", c->dwt.trace},              {"HasCycCnt", c->dwt.cyccnt},
        {"HasPrfCnt", c->dwt.prfcnt},            {"HasExtTrig", c->dwt.exttrig},
        {"HasVmask", c->dwt.vmask},              {"HasPcsr", c->dwt.pcsr},
        /* etm_top's (the ETM vectors; its FifoDepth is trace_top's EtmFifoDepth) */
        {"FifoDepth", c->etm.fifo_depth},        {"RsDepth", c->etm.rs_depth},
        {"CcSize", c->etm.cc_size},              {"NumPc", c->etm.num_pc},
        {"HasStall", c->etm.has_stall},          {"NumAcPairs", c->etm.num_ac_pairs},
        {"AtomF45", c->etm.atom_f45},            {"MaxSpec", c->etm.max_spec},
        {"QSupp", c->etm.q_supp},
    };
    for (size_t k = 0; k < sizeof t / sizeof t[0]; k++)
        if (strcmp(t[k].n, name) == 0) {
            *v = t[k].v;
            return true;
        }
    return false;
}

/* The parts of a block vector's vector.txt the check needs. */
struct blk_hdr {
    enum vec_block blk;
    char config[64];
    unsigned reset_cycles;
    uint64_t lines;
    char files[1024];
    struct vbuf records; /* the record lines, as in the file */
};

static bool hdr_read(const char *path, struct blk_hdr *h, char *msg, size_t n)
{
    struct vbuf t = {0};
    memset(h, 0, sizeof *h);
    if (!vbuf_load(&t, path)) {
        snprintf(msg, n, "cannot read %.900s", path);
        return false;
    }
    bool ok = true, blk = false;
    unsigned ln = 0, fmt_ln = 0;
    unsigned long long fmt = 0; /* checked against the block's format once it is known */
    for (char *s = t.p, *e; ok && *s; s = e) {
        e = strchr(s, '\n');
        e = e ? e + 1 : s + strlen(s);
        ln++;
        char line[1100];
        snprintf(line, sizeof line, "%.*s", (int)(e - s), s);
        if (line[0] >= '0' && line[0] <= '9') {
            vbuf_put(&h->records, line, strlen(line));
            continue;
        }
        char key[32] = "", val[1024] = "";
        if (line[0] == '#' || sscanf(line, "%31s %1023[^\n]", key, val) < 1)
            continue;
        unsigned long long x;
        if (strcmp(key, "format") == 0) {
            fmt_ln = ln;
            if (sscanf(val, "%llu", &fmt) != 1)
                fmt = 0;
        } else if (strcmp(key, "block") == 0) {
            ok = blk = vec_block_parse(val, &h->blk) && h->blk != VEC_ITM;
            if (!ok)
                snprintf(msg, n, "%s:%u: block %s is not dwt, tpiu, fpb, sys or etm", path, ln,
                         val);
        } else if (strcmp(key, "config") == 0)
            snprintf(h->config, sizeof h->config, "%s", val);
        else if (strcmp(key, "reset_cycles") == 0 && sscanf(val, "%llu", &x) == 1)
            h->reset_cycles = (unsigned)x;
        else if (strcmp(key, "lines") == 0 && sscanf(val, "%llu", &x) == 1)
            h->lines = x;
        else if (strcmp(key, "files") == 0)
            snprintf(h->files, sizeof h->files, " %s ", val);
        else if (strcmp(key, "param") == 0) {
            char pn[32];
            unsigned pv, have;
            if (sscanf(val, "%31s %u", pn, &pv) != 2 || !build_param(pn, &have)) {
                snprintf(msg, n, "%s:%u: expected 'param NAME VALUE' of trace_top", path, ln);
                ok = false;
            } else if (pv != have) {
                snprintf(msg, n, "vector configuration %s has %s = %u, this binary %u", h->config,
                         pn, pv, have);
                ok = false;
            }
        }
    }
    vbuf_free(&t);
    if (ok && blk && fmt != vec_format_version(h->blk)) {
        snprintf(msg, n, "%s:%u: format %llu, this reader knows format %u for %s vectors", path,
                 fmt_ln, fmt, vec_format_version(h->blk), vec_block_name[h->blk]);
        ok = false;
    }
    if (ok && (!blk || h->reset_cycles == 0 || h->lines <= h->reset_cycles)) {
        snprintf(msg, n, "%s: header incomplete (block, reset_cycles, lines needed)", path);
        ok = false;
    }
    return ok;
}

static bool has_file(const struct blk_hdr *h, const char *name)
{
    char w[64];
    snprintf(w, sizeof w, " %s ", name);
    return strstr(h->files, w) != NULL;
}

/* The RTL's block ports of this cycle: the golden model's block inputs (the stimulus, wired
 * as trace_top wires it) with every value that comes from an RTL output taken from the RTL:
 * trace_top's outputs and the wrapper's obs_* ports. */
static void rtl_blocks(const struct sys_blocks *g, const struct sys_out *o,
                       const struct dut_trace_blk *x, struct sys_blocks *r)
{
    *r = *g;
    r->itm_out = o->itm;
    r->itm_out.prdata = g->itm_out.prdata; /* the ITM's own is not visible: unused here */
    r->itm_in.atready = o->atready;
    r->dwt_in.hw_ready = o->itm.hw_ready;
    r->dwt_out = (struct dwt_out){x->dwt_prdata,  x->dwt_pready,   x->dwt_pslverr,
                                  o->cmpmatch,    o->wpt_halt,     o->wpt_mon,
                                  o->dwt_hw_valid, o->dwt_hw_data, o->dwt_hw_ovf,
                                  o->dwt_sync_req};
    r->tpiu_in.atvalid = o->itm.atvalid;
    r->tpiu_in.atdata = o->itm.atdata;
    r->tpiu_in.atid = o->itm.atid;
    r->tpiu_in.afready = o->itm.afready;
    r->tpiu_out = (struct tpiu_out){x->tpiu_prdata,    x->tpiu_pready,  x->tpiu_pslverr,
                                    o->atready,        x->tpiu_afvalid, o->traceclk,
                                    o->tracedata,      o->swo,          o->txb_valid,
                                    o->txb,            x->tpiu_ts_tick, x->tpiu_async_idle,
                                    x->tpiu_sync_req};
    r->fpb_out = (struct fpb_out){x->fpb_prdata, x->fpb_pready, x->fpb_pslverr,
                                  o->match,      o->bkpt_halt,  o->bkpt_mon};
    /* the ETM: its ATB slave side from the funnel, its outputs from trace_top's etm_* ports
     * and the wrapper's obs_etm_* (etm_afready_o is not in struct sys_out) */
    r->etm_in.atready = o->etm_atready;
    r->etm_in.afvalid = x->etm_afvalid;
    r->etm_out = (struct etm_out){x->etm_prdata,  x->etm_pready, x->etm_pslverr,
                                  o->etm_atvalid, o->etm_atdata, o->etm_atid,
                                  x->etm_afready, o->etm_idle, o->etm_pe_stall};
}

static struct vec_tpiu_mode tpiu_mode(const struct sys_model *m)
{
    struct vec_tpiu_mode md = {0, 1, 1, false};
    if (m->has_tpiu) {
        md.txmode = m->tpiu.sppr & 3u;
        md.div = (m->tpiu.acpr & 0xFFFFu) + 1u;
        md.cw = tpiu_model_cw_get(&m->tpiu);
        md.fmt_on = md.txmode == TPIU_TXMODE_PARALLEL || m->tpiu.enfcont;
    }
    return md;
}

/* Skips the comment lines (`#`, `//`) at the start of a text file. */
static const char *body(const char *s)
{
    while (*s == '#' || (s[0] == '/' && s[1] == '/')) {
        const char *e = strchr(s, '\n');
        s = e ? e + 1 : s + strlen(s);
    }
    return s;
}

/* Compares what the RTL gave (got) with the vector's file; on a difference writes where to
 * msg. For a .hex file (l set) the differing line is named by its cycle and ports. */
static bool same(const char *dir, const char *name, const struct vbuf *got, bool text,
                 const struct vec_layout *l, unsigned reset_cycles, char *msg, size_t n)
{
    char path[1000];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    struct vbuf f = {0};
    if (!vbuf_load(&f, path)) {
        snprintf(msg, n, "cannot read %.900s", path);
        return false;
    }
    const char *want = text ? body(f.p) : f.p;
    size_t wlen = f.len - (size_t)(want - f.p);
    const char *have = got->p ? got->p : "";
    bool ok = wlen == got->len && memcmp(want, have, wlen) == 0;
    if (!ok) {
        size_t i = 0, line = 0, ls = 0;
        while (i < wlen && i < got->len && want[i] == have[i]) {
            if (want[i] == '\n') {
                line++;
                ls = i + 1;
            }
            i++;
        }
        if (!text)
            snprintf(msg, n, "%s: byte %zu differs from the RTL's (%zu bytes, the RTL gave %zu)",
                     name, i, wlen, got->len);
        else if (l) {
            char a[VEC_MAX_DIGITS + 1] = "", b[VEC_MAX_DIGITS + 1] = "", d[400];
            snprintf(a, sizeof a, "%.*s", (int)strcspn(want + ls, "\n"), want + ls);
            snprintf(b, sizeof b, "%.*s", (int)strcspn(have + ls, "\n"), have + ls);
            snprintf(msg, n, "%s: cycle %" PRId64 " differs (vector/RTL): %s", name,
                     (int64_t)line - (int64_t)reset_cycles, vec_hex_diff(l, a, b, d, sizeof d));
        } else
            snprintf(msg, n, "%s: data line %zu differs: the vector has '%.*s', the RTL gave '%.*s'",
                     name, line + 1, (int)strcspn(want + ls, "\n"), want + ls,
                     (int)strcspn(have + ls, "\n"), have + ls);
    }
    vbuf_free(&f);
    return ok;
}

bool vecreplay_blk_owns(const char *dir)
{
    char path[1000], line[256];
    snprintf(path, sizeof path, "%s/vector.txt", dir);
    FILE *f = fopen(path, "r");
    bool other = false;
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "block ", 6) == 0) {
            other = strcmp(line, "block itm\n") != 0;
            break;
        }
    if (f)
        fclose(f);
    return other;
}

bool vecreplay_blk(const char *dir)
{
    char path[1000], msg[1400] = "";
    static struct blk_hdr h;
    static struct scenario s;
    static struct vbuf text;
    static struct vec_rec rec;
    static struct sys_model gm;
    static struct driver d;
    static struct stream sa, st;
    struct dut_trace *dut = NULL;
    bool ok = false;
    memset(&s, 0, sizeof s);
    memset(&text, 0, sizeof text);
    memset(&rec, 0, sizeof rec);

    snprintf(path, sizeof path, "%s/vector.txt", dir);
    if (!hdr_read(path, &h, msg, sizeof msg))
        goto fail;
    snprintf(path, sizeof path, "%s/stimulus.scn", dir);
    if (!vbuf_load(&text, path)) {
        snprintf(msg, sizeof msg, "cannot read %s", path);
        goto fail;
    }
    s.cap_ev = s.cap_seg = s.cap_bytes = text.len / 2 + 16;
    s.ev = calloc(s.cap_ev, sizeof *s.ev);
    s.seg = calloc(s.cap_seg, sizeof *s.seg);
    s.bytes = calloc(s.cap_bytes, 1);
    if (!s.ev || !s.seg || !s.bytes || scenario_parse_string(&s, path, text.p) != 0) {
        snprintf(msg, sizeof msg, "%s: cannot parse", path);
        goto fail;
    }
    if (sys_model_init(&gm, &build_sys_cfg) != 0) {
        snprintf(msg, sizeof msg, "the golden model rejects this binary's configuration");
        goto fail;
    }
    sys_model_reset(&gm);
    dut = dut_trace_new_seeded(1);
    if (!dut) {
        snprintf(msg, sizeof msg, "cannot create the Verilated model");
        goto fail;
    }
    vec_rec_init(&rec, h.blk, build_sys_cfg.tpiu.port_width);
    struct scen_iter it;
    struct ev_source src = scen_source_get(&it, &s);
    driver_init(&d, &src, h.reset_cycles, INT64_MAX);
    d.gm = &gm; /* wait_idle tpiu=1 */
    stream_init(&sa, "rtl", &s);
    stream_init_kind(&st, "rtl", &s, SEG_TXB);
    bool pins = pins_any(&s);
    uint64_t k = 0;
    struct sys_in in;
    struct sys_out og, orr;
    struct sys_blocks gb, rb;
    struct dut_trace_blk obs;
    for (;; k++) {
        enum driver_status ds = driver_next(&d, &in);
        int64_t c = d.cycle;
        if (ds == DRV_DONE)
            break;
        if (ds == DRV_FAIL) {
            snprintf(msg, sizeof msg, "%s", d.fail_msg);
            goto fail;
        }
        if (k >= h.lines) {
            snprintf(msg, sizeof msg, "the stimulus runs past the vector's %" PRIu64 " lines",
                     h.lines);
            goto fail;
        }
        sys_model_eval(&gm, &in, &og);
        sys_model_blocks_get(&gm, &in, &gb);
        dut_trace_set_inputs(dut, &in);
        dut_trace_eval(dut);
        dut_trace_get_outputs(dut, &orr);
        dut_trace_get_blocks(dut, &obs);
        cmp_mask diff = cmp_outputs(&og, &orr);
        if (diff) {
            int pos = snprintf(msg, sizeof msg, "cycle %" PRId64 ": the RTL differs from the golden "
                               "model:", c);
            for (unsigned f = 0; f < CMP_NFIELDS && pos < (int)sizeof msg; f++)
                if (diff & CMP_BIT(f))
                    pos += snprintf(msg + pos, sizeof msg - (size_t)pos,
                                    " %s expected 0x%lx actual 0x%lx",
                                    cmp_field_name((enum cmp_field)f),
                                    cmp_field_value(&og, (enum cmp_field)f),
                                    cmp_field_value(&orr, (enum cmp_field)f));
            goto fail;
        }
        rtl_blocks(&gb, &orr, &obs, &rb);
        struct vec_ports p = {&in, &orr, &rb};
        struct vec_tpiu_mode md = tpiu_mode(&gm);
        vec_rec_cycle(&rec, c, &p, &md);
        if (in.itm.rst_n) {
            const char *fm = NULL;
            if (orr.atready && orr.itm.atvalid && !stream_push(&sa, orr.itm.atdata, c))
                fm = sa.fail_msg;
            else if (orr.txb_valid && !stream_push(&st, orr.txb, c))
                fm = st.fail_msg;
            else if (pins && !pins_check(&s, c, &orr, "rtl", msg, sizeof msg))
                goto fail;
            if (fm) {
                snprintf(msg, sizeof msg, "%s", fm);
                goto fail;
            }
        }
        if (driver_observe(&d, &in, &og, &orr) == DRV_FAIL) {
            snprintf(msg, sizeof msg, "%s", d.fail_msg);
            goto fail;
        }
        sys_model_step(&gm, &in);
        if (dut_trace_tick(dut)) {
            snprintf(msg, sizeof msg,
                     "cycle %" PRId64 ": the RTL stopped ($stop/$fatal or a failed assertion)", c);
            goto fail;
        }
    }
    struct vec_tpiu_mode fmd = tpiu_mode(&gm);
    vec_rec_finish(&rec, &fmd);
    if (k != h.lines) {
        snprintf(msg, sizeof msg, "the run has %" PRIu64 " lines, vector.txt %" PRIu64, k, h.lines);
        goto fail;
    }
    if (!stream_finish(&sa, d.cycle)) {
        snprintf(msg, sizeof msg, "%s", sa.fail_msg);
        goto fail;
    }
    if (!stream_finish(&st, d.cycle)) {
        snprintf(msg, sizeof msg, "%s", st.fail_msg);
        goto fail;
    }
    if (!pins_finish(&s, d.cycle, msg, sizeof msg))
        goto fail;
    /* the files that follow from the ports */
    if (!same(dir, "inputs.hex", &rec.in_hex, true, rec.li, h.reset_cycles, msg, sizeof msg) ||
        !same(dir, "outputs.hex", &rec.out_hex, true, rec.lo, h.reset_cycles, msg, sizeof msg))
        goto fail;
    if (h.records.len != rec.records.len ||
        memcmp(h.records.p ? h.records.p : "", rec.records.p ? rec.records.p : "",
               rec.records.len) != 0) {
        snprintf(msg, sizeof msg, "vector.txt: the records differ from the RTL's (%zu and %zu "
                 "bytes of record lines)", h.records.len, rec.records.len);
        goto fail;
    }
    struct vbuf sb = {0};
    for (size_t i = 0; i < rec.natb; i++)
        vbuf_put(&sb, &rec.atb[i].data, 1);
    const struct {
        const char *name;
        const struct vbuf *b;
        bool text;
    } files[] = {
        {"apb.txt", &rec.apb, true},         {"stream.bin", &sb, false},
        {"hwsrc.txt", &rec.hwsrc, true},     {"events.txt", &rec.events, true},
        {"txb.txt", &rec.txb_txt, true},     {"txb.bin", &rec.txb_bin, false},
        {"pins.hex", &rec.pins, true},       {"swo.bin", &rec.cap[VEC_CAP_SWO], false},
        {"par.bin", &rec.cap[VEC_CAP_PAR], false},
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        if (has_file(&h, files[i].name) &&
            !same(dir, files[i].name, files[i].b, files[i].text, NULL, 0, msg, sizeof msg)) {
            vbuf_free(&sb);
            goto fail;
        }
    vbuf_free(&sb);
    ok = true;
    log_msg(LOG_INFO, "vecreplay: PASS %s (%" PRIu64 " cycles, %zu ATB transfers)\n", dir, k,
            rec.natb);
    goto out;
fail:
    log_msg(LOG_ERROR, "vecreplay: FAIL %s: %s\n", dir, msg);
out:
    if (dut) {
        dut_trace_final(dut);
        dut_trace_free(dut);
    }
    free(s.ev);
    free(s.seg);
    free(s.bytes);
    vbuf_free(&text);
    vbuf_free(&h.records);
    vec_rec_free(&rec);
    return ok;
}
