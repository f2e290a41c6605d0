/* SPDX-License-Identifier: Apache-2.0 */
/* trace_top's ETM and funnel in C (docs/etm-contract.md section 13, [ETM-TOP-1],
 * [ETM-TOP-2], [ETM-FUN-1], [ETM-FUN-2]): the ETM's APB frame, PE trace interface, gts,
 * authentication and CMPMATCH inputs; the funnel between the ITM and ETM ATB masters and the
 * TPIU's ATB slave. */
#include "sys_etm.h"

int sys_etm_init(struct sys_model *m, const struct sys_cfg *cfg)
{
    struct etm_model etm;
    struct funnel_model fun;
    if (!cfg->has_etm)
        return 0;
    if (!cfg->has_tpiu || cfg->etm.sec_ext != cfg->fpb.sec_ext ||
        etm_model_init(&etm, &cfg->etm) != 0 || funnel_model_init(&fun, cfg->funnel_hold) != 0)
        return -1;
    m->etm = etm;
    m->fun = fun;
    return 0;
}

void sys_etm_reset(struct sys_model *m)
{
    etm_model_reset(&m->etm);
    funnel_model_reset(&m->fun);
}

/* The ETM's inputs but for its ATB slave side (atready, afvalid: sys_etm_wire_back). */
static void etm_inputs(const struct sys_model *m, const struct sys_in *in,
                       const struct dwt_out *dout, struct etm_in *ei)
{
    unsigned frame = (in->itm.paddr >> 12) & 0xFFu;
    unsigned pcmask = (1u << m->etm.cfg.num_pc) - 1u;
    *ei = (struct etm_in){
        .rst_n = in->itm.rst_n,
        .psel = in->itm.psel && frame == SYS_FRAME_ETM,
        .penable = in->itm.penable,
        .pwrite = in->itm.pwrite,
        .paddr = in->itm.paddr & 0xFFFu,
        .pwdata = in->itm.pwdata,
        .pstrb = in->itm.pstrb,
        .pprot = in->itm.pprot,
        .pe_valid = in->etm_pe_valid,
        .pe_addr = in->etm_pe_addr,
        .pe_size = in->etm_pe_size,
        .pe_br = in->etm_pe_br,
        .pe_ind = in->etm_pe_ind,
        .pe_taken = in->etm_pe_taken,
        .pe_link = in->etm_pe_link,
        .pe_excret = in->etm_pe_excret,
        .pe_ns = in->etm_pe_ns,
        .exc_valid = in->etm_exc_valid,
        .exc_num = in->etm_exc_num,
        .exc_ret = in->etm_exc_ret,
        .spec_commit = (uint8_t)(in->etm_spec_commit & 0x1Fu),
        .spec_flush = in->etm_spec_flush,
        .spec_cancel = (uint8_t)(in->etm_spec_cancel & 0x1Fu),
        .spec_mispred = in->etm_spec_mispred,
        /* [ETM-TOP-2] the DWT's CMPMATCH[NumPc-1:0], 0 without a DWT (dout stays 0) */
        .cmpmatch = (uint8_t)(dout->cmpmatch & pcmask),
        .gts = in->itm.gts,
        .niden = in->itm.niden,
        .spniden = in->itm.spniden,
    };
}

void sys_etm_wire(const struct sys_model *m, const struct sys_in *in, struct sys_wires *w)
{
    etm_inputs(m, in, &w->dout, &w->ei);
    etm_model_eval(&m->etm, &w->ei, &w->eo); /* Moore: the ATB slave inputs do not matter */
    /* The funnel's atready and afvalid towards its inputs depend only on its grant and the
     * TPIU's (Moore) outputs, so the ITM's inputs are known before the ITM's outputs. */
    w->fni = (struct funnel_in){
        .rst_n = in->itm.rst_n,
        .p[1] = {.atvalid = w->eo.atvalid, .atdata = w->eo.atdata, .atid = w->eo.atid,
                 .afready = w->eo.afready},
        .atready = w->to.atready,
        .afvalid = w->to.afvalid,
    };
    funnel_model_eval(&m->fun, &w->fni, &w->fno);
    w->ii.atready = w->fno.atready[0];
    w->ii.afvalid = in->itm.afvalid || w->fno.afvalid;
}

void sys_etm_wire_back(const struct sys_model *m, struct sys_wires *w)
{
    w->fni.p[0] = (struct funnel_port){.atvalid = w->io.atvalid, .atdata = w->io.atdata,
                                       .atid = w->io.atid, .afready = w->io.afready};
    funnel_model_eval(&m->fun, &w->fni, &w->fno);
    w->ei.atready = w->fno.atready[1];
    w->ei.afvalid = w->fno.afvalid;
}

void sys_etm_step(struct sys_model *m, const struct sys_wires *w)
{
    etm_model_step(&m->etm, &w->ei);
    funnel_model_step(&m->fun, &w->fni);
}

void sys_etm_outputs(const struct sys_wires *w, struct sys_out *o)
{
    o->itm.prdata |= w->eo.prdata;
    o->itm.pslverr |= w->eo.pslverr;
    o->itm.pready &= w->eo.pready;
    o->etm_atvalid = w->eo.atvalid;
    o->etm_atready = w->fno.atready[1];
    o->etm_atdata = w->eo.atdata;
    o->etm_atid = w->eo.atid;
    o->etm_idle = w->eo.idle;
    o->etm_pe_stall = w->eo.pe_stall; /* [ETM-STALL-7] */
    o->fun_atvalid = w->fno.atvalid;
    o->fun_atdata = w->fno.atdata;
    o->fun_atid = w->fno.atid;
}
