/* SPDX-License-Identifier: Apache-2.0 */
/* ETM golden model: the APB register file (docs/etm-contract.md section 12). */
#include "cs_id.h"
#include "etm_model_int.h"

/* TRCDEVARCH, TRCDEVTYPE, PIDR0..4 (section 12). */
static const struct cs_id etm_regs_id = {0x47754A13u, 0x13u, {0x21u, 0xBDu, 0x0Bu, 0x00u, 0x04u}};

bool etm_idle_get(const struct etm_model *m) /* [ETM-REG-2] */
{
    return !m->en && m->count == 0u && m->t.n_atoms == 0u && m->t.spec_sd == 0u; /* [ETM-SPEC-8] */
}

uint32_t etm_model_idr(const struct etm_cfg *cfg, unsigned n)
{
    switch (n) {
    case 0: /* RES1, TRCBB, TRCCCI, RETSTACK, TSSIZE 64-bit, COMMOPT */
        return 0x280000A1u | (cfg->rs_depth > 0u ? 0x200u : 0u) |
               (cfg->q_supp ? 0x8000u : 0u) | /* QSUPP = 0b01 [ETM-Q-1] */
               (cfg->q_supp && cfg->num_ac_pairs > 0u ? 0x4000u : 0u); /* QFILT [ETM-Q-9] */
    case 1:
        return 0x0000F450u; /* ETMv4.5 */
    case 2:
        return 0x4u | ((cfg->cc_size - 12u) << 25);
    case 3:
        return 0x1u | (cfg->sec_ext ? (1u << 16) : 0u) | (1u << 20) |
               (cfg->has_stall ? (1u << 26) : 0u); /* STALLCTL [ETM-STALL-1] */
    case 4:
        return cfg->num_ac_pairs | cfg->num_pc << 12; /* [ETM-ACMP-4] */
    case 5:
        return 0x00070000u;
    case 8:
        return cfg->max_spec; /* TRCIDR8.MAXSPEC [ETM-SPEC-1] */
    default:
        return 0u; /* TRCIDR6..13 */
    }
}

static uint32_t etm_pc_mask(const struct etm_cfg *cfg)
{
    return (1u << cfg->num_pc) - 1u;
}

uint32_t etm_regs_read(const struct etm_model *m, const struct etm_in *in, uint32_t off)
{
    const struct etm_cfg *c = &m->cfg;
    bool idle = etm_idle_get(m);

    switch (off) {
    case ETM_TRCPRGCTLR: return m->en ? 1u : 0u;
    case ETM_TRCSTATR: return idle ? 0x3u : 0x0u;
    case ETM_TRCCONFIGR: return m->configr;
    case ETM_TRCSTALLCTLR: return m->stallctlr; /* 0 without has_stall [ETM-STALL-2] */
    case ETM_TRCTSCTLR: return m->tsctlr;
    case ETM_TRCSYNCPR: return m->syncpr;
    case ETM_TRCCCCTLR: return m->ccctlr;
    case ETM_TRCTRACEIDR: return m->traceidr;
    case ETM_TRCVICTLR: return m->victlr;
    case ETM_TRCVIPCSSCTLR: return m->vipcssctlr;
    case ETM_TRCVIIECTLR: return m->viiectlr;
    case ETM_TRCBBCTLR: return m->bbctlr;
    case ETM_TRCQCTLR: return m->qctlr;
    case 0x180u: return c->max_spec; /* TRCIDR8 [ETM-SPEC-1] */
    case 0x184u: case 0x188u: case 0x18Cu: case 0x190u: case 0x194u:
        return 0u; /* TRCIDR8..13 */
    case 0x1E0u: case 0x1E4u: case 0x1E8u: case 0x1ECu:
    case 0x1F0u: case 0x1F4u: case 0x1F8u: case 0x1FCu:
        return etm_model_idr(c, (off - 0x1E0u) / 4u);
    case 0x314u: return 0x1u; /* TRCPDSR.POWER */
    case 0xFB8u: { /* TRCAUTHSTATUS */
        uint32_t v = (in->niden ? 0x3u : 0x2u) << 2;
        if (c->sec_ext) {
            v |= (in->niden && in->spniden ? 0x3u : 0x2u) << 6;
        }
        return v;
    }
    default:
        if (off >= ETM_TRCACVR0 && off < ETM_TRCACVR0 + 16u * c->num_ac_pairs &&
            (off & 7u) == 0u) { /* TRCACVRn [31:0]; [63:32] and TRCACATRn RAZ [ETM-ACMP-2] */
            return m->acvr[(off - ETM_TRCACVR0) / 8u];
        }
        return cs_id_read(&etm_regs_id, off); /* the ID registers; the rest RAZ */
    }
}

