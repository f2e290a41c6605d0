/* SPDX-License-Identifier: Apache-2.0 */
/* Golden model of the Armv8-M TPIU: registers, flush, periodic sync, outputs and the edge
 * (docs/tpiu-contract.md). */
#include <string.h>

#include "cs_id.h"
#include "tpiu_model_int.h"

/* docs/tpiu-contract.md section 4: identification registers (no DEVARCH: 0xFBC is RAZ),
 * DEVTYPE, PIDR0..4 */
static const struct cs_id tpiu_id = {0u, 0x11u, {0x21u, 0xBDu, 0x0Bu, 0x00u, 0x04u}};

static bool pow2_in(unsigned v, unsigned lo, unsigned hi)
{
    return v >= lo && v <= hi && (v & (v - 1u)) == 0;
}

int tpiu_model_init(struct tpiu_model *m, const struct tpiu_cfg *cfg)
{
    if (!pow2_in(cfg->port_width, 1, 8) || !pow2_in(cfg->atb_fifo_depth, 2, 16) ||
        cfg->frame_idle_cycles < 1u || cfg->frame_idle_cycles > TPIU_MAX_FRAME_IDLE_CYCLES)
        return -1;
    memset(m, 0, sizeof *m);
    m->cfg = *cfg;
    tpiu_model_reset(m);
    return 0;
}

void tpiu_path_reset(struct tpiu_model *m, uint32_t txmode, bool fmt_on)
{
    /* formatter */
    m->p = 0;
    m->aux = 0;
    m->cur_id = 0;
    m->cur_vld = false;
    m->sync_pend = fmt_on;
    m->fs2 = false;
    /* frame buffer: empty [TPIU-BURST-*]; payload storage keeps its (unobservable) values.
     * CONTRACT: the head position of an empty buffer is not observable; it restarts at 0. */
    m->fb_head = 0;
    m->fb_n = 0;
    m->fb_bursts = 0;
    /* parallel port */
    m->sh = 0;
    m->left = 0;
    m->cw = 1;
    m->sh_data = false;
    m->traceclk = false;
    /* SWO: baud counter and engine */
    m->bc = 0;
    m->ser_busy = false;
    m->ser_cell = 0;
    m->ser_byte = 0;
    m->ser_buf = 0;
    m->ser_more = false;
    /* CONTRACT: the parallel mode has no SWO idle level; swo_q = 0 there (swo_o is 0 in
     * the parallel mode anyway, [TPIU-SWO-6]). */
    m->swo = tpiu_swo_idle(txmode);
    m->txb_valid = false;
    m->txb = 0;
}

void tpiu_model_reset(struct tpiu_model *m)
{
    struct tpiu_cfg cfg = m->cfg;
    memset(m, 0, sizeof *m);
    m->cfg = cfg;
    m->cspsr = 0x1u;
    m->sppr = TPIU_TXMODE_MANCHESTER;
    m->enfcont = true;
    m->pready_q = true;
    m->fl_state = TPIU_FL_IDLE;
    tpiu_path_reset(m, m->sppr, tpiu_fmt_on(m));
}

unsigned tpiu_model_cw_get(const struct tpiu_model *m)
{
    switch (m->cspsr) {
    case 0x2u:
        return 2;
    case 0x8u:
        return 4;
    case 0x80u:
        return 8;
    default:
        return 1;
    }
}

static uint32_t sspsr(const struct tpiu_model *m)
{
    uint32_t v = 0;
    for (unsigned w = 1; w <= 8; w <<= 1)
        if (w <= m->cfg.port_width)
            v |= 1u << (w - 1);
    return v;
}

static uint32_t devid(const struct tpiu_model *m)
{
    unsigned l = 0;
    while ((1u << l) < m->cfg.atb_fifo_depth)
        l++;
    return 1u << 11 | 1u << 10 | l << 6;
}

