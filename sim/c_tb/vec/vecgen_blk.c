/* SPDX-License-Identifier: Apache-2.0 */
/* vecgen --block dwt|tpiu|fpb|sys|etm: one conformance vector of the DWT, the TPIU, the FPB,
 * the ETM or the whole trace system (vectors/README.md), made by running a scenario on the golden
 * system model (sys_model) alone and recording the block's ports in every cycle
 * (sys_model_blocks_get) with what follows from them (vecrec.c), the ITM's packets from its
 * packet engine, and the TPIU's pins as raw and sigrok captures. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "driver.h"
#include "etm4dec.h"
#include "log.h"
#include "pins.h"
#include "scen_cfg.h"
#include "scenario.h"
#include "sr_write.h"
#include "stream.h"
#include "sys_model.h"
#include "vecgen.h"
#include "vecrec.h"

/* ---- the configuration: the -D list of make c-params-<config> --------------------------- */

/* The C macros of configs/params.txt, each with its place in struct sys_cfg. */
enum def_id {
    D_PORTS, D_FIFO, D_HWFIFO, D_TS, D_GTS, D_CODE, D_LIT, D_BOTH, D_SEC, D_UDE, D_HAS_TPIU,
    D_PW, D_AFD, D_FIC, D_HAS_DWT, D_COMP, D_DFIFO, D_MAIN, D_TRACE, D_CYC, D_PRF, D_EXT, D_VM,
    D_PCSR, D_HAS_ETM, D_EFIFO, D_RS, D_CC, D_NPC, D_HOLD, D_STALL, D_NAC, D_F45, D_MSPEC, D_QSUPP, D_N
};
static const char *const def_name[D_N] = {
    "ITM_CFG_NUM_STIM_PORTS", "ITM_CFG_STIM_FIFO_DEPTH", "ITM_CFG_HW_FIFO_DEPTH",
    "ITM_CFG_TS_WIDTH",       "ITM_CFG_GTS_WIDTH",       "FPB_CFG_NUM_CODE",
    "FPB_CFG_NUM_LIT",        "FPB_CFG_BOTH_HALVES",     "FPB_CFG_SEC_EXT",
    "FPB_CFG_UDE",            "SYS_CFG_HAS_TPIU",        "TPIU_CFG_PORT_WIDTH",
    "TPIU_CFG_ATB_FIFO_DEPTH", "TPIU_CFG_FRAME_IDLE_CYCLES", "SYS_CFG_HAS_DWT",
    "DWT_CFG_NUM_COMP",       "DWT_CFG_FIFO_DEPTH",      "DWT_CFG_MAIN",
    "DWT_CFG_TRACE",          "DWT_CFG_CYCCNT",          "DWT_CFG_PRFCNT",
    "DWT_CFG_EXTTRIG",        "DWT_CFG_VMASK",           "DWT_CFG_PCSR",
    "SYS_CFG_HAS_ETM",        "ETM_CFG_FIFO_DEPTH",      "ETM_CFG_RS_DEPTH",
    "ETM_CFG_CC_SIZE",        "ETM_CFG_NUM_PC",          "ETM_CFG_FUNNEL_HOLD",
    "ETM_CFG_HAS_STALL",
    "ETM_CFG_NUM_AC_PAIRS",
    "ETM_CFG_ATOM_F45",
    "ETM_CFG_MAX_SPEC",
    "ETM_CFG_Q_SUPP",
};
/* The RTL parameter of each (configs/params.txt), as vector.txt's param lines name them. */
static const char *const def_param[D_N] = {
    "NumStimPorts", "StimFifoDepth", "HwFifoDepth", "TsWidth",      "GtsWidth",
    "NumCode",      "NumLit",        "BothHalves",  "SecExt",       "Ude",
    "HasTpiu",      "PortWidth",     "AtbFifoDepth", "FrameIdleCycles", "HasDwt",
    "NumComp",      "DwtFifoDepth",  "HasMain",     "HasTrace",     "HasCycCnt",
    "HasPrfCnt",    "HasExtTrig",    "HasVmask",    "HasPcsr",      "HasEtm",
    "EtmFifoDepth", "RsDepth",       "CcSize",      "NumPc",        "FunnelHold",
    "HasStall",
    "NumAcPairs",
    "AtomF45",
    "MaxSpec",
    "QSupp",
};

/* The parameters of each block's top, in the order of its parameter list. */
static const enum def_id dwt_top_params[] = {D_COMP, D_DFIFO, D_MAIN, D_TRACE, D_CYC, D_PRF,
                                             D_EXT,  D_VM,    D_PCSR, D_SEC,   D_UDE};
