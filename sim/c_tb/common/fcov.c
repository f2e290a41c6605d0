/* SPDX-License-Identifier: Apache-2.0 */
/* Functional coverage from the golden side of a lockstep run (fcov.h, docs/coverage.md). */
#include "fcov.h"

#include <inttypes.h>
#include <string.h>

#include "log.h"
#include "random_map.h"

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
    /* biased stimulus (random_bias.c, docs/coverage.md "Biased stimulus") */
    B_TAP_CYC,                       /* + bit - 23: CYCCNT carries into bit 23..29; + 7: wrap */
    B_TAP_EVCNT = B_TAP_CYC + 8,
    B_TAP_GTS,                       /* + index in gts_bits[]: 6 bins */
    B_BIT_DWT = B_TAP_GTS + 6,       /* + bit: an op one bit off a DWT comparator, 32 bins */
    B_BIT_FPB = B_BIT_DWT + 32,      /* + bit: a fetch one bit off an FP_COMPn, 32 bins */
    B_RSV_DWT_MATCH15 = B_BIT_FPB + 32, B_RSV_DWT_CYC, B_RSV_DWT_DV, B_RSV_DWT_VSIZE11,
    B_RSV_DWT_FUNC_RAZ, B_RSV_DWT_CTRL_RAZ, B_RSV_ITM_TCR, B_RSV_FPB_NOKEY, B_RSV_FPB_CTRL_RAZ,
    B_RSV_TPIU_SPPR, B_RSV_TPIU_CSPSR, B_RSV_TPIU_ACPR, B_RSV_TPIU_FFCR,
    B_RSV_PSCR,                      /* + index in pscr_rsv[]: 10 bins */
    B_ALIAS_FRAME_RD = B_RSV_PSCR + 10, /* + frame bit (paddr bit - 12): 8 bins */
    B_ALIAS_FRAME_WR = B_ALIAS_FRAME_RD + 8,
    B_ALIAS_REG_RD,                  /* + offset bit - 2 (paddr[11:2]): 10 bins */
    B_ALIAS_REG_WR = B_ALIAS_REG_RD + 10,
    B_EDGE_FUNC_MATCH, B_EDGE_CYC_SYNC, B_EDGE_CYC_POST,
    B_PAIR_FIRST, B_PAIR_SECOND, B_PAIR_UNLINK, B_PAIR_IR_FIRST,
    B_ETM,                           /* + FE_*: the ETM and funnel bins (fcov_etm.h) */
    B_N = B_ETM + FE_N
};
_Static_assert(B_N <= FCOV_MAX_BINS, "FCOV_MAX_BINS too small");

static const char *const group_name[] = {"packet", "LTS long", "GTS1", "GTS2", "EXT page",
                                         "stall", "overflow", "FIFO", "flush", "sync request",
                                         "reset", "TPIU", "DWT", "counter taps",
                                         "DWT bit off", "FPB bit off", "reserved", "aliases",
                                         "same edge", "linked pair", "ETM packet", "ETM",
                                         "funnel"};
static const unsigned group_first[] = {B_SYNC, B_LTS_LONG, B_GTS1, B_GTS2_48, B_EXT_PAGE,
                                       B_STALL, B_OVF_HW, B_STIM_FULL, B_FLUSH_REQ, B_SYNC_ENA,
                                       B_RESET_MID_PKT, B_TPIU_PAR, B_DWT_PC, B_TAP_CYC,
                                       B_BIT_DWT, B_BIT_FPB, B_RSV_DWT_MATCH15,
                                       B_ALIAS_FRAME_RD, B_EDGE_FUNC_MATCH, B_PAIR_FIRST, B_ETM,
                                       B_ETM + FE_FIRST_ETM, B_ETM + FE_FIRST_FUNNEL, B_N};

/* The GTS bits whose carry has a bin: the GTSFREQ bits 7 and 13, the GTS2 boundary 26 and
 * the bit above each (itm-contract [ITM-GTS-2]). */
static const unsigned gts_bits[] = {7, 8, 13, 14, 26, 27};
/* PSCount values that disable the periodic sync (tpiu-contract [TPIU-SYNC-2]). */
static const unsigned pscr_rsv[] = {1, 2, 3, 4, 5, 6, 28, 29, 30, 31};