/* A word write at the access edge; idle is TRCSTATR.IDLE of the access cycle. */
void etm_regs_write(struct etm_model *m, uint32_t off, uint32_t v, bool idle)
{
    const struct etm_cfg *c = &m->cfg;
    uint32_t pc = etm_pc_mask(c);
    uint32_t ac = (1u << c->num_ac_pairs) - 1u;

    if (off == ETM_TRCPRGCTLR) {
        bool en = (v & 1u) != 0u;
        if (en && !m->en) { /* [ETM-EN-1]: the trace state starts over, ovf_q kept */
            bool ovf = m->t.ovf;
            m->t = (struct etm_trace){0};
            m->t.ovf = ovf;
            m->t.resync_pend = true;
            m->t.ton_pend = true;
            m->t.at_wp = true;
            m->cc_cnt = 0;
            m->t.f45 = c->atom_f45;
            m->sp.tr = 0; /* a new stream: nothing outstanding is in it [ETM-SPEC-3] */
        }
        m->en = en;
        return;
    }
    if (!idle) { /* [ETM-REG-1] */
        return;
    }
    switch (off) {
    case ETM_TRCCONFIGR:
        m->configr = v & (ETM_CFG_BB | ETM_CFG_CCI | ETM_CFG_TS |
                          (c->rs_depth > 0u ? ETM_CFG_RS : 0u) |
                          (c->q_supp ? ETM_CFG_QE : 0u)); /* [ETM-Q-1] */
        break;
    case ETM_TRCSTALLCTLR: /* [ETM-STALL-2]: LEVEL, ISTALL; RAZ/WI without has_stall */
        m->stallctlr = c->has_stall ? v & 0x10Fu : 0u;
        break;
    case ETM_TRCTSCTLR: m->tsctlr = v & 0x9Fu; break;
    case ETM_TRCSYNCPR:
        if ((v & 0x1Fu) == 0u || ((v & 0x1Fu) >= 8u && (v & 0x1Fu) <= 20u)) {
            m->syncpr = v & 0x1Fu;
        }
        break;
    case ETM_TRCCCCTLR: m->ccctlr = v & 0xFFFu; break;
    case ETM_TRCTRACEIDR: m->traceidr = v & 0x7Fu; break;
    case ETM_TRCVICTLR: m->victlr = v & (0x9Fu | ETM_VICTLR_SSSTATUS); break;
    case ETM_TRCVIPCSSCTLR: m->vipcssctlr = v & (pc | (pc << 16)); break;
    case ETM_TRCVIIECTLR: m->viiectlr = v & (ac | (ac << 16)); break; /* [ETM-VIEW-3] */
    case ETM_TRCBBCTLR: m->bbctlr = c->num_ac_pairs > 0u ? v & (ac | 0x100u) : 0u; break;
    case ETM_TRCQCTLR: /* [ETM-Q-9] */
        m->qctlr = c->q_supp && c->num_ac_pairs > 0u ? v & (ac | 0x100u) : 0u;
        break;
    default:
        if (off >= ETM_TRCACVR0 && off < ETM_TRCACVR0 + 16u * c->num_ac_pairs &&
            (off & 7u) == 0u) { /* [ETM-ACMP-2] */
            m->acvr[(off - ETM_TRCACVR0) / 8u] = v;
        }
        break;
    }
}
