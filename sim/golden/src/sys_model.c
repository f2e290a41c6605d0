/* SPDX-License-Identifier: Apache-2.0 */
/* rtl/top/trace_top in C: APB frame decode and the blocks (docs/fpb-contract.md §7), with
 * has_tpiu the ITM -> TPIU connection (docs/tpiu-contract.md §9), with has_dwt the
 * DWT -> ITM connection (docs/dwt-contract.md §17), with has_etm the ETM and the funnel in
 * front of the TPIU (docs/etm-contract.md §13, sys_etm.c). */
#include "sys_model.h"

#include "sys_etm.h"

#include <stddef.h>
#include <string.h>

/* The ITM's and the FPB's inputs: the fields of struct sys_in before the DWT's. With the ITM
 * and the FPB alone (m->alone) no other field is read, and the memo wc_in keeps and compares
 * only these bytes. */
#define SYS_IN_ALONE offsetof(struct sys_in, ia_valid)
_Static_assert(offsetof(struct sys_in, itm) == 0 &&
                   offsetof(struct sys_in, if_valid) >= sizeof(struct itm_in) &&
                   offsetof(struct sys_in, mon_prio) + sizeof(bool) == SYS_IN_ALONE,
               "struct sys_in: the ITM's and the FPB's inputs must come first (SYS_IN_ALONE)");

int sys_model_init(struct sys_model *m, const struct sys_cfg *cfg)
{
    struct itm_model itm;
    struct fpb_model fpb;
    struct tpiu_model tpiu;
    struct dwt_model dwt;
    if (itm_model_init(&itm, &cfg->itm) != 0 || fpb_model_init(&fpb, &cfg->fpb) != 0 ||
        (cfg->has_tpiu && tpiu_model_init(&tpiu, &cfg->tpiu) != 0))
        return -1;
    if (cfg->has_dwt && (cfg->dwt.sec_ext != cfg->fpb.sec_ext || cfg->dwt.ude != cfg->fpb.ude ||
                         dwt_model_init(&dwt, &cfg->dwt) != 0))
        return -1;
    if (sys_etm_init(m, cfg) != 0)
        return -1;
    m->has_tpiu = cfg->has_tpiu;
    m->has_dwt = cfg->has_dwt;
    m->has_etm = cfg->has_etm;
    m->alone = !cfg->has_tpiu && !cfg->has_dwt && !cfg->has_etm;
    m->itm = itm;
    m->fpb = fpb;
    if (cfg->has_tpiu)
        m->tpiu = tpiu;
    if (cfg->has_dwt)
        m->dwt = dwt;
    m->wc_ok = false;
    m->fp_ok = false;
    m->out_ok = false;
    m->itm_fast.ok = false;
    m->fpb_quiet = fpb_model_edge_idle(&m->fpb, true, false, false);
    memset(&m->wc, 0, sizeof m->wc);
    memset(&m->fp_out, 0, sizeof m->fp_out); /* an absent block's outputs: 0 for ever */
    return 0;
}

void sys_model_reset(struct sys_model *m)
{
    m->wc_ok = false;
    m->fp_ok = false;
    m->out_ok = false;
    m->itm_fast.ok = false;
    itm_model_reset(&m->itm);
    fpb_model_reset(&m->fpb);
    m->fpb_quiet = fpb_model_edge_idle(&m->fpb, true, false, false);
    if (m->has_tpiu)
        tpiu_model_reset(&m->tpiu);
    if (m->has_dwt)
        dwt_model_reset(&m->dwt);
    if (m->has_etm)
        sys_etm_reset(m);
}

/* The APB fields of a block's input struct (they have the same names in every block):
 * psel only for its own frame (mine), a 12-bit offset. */
#define SYS_APB_FIELDS(in, mine)                                                            \
    .rst_n = (in)->itm.rst_n, .psel = (in)->itm.psel && (mine), .penable = (in)->itm.penable, \
    .pwrite = (in)->itm.pwrite, .paddr = (in)->itm.paddr & 0xFFFu,                          \
    .pwdata = (in)->itm.pwdata, .pstrb = (in)->itm.pstrb, .pprot = (in)->itm.pprot