static char names[B_N][44];

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
    for (unsigned b = 23; b <= 29; b++)
        snprintf(names[B_TAP_CYC + b - 23], sizeof names[0], "CYCCNT carries into bit %u", b);
    snprintf(names[B_TAP_CYC + 7], sizeof names[0], "CYCCNT wraps");
    snprintf(names[B_TAP_EVCNT], sizeof names[0], "event counter wraps");
    for (unsigned i = 0; i < 6; i++)
        snprintf(names[B_TAP_GTS + i], sizeof names[0], "GTS carries into bit %u", gts_bits[i]);
    for (unsigned b = 0; b < 32; b++) {
        snprintf(names[B_BIT_DWT + b], sizeof names[0], "DWT op off COMP in bit %u", b);
        snprintf(names[B_BIT_FPB + b], sizeof names[0], "FPB fetch off FP_COMP in bit %u", b);
    }
    static const char *const rsv[] = {
        "DWT FUNCTION MATCH 1111", "DWT FUNCTION CYC without ID bit 0",
        "DWT FUNCTION DV without ID bit 2", "DWT FUNCTION DATAVSIZE 11",
        "DWT FUNCTION RAZ/RO bits set", "DWT_CTRL RAZ/RO bits set", "ITM_TCR RES0/RO bits set",
        "FP_CTRL write without KEY", "FP_CTRL RAZ/RO bits set", "TPIU_SPPR TXMODE 11",
        "TPIU_CSPSR unsupported size", "TPIU_ACPR bits [31:16] set", "TPIU_FFCR RAZ bits set"};
    for (unsigned i = 0; i < sizeof rsv / sizeof rsv[0]; i++)
        snprintf(names[B_RSV_DWT_MATCH15 + i], sizeof names[0], "%s", rsv[i]);
    for (unsigned i = 0; i < 10; i++)
        snprintf(names[B_RSV_PSCR + i], sizeof names[0], "TPIU_PSCR PSCount %u", pscr_rsv[i]);
    for (unsigned b = 0; b < 8; b++)
        snprintf(names[B_ALIAS_FRAME_RD + b], sizeof names[0], "read frame alias, paddr bit %u",
                 b + 12);
    snprintf(names[B_ALIAS_FRAME_WR], sizeof names[0], "write frame alias");
    for (unsigned b = 2; b < 12; b++)
        snprintf(names[B_ALIAS_REG_RD + b - 2], sizeof names[0], "read register alias, bit %u", b);
    snprintf(names[B_ALIAS_REG_WR], sizeof names[0], "write register alias");
    static const char *const last[] = {
        "FUNCTION read as a match sets MATCHED", "CYCCNT write as SYNCTAP bit flips",
        "CYCCNT write as POSTCNT tap flips", "pair: First rewritten",
        "pair: Second rewritten", "pair: Second unlinked",
        "pair: IR First rewritten in range"};
    for (unsigned i = 0; i < sizeof last / sizeof last[0]; i++)
        snprintf(names[B_EDGE_FUNC_MATCH + i], sizeof names[0], "%s", last[i]);
    for (unsigned i = 0; i < FE_N; i++)
        snprintf(names[B_ETM + i], sizeof names[0], "%s", fcov_etm_bin_name(i));
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
    fcov_etm_init(&f->etm);
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

/* The biased-stimulus bins: counter carries across tap bits, operations one bit off a
 * programmed comparator, writes of reserved values, accesses at aliased addresses, APB
 * accesses at the edge an event changes the same state, and rewrites of one comparator of a
 * linked DWT pair. m is the state before this cycle's edge, f->prev_* the previous one's. */
static unsigned top_bit(uint64_t x)
{
    unsigned h = 0;
    while (x >>= 1)
        h++;
    return h;
}

static bool one_bit(uint64_t x)
{
    return x && !(x & (x - 1));
}

static bool linked_second(unsigned match)
{
    return match == 3u || match == 7u || match == 11u; /* IAL, DAL, LDV */
}

static void bias_taps(struct fcov *f, const struct sys_in *in, const struct sys_model *sm)
{
    uint64_t gp = f->prev_gts, gc = in->itm.gts;
    if (gc > gp && gc - gp <= 16u) {
        unsigned h = top_bit(gp ^ gc);
        for (unsigned i = 0; i < sizeof gts_bits / sizeof gts_bits[0]; i++)
            if (h == gts_bits[i])
                f->hit[B_TAP_GTS + i]++;
    }
    if (!sm->has_dwt)
        return;
    const struct dwt_model *d = &sm->dwt;
    uint32_t cp = f->prev_cyccnt, cc = d->cyccnt;
    if (cc == cp + 1u) {
        unsigned h = top_bit(cp ^ cc);
        if (cc == 0)
            f->hit[B_TAP_CYC + 7]++;
        else if (h >= 23 && h <= 29)
            f->hit[B_TAP_CYC + h - 23]++;
    }
    for (unsigned k = 0; k < 5; k++)
        if (f->prev_cnt[k] == 0xFFu && d->cnt[k] == 0)
            f->hit[B_TAP_EVCNT]++;
}

