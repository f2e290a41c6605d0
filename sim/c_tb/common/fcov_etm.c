/* SPDX-License-Identifier: Apache-2.0 */
/* Functional coverage of the ETM and the funnel (fcov_etm.h, docs/coverage.md). */
#include "fcov_etm.h"

#include <string.h>

/* TRCCONFIGR bits (docs/etm-contract.md section 12) */
#define CFG_BB (1u << 3)
#define CFG_CCI (1u << 4)
#define CFG_RS (1u << 12)

static const char *const names[FE_N] = {
    "ETM A-Sync", "ETM Trace Info", "ETM Trace Info with CYCT", "ETM Trace On",
    "ETM Timestamp", "ETM Timestamp with cycle count",
    "ETM exact match entry 0", "ETM exact match entry 1", "ETM exact match entry 2",
    "ETM short address 1 byte", "ETM short address 2 bytes", "ETM long address",
    "ETM address with context Secure", "ETM address with context Non-secure",
    "ETM atom F1", "ETM atom F2", "ETM atom F3", "ETM atom F6 final E", "ETM atom F6 final N",
    "ETM exception 1-byte TYPE", "ETM exception 2-byte TYPE", "ETM exception return",
    "ETM cycle count", "ETM cycle count unknown", "ETM overflow packet",
    "return stack hit (address omitted)", "return stack miss (address traced)",
    "return stack push while full", "branch broadcast address of a direct branch",
    "cycle count below threshold (none)", "cycle count at threshold",
    "cycle count saturated", "periodic sync", "ETM overflow", "event dropped while overflowed",
    "untraced event", "security state change (context)", "ETM atready stall",
    "funnel grant ITM -> ETM", "funnel grant ETM -> ITM", "funnel switch at FunnelHold",
    "TPIU frame with the ETM's and another ID"};

const char *fcov_etm_bin_name(unsigned i)
{
    return i < FE_N ? names[i] : "?";
}

void fcov_etm_reset(struct fcov_etm *e)
{
    etm4dec_init(&e->dec);
    tpiudec_init(&e->td);
    e->prev_valid = false;
}

void fcov_etm_init(struct fcov_etm *e)
{
    memset(e, 0, sizeof *e);
    fcov_etm_reset(e);
}

static void packet(uint64_t *hit, const struct etm4_pkt *p)
{
    switch (p->type) {
    case ETM4_ASYNC: hit[FE_ASYNC]++; break;
    case ETM4_TINFO: hit[(p->plctl & 8u) ? FE_TINFO_CC : FE_TINFO]++; break;
    case ETM4_TRACE_ON: hit[FE_TON]++; break;
    case ETM4_TS: hit[p->has_cc ? FE_TS_CC : FE_TS]++; break;
    case ETM4_ADDR_MATCH:
        if (p->entry < 3)
            hit[FE_ADDR_MATCH + p->entry]++;
        break;
    case ETM4_ADDR_S: hit[p->addr_bits == 8 ? FE_ADDR_S8 : FE_ADDR_S16]++; break;
    case ETM4_ADDR_L: hit[FE_ADDR_L]++; break;
    case ETM4_ADDR_CTXT: hit[p->ns ? FE_ADDR_CTXT_NS : FE_ADDR_CTXT_S]++; break;
    case ETM4_ATOM:
        if (p->fmt == 1)
            hit[FE_ATOM_F1]++;
        else if (p->fmt == 2)
            hit[FE_ATOM_F2]++;
        else if (p->fmt == 3)
            hit[FE_ATOM_F3]++;
        else if (p->fmt == 6)
            hit[(p->atoms >> (p->natoms - 1u)) & 1u ? FE_ATOM_F6_E : FE_ATOM_F6_N]++;
        break;
    case ETM4_EXC: hit[p->exc_type >= 32u ? FE_EXC2 : FE_EXC1]++; break;
    case ETM4_ERET: hit[FE_ERET]++; break;
    case ETM4_CC: hit[p->cc_unknown ? FE_CC_UNKNOWN : FE_CC]++; break;
    case ETM4_OVF: hit[FE_OVF_PKT]++; break;
    default: break;
    }
}

/* What the previous cycle's edge did with its event: p is the ETM before it, m after it
 * (docs/etm-contract.md section 6 steps 1-6, [ETM-OVF-*]). */