/* The ITM's inputs: psel only for its own frame, a 12-bit offset. */
static void split(const struct sys_in *in, struct itm_in *itm)
{
    unsigned frame = (in->itm.paddr >> 12) & 0xFFu;
    *itm = in->itm;
    itm->psel = in->itm.psel && frame == SYS_FRAME_ITM;
    itm->paddr = in->itm.paddr & 0xFFFu;
}

/* The FPB's inputs: its APB frame, the fetch port and the debug state. Built only for an
 * edge that can change the FPB (fpb_model_edge_idle; its outputs read only rst_n). */
static void fpb_inputs(const struct sys_in *in, struct fpb_in *fpb)
{
    unsigned frame = (in->itm.paddr >> 12) & 0xFFu;
    *fpb = (struct fpb_in){
        SYS_APB_FIELDS(in, frame == SYS_FRAME_FPB),
        .if_valid = in->if_valid,
        .if_addr = in->if_addr,
        .if_kind = in->if_kind,
        .if_size32 = in->if_size32,
        .if_secure = in->if_secure,
        .if_priv = in->if_priv,
        .hda = in->hda,
        .uhda = in->uhda,
        .uhda_s = in->uhda_s,
        .c_debugen = in->c_debugen,
        .s_halt = in->s_halt,
        .s_sde = in->s_sde,
        .mon_en = in->mon_en,
        .sdme = in->sdme,
        .umon_en = in->umon_en,
        .mon_prio = in->mon_prio,
    };
}

/* The TPIU's inputs: its APB frame and the ITM's ATB master (io: the ITM's outputs). */
static void tpiu_inputs(const struct sys_in *in, const struct itm_out *io, struct tpiu_in *ti)
{
    unsigned frame = (in->itm.paddr >> 12) & 0xFFu;
    *ti = (struct tpiu_in){
        SYS_APB_FIELDS(in, frame == SYS_FRAME_TPIU),
        .atvalid = io->atvalid,
        .atdata = io->atdata,
        .atid = io->atid,
        .afready = io->afready,
    };
}

/* The DWT's inputs: its APB frame, the observation port and the shared PE state. */
static void dwt_inputs(const struct sys_in *in, bool hw_ready, struct dwt_in *di)
{
    unsigned frame = (in->itm.paddr >> 12) & 0xFFu;
    *di = (struct dwt_in){
        SYS_APB_FIELDS(in, frame == SYS_FRAME_DWT),
        .ia_valid = in->ia_valid,
        .ia_addr = in->ia_addr,
        .ia_secure = in->ia_secure,
        .ia_priv = in->ia_priv,
        .da_valid = in->da_valid,
        .da_addr = in->da_addr,
        .da_size = in->da_size,
        .da_write = in->da_write,
        .da_data = in->da_data,
        .da_pc = in->da_pc,
        .da_secure = in->da_secure,
        .da_priv = in->da_priv,
        .da_fault = in->da_fault,
        .da_lazyfp = in->da_lazyfp,
        .exc_valid = in->exc_valid,
        .exc_fn = in->exc_fn,
        .exc_num = in->exc_num,
        .exc_secure = in->exc_secure,
        .sleeping = in->sleeping,
        .evt_cpi = in->evt_cpi,
        .evt_exc = in->evt_exc,
        .evt_sleep = in->evt_sleep,
        .evt_lsu = in->evt_lsu,
        .evt_fold = in->evt_fold,
        .pe_secure = in->itm.pe_secure,
        .pe_priv = in->pe_priv,
        .halted = in->itm.halted,
        .trcena = in->itm.trcena,
        .niden = in->itm.niden,
        .niden_p = in->niden_p,
        .spniden = in->itm.spniden,
        .spniden_p = in->spniden_p,
        .hda = in->hda,
        .uhda = in->uhda,
        .uhda_s = in->uhda_s,
        .c_debugen = in->c_debugen,
        .s_halt = in->s_halt,
        .s_sde = in->s_sde,
        .mon_en = in->mon_en,
        .sdme = in->sdme,
        .umon_en = in->umon_en,
        .mon_prio = in->mon_prio,
        .monrdy = in->monrdy,
        .hw_ready = hw_ready,
    };
}

/* The ITM's hardware-source inputs from the DWT's outputs (Moore). */
static void connect_dwt(struct itm_in *ii, const struct dwt_out *dout)
{
    ii->hw_valid = dout->hw_valid;
    ii->hw_data = dout->hw_data;
    ii->hw_ovf = dout->hw_ovf;
    ii->dwt_sync_req = dout->sync_req;
}

