/* SPDX-License-Identifier: Apache-2.0 */
/* Golden DWT register map and APB write decode (docs/dwt-contract.md sections 4, 5). */
#include "cs_id.h"
#include "dwt_model_int.h"

#define DWT_OFF_CTRL 0x000u
#define DWT_OFF_CYCCNT 0x004u
#define DWT_OFF_CNT0 0x008u /* CPICNT .. FOLDCNT at 0x008 .. 0x018 */
#define DWT_OFF_PCSR 0x01Cu
#define DWT_OFF_COMP0 0x020u

/* Read-only identification registers (section 4): DEVARCH (REVISION = HasVmask), DEVTYPE,
 * PIDR0..4. */
static const struct cs_id dwt_regs_id = {0x47701A02u, 0x00u, {0x21u, 0xBDu, 0x0Bu, 0x00u, 0x04u}};
static const struct cs_id dwt_regs_id_vmask = {0x47711A02u, 0x00u,
                                               {0x21u, 0xBDu, 0x0Bu, 0x00u, 0x04u}};

/* [DWT-ID-1]: 0x0B / 0x0A for even comparators (with / without the cycle counter match),
 * 0x1E / 0x1A for odd ones (with / without the Main Extension). Bit 2 (data value, linked
 * data value) only together with the linking bit 4; every consequence of data value
 * support (sup(), DWT_VMASKn, vmatch's mask) follows from this ID [DWT-ID-2]. */
unsigned dwt_model_id(const struct dwt_cfg *cfg, unsigned n) {
    unsigned id = 2u | 8u;
    if (cfg->cyccnt && n == 0u)
        id |= 1u;
    if (cfg->main_ext && (n & 1u))
        id |= 4u;
    if (n & 1u)
        id |= 16u;
    return id;
}

/* RW fields of DWT_CTRL for this configuration (4.1). */
uint32_t dwt_regs_ctrl_mask(const struct dwt_cfg *c) {
    uint32_t m = 0;
    if (c->cyccnt)
        m |= DWT_CTRL_CYCCNTENA | 3u << DWT_CTRL_SYNCTAP_SHIFT;
    if (c->cyccnt && c->trace)
        m |= 0xFu << DWT_CTRL_POSTPRESET_SHIFT | DWT_CTRL_POSTINIT_MASK | DWT_CTRL_CYCTAP |
             DWT_CTRL_PCSAMPLENA | DWT_CTRL_CYCEVTENA;
    if (c->trace)
        m |= DWT_CTRL_EXCTRCENA;
    if (c->prfcnt)
        m |= 0x1Fu << DWT_CTRL_EVTENA_SHIFT;
    if (c->cyccnt && c->sec_ext)
        m |= DWT_CTRL_CYCDISS;
    return m;
}

static uint32_t ctrl_ro(const struct dwt_cfg *c) {
    return (c->num_comp & 0xFu) << 28 | (c->trace ? 0u : 1u << 27) | (c->exttrig ? 0u : 1u << 26) |
           (c->cyccnt ? 0u : 1u << 25) | (c->prfcnt ? 0u : 1u << 24);
}

/* Comparator n and register slot (0 COMP, 4 reserved, 8 FUNCTION, C VMASK) at off. */
static int comp_slot(const struct dwt_model *m, uint32_t off, uint32_t *slot) {
    if (off < DWT_OFF_COMP0 || off >= DWT_OFF_COMP0 + 16u * m->cfg.num_comp)
        return -1;
    *slot = off & 0xCu;
    return (int)((off - DWT_OFF_COMP0) / 16u);
}

int dwt_regs_func_idx(const struct dwt_model *m, uint32_t off) {
    uint32_t slot = 0;
    int n = comp_slot(m, off & 0xFFCu, &slot);
    return n >= 0 && slot == 8u ? n : -1;
}

static bool vmask_impl(const struct dwt_cfg *c, unsigned n) {
    return c->vmask && (dwt_model_id(c, n) & 4u);
}

/* [DWT-PCS-2] */
static uint32_t pcsr(const struct dwt_model *m, const struct dwt_in *in) {
    if (!m->cfg.pcsr)
        return 0;
    if (in->halted || !m->pc_vld || !dwt_auth_trace_ok(&m->cfg, in, m->pc_last_s, m->pc_last_p))
        return 0xFFFFFFFFu;
    return m->pc_last;
}

