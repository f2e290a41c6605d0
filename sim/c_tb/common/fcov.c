/* SPDX-License-Identifier: Apache-2.0 */
/* Functional coverage from the golden side of a lockstep run (fcov.h, docs/coverage.md). */
#include "fcov.h"

#include <inttypes.h>
#include <string.h>

#include "log.h"

/* Bin layout: the names below, in this order; the B_* are the first bin of each group. */
enum {
    B_SYNC, B_OVF, B_LTS_SHORT, B_INST1, B_INST2, B_INST4, B_HW1, B_HW2, B_HW4,
    B_LTS_LONG,                      /* + 4 * lts_tc_bin(tc) + groups - 1: 12 bins */
    B_GTS1 = B_LTS_LONG + 12,        /* compressed: groups 1..4; full: clkch 0/1: 6 bins */
    B_GTS2_48 = B_GTS1 + 6, B_GTS2_64,
    B_EXT_PAGE,                      /* + page: 8 bins */
    B_STALL = B_EXT_PAGE + 8,        /* + packet kind (stall_kind): 8 bins */
    B_STALL_HDR = B_STALL + 8, B_STALL_MID,
    B_OVF_HW, B_OVF_STIM, B_OVF_OTHER,
    B_STIM_FULL, B_STIM_FULL_WRITE, B_HW_BACKPRESSURE,
    B_FLUSH_REQ, B_FLUSH_BUSY, B_FLUSH_ACK,
    B_SYNC_ENA, B_SYNC_DWT, B_SYNC_TPIU, B_SYNC_HALT,
    B_RESET_MID_PKT, B_RESET_FIFO,
    B_TPIU_PAR,                      /* + log2(port size): parallel port sizes 1, 2, 4 */
    B_TPIU_NRZ = B_TPIU_PAR + 3, B_TPIU_NRZ_BYP, B_TPIU_MAN, B_TPIU_MAN_BYP, B_TPIU_SLOW,
    B_TPIU_ID_IMM, B_TPIU_ID_DELAYED, B_TPIU_ID_14, B_TPIU_PAD, B_TPIU_FLUSH_DONE,
    B_TPIU_PSYNC, B_TPIU_IDLE_PAD, B_TPIU_IDLE_HELD, B_TPIU_PAD_RESUME,
    B_DWT_PC, B_DWT_MATCH, B_DWT_ADDR, B_DWT_VAL_R, B_DWT_VAL_W, B_DWT_CMP13, B_DWT_EVCNT,
    B_DWT_EXC_ENTRY, B_DWT_EXC_EXIT, B_DWT_EXC_RETURN, B_DWT_PCS, B_DWT_PCS_SLEEP,
    B_DWT_OVF, B_DWT_CMPMATCH, B_DWT_HALT_MON, B_DWT_SYNC,
    B_N
};
_Static_assert(B_N <= FCOV_MAX_BINS, "FCOV_MAX_BINS too small");

static const char *const group_name[] = {"packet", "LTS long", "GTS1", "GTS2", "EXT page",
                                         "stall", "overflow", "FIFO", "flush", "sync request",
                                         "reset", "TPIU", "DWT"};
static const unsigned group_first[] = {B_SYNC, B_LTS_LONG, B_GTS1, B_GTS2_48, B_EXT_PAGE,
                                       B_STALL, B_OVF_HW, B_STIM_FULL, B_FLUSH_REQ, B_SYNC_ENA,
                                       B_RESET_MID_PKT, B_TPIU_PAR, B_DWT_PC, B_N};

static char names[B_N][40];

