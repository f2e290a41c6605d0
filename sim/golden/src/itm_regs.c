/* SPDX-License-Identifier: Apache-2.0 */
/* ITM APB register file and stimulus-write acceptance (docs/itm-contract.md 4-6). */
#include "cs_id.h"
#include "itm_model_int.h"

/* Read-only identification registers (section 4): DEVARCH, DEVTYPE, PIDR0..4. */
static const struct cs_id itm_regs_id = {0x47701A01u, 0x43u, {0x21u, 0xBDu, 0x0Bu, 0x00u, 0x04u}};

#define ITM_REGS_STIM_END 0x400u
#define ITM_REGS_TER_BASE 0xE00u
#define ITM_REGS_TPR 0xE40u
#define ITM_REGS_TCR 0xE80u

/* Number of implemented ITM_TERk registers: NumStimPorts/32 rounded up. */
static unsigned itm_regs_ter_count(const struct itm_model *q)
{
    return (q->cfg.num_stim_ports + 31u) / 32u;
}

/* Bits of ITM_TERk that belong to implemented ports. */
static uint32_t itm_regs_ter_mask(const struct itm_model *q, unsigned k)
{
    unsigned left = q->cfg.num_stim_ports - 32u * k;

    return left >= 32u ? 0xFFFFFFFFu : ((1u << left) - 1u);
}

/* Bits of ITM_TPR that exist: PRIVMASK[NumStimPorts/8-1:0]. */
static uint32_t itm_regs_tpr_mask(const struct itm_model *q)
{
    unsigned groups = q->cfg.num_stim_ports / 8u;

    return groups >= 32u ? 0xFFFFFFFFu : ((1u << groups) - 1u);
}

/* True if offset off is an implemented ITM_STIMn. */
static bool itm_regs_is_stim(const struct itm_model *q, uint32_t off)
{
    return off < ITM_REGS_STIM_END && (off >> 2) < q->cfg.num_stim_ports;
}

static bool itm_regs_ter_bit(const struct itm_model *q, unsigned port)
{
    return ((q->ter[port / 32u] >> (port % 32u)) & 1u) != 0u;
}

static bool itm_regs_tpr_bit(const struct itm_model *q, unsigned group)
{
    return ((q->tpr >> group) & 1u) != 0u;
}

/* [ITM-BUSY-1] BUSY from _q values only. */
bool itm_regs_busy_get(const struct itm_model *q)
{
    return q->stim.count != 0u || q->hw.count != 0u || q->pkt_len != q->pkt_pos ||
           q->sync_pending || q->ovf_pending || q->lts_pending || q->gts1_pending ||
           q->gts2_pending;
}

/* Register value at offset off in the current cycle (reads never have side effects). */
static uint32_t itm_regs_read(const struct itm_model *q, uint32_t off)
{
    if (off < ITM_REGS_STIM_END) {
        unsigned port = off >> 2;

        if (port >= q->cfg.num_stim_ports) {
            return 0u;
        }
        /* FIFOREADY / DISABLED: stimulus buffer only, never the hardware FIFO. */
        if ((q->tcr & ITM_TCR_ITMENA) != 0u && itm_regs_ter_bit(q, port)) {
            return q->stim.count < q->stim.depth ? 1u : 0u;
        }
        return 2u;
    }
    if (off >= ITM_REGS_TER_BASE && off < ITM_REGS_TER_BASE + 4u * itm_regs_ter_count(q)) {
        return q->ter[(off - ITM_REGS_TER_BASE) >> 2];
    }
    if (off == ITM_REGS_TPR) {
        return q->tpr;
    }
    if (off == ITM_REGS_TCR) {
        return q->tcr | (itm_regs_busy_get(q) ? ITM_TCR_BUSY : 0u);
    }
    return cs_id_read(&itm_regs_id, off);
}

/* [ITM-APB-3] illegal write strobe for offset off. */
static bool itm_regs_strobe_bad(uint32_t off, unsigned strb)
{
    /* The strobe rule covers the whole stimulus window, implemented ports or not. */
    if (off < ITM_REGS_STIM_END) {
        return !(strb == 0x1u || strb == 0x3u || strb == 0xFu);
    }
    return strb != 0xFu;
}

/* Stimulus write in its access cycle: acceptance rules [ITM-STIM-1..3]. */
static void itm_regs_stim_write(const struct itm_model *q, const struct itm_in *in,
                                uint32_t off, unsigned strb, struct itm_comb *c)
{
    unsigned port = off >> 2;
    bool priv = (in->pprot & 1u) != 0u;
    bool nsec = (in->pprot & 2u) != 0u;
    bool en = (q->tcr & ITM_TCR_ITMENA) != 0u && itm_regs_ter_bit(q, port); /* [ITM-STIM-1] */
    bool auth = in->trcena && (nsec ? in->niden : in->spniden);             /* [ITM-STIM-2] */
    bool allowed = priv || !itm_regs_tpr_bit(q, port / 8u);                  /* [ITM-STIM-3] */
    unsigned len = strb == 0x1u ? 1u : strb == 0x3u ? 2u : 4u;

    if (!(en && auth && allowed)) {
        return;
    }
    c->stim_acc = true;
    c->stim_e = (struct itm_fifo_entry){0};
    c->stim_e.port = (uint8_t)port;
    c->stim_e.len = (uint8_t)len;
    c->stim_e.data = len == 4u ? in->pwdata : (in->pwdata & ((1u << (8u * len)) - 1u));
    /* [ITM-STIM-4] push if not full, [ITM-STIM-5] else drop and record an overflow; the
     * full test uses stim_count_q only. */
    c->stim_push = !itm_fifo_full_get(&q->stim);
    c->stim_drop = !c->stim_push;
}