static const enum def_id tpiu_top_params[] = {D_PW, D_AFD, D_FIC};
static const enum def_id fpb_top_params[] = {D_CODE, D_LIT, D_BOTH, D_SEC, D_UDE};
/* etm_top's, every one (format 2: issue #24's HasStall, NumAcPairs, AtomF45, MaxSpec, QSupp too;
 * its FifoDepth is trace_top's EtmFifoDepth: param_name) */
static const enum def_id etm_top_params[] = {D_EFIFO, D_RS,  D_CC,  D_NPC,  D_SEC,
                                             D_STALL, D_NAC, D_F45, D_MSPEC, D_QSUPP};
static const enum def_id trace_top_params[] = {
    D_PORTS,    D_FIFO, D_HWFIFO, D_TS,  D_GTS,     D_CODE,  D_LIT,  D_BOTH,
    D_SEC,      D_UDE,  D_HAS_TPIU, D_PW, D_AFD,    D_FIC,   D_HAS_DWT, D_COMP,
    D_DFIFO,    D_MAIN, D_TRACE,  D_CYC, D_PRF,     D_EXT,   D_VM,   D_PCSR,
};

static bool defs_parse(const char *defs, unsigned *val, char *err, size_t n)
{
    bool seen[D_N] = {false};
    const char *s = defs;
    for (;;) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s)
            break;
        char tok[96];
        size_t len = strcspn(s, " \t");
        snprintf(tok, sizeof tok, "%.*s", (int)(len < sizeof tok - 1 ? len : sizeof tok - 1),
                 s);
        s += len;
        char *eq = strchr(tok, '=');
        unsigned long v;
        char *end;
        if (strncmp(tok, "-D", 2) != 0 || !eq) {
            snprintf(err, n, "'%s' is not -DNAME=VALUE", tok);
            return false;
        }
        *eq = '\0';
        errno = 0;
        v = strtoul(eq + 1, &end, 10);
        if (errno || *end || end == eq + 1 || v > 0xFFFFFFFFul) {
            snprintf(err, n, "%s: '%s' is not a decimal number", tok + 2, eq + 1);
            return false;
        }
        unsigned k;
        for (k = 0; k < D_N && strcmp(def_name[k], tok + 2) != 0; k++)
            ;
        if (k == D_N) {
            snprintf(err, n, "%s is not a macro of configs/params.txt", tok + 2);
            return false;
        }
        if (seen[k]) {
            snprintf(err, n, "%s given twice", tok + 2);
            return false;
        }
        seen[k] = true;
        val[k] = (unsigned)v;
    }
    for (unsigned k = 0; k < D_N; k++)
        if (!seen[k]) {
            snprintf(err, n, "-D%s missing", def_name[k]);
            return false;
        }
    return true;
}

static void cfg_from_defs(const unsigned *v, struct sys_cfg *c)
{
    *c = (struct sys_cfg){
        .itm = {v[D_PORTS], v[D_FIFO], v[D_HWFIFO], v[D_TS], v[D_GTS]},
        .fpb = {v[D_CODE], v[D_LIT], v[D_BOTH] != 0, v[D_SEC] != 0, v[D_UDE] != 0},
        .has_tpiu = v[D_HAS_TPIU] != 0,
        .tpiu = {v[D_PW], v[D_AFD], v[D_FIC]},
        .has_dwt = v[D_HAS_DWT] != 0,
        .dwt = {v[D_COMP], v[D_DFIFO], v[D_MAIN] != 0, v[D_TRACE] != 0, v[D_CYC] != 0,
                v[D_PRF] != 0, v[D_EXT] != 0, v[D_VM] != 0, v[D_PCSR] != 0, v[D_SEC] != 0,
                v[D_UDE] != 0},
        /* the ETM and its funnel (docs/etm-contract.md section 13): a system vector has no
         * PE trace columns, so the ETM is idle in it; its parameters are not param lines of
         * the sys vectors (trace_top_params), but every one is a param line of the etm
         * vectors (etm_top_params), whose inputs.hex carries the PE trace interface and its
         * speculation inputs (format 2) */
        .has_etm = v[D_HAS_ETM] != 0,
        .etm = {.fifo_depth = v[D_EFIFO], .rs_depth = v[D_RS], .cc_size = v[D_CC],
                .num_pc = v[D_NPC], .sec_ext = v[D_SEC] != 0, .atom_f45 = v[D_F45] != 0,
                .has_stall = v[D_STALL] != 0, .num_ac_pairs = v[D_NAC],
                .max_spec = v[D_MSPEC], .q_supp = v[D_QSUPP] != 0},
        .funnel_hold = v[D_HOLD],
    };
}