static void names_init(void)
{
    static bool done;
    if (done)
        return;
    done = true;
    static const char *const fixed[] = {"SYNC", "OVF", "LTS-short", "INST1", "INST2", "INST4",
                                        "HW1", "HW2", "HW4"};
    for (unsigned i = 0; i < 9; i++)
        snprintf(names[i], sizeof names[i], "%s", fixed[i]);
    static const unsigned tcs[] = {0, 1, 3};
    for (unsigned t = 0; t < 3; t++)
        for (unsigned g = 1; g <= 4; g++)
            snprintf(names[B_LTS_LONG + 4 * t + g - 1], sizeof names[0], "LTS-long tc=%u groups=%u",
                     tcs[t], g);
    /* itm-contract: a compressed GTS1 (Wrap = 0) always has ClkCh = 0, a full one has
     * 4 groups; wrap=0 clkch=1 is no bin (the lockstep comparison rejects it). */
    for (unsigned g = 1; g <= 4; g++)
        snprintf(names[B_GTS1 + g - 1], sizeof names[0], "GTS1 groups=%u", g);
    snprintf(names[B_GTS1 + 4], sizeof names[0], "GTS1 full (wrap=1) clkch=0");
    snprintf(names[B_GTS1 + 5], sizeof names[0], "GTS1 full (wrap=1) clkch=1");
    snprintf(names[B_GTS2_48], sizeof names[0], "GTS2-48");
    snprintf(names[B_GTS2_64], sizeof names[0], "GTS2-64");
    for (unsigned p = 0; p < 8; p++)
        snprintf(names[B_EXT_PAGE + p], sizeof names[0], "EXT page=%u", p);
    static const char *const sk[] = {"SYNC", "OVF", "LTS", "GTS1", "GTS2", "EXT", "INST", "HW"};
    for (unsigned k = 0; k < 8; k++)
        snprintf(names[B_STALL + k], sizeof names[0], "atready stall in %s", sk[k]);
    static const char *const rest[] = {
        "atready stall on a header", "atready stall mid packet",
        "overflow after hw_ovf_i", "overflow after a stimulus drop",
        "overflow, other cause (LTS wrap)",
        "stimulus FIFO full", "stimulus write to a full FIFO", "hw_valid held (FIFO full)",
        "flush request", "flush while busy", "flush acknowledged",
        "sync: SYNCENA enabled", "sync: dwt_sync_req", "sync: tpiu_sync_req",
        "sync: halt exit", "reset mid packet", "reset with a non-empty FIFO",
        "TPIU parallel size 1", "TPIU parallel size 2", "TPIU parallel size 4",
        "TPIU NRZ formatted", "TPIU NRZ bypass", "TPIU Manchester formatted",
        "TPIU Manchester bypass", "TPIU SWO with SWOSCALER > 0", "TPIU immediate ID change",
        "TPIU delayed ID change", "TPIU ID in byte 14", "TPIU flush pads a frame",
        "TPIU flush completed", "TPIU periodic sync request", "TPIU idle completion pads a frame",
        "TPIU idle padding held (burst queued)", "TPIU trace resumes during idle padding",
        "DWT PC value", "DWT match", "DWT data address", "DWT data value read",
        "DWT data value write", "DWT comparator 1-3 packet", "DWT event counter",
        "DWT exception entry", "DWT exception exit", "DWT exception return",
        "DWT periodic PC sample", "DWT PC sample sleeping", "DWT buffer overflow",
        "DWT CMPMATCH pulse", "DWT watchpoint halt or monitor", "DWT SYNCTAP request"};
    for (unsigned i = 0; i < sizeof rest / sizeof rest[0]; i++)
        snprintf(names[B_STALL_HDR + i], sizeof names[0], "%s", rest[i]);
}

unsigned fcov_nbins(void)
{
    return B_N;
}

const char *fcov_bin_name(unsigned i)
{
    names_init();
    return i < B_N ? names[i] : "?";
}

void fcov_init(struct fcov *f)
{
    names_init();
    memset(f, 0, sizeof *f);
    pktdec_init(&f->dec);
}

static int stall_kind(enum pkt_type t)
{
    switch (t) {
    case PKT_SYNC: return 0;
    case PKT_OVF: return 1;
    case PKT_LTS: return 2;
    case PKT_GTS1: return 3;
    case PKT_GTS2: return 4;
    case PKT_EXT: return 5;
    case PKT_INST: return 6;
    case PKT_HW: return 7;
    default: return -1;
    }
}

/* The LTS-long bin row of a TC value: 00, 01 and 11 are produced; 10 never is
 * ([ITM-LTS-11]: an LTS for a delayed packet is TC = 11). */