/* The ITM's TPIU-side inputs from the TPIU's outputs (Moore, so known before the ITM's). */
static void connect_itm(struct itm_in *ii, const struct tpiu_out *to)
{
    ii->atready = to->atready;
    ii->afvalid = ii->afvalid || to->afvalid;
    ii->tpiu_sync_req = to->sync_req;
    ii->ts_async_tick = to->ts_tick;
    ii->async_idle = to->async_idle;
}

/* One cycle's connections (struct sys_wires), shared by eval and step. Every block's
 * outputs are Moore, so the DWT's and the TPIU's are known before the ITM's inputs are
 * formed from them; the ITM is then evaluated once. */
static void sys_wire(const struct sys_model *m, const struct sys_in *in, struct sys_wires *w)
{
    /* an absent block's outputs stay 0 (w is zeroed once: sys_model_init, blocks_get) */
    split(in, &w->ii);
    if (m->has_dwt) {
        w->dout = (struct dwt_out){0};
        dwt_inputs(in, false, &w->di); /* its outputs ignore hw_ready */
        dwt_model_eval(&m->dwt, &w->di, &w->dout);
        connect_dwt(&w->ii, &w->dout);
    }
    if (m->has_tpiu) {
        w->to = (struct tpiu_out){0};
        tpiu_inputs(in, &(struct itm_out){0}, &w->ti); /* its outputs ignore the ATB inputs */
        tpiu_model_eval(&m->tpiu, &w->ti, &w->to);
        connect_itm(&w->ii, &w->to);
    }
    if (m->has_etm) /* the funnel between the ITM and the TPIU */
        sys_etm_wire(m, in, w);
    itm_model_eval(&m->itm, &w->ii, &w->io);
    if (m->has_etm) /* the funnel's output from the ITM's and the ETM's */
        sys_etm_wire_back(m, w);
}

/* The outputs of the FPB (Moore: its registers, 0 in reset) merged into o, whose itm holds
 * the ITM's: each block's prdata/pslverr are 0 outside its own access phase, so OR them. */
static void fpb_outputs(const struct sys_model *m, bool rst_n, struct sys_out *o)
{
    struct fpb_out fo;
    fpb_model_eval(&m->fpb, &(const struct fpb_in){.rst_n = rst_n}, &fo);
    o->itm.prdata |= fo.prdata;
    o->itm.pslverr |= fo.pslverr;
    o->itm.pready &= fo.pready;
    o->match = fo.match;
    o->bkpt_halt = fo.bkpt_halt;
    o->bkpt_mon = fo.bkpt_mon;
}

/* The state's outputs with the ITM and the FPB alone (every one Moore but atready_o, which
 * the caller sets): built in fp_out from wc.ii, and kept (out_ok) for this rst_n. */
static void __attribute__((noinline)) outputs_alone(struct sys_model *m, bool rst_n)
{
    struct sys_out *o = &m->fp_out;
    itm_model_eval(&m->itm, &m->wc.ii, &m->wc.io);
    o->itm = m->wc.io;
    fpb_outputs(m, rst_n, o);
    m->out_ok = true;
    m->out_rst_n = rst_n;
}

/* Whether the ITM's and the FPB's inputs a and b are equal but for gts_i, bytewise (padding
 * that differs makes them unequal: a fast path not taken, never one wrongly taken). The
 * fields an event sets (the APB transfer's, the hardware source's valid, the fetch's) are
 * compared first, in the 8-byte words that hold them, so that most unequal ones are told
 * apart without memcmp. */