/* ---- the run ------------------------------------------------------------------------------ */

struct pkt_rec {
    struct vec_pkt p;
    uint64_t offset; /* of its first byte in stream.bin */
};

struct run {
    struct vec_rec rec;
    struct pkt_rec *pkts;
    size_t npkts, cap_pkts;
    uint64_t pkt_bytes;
    int64_t cycles;
    bool tpiu_drained; /* at the end every byte the TPIU accepted has left the pins */
};

static int fail(const char *where, int64_t cycle, const char *msg)
{
    log_msg(LOG_ERROR, "vecgen: %s: cycle %" PRId64 ": %s\n", where, cycle, msg);
    return 1;
}

static struct vec_tpiu_mode tpiu_mode(const struct sys_model *m)
{
    struct vec_tpiu_mode md = {0, 1, 1, false};
    if (!m->has_tpiu)
        return md;
    md.txmode = m->tpiu.sppr & 3u;
    md.div = (m->tpiu.acpr & 0xFFFFu) + 1u;
    md.cw = tpiu_model_cw_get(&m->tpiu);
    md.fmt_on = md.txmode == TPIU_TXMODE_PARALLEL || m->tpiu.enfcont;
    return md;
}

/* ITM packets (packets.txt, the ITM's packet engine): not the FPB's, not the ETM's (its
 * stream.bin holds ETMv4 packets, decoded by tracedump and OpenCSD in make vectors-check) */
static bool has_packets(enum vec_block b) { return b != VEC_FPB && b != VEC_ETM; }

/* The name of parameter k on a param line of block b: the RTL parameter of b's top. */
static const char *param_name(enum vec_block b, enum def_id k)
{
    return b == VEC_ETM && k == D_EFIFO ? "FifoDepth" : def_param[k];
}