static unsigned lts_tc_bin(unsigned tc)
{
    return (tc & 3u) == 3u ? 2u : tc & 1u;
}

static unsigned size_bin(unsigned first, unsigned size)
{
    return first + (size == 1 ? 0u : size == 2 ? 1u : 2u);
}

static void packet(struct fcov *f, const struct pkt *p)
{
    unsigned groups = p->nbytes > 1 ? p->nbytes - 1 : 0;
    switch (p->type) {
    case PKT_SYNC: f->hit[B_SYNC]++; break;
    case PKT_OVF: f->hit[B_OVF]++; break;
    case PKT_INST: f->hit[size_bin(B_INST1, p->size)]++; break;
    case PKT_HW: f->hit[size_bin(B_HW1, p->size)]++; break;
    case PKT_LTS:
        if (p->lts_short)
            f->hit[B_LTS_SHORT]++;
        else if (groups >= 1 && groups <= 4 && (p->tc & 3u) != 2u)
            f->hit[B_LTS_LONG + 4u * lts_tc_bin(p->tc) + groups - 1]++;
        break;
    case PKT_GTS1:
        if (p->wrap && groups == 4)
            f->hit[B_GTS1 + 4 + p->clkch]++;
        else if (!p->wrap && !p->clkch && groups >= 1 && groups <= 4)
            f->hit[B_GTS1 + groups - 1]++;
        break;
    case PKT_GTS2: f->hit[p->nbytes == 5 ? B_GTS2_48 : B_GTS2_64]++; break;
    case PKT_EXT:
        if (p->sh == 0 && p->data < 8)
            f->hit[B_EXT_PAGE + p->data]++;
        break;
    default: break;
    }
    int k = stall_kind(p->type);
    if (f->stalled && k >= 0)
        f->hit[B_STALL + (unsigned)k]++;
    f->stalled = false;
}

/* The DWT bins (docs/dwt-contract.md): each packet the DWT hands to the ITM, by kind, and
 * its other outputs. */
static void dwt_cycle(struct fcov *f, const struct sys_out *out)
{
    if (out->dwt_hw_valid && out->itm.hw_ready) {
        unsigned h = (unsigned)(out->dwt_hw_data & 0xFFu);
        unsigned id = h >> 3, pl = (unsigned)(out->dwt_hw_data >> 8);
        if (h == 0x05)
            f->hit[B_DWT_EVCNT]++;
        else if (h == 0x0E) {
            unsigned fn = (pl >> 12) & 3u;
            if (fn)
                f->hit[B_DWT_EXC_ENTRY + fn - 1]++;
        } else if (h == 0x17)
            f->hit[B_DWT_PCS]++;
        else if (h == 0x15)
            f->hit[B_DWT_PCS_SLEEP]++;
        else if (id >= 8 && id <= 15) {
            unsigned cmp = (id >> 1) & 3u;
            f->hit[(id & 1u) ? B_DWT_ADDR : (h & 3u) == 3u ? B_DWT_PC : B_DWT_MATCH]++;
            if (cmp)
                f->hit[B_DWT_CMP13]++;
        } else if (id >= 16 && id <= 23) {
            f->hit[(id & 1u) ? B_DWT_VAL_W : B_DWT_VAL_R]++;
            if (id & 6u)
                f->hit[B_DWT_CMP13]++;
        }
    }
    if (out->dwt_hw_ovf)
        f->hit[B_DWT_OVF]++;
    if (out->cmpmatch)
        f->hit[B_DWT_CMPMATCH]++;
    if (out->wpt_halt || out->wpt_mon)
        f->hit[B_DWT_HALT_MON]++;
    if (out->dwt_sync_req)
        f->hit[B_DWT_SYNC]++;
}

/* The TPIU bins (docs/tpiu-contract.md): the port mode of each byte sent, and formatter and
 * flush events seen as changes of the model's state from one cycle to the next. */