static inline bool same_alone(const struct sys_in *a, const struct sys_in *b)
{
    _Static_assert(offsetof(struct sys_in, itm.gts) >= 24 &&
                       offsetof(struct sys_in, itm.gts) + 8 <= offsetof(struct sys_in, if_valid),
                   "same_alone: gts_i must stay out of the words compared first");
    uint64_t x[4], y[4];
    memcpy(&x[0], (const char *)a, 8);  /* rst_n, psel, penable, pwrite, paddr */
    memcpy(&y[0], (const char *)b, 8);
    memcpy(&x[1], (const char *)a + 8, 8);  /* pwdata, pstrb, pprot, atready, afvalid */
    memcpy(&y[1], (const char *)b + 8, 8);
    memcpy(&x[2], (const char *)a + 16, 8); /* hw_valid */
    memcpy(&y[2], (const char *)b + 16, 8);
    memcpy(&x[3], (const char *)a + offsetof(struct sys_in, if_valid), 8); /* if_valid, if_addr */
    memcpy(&y[3], (const char *)b + offsetof(struct sys_in, if_valid), 8);
    if (((x[0] ^ y[0]) | (x[1] ^ y[1]) | (x[2] ^ y[2]) | (x[3] ^ y[3])) != 0)
        return false;
    /* the rest, gts_i aside */
    const size_t g = offsetof(struct sys_in, itm.gts);
    return memcmp((const char *)a + 24, (const char *)b + 24, g - 24) == 0 &&
           memcmp((const char *)a + g + 8, (const char *)b + g + 8, SYS_IN_ALONE - g - 8) == 0;
}

/* sys_model_eval with the ITM and the FPB alone: the memo wc_in holds only their inputs
 * (SYS_IN_ALONE bytes), the connections are just the ITM's inputs (split) and the outputs,
 * kept while the state's (out_ok), are built only when it moved. */
static void __attribute__((noinline))
eval_alone(struct sys_model *restrict m, const struct sys_in *restrict in,
           struct sys_out *restrict out)
{
    if (m->fp_ok && same_alone(&m->wc_in, in)) { /* a fixed point (sys_model.h) */
        m->wc_in.itm.gts = in->itm.gts;
        *out = m->fp_out;
        return;
    }
    memcpy(&m->wc_in, in, SYS_IN_ALONE);
    m->wc_ok = true;
    m->fp_ok = false;
    split(in, &m->wc.ii);
    if (!m->out_ok || m->out_rst_n != in->itm.rst_n)
        outputs_alone(m, in->itm.rst_n);
    m->fp_out.atready = in->itm.atready; /* without a TPIU: the atready_i port */
    *out = m->fp_out;
}

/* sys_model_eval with a TPIU, DWT or ETM. */
static void __attribute__((noinline))
eval_wired(struct sys_model *m, const struct sys_in *in, struct sys_out *out)
{
    /* with a TPIU, DWT or ETM no fixed point is ever kept (fp_ok, step): every eval builds
     * the outputs; the connections are kept for sys_model_step with the same inputs (no
     * state changes in between: eval is the only other caller and it changes none) */
    struct sys_wires *w = &m->wc;
    sys_wire(m, in, w);
    m->wc_in = *in;
    m->wc_ok = true;
    /* the outputs are built in fp_out (kept for the fast path), whose fields of an absent
     * block stay 0 (zeroed by sys_model_init) */
    struct sys_out *o = &m->fp_out;
    o->itm = w->io;
    fpb_outputs(m, in->itm.rst_n, o);
    o->atready = w->ii.atready; /* without a TPIU: the atready_i port, passed through */
    if (m->has_tpiu) {
        const struct tpiu_out *to = &w->to;
        o->itm.prdata |= to->prdata;
        o->itm.pslverr |= to->pslverr;
        o->itm.pready &= to->pready;
        o->traceclk = to->traceclk;
        o->tracedata = to->tracedata;
        o->swo = to->swo;
        o->txb_valid = to->txb_valid;
        o->txb = to->txb;
    }
    if (m->has_dwt) {
        const struct dwt_out *dout = &w->dout;
        o->itm.prdata |= dout->prdata;
        o->itm.pslverr |= dout->pslverr;
        o->itm.pready &= dout->pready;
        o->cmpmatch = dout->cmpmatch;
        o->wpt_halt = dout->wpt_halt;
        o->wpt_mon = dout->wpt_mon;
        o->dwt_hw_valid = dout->hw_valid;
        o->dwt_hw_data = dout->hw_data;
        o->dwt_hw_ovf = dout->hw_ovf;
        o->dwt_sync_req = dout->sync_req;
    }
    if (m->has_etm)
        sys_etm_outputs(w, o);
    *out = *o;
}

/* (not inlined, nor are the two it calls: tests/bench.sh counts the model as sys_model_eval
 * and step*, inclusive) */
void __attribute__((noinline))
sys_model_eval(struct sys_model *m, const struct sys_in *in, struct sys_out *out)
{
    if (m->alone)
        eval_alone(m, in, out);
    else
        eval_wired(m, in, out);
}