uint32_t tpiu_model_reg_get(const struct tpiu_model *m, uint32_t off)
{
    uint32_t flinprog = m->fl_state != TPIU_FL_IDLE ? 1u : 0u;
    off &= 0xFFCu;
    switch (off) {
    case TPIU_SSPSR_OFF:
        return sspsr(m);
    case TPIU_CSPSR_OFF:
        return m->cspsr;
    case TPIU_ACPR_OFF:
        return m->acpr;
    case TPIU_SPPR_OFF:
        return m->sppr;
    case TPIU_FFSR_OFF: /* [TPIU-REG-4] */
        return TPIU_FFSR_FTNONSTOP | flinprog;
    case TPIU_FFCR_OFF: /* [TPIU-REG-3] */
        return ((tpiu_par_mode(m) || m->enfcont) ? TPIU_FFCR_ENFCONT : 0u) | flinprog << 6 |
               TPIU_FFCR_TRIGIN;
    case TPIU_PSCR_OFF:
        return m->pscr;
    case TPIU_DEVID_OFF:
        return devid(m);
    default:
        break;
    }
    return cs_id_read(&tpiu_id, off); /* TRIGGER, PIDR5..7, unmapped: RAZ */
}

void tpiu_model_eval(const struct tpiu_model *m, const struct tpiu_in *in, struct tpiu_out *out)
{
    memset(out, 0, sizeof *out);
    if (!in->rst_n)
        return; /* asynchronous reset: every output 0 */
    bool par = tpiu_par_mode(m), swo = tpiu_swo_mode(m);
    out->prdata = m->prdata_q;
    out->pready = m->pready_q;
    out->pslverr = m->pslverr_q;
    out->atready = m->n < m->cfg.atb_fifo_depth && m->fl_state != TPIU_FL_DRAIN; /* ATB-1 */
    out->afvalid = m->fl_state == TPIU_FL_REQ;                                   /* FLUSH-1 */
    out->traceclk = m->traceclk;                                                 /* PAR-3 */
    if (par && m->left != 0)                                                     /* PAR-1 */
        out->tracedata = (uint8_t)(m->sh & ((1u << m->cw) - 1u) & ((1u << m->cfg.port_width) - 1u));
    out->swo = swo && m->swo; /* [TPIU-SWO-6] */
    out->txb_valid = m->txb_valid;
    out->txb = m->txb;
    out->ts_tick = tpiu_tick(m);            /* [TPIU-SWO-2] */
    out->async_idle = !swo || !m->ser_busy; /* [TPIU-SWO-7] */
    out->sync_req = m->sync_req;            /* [TPIU-SYNC-2] */
}

/* Stores an APB word write (access edge, [TPIU-APB-1]); the flush start and the restart are
 * decided by the caller from cycle t's state. */
static void reg_write(struct tpiu_model *m, uint32_t off, uint32_t v)
{
    switch (off) {
    case TPIU_CSPSR_OFF: /* [TPIU-REG-1]: one-hot at a supported size */
        if (v != 0 && (v & (v - 1u)) == 0 && (v & sspsr(m)) != 0)
            m->cspsr = v;
        break;
    case TPIU_ACPR_OFF:
        m->acpr = v & 0xFFFFu;
        break;
    case TPIU_SPPR_OFF: /* [TPIU-REG-2] */
        if ((v & 3u) != 3u)
            m->sppr = v & 3u;
        break;
    case TPIU_FFCR_OFF: /* [TPIU-REG-3] */
        m->enfcont = (v & TPIU_FFCR_ENFCONT) != 0;
        break;
    case TPIU_PSCR_OFF: /* [TPIU-REG-5] */
        m->pscr = v & 0x1Fu;
        break;
    default:
        break; /* RO, RAZ/WI */
    }
}