/* Write committing at the access edge [ITM-APB-2], already known to be strobe-legal. */
static void itm_regs_write(const struct itm_model *q, const struct itm_in *in, uint32_t off,
                           unsigned strb, struct itm_comb *c)
{
    bool priv = (in->pprot & 1u) != 0u;

    if (itm_regs_is_stim(q, off)) {
        itm_regs_stim_write(q, in, off, strb, c);
    } else if (off >= ITM_REGS_TER_BASE &&
               off < ITM_REGS_TER_BASE + 4u * itm_regs_ter_count(q)) {
        unsigned k = (off - ITM_REGS_TER_BASE) >> 2;
        uint32_t wmask = itm_regs_ter_mask(q, k);

        /* [ITM-APB-5] unprivileged: only ports of groups with TPR[g] == 0. */
        if (!priv) {
            for (unsigned j = 0; j < 4u; j++) {
                if (itm_regs_tpr_bit(q, 4u * k + j)) {
                    wmask &= ~(0xFFu << (8u * j));
                }
            }
        }
        c->ter_wr = true;
        c->ter_idx = k;
        c->ter_wval = (q->ter[k] & ~wmask) | (in->pwdata & wmask);
    } else if (off == ITM_REGS_TPR) {
        if (priv) { /* [ITM-APB-5] unprivileged TPR writes ignored */
            c->tpr_wr = true;
            c->tpr_wval = in->pwdata & itm_regs_tpr_mask(q);
        }
    } else if (off == ITM_REGS_TCR) {
        if (priv) { /* [ITM-APB-5] unprivileged TCR writes ignored */
            c->tcr_wr = true;
            c->tcr_wval = in->pwdata & ITM_TCR_WRITABLE;
        }
    }
    /* everything else: RO or unmapped, WI */
}

void itm_regs_comb(const struct itm_model *q, const struct itm_in *in, struct itm_comb *c)
{
    uint32_t off = in->paddr & 0xFFCu; /* 12-bit address, bits [1:0] ignored */
    unsigned strb = in->pstrb & 0xFu;
    bool access = in->psel && in->penable;

    if (!in->psel) { /* no transfer: the values below, without their tests */
        c->setup = c->err = c->pslverr_d = false;
        c->prdata_d = 0u;
        return;
    }
    c->setup = in->psel && !in->penable;
    /* [ITM-APB-3] only writes error; reads never do. */
    c->err = in->psel && in->pwrite && itm_regs_strobe_bad(off, strb);
    /* [ITM-APB-1] capture at the setup edge, 0 in every other cycle. [ITM-APB-4] reads are
     * always permitted. */
    c->prdata_d = (c->setup && !in->pwrite) ? itm_regs_read(q, off) : 0u;
    c->pslverr_d = c->setup && c->err;
    /* [ITM-APB-2] writes take effect at the access edge; an erroring write has no effect. */
    if (access && in->pwrite && !c->err) {
        itm_regs_write(q, in, off, strb, c);
    }
}

bool itm_regs_apb_idle(const struct itm_model *q, const struct itm_in *in)
{
    uint32_t off = in->paddr & 0xFFCu;
    unsigned strb = in->pstrb & 0xFu;
    struct itm_comb c;

    if (!in->psel) {
        return true;
    }
    if (!in->penable) {
        /* [ITM-APB-1] a setup cycle captures pwrite ? 0 : rdata and err ([ITM-APB-3]: a
         * write's illegal strobe); reads have no side effects */
        return in->pwrite ? !itm_regs_strobe_bad(off, strb) : itm_regs_read(q, off) == 0u;
    }
    /* An access cycle captures 0 and 0; [ITM-APB-2] only a write with a legal strobe acts */
    if (!in->pwrite || itm_regs_strobe_bad(off, strb)) {
        return true;
    }
    c.tcr_wr = c.ter_wr = c.tpr_wr = c.stim_acc = false;
    itm_regs_write(q, in, off, strb, &c);
    /* an accepted stimulus write pushes or drops ([ITM-STIM-4], [ITM-STIM-5]); a register
     * write acts unless it writes the value the register holds (ignored writes: none) */
    return !c.stim_acc && (!c.tcr_wr || c.tcr_wval == q->tcr) &&
           (!c.ter_wr || c.ter_wval == q->ter[c.ter_idx]) && (!c.tpr_wr || c.tpr_wval == q->tpr);
}

bool itm_regs_commit(struct itm_model *m, const struct itm_comb *c)
{
    bool ch = false;

    ITM_UPD(ch, m->prdata_q, c->prdata_d);
    ITM_UPD(ch, m->pslverr_q, c->pslverr_d);
    ITM_UPD(ch, m->pready_q, true);
    if (c->tcr_wr) {
        ITM_UPD(ch, m->tcr, c->tcr_wval);
    }
    if (c->ter_wr) {
        ITM_UPD(ch, m->ter[c->ter_idx], c->ter_wval);
    }
    if (c->tpr_wr) {
        ITM_UPD(ch, m->tpr, c->tpr_wval);
    }
    return ch;
}