static int run_vector(const struct vecgen_blk_args *a, const struct sys_cfg *cfg,
                      struct scenario *s, struct run *r)
{
    static struct sys_model m;
    static struct itm_model q;
    static struct driver d;
    static struct stream sa, st, se;
    if (sys_model_init(&m, cfg) != 0) {
        log_msg(LOG_ERROR, "vecgen: error: the golden model rejects the configuration %s\n",
                a->config);
        return 2;
    }
    sys_model_reset(&m);
    vec_rec_init(&r->rec, a->blk, cfg->tpiu.port_width);
    struct scen_iter it;
    struct ev_source src = scen_source_get(&it, s);
    driver_init(&d, &src, a->reset_cycles, INT64_MAX);
    d.gm = &m; /* wait_idle tpiu=1 */
    stream_init(&sa, "golden", s);
    stream_init_kind(&st, "golden", s, SEG_TXB);
    stream_init_kind(&se, "golden", s, SEG_ETM);
    bool pins = pins_any(s);
    struct sys_in in;
    struct sys_out out;
    struct sys_blocks bk;
    char msg[512];
    for (;;) {
        enum driver_status ds = driver_next(&d, &in);
        int64_t c = d.cycle;
        if (ds == DRV_DONE)
            break;
        if (ds == DRV_FAIL)
            return fail(s->path, c, d.fail_msg);
        if ((uint64_t)(c + (int64_t)a->reset_cycles) >= a->max_cycles)
            return fail(s->path, c, "--max-cycles reached (vectors should stay short)");
        if (c >= 0 && !in.itm.rst_n)
            return fail(s->path, c,
                        "a reset after cycle 0: vectors hold one uninterrupted "
                        "stream (put the reset in another vector)");
        sys_model_eval(&m, &in, &out);
        sys_model_blocks_get(&m, &in, &bk);
        struct vec_ports p = {&in, &out, &bk};
        struct vec_tpiu_mode md = tpiu_mode(&m);
        vec_rec_cycle(&r->rec, c, &p, &md);
        if (in.itm.rst_n) {
            if (out.atready && out.itm.atvalid && !stream_push(&sa, out.itm.atdata, c))
                return fail(s->path, c, sa.fail_msg);
            if (out.txb_valid && !stream_push(&st, out.txb, c))
                return fail(s->path, c, st.fail_msg);
            if (out.etm_atvalid && out.etm_atready && !stream_push(&se, out.etm_atdata, c))
                return fail(s->path, c, se.fail_msg);
            if (pins && !pins_check(s, c, &out, "golden", msg, sizeof msg))
                return fail(s->path, c, msg);
        }
        if (driver_observe(&d, &in, &out, NULL) == DRV_FAIL)
            return fail(s->path, c, d.fail_msg);
        unsigned rem = m.itm.pkt_len - m.itm.pkt_pos;
        bool load_en = rem == 0 || (rem == 1 && bk.itm_in.atready);
        q = m.itm;
        sys_model_step(&m, &in);
        if (in.itm.rst_n && load_en && m.itm.pkt_len != 0) {
            if (r->npkts == r->cap_pkts) {
                r->cap_pkts = r->cap_pkts ? 2 * r->cap_pkts : 256;
                r->pkts = realloc(r->pkts, r->cap_pkts * sizeof *r->pkts);
                if (!r->pkts)
                    return fail(s->path, c, "out of memory");
            }
            struct pkt_rec *pr = &r->pkts[r->npkts++];
            if (!vecgen_itm_packet_get(&q, &bk.itm_in, &m.itm, &pr->p, msg, sizeof msg))
                return fail(s->path, c, msg);
            pr->offset = r->pkt_bytes;
            r->pkt_bytes += pr->p.len;
        }
    }
    struct vec_tpiu_mode fmd = tpiu_mode(&m);
    vec_rec_finish(&r->rec, &fmd);
    r->cycles = d.cycle;
    if (m.has_tpiu) { /* as the flush's completion test, [TPIU-FLUSH-2], and no open frame */
        const struct tpiu_model *t = &m.tpiu;
        bool port_empty = fmd.txmode == TPIU_TXMODE_PARALLEL ? (!t->sh_data || t->left <= 1)
                                                             : (!t->ser_busy && !t->ser_more);
        r->tpiu_drained = t->n == 0 && t->fb_n == 0 && (!fmd.fmt_on || t->p == 0) && port_empty;
    }
    if (!stream_finish(&sa, d.cycle))
        return fail(s->path, d.cycle, sa.fail_msg);
    if (!stream_finish(&st, d.cycle))
        return fail(s->path, d.cycle, st.fail_msg);
    if (!stream_finish(&se, d.cycle))
        return fail(s->path, d.cycle, se.fail_msg);
    if (a->blk == VEC_ETM && m.etm.count)
        return fail(s->path, d.cycle,
                    "the ETM still holds trace at the end (end the stimulus with wait_idle)");
    if (!pins_finish(s, d.cycle, msg, sizeof msg))
        return fail(s->path, d.cycle, msg);
    if (!has_packets(a->blk))
        return 0;
    const struct vec_rec *rc = &r->rec;
    if (r->pkt_bytes != rc->natb)
        return fail(s->path, d.cycle,
                    "the run ends inside an ATB packet (end the stimulus with wait_idle)");
    for (size_t i = 0; i < r->npkts; i++)
        for (unsigned k = 0; k < r->pkts[i].p.len; k++) {
            const struct vec_atb *b = &rc->atb[r->pkts[i].offset + k];
            if (b->data != r->pkts[i].p.b[k])
                return fail(s->path, b->cycle,
                            "internal error: the ATB bytes differ from the loaded packet");
            if (b->id != rc->atb[r->pkts[i].offset].id)
                return fail(s->path, b->cycle,
                            "a packet's bytes carry two ATB IDs (change TraceBusID only "
                            "between packets)");
        }
    return 0;
}

/* ---- output ------------------------------------------------------------------------------ */

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

/* Writes DIR/name: an optional header, then the buffer. */
static bool write_file(const char *dir, const char *name, const char *header,
                       const struct vbuf *b)
{
    char path[1200];
    FILE *f = open_out(dir, name, "wb", path, sizeof path);
    if (!f)
        return false;
    if (header)
        fputs(header, f);
    if (b->len)
        fwrite(b->p, 1, b->len, f);
    return close_out(f, path);
}