static void tpiu_cycle(struct fcov *f, const struct sys_out *out, const struct tpiu_model *t)
{
    if (out->txb_valid) {
        unsigned cw = tpiu_model_cw_get(t);
        if (t->sppr == TPIU_TXMODE_PARALLEL && cw <= 4)
            f->hit[B_TPIU_PAR + (cw == 1 ? 0u : cw == 2 ? 1u : 2u)]++;
        else if (t->sppr == TPIU_TXMODE_NRZ)
            f->hit[t->enfcont ? B_TPIU_NRZ : B_TPIU_NRZ_BYP]++;
        else if (t->sppr == TPIU_TXMODE_MANCHESTER)
            f->hit[t->enfcont ? B_TPIU_MAN : B_TPIU_MAN_BYP]++;
        if (t->sppr != TPIU_TXMODE_PARALLEL && (t->acpr & 0xFFFFu) != 0)
            f->hit[B_TPIU_SLOW]++;
    }
    if (f->prev_valid) {
        bool changed = t->cur_vld && (!f->tp_cur_vld || t->cur_id != f->tp_cur_id);
        if (changed && f->tp_p == 14 && t->p == 0)
            f->hit[B_TPIU_ID_14]++;
        else if (changed && t->p == f->tp_p + 2)
            f->hit[(t->aux >> (f->tp_p / 2)) & 1u ? B_TPIU_ID_DELAYED : B_TPIU_ID_IMM]++;
        if (f->tp_fl == TPIU_FL_DRAIN && f->tp_n == 0 && t->p != f->tp_p)
            f->hit[B_TPIU_PAD]++;
        /* [TPIU-IDLE-2]: the formatter moved on with no input and no flush: idle padding;
         * a real byte later in the same frame: trace came back during the padding */
        bool step = t->p == f->tp_p + 2 || (f->tp_p == 14 && t->p == 0), idle_pad = f->tp_fl != TPIU_FL_DRAIN && f->tp_n == 0 && step;
        if (idle_pad)
            f->hit[B_TPIU_IDLE_PAD]++;
        else if (f->tp_padded && step && f->tp_n != 0 && f->tp_p != 0)
            f->hit[B_TPIU_PAD_RESUME]++;
        f->tp_padded = (f->tp_padded || idle_pad) && t->p != 0;
        if (f->tp_fl == TPIU_FL_DRAIN && t->fl_state == TPIU_FL_IDLE)
            f->hit[B_TPIU_FLUSH_DONE]++;
    }
    if (t->sync_req)
        f->hit[B_TPIU_PSYNC]++;
    if (t->idle == t->cfg.frame_idle_cycles && t->fb_bursts != 0 && (t->p != 0 || t->n != 0) &&
        (t->sppr == TPIU_TXMODE_PARALLEL || t->enfcont))
        f->hit[B_TPIU_IDLE_HELD]++;
    f->tp_p = t->p;
    f->tp_cur_id = t->cur_id;
    f->tp_cur_vld = t->cur_vld;
    f->tp_n = t->n;
    f->tp_fl = t->fl_state;
}