static void bias_bitoff(struct fcov *f, const struct sys_in *in, const struct sys_model *sm)
{
    if (sm->has_dwt && (in->da_valid || in->ia_valid)) {
        const struct dwt_model *d = &sm->dwt;
        for (unsigned n = 0; n < d->cfg.num_comp; n++) {
            unsigned m = d->func[n] & 0xFu;
            uint32_t x = 0;
            if (in->ia_valid && (m == 2u || m == 3u))
                x = in->ia_addr ^ d->comp[n];
            else if (in->da_valid && ((m >= 4u && m <= 7u) || (m >= 12u && m <= 14u)))
                x = in->da_addr ^ d->comp[n];
            else if (in->da_valid && m >= 8u && m <= 11u)
                x = in->da_data ^ d->comp[n];
            if (one_bit(x))
                f->hit[B_BIT_DWT + top_bit(x)]++;
        }
    }
    if (in->if_valid)
        for (unsigned n = 0; n < sm->fpb.cfg.num_code; n++) {
            uint32_t c = sm->fpb.comp[n];
            uint32_t x = in->if_addr ^ (c & ~1u);
            if ((c & 1u) && one_bit(x))
                f->hit[B_BIT_FPB + top_bit(x)]++;
        }
}

static void bias_write(struct fcov *f, const struct sys_in *in, const struct sys_model *sm)
{
    const struct itm_in *a = &in->itm;
    uint32_t addr = a->paddr & 0xFFFFCu, v = a->pwdata;
    if (a->pstrb != 0xF)
        return;
    if (addr == 0x00E80u && (v & 0xFF80F0E0u))
        f->hit[B_RSV_ITM_TCR]++;
    if (addr == 0x02000u && !(v & 2u))
        f->hit[B_RSV_FPB_NOKEY]++;
    else if (addr == 0x02000u && (v & ~3u))
        f->hit[B_RSV_FPB_CTRL_RAZ]++;
    if (sm->has_tpiu) {
        unsigned pw = sm->tpiu.cfg.port_width;
        uint32_t ok = (pw >= 1 ? 1u : 0u) | (pw >= 2 ? 2u : 0u) | (pw >= 4 ? 8u : 0u) |
                      (pw >= 8 ? 0x80u : 0u);
        if (addr == 0x400F0u && (v & 3u) == 3u)
            f->hit[B_RSV_TPIU_SPPR]++;
        if (addr == 0x40004u && (!one_bit(v) || !(v & ok)))
            f->hit[B_RSV_TPIU_CSPSR]++;
        if (addr == 0x40010u && (v >> 16))
            f->hit[B_RSV_TPIU_ACPR]++;
        if (addr == 0x40304u && (v & ~0x142u))
            f->hit[B_RSV_TPIU_FFCR]++;
        if (addr == 0x40308u)
            for (unsigned i = 0; i < sizeof pscr_rsv / sizeof pscr_rsv[0]; i++)
                if ((v & 0x1Fu) == pscr_rsv[i])
                    f->hit[B_RSV_PSCR + i]++;
    }
    if (!sm->has_dwt || (addr & 0xFF000u) != 0x01000u)
        return;
    const struct dwt_model *d = &sm->dwt;
    uint32_t o = addr & 0xFFFu;
    if (o == 0x000u && (v & 0xFF00E000u))
        f->hit[B_RSV_DWT_CTRL_RAZ]++;
    if (o == 0x004u && (d->ctrl & 1u)) {
        uint32_t x = d->cyccnt ^ (d->cyccnt + 1u);
        unsigned st = (d->ctrl >> 10) & 3u;
        if (st && ((x >> (22 + 2 * st)) & 1u))
            f->hit[B_EDGE_CYC_SYNC]++;
        if ((x >> ((d->ctrl & 1u << 9) ? 10 : 6)) & 1u)
            f->hit[B_EDGE_CYC_POST]++;
    }
    if (o < 0x020u || o >= 0x020u + 16u * d->cfg.num_comp || (o & 0x4u))
        return;
    unsigned n = (o - 0x020u) / 16u;
    bool is_func = (o & 0xCu) == 0x8u;
    if (is_func) {
        unsigned m = v & 0xFu, id = dwt_model_id(&d->cfg, n);
        if (m == 15u)
            f->hit[B_RSV_DWT_MATCH15]++;
        if (m == 1u && !(id & 1u))
            f->hit[B_RSV_DWT_CYC]++;
        if (m >= 8u && m <= 11u && !(id & 4u))
            f->hit[B_RSV_DWT_DV]++;
        if (((v >> 10) & 3u) == 3u)
            f->hit[B_RSV_DWT_VSIZE11]++;
        if (v & 0xFFFFF3C0u)
            f->hit[B_RSV_DWT_FUNC_RAZ]++;
    }
    if ((n & 1u) && linked_second(d->func[n] & 0xFu)) {
        f->hit[B_PAIR_SECOND]++;
        if (is_func && !linked_second(v & 0xFu))
            f->hit[B_PAIR_UNLINK]++;
    }
    if (!(n & 1u) && n + 1 < d->cfg.num_comp && linked_second(d->func[n + 1] & 0xFu)) {
        f->hit[B_PAIR_FIRST]++;
        /* [DWT-IR-FIRST]: the First of an IR pair rewritten while the last instruction was
         * in its range (the write restarts the first-instruction rule) */
        if ((d->func[n + 1] & 0xFu) == 3u && (d->func[n] & 0xFu) == 2u && d->ir[n + 1])
            f->hit[B_PAIR_IR_FIRST]++;
    }
}