static int cmp_str(const void *x, const void *y)
{
    return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/* The packet forms of the stream, sorted, unique, space separated (" none" if none). */
static void forms_get(const struct run *r, char *buf, size_t n)
{
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
    size_t len = 0;
    buf[0] = '\0';
    for (unsigned k = 0; k < nf && len + 1 < n; k++)
        len += (size_t)snprintf(buf + len, n - len, " %s", fp[k]);
    if (!nf)
        snprintf(buf, n, " none");
}

static const char *const blk_title[VEC_NBLOCKS] = {"ITM", "DWT", "TPIU", "FPB",
                                                   "trace system", "ETM"};

static void packets_text(const struct run *r, const char *id, struct vbuf *pk, struct vbuf *idp)
{
    const struct vec_atb *atb = r->rec.atb;
    vbuf_add(pk, "# Packets of %s (format: vectors/README.md).\n", id);
    vbuf_add(pk, "# CYCLE<TAB>OFFSET<TAB>PACKET<TAB>BYTES\n");
    for (size_t i = 0; i < r->npkts; i++) {
        const struct pkt_rec *p = &r->pkts[i];
        char t[128], b[32];
        vbuf_add(pk, "%" PRId64 "\t%" PRIu64 "\t%s\t%s\n", atb[p->offset].cycle, p->offset,
                 vec_pkt_format(&p->p, t, sizeof t), vec_pkt_bytes(&p->p, b, sizeof b));
    }
    vbuf_add(idp, "# Packets of %s per trace ID, as a TPIU deformatter finds them (format: "
                  "vectors/README.md).\n", id);
    vbuf_add(idp, "# ID<TAB>CYCLE<TAB>OFFSET<TAB>PACKET<TAB>BYTES\n");
    for (unsigned idv = 0; idv < 128; idv++) {
        uint64_t off = 0;
        for (size_t i = 0; i < r->npkts; i++) {
            const struct pkt_rec *p = &r->pkts[i];
            if (atb[p->offset].id != idv)
                continue;
            char t[128], b[32];
            vbuf_add(idp, "%u\t%" PRId64 "\t%" PRIu64 "\t%s\t%s\n", idv, atb[p->offset].cycle,
                     off, vec_pkt_format(&p->p, t, sizeof t), vec_pkt_bytes(&p->p, b, sizeof b));
            off += p->p.len;
        }
    }
}

/* packets.txt of an ETM vector: the ETMv4 packets of its ATB bytes, as tracedump reads them
 * (sim/decode/etm4dec.c, docs/etm-contract.md section 9.11), each with the cycle and the
 * stream offset of its first byte. False if a byte is no packet the contract defines or the
 * stream ends inside a packet. */
static bool etm_packets_text(const char *id, const struct vec_rec *rc, struct vbuf *pk)
{
    static struct etm4dec d;
    etm4dec_init(&d);
    vbuf_add(pk, "# ETMv4 packets of %s (format: vectors/README.md).\n", id);
    vbuf_add(pk, "# CYCLE<TAB>OFFSET<TAB>PACKET<TAB>BYTES\n");
    size_t start = 0;
    for (size_t i = 0; i < rc->natb; i++) {
        struct etm4_pkt p;
        enum etm4_type t = etm4dec_push(&d, rc->atb[i].data, &p);
        if (t == ETM4_NONE)
            continue;
        char txt[ETM4_TEXT_MAX + 1], hex[3 * ETM4_MAX_BYTES + 8];
        etm4_format(&p, start, txt, sizeof txt);
        if (t == ETM4_UNKNOWN) {
            log_msg(LOG_ERROR, "vecgen: %s: cycle %" PRId64 ": %s\n", id, rc->atb[i].cycle, txt);
            return false;
        }
        size_t n = 0;
        for (size_t k = start; k <= i && n + 4 < sizeof hex; k++)
            n += (size_t)snprintf(hex + n, sizeof hex - n, "%s%02x", k > start ? " " : "",
                                  rc->atb[k].data);
        vbuf_add(pk, "%" PRId64 "\t%zu\t%s\t%s\n", rc->atb[start].cycle, start, txt, hex);
        start = i + 1;
    }
    if (etm4dec_busy(&d)) {
        log_msg(LOG_ERROR, "vecgen: %s: the ETM stream ends inside a packet (at byte %zu)\n", id,
                start);
        return false;
    }
    return true;
}

/* The .sr capture of port k (sr_write.h, as trace_tb --capture-swo / --capture-par write it). */
static bool write_sr(const char *dir, enum vec_cap k, const struct vec_rec *rc)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/%s.sr", dir, vec_cap_name[k]);
    static const char *const data[] = {"TRACEDATA0", "TRACEDATA1", "TRACEDATA2", "TRACEDATA3",
                                       "TRACEDATA4", "TRACEDATA5", "TRACEDATA6", "TRACEDATA7"};
    struct sr_write_info info = {.nprobes = 1, .probe = {"SWO"},
                                 .samplerate = PINS_CAPTURE_RATE, .fixed_time = 1};
    struct vbuf samples = {0};
    const struct vbuf *raw = &rc->cap[k];
    if (k == VEC_CAP_PAR) {
        info.nprobes = rc->port_width + 1;
        info.probe[0] = "TRACECLK";
        for (unsigned b = 0; b < rc->port_width && b < 8; b++)
            info.probe[b + 1] = data[b];
        /* TRACECLK in bit 0: from pins.hex's per-cycle levels, out of reset */
        const char *line = rc->pins.p;
        size_t skip = rc->pins.len / 4 - raw->len; /* the reset lines */
        for (size_t i = 0; i < rc->pins.len / 4; i++, line += 4) {
            if (i < skip)
                continue;
            unsigned clk = (unsigned)(line[0] - '0') >> 1 & 1u;
            unsigned v = clk | (unsigned)(uint8_t)raw->p[i - skip] << 1;
            uint8_t u[2] = {(uint8_t)v, (uint8_t)(v >> 8)};
            vbuf_put(&samples, u, sr_write_unitsize(info.nprobes));
        }
        raw = &samples;
    }
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(raw->p, 1, raw->len, f) == raw->len;
    ok = f && close_out(f, path) && ok;
    vbuf_free(&samples);
    char err[600];
    if (ok && sr_write_write(path, path, &info, err, sizeof err) != 0) {
        log_msg(LOG_ERROR, "vecgen: error: cannot write the sigrok capture %s\n", err);
        ok = false;
    }
    return ok;
}