static void event(const struct fcov_etm *e, uint64_t *hit, const struct etm_model *m)
{
    const struct etm_model *p = &e->prev;
    if (m->last_ovf)
        hit[FE_OVF]++;
    if (!p->en || !e->prev_ev)
        return;
    if (p->t.ovf && m->t.ovf && !m->last_ovf && m->last_demand > 0)
        hit[FE_OVF_DROP]++;
    if (m->t.ton_pend && !m->t.ovf && !m->last_ovf) {
        hit[FE_UNTRACED]++;
        return;
    }
    if (m->t.ton_pend || m->t.ovf) /* not accepted */
        return;
    bool ns = p->cfg.sec_ext ? e->prev_ns : true;
    bool rs_on = (p->configr & CFG_RS) && !(p->configr & CFG_BB) && p->cfg.rs_depth > 0;
    bool due = p->syncpr != 0 && p->t.sync_cnt >= (1u << p->syncpr);
    bool full = p->t.resync_pend || (due && p->t.at_wp);
    bool ctxt = full || p->t.ton_pend || !p->t.ctx_valid || ns != p->t.ctx_ns;
    uint32_t a = e->prev_addr & ~1u;
    if (due && p->t.at_wp && !p->t.resync_pend)
        hit[FE_PSYNC]++;
    if (p->t.ctx_valid && ns != p->t.ctx_ns && !full && !p->t.ton_pend)
        hit[FE_CTX_CHANGE]++;
    unsigned rs_n = full || p->t.ton_pend ? 0u : p->t.rs_n;
    if (!ctxt && p->t.need_addr == ETM_NEED_IND && rs_on) {
        bool h = rs_n > 0 && p->t.rs[rs_n - 1u] == a;
        hit[h ? FE_RS_HIT : FE_RS_MISS]++;
        rs_n -= h;
    }
    /* [ETM-RS-2]: a push onto a full stack (after this event's own pop) drops the oldest */
    if (!e->prev_exc && e->prev_br && e->prev_taken && e->prev_link && rs_on &&
        rs_n == p->cfg.rs_depth)
        hit[FE_RS_FULL]++;
    if (!e->prev_exc && e->prev_br && e->prev_taken && !e->prev_ind && (p->configr & CFG_BB))
        hit[FE_BB_ADDR]++;
    bool p0 = e->prev_exc || e->prev_br;
    if (p0 && (p->configr & CFG_CCI) && !p->t.cc_unknown) {
        uint32_t max = (1u << p->cfg.cc_size) - 1u, thr = p->ccctlr & 0xFFFu;
        uint32_t report = p->cc_cnt + 1u > max ? max : p->cc_cnt + 1u;
        if (report < thr)
            hit[FE_CC_BELOW]++;
        else if (report == thr)
            hit[FE_CC_AT]++;
        if (report == max)
            hit[FE_CC_SAT]++;
    }
}

void fcov_etm_cycle(struct fcov_etm *e, uint64_t *hit, const struct sys_in *in,
                    const struct sys_out *out, const struct sys_model *sm)
{
    const struct etm_model *m = &sm->etm;
    const struct funnel_model *f = &sm->fun;
    if (e->prev_valid) {
        event(e, hit, m);
        if (f->g != e->prev_g)
            hit[f->g ? FE_FUN_TO_ETM : FE_FUN_TO_ITM]++;
        if (f->g != e->prev_g && e->prev_g_valid && e->prev_n + 1u >= f->hold)
            hit[FE_FUN_HOLD]++;
    }
    e->prev = *m;
    e->prev_ev = in->etm_pe_valid || in->etm_exc_valid;
    e->prev_exc = in->etm_exc_valid;
    e->prev_br = in->etm_pe_br;
    e->prev_ind = in->etm_pe_ind;
    e->prev_taken = in->etm_pe_taken;
    e->prev_link = in->etm_pe_link;
    e->prev_ns = in->etm_pe_ns;
    e->prev_addr = in->etm_exc_valid ? in->etm_exc_ret : in->etm_pe_addr;
    e->prev_g = f->g;
    e->prev_n = f->n;
    e->prev_g_valid = f->g ? out->etm_atvalid : out->itm.atvalid;
    e->prev_valid = true;
    if (out->etm_atvalid && !out->etm_atready)
        hit[FE_STALL]++;
    if (out->etm_atvalid && out->etm_atready) {
        struct etm4_pkt p;
        if (etm4dec_push(&e->dec, out->etm_atdata, &p) != ETM4_NONE)
            packet(hit, &p);
    }
    const struct tpiu_model *t = &sm->tpiu;
    if (out->txb_valid && (t->sppr == TPIU_TXMODE_PARALLEL || t->enfcont)) {
        struct tpiudec_byte b[TPIUDEC_MAX_OUT];
        unsigned n = tpiudec_push(&e->td, out->txb, b);
        bool etm = false, other = false;
        for (unsigned i = 0; i < n; i++) {
            etm |= b[i].id == (m->traceidr & 0x7Fu);
            other |= b[i].id != (m->traceidr & 0x7Fu);
        }
        if (etm && other)
            hit[FE_FRAME_2IDS]++;
    }
}