/* The connections from the ITM's outputs back into the DWT and the TPIU, which their
 * outputs do not depend on (sys_wire evaluates them without): the rest of each block's
 * inputs of this cycle, as its edge takes them. */
static void sys_wire_back(const struct sys_model *m, struct sys_wires *w)
{
    if (m->has_dwt) /* the ITM's hw_ready back to the DWT */
        w->di.hw_ready = w->io.hw_ready;
    /* w->ti's APB fields are those of sys_wire with these inputs: only the ATB side is new */
    if (m->has_tpiu && m->has_etm) { /* the funnel's output into the TPIU */
        w->ti.atvalid = w->fno.atvalid;
        w->ti.atdata = w->fno.atdata;
        w->ti.atid = w->fno.atid;
        w->ti.afready = w->fno.afready;
    } else if (m->has_tpiu) { /* the ITM's ATB master into the TPIU */
        w->ti.atvalid = w->io.atvalid;
        w->ti.atdata = w->io.atdata;
        w->ti.atid = w->io.atid;
        w->ti.afready = w->io.afready;
    }
}

/* Whether this edge leaves the FPB as it is (fpb_model_edge_idle, its registers' part kept in
 * fpb_quiet): out of reset, its frame not selected, no fetch it can match. */
static inline bool fpb_edge_idle(const struct sys_model *m, const struct sys_in *in)
{
    const unsigned frame = (in->itm.paddr >> 12) & 0xFFu;
    return m->fpb_quiet && in->itm.rst_n && !(in->itm.psel && frame == SYS_FRAME_FPB) &&
           !(m->fpb.enable && in->if_valid && in->if_kind == FPB_KIND_FETCH);
}

/* fpb_step's edge with its inputs built (in w->fi): its frame selected, in reset or a
 * comparator hit. */
static bool __attribute__((noinline)) fpb_step_full(struct sys_model *m, const struct sys_in *in,
                                                    bool hit)
{
    fpb_inputs(in, &m->wc.fi);
    const bool changed = fpb_model_step_hit(&m->fpb, &m->wc.fi, hit);
    m->fpb_quiet = fpb_model_edge_idle(&m->fpb, true, false, false);
    return changed;
}

/* The FPB's edge (one that can change it). Whether it changed a register; fpb_quiet follows.
 * Its inputs are built (in w->fi) only when its frame is selected, in reset or when a
 * comparator hits: otherwise no other input matters (fpb_model_step_nohit). */
static bool __attribute__((noinline)) fpb_step(struct sys_model *m, const struct sys_in *in)
{
    const unsigned frame = (in->itm.paddr >> 12) & 0xFFu;
    const bool hit = fpb_model_hit(&m->fpb, in->if_valid && in->if_kind == FPB_KIND_FETCH,
                                   in->if_addr, in->if_size32);
    if (!in->itm.rst_n || (in->itm.psel && frame == SYS_FRAME_FPB) || hit)
        return fpb_step_full(m, in, hit);
    m->fpb_quiet = true; /* its registers at an idle edge's values */
    return fpb_model_step_nohit(&m->fpb);
}

/* step with the ITM and the FPB alone: the same edge, without the other blocks' wiring, with
 * the inputs wc_in (same: fp_ok || wc_ok, sys_model_step_evaluated_any). One copy, in
 * sys_model_step_evaluated_any, which sys_model_step calls too. */
static inline __attribute__((always_inline)) void step_alone(struct sys_model *m)
{
    struct sys_wires *w = &m->wc;
    const struct sys_in *in = &m->wc_in;
    const bool same = m->fp_ok || m->wc_ok;
    if (m->fp_ok &&
        (m->fp_itm == ITM_STEP_QUIET || itm_model_idle_step(&m->itm, &w->ii))) {
        if (m->fp_itm == ITM_STEP_XFER)
            m->fp_out.itm.atdata = m->itm.pkt[m->itm.pkt_pos];
        return;
    }
    const bool evaluated = same && m->wc_ok;
    if (!evaluated)
        split(in, &w->ii);
    m->wc_ok = false;
    const enum itm_step_kind itm_kind = itm_fast_step(&m->itm_fast, &m->itm, &w->ii);
    const bool fpb_changed = !fpb_edge_idle(m, in) && fpb_step(m, in);
    m->fp_ok = evaluated && itm_kind != ITM_STEP_CHANGED && !fpb_changed;
    m->fp_itm = itm_kind;
    if (itm_kind == ITM_STEP_CHANGED || fpb_changed)
        m->out_ok = false;
    else if (m->out_ok && m->out_rst_n && itm_kind == ITM_STEP_XFER)
        m->fp_out.itm.atdata = m->itm.pkt[m->itm.pkt_pos];
}

