/* SPDX-License-Identifier: Apache-2.0 */
/* Golden FPB: registers, matching and debug-event gating (docs/fpb-contract.md). */
#include "cs_id.h"
#include "fpb_model.h"

#include <string.h>

#define FP_CTRL_OFF 0x000u
#define FP_REMAP_OFF 0x004u
#define FP_COMP0_OFF 0x008u

/* docs/fpb-contract.md section 4: DEVARCH, DEVTYPE, PIDR0..4 */
static const struct cs_id fpb_id = {0x47701A03u, 0x00u, {0x21u, 0xBDu, 0x0Bu, 0x00u, 0x04u}};

int fpb_model_init(struct fpb_model *m, const struct fpb_cfg *cfg)
{
    if (cfg->num_code > FPB_MAX_CODE || cfg->num_lit > FPB_MAX_LIT)
        return -1;
    memset(m, 0, sizeof *m);
    m->cfg = *cfg;
    fpb_model_reset(m);
    return 0;
}

void fpb_model_reset(struct fpb_model *m)
{
    struct fpb_cfg cfg = m->cfg;
    memset(m, 0, sizeof *m);
    m->cfg = cfg;
}

static uint32_t fp_ctrl(const struct fpb_model *m)
{
    unsigned nc = m->cfg.num_code;
    return 1u << 28 | (nc & 0x70u) << 8 | (m->cfg.num_lit & 0xFu) << 8 | (nc & 0xFu) << 4 |
           (m->enable ? 1u : 0u);
}

/* Register read value at a 12-bit offset (bits [1:0] ignored). */
static uint32_t reg_read(const struct fpb_model *m, uint32_t off)
{
    off &= 0xFFCu;
    if (off == FP_CTRL_OFF)
        return fp_ctrl(m);
    if (off >= FP_COMP0_OFF && (off - FP_COMP0_OFF) / 4 < m->cfg.num_code)
        return m->comp[(off - FP_COMP0_OFF) / 4];
    return cs_id_read(&fpb_id, off); /* FP_REMAP, literal comparators, unmapped: RAZ */
}

void fpb_model_eval(const struct fpb_model *m, const struct fpb_in *in, struct fpb_out *out)
{
    memset(out, 0, sizeof *out);
    if (!in->rst_n)
        return;
    out->prdata = m->prdata_q;
    out->pslverr = m->pslverr_q;
    out->pready = true;
    out->match = m->match_q;
    out->bkpt_halt = m->halt_q;
    out->bkpt_mon = m->mon_q;
}

/* [FPB-MATCH-1..4]: comparator n hits when BE[n] and BPADDR[n] is the fetch's halfword
 * address a_hw (or, with BothHalves, a 32-bit one's second halfword a_hw + 1 mod 2^31). As
 * FP_COMPn holds BPADDR in [31:1] and BE in [0], that is FP_COMPn == a_hw << 1 | 1. */
bool fpb_model_hit(const struct fpb_model *m, bool fetch, uint32_t if_addr, bool if_size32)
{
    if (!m->enable || !fetch)
        return false;
    const uint32_t a_hw = if_addr >> 1;
    const uint32_t t1 = a_hw << 1 | 1u; /* FP_COMPn of a hit on a_hw */
    const uint32_t t2 = m->cfg.both_halves && if_size32 ? ((a_hw + 1u) & 0x7FFFFFFFu) << 1 | 1u
                                                        : t1;
    /* every comparator, without a branch (so that the compiler may compare several at once:
     * most fetches hit none) */
    const unsigned nc = m->cfg.num_code;
    unsigned any = 0;
    for (unsigned n = 0; n < nc; n++)
        any |= (unsigned)(m->comp[n] == t1) | (unsigned)(m->comp[n] == t2);
    return any != 0;
}

bool fpb_model_step_nohit(struct fpb_model *m)
{
    const bool changed = m->prdata_q != 0u || m->pslverr_q || !m->pready_q || m->match_q ||
                         m->halt_q || m->mon_q;
    m->prdata_q = 0u;
    m->pslverr_q = false;
    m->pready_q = true;
    m->match_q = false;
    m->halt_q = false;
    m->mon_q = false;
    return changed;
}

bool fpb_model_step(struct fpb_model *m, const struct fpb_in *in)
{
    if (!in->rst_n) {
        fpb_model_reset(m);
        return true;
    }
    return fpb_model_step_hit(
        m, in, fpb_model_hit(m, in->if_valid && in->if_kind == FPB_KIND_FETCH, in->if_addr,
                             in->if_size32));
}

bool fpb_model_step_hit(struct fpb_model *m, const struct fpb_in *in, bool hit)
{
    if (!in->rst_n) {
        fpb_model_reset(m);
        return true;
    }
    /* debug events from this cycle's registers [FPB-EVAL-1], [FPB-TIME-1] */
    bool s = m->cfg.sec_ext && in->if_secure;
    bool unpriv = !in->if_priv;
    bool halt80 = in->hda && in->c_debugen && !in->s_halt && (!s || in->s_sde);
    bool halt81 = m->cfg.ude && unpriv && (in->hda || in->uhda) && !in->s_halt &&
                  (!s || in->uhda_s);
    bool halt = hit && (halt80 || halt81);
    bool mon = hit && !halt && (in->mon_en || (m->cfg.ude && in->umon_en && unpriv)) &&
               !in->s_halt && in->mon_prio && (!s || in->sdme);
    /* APB [FPB-APB-1..3] */
    bool setup = in->psel && !in->penable;
    bool access = in->psel && in->penable;
    uint32_t prdata_d = 0;
    bool pslverr_d = false;
    if (setup) {
        pslverr_d = in->pwrite && (in->pstrb & 0xFu) != 0xFu;
        prdata_d = in->pwrite ? 0 : reg_read(m, in->paddr);
    }
    bool changed = m->prdata_q != prdata_d || m->pslverr_q != pslverr_d || !m->pready_q ||
                   m->match_q != hit || m->halt_q != halt || m->mon_q != mon;
    if (access && in->pwrite && (in->pstrb & 0xFu) == 0xFu) {
        changed = true; /* a register write (counted as a change even if it keeps the value) */
        uint32_t off = in->paddr & 0xFFCu;
        if (off == FP_CTRL_OFF) {
            if (in->pwdata & 2u) /* [FPB-KEY-1] */
                m->enable = (in->pwdata & 1u) != 0;
        } else if (off >= FP_COMP0_OFF && (off - FP_COMP0_OFF) / 4 < m->cfg.num_code)
            m->comp[(off - FP_COMP0_OFF) / 4] = in->pwdata;
    }
    m->prdata_q = prdata_d;
    m->pslverr_q = pslverr_d;
    m->pready_q = true;
    m->match_q = hit;
    m->halt_q = halt;
    m->mon_q = mon;
    return changed;
}
