/* SPDX-License-Identifier: Apache-2.0 */
/* rtl/top/trace_top in C: APB frame decode and the blocks (docs/fpb-contract.md §7). */
#include "sys_model.h"

int sys_model_init(struct sys_model *m, const struct sys_cfg *cfg)
{
    struct itm_model itm;
    struct fpb_model fpb;
    if (itm_model_init(&itm, &cfg->itm) != 0 || fpb_model_init(&fpb, &cfg->fpb) != 0)
        return -1;
    m->itm = itm;
    m->fpb = fpb;
    return 0;
}

void sys_model_reset(struct sys_model *m)
{
    itm_model_reset(&m->itm);
    fpb_model_reset(&m->fpb);
}

/* The blocks' inputs: each sees psel only for its own frame and a 12-bit offset. */
static void split(const struct sys_in *in, struct itm_in *itm, struct fpb_in *fpb)
{
    unsigned frame = (in->itm.paddr >> 12) & 0xFFu;
    *itm = in->itm;
    itm->psel = in->itm.psel && frame == SYS_FRAME_ITM;
    itm->paddr = in->itm.paddr & 0xFFFu;
    *fpb = (struct fpb_in){
        .rst_n = in->itm.rst_n,
        .psel = in->itm.psel && frame == SYS_FRAME_FPB,
        .penable = in->itm.penable,
        .pwrite = in->itm.pwrite,
        .paddr = in->itm.paddr & 0xFFFu,
        .pwdata = in->itm.pwdata,
        .pstrb = in->itm.pstrb,
        .pprot = in->itm.pprot,
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

void sys_model_eval(const struct sys_model *m, const struct sys_in *in, struct sys_out *out)
{
    struct itm_in ii;
    struct fpb_in fi;
    struct fpb_out fo;
    split(in, &ii, &fi);
    itm_model_eval(&m->itm, &ii, &out->itm);
    fpb_model_eval(&m->fpb, &fi, &fo);
    /* each block's prdata/pslverr are 0 outside its own access phase: OR them */
    out->itm.prdata |= fo.prdata;
    out->itm.pslverr |= fo.pslverr;
    out->itm.pready &= fo.pready;
    out->match = fo.match;
    out->bkpt_halt = fo.bkpt_halt;
    out->bkpt_mon = fo.bkpt_mon;
}

void sys_model_step(struct sys_model *m, const struct sys_in *in)
{
    struct itm_in ii;
    struct fpb_in fi;
    split(in, &ii, &fi);
    itm_model_step(&m->itm, &ii);
    fpb_model_step(&m->fpb, &fi);
}