/* The edge with the inputs in, with a TPIU, DWT or ETM (step_alone without); same: they are
 * wc_in. */
static void __attribute__((noinline)) step(struct sys_model *m, const struct sys_in *in, bool same)
{
    struct sys_wires *w = &m->wc;
    /* the state is the one sys_model_eval saw (only step, reset and init change it, and
     * they clear wc_ok): equal inputs give equal connections, and fp_out are the outputs of
     * this state and wc_in */
    const bool evaluated = same && m->wc_ok;
    if (!evaluated)
        sys_wire(m, in, w);
    m->wc_ok = false;
    sys_wire_back(m, w);
    if (m->has_dwt)
        dwt_model_step(&m->dwt, &w->di);
    if (m->has_tpiu)
        tpiu_model_step(&m->tpiu, &w->ti);
    if (m->has_etm)
        sys_etm_step(m, w);
    itm_fast_step(&m->itm_fast, &m->itm, &w->ii);
    /* the FPB's inputs only for an edge that can change it (w->fi: those of its last one) */
    if (!fpb_edge_idle(m, in))
        fpb_step(m, in);
    /* The TPIU's and the DWT's steps do not say whether they changed: no fast path with
     * them (fp_ok and out_ok stay false) */
}

void sys_model_step(struct sys_model *m, const struct sys_in *in)
{
    if (m->alone) {
        if (m->fp_ok) /* as in sys_model_eval: gts_i does not count */
            m->wc_in.itm.gts = in->itm.gts;
        if (!((m->fp_ok || m->wc_ok) && memcmp(&m->wc_in, in, SYS_IN_ALONE) == 0)) {
            /* other inputs: the edge with them and no memo (step_alone's same false) */
            memcpy(&m->wc_in, in, SYS_IN_ALONE);
            m->fp_ok = false;
            m->wc_ok = false;
        }
        sys_model_step_evaluated_any(m);
    } else
        step(m, in, m->wc_ok && memcmp(&m->wc_in, in, sizeof *in) == 0);
}

uint64_t sys_model_idle_run(struct sys_model *m, uint64_t n)
{
    if (!m->fp_ok || m->fp_itm == ITM_STEP_XFER) /* no fixed point; atdata_o moves */
        return 0;
    if (m->fp_itm == ITM_STEP_QUIET) /* step's fast path: no change at any of the edges */
        return n;
    uint64_t k = 0; /* ITM_STEP_TS: step's fast path edge by edge, as long as it holds */
    while (k < n && itm_model_idle_step(&m->itm, &m->wc.ii))
        k++;
    return k;
}

/* (not inlined: tests/bench.sh counts the model as sys_model_eval and step*, inclusive) */
void __attribute__((noinline)) sys_model_step_evaluated_any(struct sys_model *m)
{
    /* wc_in: the inputs of the last eval (its fast path too sets their gts_i), read only;
     * with the ITM and the FPB alone, only theirs are kept and read */
    if (!m->alone) {
        step(m, &m->wc_in, m->wc_ok);
        return;
    }
    step_alone(m);
}

void sys_model_blocks_get(const struct sys_model *m, const struct sys_in *in,
                          struct sys_blocks *b)
{
    struct sys_wires w = {0};
    sys_wire(m, in, &w);
    sys_wire_back(m, &w);
    fpb_inputs(in, &w.fi);
    *b = (struct sys_blocks){0};
    b->itm_in = w.ii;
    b->itm_out = w.io;
    b->fpb_in = w.fi;
    fpb_model_eval(&m->fpb, &w.fi, &b->fpb_out);
    if (m->has_tpiu) {
        b->tpiu_in = w.ti;
        b->tpiu_out = w.to;
    }
    if (m->has_dwt) {
        b->dwt_in = w.di;
        b->dwt_out = w.dout;
    }
    if (m->has_etm) {
        b->etm_in = w.ei;
        b->etm_out = w.eo;
    }
}