void tpiu_model_step(struct tpiu_model *m, const struct tpiu_in *in)
{
    if (!in->rst_n) {
        tpiu_model_reset(m);
        return;
    }
    /* ---- cycle t values (every rule reads the _q state, [TPIU-EVAL-1]) ---- */
    bool par = tpiu_par_mode(m), swo = tpiu_swo_mode(m), fmt_on = tpiu_fmt_on(m);
    bool drain = m->fl_state == TPIU_FL_DRAIN;
    bool atready = m->n < m->cfg.atb_fifo_depth && !drain;
    bool push = in->atvalid && atready;
    /* [TPIU-IDLE-2] from cycle t's idle_q and fb_bursts_q, before any pop at this edge */
    bool idle_pad = fmt_on && m->idle == m->cfg.frame_idle_cycles && m->fb_bursts == 0;
    /* [TPIU-BURST-3] room from cycle t's count: a pop at this edge does not make room */
    bool fb_room = fmt_on ? m->fb_n < TPIU_FB_DEPTH : m->fb_n == 0;
    bool fl_done = drain && m->n == 0 && m->fb_n == 0 && (!fmt_on || m->p == 0) &&
                   tpiu_port_empty(m); /* [TPIU-FLUSH-2] */

    /* APB [TPIU-APB-1/2] */
    bool setup = in->psel && !in->penable;
    bool wr = in->psel && in->penable && in->pwrite && (in->pstrb & 0xFu) == 0xFu;
    uint32_t off = in->paddr & 0xFFCu;
    uint32_t prdata_d = 0;
    bool pslverr_d = false;
    if (setup) {
        pslverr_d = in->pwrite && (in->pstrb & 0xFu) != 0xFu;
        prdata_d = in->pwrite ? 0 : tpiu_model_reg_get(m, off);
    }
    /* [TPIU-MODE-2] restart at the access edge */
    uint32_t new_mode = m->sppr;
    bool new_fmt_on = fmt_on;
    if (wr && off == TPIU_SPPR_OFF && (in->pwdata & 3u) != 3u)
        new_mode = in->pwdata & 3u;
    if (wr && off == TPIU_FFCR_OFF)
        new_fmt_on = new_mode == TPIU_TXMODE_PARALLEL || (in->pwdata & TPIU_FFCR_ENFCONT);
    if (wr && off == TPIU_SPPR_OFF)
        new_fmt_on = new_mode == TPIU_TXMODE_PARALLEL || m->enfcont;
    bool restart = (wr && off == TPIU_SPPR_OFF && new_mode != m->sppr) ||
                   (wr && off == TPIU_FFCR_OFF && new_fmt_on != fmt_on);

    /* [TPIU-SYNC-2] periodic synchronization request */
    bool sync_fire = false;
    if (m->pscr >= 7u && m->pscr <= 27u) {
        if (push) {
            if (m->ps + 1u >= (1u << m->pscr)) {
                m->ps = 0;
                sync_fire = true;
            } else {
                m->ps++;
            }
        }
    } else {
        /* CONTRACT: "Disabled: ps_d = 0" read as at every edge, not only at accepting
         * edges. */
        m->ps = 0;
    }
    m->sync_req = sync_fire;

    /* ---- output path ---- */
    if (restart) {
        tpiu_path_reset(m, new_mode, new_fmt_on);
    } else {
        m->txb_valid = false;
        m->txb = 0;
        /* A port pops the frame buffer's head and the formatter pushes at its tail: both
         * at this edge, each decided from cycle t's buffer (fb_room and idle_pad above), so
         * fb_n_d = fb_n_q + push - pop [TPIU-BURST-3]. */
        if (par) {
            tpiu_par_step(m);
        } else {
            m->traceclk = false;
            if (swo)
                tpiu_swo_step(m);
            else
                m->bc = 0;
        }
        if (fb_room) /* pops the input buffer before the ATB push below */
            tpiu_fmt_step(m, fmt_on, drain || idle_pad);
        /* CONTRACT: a periodic request and FMT-2 clearing sync_pend at the same edge: the
         * set wins ([ITM-EVAL-2], which section 2 adopts). At a restart edge the restart
         * value of sync_pend wins ("nothing of the normal update"). */
        if (sync_fire && fmt_on)
            m->sync_pend = true;
    }

    /* [TPIU-IDLE-1] in every mode, also at a restart edge (kept, [TPIU-EVAL-2]) */
    if (push)
        m->idle = 0;
    else if (m->idle < m->cfg.frame_idle_cycles)
        m->idle++;

    /* [TPIU-ATB-1] push; the full test used n_q above */
    if (push) {
        struct tpiu_atb_entry *e = &m->fifo[(m->head + m->n) % TPIU_MAX_FIFO_DEPTH];
        e->id = in->atid & 0x7Fu;
        e->data = in->atdata;
        m->n++;
    }

    /* flush state [TPIU-FLUSH-1/2] */
    switch (m->fl_state) {
    case TPIU_FL_IDLE:
        if (wr && off == TPIU_FFCR_OFF && (in->pwdata & TPIU_FFCR_FONMAN))
            m->fl_state = TPIU_FL_REQ;
        break;
    case TPIU_FL_REQ:
        if (in->afready)
            m->fl_state = TPIU_FL_DRAIN;
        break;
    default:
        if (fl_done)
            m->fl_state = TPIU_FL_IDLE;
        break;
    }

    /* registers last: a write acts from the next cycle */
    if (wr)
        reg_write(m, off, in->pwdata);
    m->prdata_q = prdata_d;
    m->pslverr_q = pslverr_d;
    m->pready_q = true;
}
