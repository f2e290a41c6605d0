/* SPDX-License-Identifier: Apache-2.0 */
/* Golden model of rtl/top/trace_top: the ITM, the FPB, (has_dwt) the DWT, (has_tpiu) the
 * TPIU and (has_etm) the ETM with the ITM/ETM funnel on one APB port (docs/fpb-contract.md
 * section 7, docs/tpiu-contract.md section 9, docs/dwt-contract.md section 17,
 * docs/etm-contract.md section 13). The harness drives and compares this. */
#ifndef TRACEREF_SIM_GOLDEN_SYS_MODEL_H
#define TRACEREF_SIM_GOLDEN_SYS_MODEL_H

#include "dwt_model.h"
#include "etm_model.h"
#include "fpb_model.h"
#include "funnel_model.h"
#include "itm_model.h"
#include "tpiu_model.h"

struct sys_cfg {
    struct itm_cfg itm;
    struct fpb_cfg fpb;
    bool has_tpiu; /* trace_top HasTpiu: the ITM's ATB feeds the TPIU */
    struct tpiu_cfg tpiu;
    bool has_dwt; /* trace_top HasDwt: the DWT drives the ITM's hardware-source port */
    struct dwt_cfg dwt; /* sec_ext and ude must equal fpb's (one trace_top parameter) */
    bool has_etm; /* trace_top HasEtm (needs has_tpiu): the ETM and the funnel ([ETM-TOP-1]) */
    struct etm_cfg etm; /* sec_ext must equal fpb's */
    unsigned funnel_hold; /* FunnelHold ([ETM-FUN-1]) */
};

/* Inputs of one cycle: the ports of trace_top without the _i suffix. The APB fields are
 * shared; paddr is a 20-bit PPB offset (frame = paddr[19:12]). */
struct sys_in {
    struct itm_in itm; /* shared APB (20-bit paddr) and the ITM's own inputs */
    /* FPB-only inputs (struct fpb_in without its APB fields) */
    bool if_valid;
    uint32_t if_addr;
    uint8_t if_kind;
    bool if_size32, if_secure, if_priv;
    bool hda, uhda, uhda_s;
    bool c_debugen, s_halt, s_sde;
    bool mon_en, sdme, umon_en, mon_prio;
    /* DWT-only inputs (struct dwt_in without its APB fields and the shared ones) */
    bool ia_valid;
    uint32_t ia_addr;
    bool ia_secure, ia_priv;
    bool da_valid;
    uint32_t da_addr;
    uint8_t da_size;
    bool da_write;
    uint32_t da_data, da_pc;
    bool da_secure, da_priv, da_fault, da_lazyfp;
    bool exc_valid;
    uint8_t exc_fn;
    uint16_t exc_num;
    bool exc_secure, sleeping;
    bool evt_cpi, evt_exc, evt_sleep, evt_lsu, evt_fold;
    bool pe_priv, niden_p, spniden_p, monrdy;
    /* ETM PE trace interface (trace_top's etm_* inputs, docs/etm-contract.md section 4) */
    bool etm_pe_valid;
    uint32_t etm_pe_addr;
    bool etm_pe_size, etm_pe_br, etm_pe_ind, etm_pe_taken, etm_pe_link, etm_pe_excret;
    bool etm_pe_ns;
    bool etm_exc_valid;
    uint16_t etm_exc_num;
    uint32_t etm_exc_ret;
    /* its speculation inputs (docs/etm-contract.md 18.2; unused with max_spec = 0) */
    uint8_t etm_spec_commit, etm_spec_cancel; /* 5 bits each */
    bool etm_spec_flush, etm_spec_mispred;
};

/* Outputs of one cycle. itm.prdata/pready/pslverr are the system's APB outputs; itm.at*
 * and itm.afready show the ITM's ATB master (with has_tpiu: the bus into the TPIU). */