/* Value read at offset off in the setup cycle (bits [1:0] ignored). */
uint32_t dwt_regs_read(const struct dwt_model *m, const struct dwt_in *in, uint32_t off) {
    const struct dwt_cfg *c = &m->cfg;
    uint32_t slot = 0;
    off &= 0xFFCu;
    if (off == DWT_OFF_CTRL)
        return (m->ctrl & dwt_regs_ctrl_mask(c)) | ctrl_ro(c);
    if (off == DWT_OFF_CYCCNT)
        return c->cyccnt ? m->cyccnt : 0u;
    if (off >= DWT_OFF_CNT0 && off < DWT_OFF_PCSR)
        return c->prfcnt ? m->cnt[(off - DWT_OFF_CNT0) / 4u] : 0u;
    if (off == DWT_OFF_PCSR)
        return pcsr(m, in);
    int n = comp_slot(m, off, &slot);
    if (n >= 0) {
        unsigned u = (unsigned)n;
        switch (slot) {
        case 0x0u:
            return m->comp[u];
        case 0x8u:
            return (m->func[u] & DWT_FUNC_RW_MASK) | (m->matched[u] ? 1u << 24 : 0u) |
                   dwt_model_id(c, u) << 27;
        case 0xCu:
            return vmask_impl(c, u) ? m->vmask[u] : 0u;
        default:
            return 0u;
        }
    }
    return cs_id_read(c->vmask ? &dwt_regs_id_vmask : &dwt_regs_id, off);
}

/* DWT_CTRL write: POSTINIT rule, POSTCNT load, counter clears ([DWT-POST-3], [DWT-POST-4],
 * [DWT-CNT-1]). */
static void ctrl_write(const struct dwt_model *m, uint32_t data, struct dwt_wr *w) {
    uint32_t old = m->ctrl;
    uint32_t v = data & dwt_regs_ctrl_mask(&m->cfg);
    uint32_t smp = DWT_CTRL_PCSAMPLENA | DWT_CTRL_CYCEVTENA;
    bool idle = (old & smp) == 0u;
    if (!idle)
        v = (v & ~DWT_CTRL_POSTINIT_MASK) | (old & DWT_CTRL_POSTINIT_MASK);
    if (idle && (v & smp)) {
        w->post = true;
        w->post_v = (uint8_t)DWT_CTRL_POSTINIT(old);
    }
    for (unsigned k = 0; k < DWT_NUM_CNT; k++) {
        uint32_t b = 1u << (DWT_CTRL_EVTENA_SHIFT + k);
        if (!(old & b) && (v & b)) {
            w->cnt[k] = true;
            w->cnt_v[k] = 0;
        }
    }
    w->reg = DWT_WR_CTRL;
    w->val = v;
}

/* Decodes the APB write committing at this edge, if any ([DWT-APB-1], [DWT-APB-2]). */
void dwt_regs_write(const struct dwt_model *m, const struct dwt_in *in, struct dwt_wr *w) {
    const struct dwt_cfg *c = &m->cfg;
    uint32_t off = in->paddr & 0xFFCu, slot = 0, d = in->pwdata;
    w->reg = DWT_WR_NONE;
    if (!(in->psel && in->penable && in->pwrite) || (in->pstrb & 0xFu) != 0xFu)
        return;
    if (off == DWT_OFF_CTRL) {
        ctrl_write(m, d, w);
    } else if (off == DWT_OFF_CYCCNT) {
        w->cyc = c->cyccnt;
        w->cyc_v = d;
    } else if (off >= DWT_OFF_CNT0 && off < DWT_OFF_PCSR) {
        unsigned k = (off - DWT_OFF_CNT0) / 4u;
        w->cnt[k] = c->prfcnt;
        w->cnt_v[k] = (uint8_t)d;
    } else {
        int n = comp_slot(m, off, &slot);
        if (n < 0)
            return;
        w->idx = (unsigned)n;
        if (slot == 0x0u) {
            w->reg = DWT_WR_COMP;
            w->val = d;
        } else if (slot == 0x8u) {
            w->reg = DWT_WR_FUNC;
            w->val = d & DWT_FUNC_RW_MASK;
        } else if (slot == 0xCu && vmask_impl(c, (unsigned)n)) {
            w->reg = DWT_WR_VMASK;
            w->val = d;
        }
    }
}