void fcov_cycle(struct fcov *f, const struct sys_in *sin, const struct sys_out *sout,
                const struct sys_model *sm)
{
    const struct itm_in *in = &sin->itm;
    const struct itm_out *out = &sout->itm;
    const struct itm_model *m = &sm->itm;
    f->cycles++;
    const bool itm_on = (m->tcr & 1u) != 0; /* ITM_TCR.ITMENA */
    if (!in->rst_n) {
        if (f->prev_valid) { /* the first cycle of a reset */
            if (pktdec_busy(&f->dec) || m->pkt_pos < m->pkt_len)
                f->hit[B_RESET_MID_PKT]++;
            if (m->stim.count || m->hw.count)
                f->hit[B_RESET_FIFO]++;
        }
        pktdec_reset_stream(&f->dec);
        f->stalled = false;
        f->prev_valid = false;
        f->tp_padded = false;
        f->stim_drop_seen = false;
        return;
    }
    if (sm->has_tpiu)
        tpiu_cycle(f, sout, &sm->tpiu);
    if (sm->has_dwt)
        dwt_cycle(f, sout);
    /* the ITM's hardware-source port: the DWT's outputs, or the harness's inputs */
    const bool hw_valid = sm->has_dwt ? sout->dwt_hw_valid : in->hw_valid;
    const bool hw_ovf = sm->has_dwt ? sout->dwt_hw_ovf : in->hw_ovf;
    const bool dwt_sync = sm->has_dwt ? sout->dwt_sync_req : in->dwt_sync_req;
    if (out->atvalid) {
        if (!sout->atready) {
            f->hit[pktdec_busy(&f->dec) ? B_STALL_MID : B_STALL_HDR]++;
            f->stalled = true;
        } else {
            struct pkt p;
            if (pktdec_push(&f->dec, out->atdata, &p) != PKT_NONE)
                packet(f, &p);
        }
    }
    /* An APB access-phase write to a stimulus port (0x000..0x3FC) */
    bool stim_wr = in->psel && in->penable && in->pwrite && in->paddr < 0x400u && itm_on; /* frame 0 */
    if (m->stim.count == m->stim.depth && m->stim.depth) {
        f->hit[B_STIM_FULL]++;
        if (stim_wr) {
            f->hit[B_STIM_FULL_WRITE]++;
            f->stim_drop_seen = true;
        }
    }
    if (hw_valid && !out->hw_ready)
        f->hit[B_HW_BACKPRESSURE]++;
    if (in->afvalid) {
        f->hit[B_FLUSH_REQ]++;
        if (out->busy)
            f->hit[B_FLUSH_BUSY]++;
    }
    if (out->afready)
        f->hit[B_FLUSH_ACK]++;
    if (f->prev_valid) {
        /* m holds the registers the previous cycle's edge wrote */
        if (m->ovf_pending && !f->prev_ovf_pending) {
            if (f->prev_hw_ovf)
                f->hit[B_OVF_HW]++;
            else if (f->stim_drop_seen)
                f->hit[B_OVF_STIM]++;
            else
                f->hit[B_OVF_OTHER]++;
            f->stim_drop_seen = false;
        }
        if (m->sync_on_q && !f->prev_sync_on)
            f->hit[B_SYNC_ENA]++;
    }
    if (m->sync_on_q) {
        if (dwt_sync)
            f->hit[B_SYNC_DWT]++;
        if (in->tpiu_sync_req)
            f->hit[B_SYNC_TPIU]++;
        if (f->prev_valid && f->prev_halted && !in->halted)
            f->hit[B_SYNC_HALT]++;
    }
    f->prev_valid = true;
    f->prev_hw_ovf = hw_ovf;
    f->prev_ovf_pending = m->ovf_pending;
    f->prev_sync_on = m->sync_on_q;
    f->prev_halted = in->halted;
}

void fcov_print(const struct fcov *f, int lvl)
{
    unsigned hit = 0;
    for (unsigned i = 0; i < B_N; i++)
        hit += f->hit[i] != 0;
    log_msg(lvl, "fcov: %u/%u bins hit (%.1f%%) over %" PRIu64 " cycles\n", hit, (unsigned)B_N,
            100.0 * hit / B_N, f->cycles);
    for (unsigned g = 0; g < sizeof group_name / sizeof group_name[0]; g++) {
        log_msg(lvl, "  %-12s", group_name[g]);
        for (unsigned i = group_first[g]; i < group_first[g + 1]; i++)
            log_msg(lvl, "%s%s%s %" PRIu64, i == group_first[g] ? " " : ", ",
                    f->hit[i] ? "" : "HOLE ", names[i], f->hit[i]);
        log_msg(lvl, "\n");
    }
}

int fcov_write_json(const struct fcov *f, const char *path, const char *config)
{
    FILE *o = fopen(path, "w");
    if (!o)
        return -1;
    fprintf(o, "{\"format\":1,\"config\":\"%s\",\"cycles\":%" PRIu64 ",\"bins\":{\n", config,
            f->cycles);
    for (unsigned i = 0; i < B_N; i++)
        fprintf(o, " \"%s\":%" PRIu64 "%s\n", names[i], f->hit[i], i + 1 < B_N ? "," : "");
    fprintf(o, "}}\n");
    bool bad = ferror(o) != 0;
    if (fclose(o) != 0)
        bad = true;
    return bad ? -1 : 0;
}