struct sys_out {
    struct itm_out itm;
    bool atready; /* the ATREADY the ITM sees: in.itm.atready, or the TPIU's */
    bool match, bkpt_halt, bkpt_mon;
    /* TPIU pins and formatter output (0 without has_tpiu) */
    bool traceclk;
    uint8_t tracedata;
    bool swo, txb_valid;
    uint8_t txb;
    /* DWT outputs and its port into the ITM (0 without has_dwt) */
    uint16_t cmpmatch;
    bool wpt_halt, wpt_mon;
    bool dwt_hw_valid;
    uint64_t dwt_hw_data;
    bool dwt_hw_ovf, dwt_sync_req;
    /* the ETM's ATB master and the funnel's output into the TPIU (0 without has_etm);
     * etm_atready (the funnel's grant and the TPIU's atready) is observed, not compared
     * (sim/c_tb/common/compare.h: its effect shows in the other fields) */
    bool etm_atvalid, etm_atready;
    uint8_t etm_atdata, etm_atid;
    bool etm_idle;
    bool etm_pe_stall; /* the ETM's stall request to the PE ([ETM-STALL-7]) */
    bool fun_atvalid;
    uint8_t fun_atdata, fun_atid;
};

/* One cycle's connections between the blocks (sys_model.c): every block's inputs and the
 * Moore outputs the others see. fi, the FPB's inputs, are built only by a step that can
 * change the FPB (fpb_model_edge_idle) in which its frame is selected, it is in reset or a
 * comparator hits (sys_model.c, fpb_step), and by sys_model_blocks_get. */
struct sys_wires {
    struct itm_in ii;
    struct itm_out io;
    struct fpb_in fi;
    struct tpiu_in ti;
    struct tpiu_out to;
    struct dwt_in di;
    struct dwt_out dout;
    struct etm_in ei;
    struct etm_out eo;
    struct funnel_in fni;
    struct funnel_out fno;
};

struct sys_model {
    bool has_tpiu, has_dwt, has_etm;
    /* Not state: !has_tpiu && !has_dwt && !has_etm, the ITM and the FPB alone (base, min,
     * max): eval and step take their own shorter code (sys_model.c, eval_alone and
     * step_alone), which reads and keeps (wc_in) only the ITM's and the FPB's inputs. */
    bool alone;
    struct itm_model itm;
    struct fpb_model fpb;
    struct tpiu_model tpiu;
    struct dwt_model dwt;
    struct etm_model etm;
    struct funnel_model fun;
    /* Not state: the connections sys_model_eval computed for wc_in, which sys_model_step
     * with the same inputs takes instead of computing them again (wc_ok: valid until the
     * next step, reset or init; step's own connections go there too). */
    bool wc_ok;
    struct sys_in wc_in;
    struct sys_wires wc;
    /* Not state either: the fast path (sys_model.c). fp_ok: the last step, with the inputs
     * wc_in, changed no register of any block (but, fp_itm below, the ITM's timestamp counter,
     * prescaler and byte position) and loaded no ITM packet, and fp_out are the
     * outputs for that state and wc_in; so while the inputs equal wc_in but for gts_i (which
     * only a packet load samples), eval gives fp_out and step changes nothing. Cleared by
     * init, reset and every step that changes something. */
    bool fp_ok;
    struct sys_out fp_out;
    /* With fp_ok: what the ITM's last edge did (ITM_STEP_QUIET, _TS or _XFER, itm_model.h);
     * unless QUIET, the next edges with those inputs take itm_model_idle_step while it can,
     * and after an _XFER edge fp_out.itm.atdata is the state's. */
    enum itm_step_kind fp_itm;
    /* Not state: with the ITM and the FPB alone (no DWT, TPIU, ETM), out_ok says fp_out are
     * the outputs of the current state for any inputs with rst_n_i == out_rst_n (every
     * output is Moore but atready_o, the atready_i port, which eval sets): eval then builds
     * none. Set by a full eval; cleared by init, reset and every edge that changes a
     * register other than the ITM's ts_q, tsp_q and pkt_pos_q (an ITM_STEP_XFER edge moves
     * fp_out's atdata_o). With fp_ok it is set. */
    bool out_ok, out_rst_n;
    /* Not state: the ITM's own fast path (itm_fast_step), for cycles where only other
     * blocks' inputs change. */
    struct itm_fast itm_fast;
    /* Not state: fpb_model_edge_idle's test of the FPB's registers (its inputs aside), kept
     * from the FPB's last edge, reset or init: fpb_model_edge_idle(&fpb, 1, 0, 0). An edge
     * with the FPB's APB frame unselected, out of reset and no fetch it can match then
     * leaves the FPB as it is ([FPB-TIME-1]). False is always safe (the FPB's full step). */
    bool fpb_quiet;
};