static void bias_alias(struct fcov *f, const struct sys_in *in, const struct sys_model *sm)
{
    const struct itm_in *a = &in->itm;
    struct ppb_map map = {sm->itm.cfg.num_stim_ports, sm->fpb.cfg.num_code, sm->fpb.cfg.num_lit,
                          sm->has_dwt, sm->has_tpiu, sm->has_dwt ? sm->dwt.cfg.num_comp : 0,
                          sm->has_etm};
    uint32_t addr = a->paddr & 0xFFFFCu, fr = addr >> 12;
    if (!ppb_frame_mapped(&map, fr)) {
        for (unsigned b = 0; b < 8; b++) /* every bit that leads to a mapped frame */
            if (ppb_frame_mapped(&map, fr ^ (1u << b)))
                f->hit[a->pwrite ? B_ALIAS_FRAME_WR : B_ALIAS_FRAME_RD + b]++;
        return;
    }
    if (ppb_reg_mapped(&map, addr))
        return;
    for (unsigned b = 2; b < 12; b++)
        if (ppb_reg_mapped(&map, addr ^ (1u << b)))
            f->hit[a->pwrite ? B_ALIAS_REG_WR : B_ALIAS_REG_RD + b - 2]++;
}

static void bias_cycle(struct fcov *f, const struct sys_in *in, const struct sys_model *sm)
{
    const struct itm_in *a = &in->itm;
    if (f->prev_valid) {
        bias_taps(f, in, sm);
        if (f->func_rd && sm->dwt.matched[f->func_rd - 1])
            f->hit[B_EDGE_FUNC_MATCH]++;
    }
    f->func_rd = 0;
    bias_bitoff(f, in, sm);
    if (a->psel && a->penable) {
        if (a->pwrite)
            bias_write(f, in, sm);
        bias_alias(f, in, sm);
    } else if (a->psel && !a->pwrite && sm->has_dwt && (a->paddr & 0xFF000u) == 0x01000u) {
        uint32_t o = a->paddr & 0xFFCu; /* a setup cycle: FUNCTIONn reads clear MATCHED here */
        if (o >= 0x028u && o < 0x028u + 16u * sm->dwt.cfg.num_comp && (o & 0xCu) == 0x8u)
            f->func_rd = (o - 0x028u) / 16u + 1u;
    }
    f->prev_gts = a->gts;
    if (sm->has_dwt) {
        f->prev_cyccnt = sm->dwt.cyccnt;
        memcpy(f->prev_cnt, sm->dwt.cnt, sizeof f->prev_cnt);
    }
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
        f->func_rd = 0;
        fcov_etm_reset(&f->etm);
        return;
    }
    if (sm->has_etm)
        fcov_etm_cycle(&f->etm, &f->hit[B_ETM], sin, sout, sm);
    if (sm->has_tpiu)
        tpiu_cycle(f, sout, &sm->tpiu);
    if (sm->has_dwt)
        dwt_cycle(f, sout);
    bias_cycle(f, sin, sm);
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