static bool write_vector(const struct vecgen_blk_args *a, const unsigned *defv,
                         const struct run *r, const char *text, size_t text_len)
{
    const enum vec_block b = a->blk;
    const struct vec_rec *rc = &r->rec;
    const char *dir = a->out;
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        log_msg(LOG_ERROR, "vecgen: error: cannot create %s: %s\n", dir, strerror(errno));
        return false;
    }
    bool dwt = b == VEC_DWT || b == VEC_SYS, tpiu = b == VEC_TPIU || b == VEC_SYS;
    bool ok = true;
    char hdr[600];
    const unsigned lines = a->reset_cycles + (unsigned)r->cycles;

    /* the files of this vector, in the order vectors/README.md lists them */
    struct vbuf files = {0};
    vbuf_add(&files, "vector.txt stimulus.scn inputs.hex outputs.hex cycles.txt apb.txt");
    if (has_packets(b))
        vbuf_add(&files, " stream.bin packets.txt");
    else if (b == VEC_ETM)
        vbuf_add(&files, " stream.bin packets.txt");
    if (dwt)
        vbuf_add(&files, " hwsrc.txt events.txt");
    if (tpiu) {
        vbuf_add(&files, " idpackets.txt txb.txt txb.bin pins.hex");
        for (unsigned k = 0; k < VEC_NCAPS; k++)
            if (rc->cap_used[k])
                vbuf_add(&files, " %s.bin %s.sr", vec_cap_name[k], vec_cap_name[k]);
    }

    struct vbuf v = {0};
    vbuf_add(&v, "# Armv8-M %s conformance vector (%s). Format: vectors/README.md.\n",
             blk_title[b], vec_block_top[b]);
    vbuf_add(&v, "format %u\nblock %s\nid %s\ngenerator vecgen %u\nconfig %s\n",
             vec_format_version(b), vec_block_name[b], a->id, VEC_GEN_VERSION, a->config);
    const enum def_id *pl = b == VEC_DWT    ? dwt_top_params
                            : b == VEC_TPIU ? tpiu_top_params
                            : b == VEC_FPB  ? fpb_top_params
                            : b == VEC_ETM  ? etm_top_params
                                            : trace_top_params;
    size_t np = b == VEC_DWT    ? sizeof dwt_top_params / sizeof pl[0]
                : b == VEC_TPIU ? sizeof tpiu_top_params / sizeof pl[0]
                : b == VEC_FPB  ? sizeof fpb_top_params / sizeof pl[0]
                : b == VEC_ETM  ? sizeof etm_top_params / sizeof pl[0]
                                : sizeof trace_top_params / sizeof pl[0];
    for (size_t k = 0; k < np; k++)
        vbuf_add(&v, "param %s %u\n", param_name(b, pl[k]), defv[pl[k]]);
    vbuf_add(&v, "source %s\nseed none\nrules %s\n", a->scenario,
             a->rules && *a->rules ? a->rules : "none");
    if (has_packets(b)) {
        char forms[1024];
        forms_get(r, forms, sizeof forms);
        vbuf_add(&v, "forms%s\n", forms);
    }
    vbuf_add(&v, "reset_cycles %u\ncycles %" PRId64 "\nlines %u\n", a->reset_cycles, r->cycles,
             lines);
    vbuf_add(&v, "in_bits %u\nout_bits %u\n", rc->li->bits, rc->lo->bits);
    if (has_packets(b))
        vbuf_add(&v, "bytes %zu\npackets %zu\n", rc->natb, r->npkts);
    else if (b == VEC_ETM)
        vbuf_add(&v, "bytes %zu\n", rc->natb);
    if (dwt)
        vbuf_add(&v, "hwsrc %zu\nevents %zu\n", rc->nhw, rc->nevents);
    if (tpiu) {
        vbuf_add(&v, "txb %zu\n", rc->ntxb);
        for (unsigned k = 0; k < VEC_NCAPS; k++) {
            if (!rc->cap_used[k])
                continue;
            const struct vec_tpiu_mode *md = &rc->cap_mode[k];
            static const char *const mode_name[3] = {"parallel", "manchester", "nrz"};
            vbuf_add(&v, "capture %s %s.bin %s.sr %s %u %s %s\n", vec_cap_name[k],
                     vec_cap_name[k], vec_cap_name[k], mode_name[md->txmode < 3 ? md->txmode : 0],
                     k == VEC_CAP_PAR ? md->cw : md->div, md->fmt_on ? "formatted" : "bypass",
                     r->tpiu_drained ? "complete" : "partial");
        }
    }
    if (b == VEC_FPB)
        vbuf_add(&v, "fetches %zu\n", rc->nfetch);
    vbuf_add(&v, "apb %zu\n", rc->napb);
    vbuf_add(&v, "files %s\n", files.p);
    if (b == VEC_FPB)
        vbuf_add(&v, "# fetches: CYCLE ADDR KIND SIZE SECURE PRIV MATCH HALT MON (the outputs "
                     "of cycle CYCLE+1)\n");
    else
        vbuf_add(&v, "# ATB transfers%s: CYCLE DATA ID (cycle decimal, data and ATID hex)\n",
                 b == VEC_TPIU ? " into the TPIU" : "");
    vbuf_put(&v, rc->records.p ? rc->records.p : "", rc->records.len);
    ok &= write_file(dir, "vector.txt", NULL, &v);
    vbuf_free(&v);
    vbuf_free(&files);

    struct vbuf t = {0};
    vbuf_put(&t, text, text_len);
    ok &= write_file(dir, "stimulus.scn", NULL, &t);
    vbuf_free(&t);
    snprintf(hdr, sizeof hdr, "// %s inputs of %s, line k = cycle k-%u (layout: vectors/README.md)\n",
             a->id, vec_block_top[b], a->reset_cycles);
    ok &= write_file(dir, "inputs.hex", hdr, &rc->in_hex);
    snprintf(hdr, sizeof hdr, "// %s outputs of %s, line k = cycle k-%u (layout: vectors/README.md)\n",
             a->id, vec_block_top[b], a->reset_cycles);
    ok &= write_file(dir, "outputs.hex", hdr, &rc->out_hex);
    struct vbuf cy = {0};
    vbuf_add(&cy, "%u\n", lines);
    ok &= write_file(dir, "cycles.txt", NULL, &cy);
    vbuf_free(&cy);
    snprintf(hdr, sizeof hdr,
             "# APB accesses of %s to %s (format: vectors/README.md).\n"
             "# CYCLE<TAB>DIR<TAB>ADDR<TAB>DATA<TAB>STRB<TAB>ERR\n",
             a->id, vec_block_top[b]);
    ok &= write_file(dir, "apb.txt", hdr, &rc->apb);
    if (has_packets(b)) {
        struct vbuf sb = {0}, pk = {0}, idp = {0};
        for (size_t i = 0; i < rc->natb; i++)
            vbuf_put(&sb, &rc->atb[i].data, 1);
        packets_text(r, a->id, &pk, &idp);
        ok &= write_file(dir, "stream.bin", NULL, &sb);
        ok &= write_file(dir, "packets.txt", NULL, &pk);
        if (tpiu)
            ok &= write_file(dir, "idpackets.txt", NULL, &idp);
        vbuf_free(&sb);
        vbuf_free(&pk);
        vbuf_free(&idp);
    } else if (b == VEC_ETM) {
        struct vbuf sb = {0}, pk = {0};
        for (size_t i = 0; i < rc->natb; i++)
            vbuf_put(&sb, &rc->atb[i].data, 1);
        ok &= etm_packets_text(a->id, rc, &pk);
        ok &= write_file(dir, "stream.bin", NULL, &sb);
        ok &= write_file(dir, "packets.txt", NULL, &pk);
        vbuf_free(&sb);
        vbuf_free(&pk);
    }
    if (dwt) {
        snprintf(hdr, sizeof hdr,
                 "# The DWT's hardware-source port into the ITM of %s (format: "
                 "vectors/README.md).\n# CYCLE<TAB>EVENT<TAB>BYTES\n",
                 a->id);
        ok &= write_file(dir, "hwsrc.txt", hdr, &rc->hwsrc);
        snprintf(hdr, sizeof hdr,
                 "# CMPMATCH pulses and debug events of %s (format: vectors/README.md).\n"
                 "# CYCLE<TAB>OUTPUTS\n",
                 a->id);
        ok &= write_file(dir, "events.txt", hdr, &rc->events);
    }
    if (tpiu) {
        snprintf(hdr, sizeof hdr,
                 "# TPIU formatter output (txb_o) of %s (format: vectors/README.md).\n"
                 "# CYCLE BYTE\n",
                 a->id);
        ok &= write_file(dir, "txb.txt", hdr, &rc->txb_txt);
        ok &= write_file(dir, "txb.bin", NULL, &rc->txb_bin);
        snprintf(hdr, sizeof hdr,
                 "// %s pins of tpiu_top {traceclk, swo, tracedata[7:0]}, line k = cycle k-%u "
                 "(vectors/README.md)\n",
                 a->id, a->reset_cycles);
        ok &= write_file(dir, "pins.hex", hdr, &rc->pins);
        for (unsigned k = 0; k < VEC_NCAPS; k++) {
            if (!rc->cap_used[k])
                continue;
            char name[16];
            snprintf(name, sizeof name, "%s.bin", vec_cap_name[k]);
            ok &= write_file(dir, name, NULL, &rc->cap[k]);
            ok &= write_sr(dir, (enum vec_cap)k, rc);
        }
    }
    return ok;
}