#define SYS_FRAME_ITM 0x00u
#define SYS_FRAME_DWT 0x01u
#define SYS_FRAME_FPB 0x02u
#define SYS_FRAME_TPIU 0x40u
#define SYS_FRAME_ETM 0x41u

/* Every block's ports in one cycle, as trace_top wires them: what itm_top, fpb_top and
 * (has_tpiu) tpiu_top, (has_dwt) dwt_top see and drive. For the conformance vectors of a
 * block (vectors/README.md); the tpiu and dwt members are zero without that block. */
struct sys_blocks {
    struct itm_in itm_in;
    struct itm_out itm_out;
    struct fpb_in fpb_in;
    struct fpb_out fpb_out;
    struct tpiu_in tpiu_in;
    struct tpiu_out tpiu_out;
    struct dwt_in dwt_in;
    struct dwt_out dwt_out;
    struct etm_in etm_in; /* has_etm: etm_top's ports (the ETM vectors) */
    struct etm_out etm_out;
};

int sys_model_init(struct sys_model *m, const struct sys_cfg *cfg);
void sys_model_reset(struct sys_model *m);
/* Outputs of the current cycle (no state change; keeps the cycle's connections in wc for
 * sys_model_step with the same inputs). Both skip the blocks while the state is a fixed
 * point of the inputs (fp_ok above). */
void sys_model_eval(struct sys_model *m, const struct sys_in *in, struct sys_out *out);
void sys_model_step(struct sys_model *m, const struct sys_in *in);
/* sys_model_eval for a caller that knows in equals, gts_i aside, the inputs of the last
 * sys_model_eval since the last init or reset (its driver built them in place and changed
 * only gts_i, as trace_tb's run loop does in idle cycles): the fast path without comparing
 * the inputs; otherwise (no fixed point) sys_model_eval itself. */
static inline void sys_model_eval_same(struct sys_model *m, const struct sys_in *in,
                                       struct sys_out *out)
{
    if (m->fp_ok) { /* as sys_model_eval's fast path, the comparison known to hold */
        m->wc_in.itm.gts = in->itm.gts;
        *out = m->fp_out;
        return;
    }
    sys_model_eval(m, in, out);
}
/* Up to n cycles of a fixed point at once, for a caller whose inputs in each of them equal,
 * gts_i aside, those of the last sys_model_eval (an idle stretch): the same as n times
 * sys_model_eval_same and sys_model_step_evaluated while each of those edges keeps the
 * outputs (fp_out): an ITM_STEP_QUIET fixed point all n at once, an ITM_STEP_TS one edge by
 * edge while itm_model_idle_step holds. Returns the cycles taken (0 without a fixed point,
 * after an ITM_STEP_XFER edge, or when the next edge needs the full step); the caller runs
 * the rest. The outputs of those cycles are fp_out. */
uint64_t sys_model_idle_run(struct sys_model *m, uint64_t n);
/* sys_model_step with the inputs of the last sys_model_eval (kept in wc_in), without
 * comparing them: for a caller that evaluates and then steps every cycle. Only after a
 * sys_model_eval since the last step, reset or init. */
void sys_model_step_evaluated_any(struct sys_model *m);
static inline void sys_model_step_evaluated(struct sys_model *m)
{
    if (m->fp_ok && m->fp_itm == ITM_STEP_QUIET) /* step's fast path: nothing to change */
        return;
    sys_model_step_evaluated_any(m);
}
/* The blocks' inputs and outputs of the current cycle (no state change): the inputs that
 * sys_model_step applies at this cycle's edge and the outputs of sys_model_eval. */
void sys_model_blocks_get(const struct sys_model *m, const struct sys_in *in,
                          struct sys_blocks *b);

#endif