int vecgen_blk_run(const struct vecgen_blk_args *a)
{
    unsigned defv[D_N];
    char err[300];
    if (!defs_parse(a->defs, defv, err, sizeof err)) {
        log_msg(LOG_ERROR, "vecgen: error: --defs: %s\n", err);
        return 2;
    }
    struct sys_cfg cfg;
    cfg_from_defs(defv, &cfg);
    if ((a->blk == VEC_DWT && !cfg.has_dwt) || (a->blk == VEC_TPIU && !cfg.has_tpiu) ||
        (a->blk == VEC_ETM && !cfg.has_etm)) {
        const char *n = a->blk == VEC_DWT ? "DWT" : a->blk == VEC_TPIU ? "TPIU" : "ETM";
        const char *h = a->blk == VEC_DWT ? "Dwt" : a->blk == VEC_TPIU ? "Tpiu" : "Etm";
        log_msg(LOG_ERROR, "vecgen: error: configuration %s has no %s (Has%s = 0)\n", a->config,
                n, h);
        return 2;
    }
    static struct vbuf text;
    if (!vbuf_load(&text, a->scenario))
        return 2;
    static struct scenario s;
    s.cap_ev = s.cap_seg = s.cap_bytes = text.len / 2 + 16;
    s.ev = calloc(s.cap_ev, sizeof *s.ev);
    s.seg = calloc(s.cap_seg, sizeof *s.seg);
    s.bytes = calloc(s.cap_bytes, 1);
    if (!s.ev || !s.seg || !s.bytes)
        return 2;
    if (scenario_parse_string(&s, a->scenario, text.p) != 0)
        return 2;
    char have[300], why[700];
    snprintf(have, sizeof have, "the vector's configuration %s has", a->config);
    if (!scen_cfg_fits(&s, &cfg, "error", have, why, sizeof why)) {
        log_msg(LOG_ERROR, "%s\n", why);
        return 2;
    }
    static struct run r;
    int rc = run_vector(a, &cfg, &s, &r);
    if (rc)
        return rc;
    return write_vector(a, defv, &r, text.p, text.len) ? 0 : 2;
}

int vecgen_layout(const char *spec)
{
    char name[16];
    const char *dash = strrchr(spec, '-');
    enum vec_block b;
    if (!dash || (size_t)(dash - spec) >= sizeof name)
        return 2;
    snprintf(name, sizeof name, "%.*s", (int)(dash - spec), spec);
    bool out = strcmp(dash, "-out") == 0;
    if (!vec_block_parse(name, &b) || b == VEC_ITM || (!out && strcmp(dash, "-in") != 0))
        return 2;
    vec_layout_print(stdout, vec_layout_get(b, out));
    return 0;
}
