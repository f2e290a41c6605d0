/* SPDX-License-Identifier: Apache-2.0 */
/* Unit test of the golden FPB model; expected values from docs/fpb-contract.md. */
#include <stdio.h>
#include <string.h>

#include "fpb_model.h"

#include "check.h"

static struct fpb_in idle(void)
{
    struct fpb_in in;
    memset(&in, 0, sizeof in);
    in.rst_n = true;
    return in;
}

/* One APB transfer (setup, access); returns prdata/pslverr of the access cycle. */
static uint32_t apb(struct fpb_model *m, bool wr, uint32_t addr, uint32_t data, uint8_t strb,
                    bool *err)
{
    struct fpb_in in = idle();
    struct fpb_out o;
    in.psel = true;
    in.pwrite = wr;
    in.paddr = addr;
    in.pwdata = data;
    in.pstrb = strb;
    fpb_model_step(m, &in);
    in.penable = true;
    fpb_model_eval(m, &in, &o);
    fpb_model_step(m, &in);
    if (err)
        *err = o.pslverr;
    return o.prdata;
}

/* A fetch in cycle t; returns the outputs of cycle t+1 (and runs that cycle idle). */
static struct fpb_out fetch(struct fpb_model *m, const struct fpb_in *dbg, uint32_t addr,
                            unsigned kind, bool size32, bool secure, bool priv)
{
    struct fpb_in in = *dbg;
    struct fpb_out o;
    in.if_valid = true;
    in.if_addr = addr;
    in.if_kind = (uint8_t)kind;
    in.if_size32 = size32;
    in.if_secure = secure;
    in.if_priv = priv;
    fpb_model_eval(m, &in, &o);
    CHECK(!o.match && !o.bkpt_halt && !o.bkpt_mon); /* nothing in the fetch's own cycle */
    fpb_model_step(m, &in);
    fpb_model_eval(m, dbg, &o);
    fpb_model_step(m, dbg);
    return o;
}

static void init(struct fpb_model *m, unsigned nc, unsigned nl, bool both, bool sec, bool ude)
{
    struct fpb_cfg c = {nc, nl, both, sec, ude};
    CHECK(fpb_model_init(m, &c) == 0);
}

int main(void)
{
    struct fpb_model m;
    struct fpb_cfg bad = {33, 0, 0, 0, 0};
    CHECK(fpb_model_init(&m, &bad) == -1);

    /* registers (section 4) */
    init(&m, 32, 15, true, true, false);
    CHECK(apb(&m, false, 0x000, 0, 0, NULL) == 0x10002F00u);
    init(&m, 8, 0, true, true, true);
    CHECK(apb(&m, false, 0x000, 0, 0, NULL) == 0x10000080u);
    apb(&m, true, 0x000, 0x1, 0xF, NULL); /* KEY = 0: ignored */
    CHECK(apb(&m, false, 0x000, 0, 0, NULL) == 0x10000080u);
    bool err = false;
    apb(&m, true, 0x000, 0x3, 0x3, &err); /* strobe: error, ignored */
    CHECK(err);
    CHECK(apb(&m, false, 0x000, 0, 0, NULL) == 0x10000080u);
    apb(&m, true, 0x000, 0x3, 0xF, &err);
    CHECK(!err);
    CHECK(apb(&m, false, 0x000, 0, 0, NULL) == 0x10000081u);
    apb(&m, true, 0x004, 0xFFFFFFFFu, 0xF, NULL);
    CHECK(apb(&m, false, 0x004, 0, 0, NULL) == 0);
    apb(&m, true, 0x028, 0xFFFFFFFFu, 0xF, NULL); /* FP_COMP8: past NumCode */
    CHECK(apb(&m, false, 0x028, 0, 0, NULL) == 0);
    CHECK(apb(&m, false, 0xFBC, 0, 0, NULL) == 0x47701A03u);
    CHECK(apb(&m, false, 0xFE0, 0, 0, NULL) == 0x21);
    CHECK(apb(&m, false, 0xFFC, 0, 0, NULL) == 0xB1);
    CHECK(apb(&m, false, 0x800, 0, 0, NULL) == 0);

    /* matching and halting (sections 5, 6) */
    struct fpb_in d = idle();
    d.hda = d.c_debugen = true;
    apb(&m, true, 0x008, 0x101, 0xF, NULL); /* FP_COMP0: 0x100 */
    struct fpb_out o = fetch(&m, &d, 0x100, 0, false, false, true);
    CHECK(o.match && o.bkpt_halt && !o.bkpt_mon);
    o = fetch(&m, &d, 0x101, 0, false, false, true); /* bit 0 ignored */
    CHECK(o.bkpt_halt);
    for (unsigned k = 1; k < 4; k++) {
        o = fetch(&m, &d, 0x100, k, false, false, true);
        CHECK(!o.match && !o.bkpt_halt);
    }
    o = fetch(&m, &d, 0x0FE, 0, true, false, true); /* second halfword, BothHalves = 1 */
    CHECK(o.bkpt_halt);
    o = fetch(&m, &d, 0x0FE, 0, false, false, true);
    CHECK(!o.match);
    o = fetch(&m, &d, 0x100, 0, false, true, true); /* Secure without S_SDE */
    CHECK(o.match && !o.bkpt_halt && !o.bkpt_mon);
    d.s_sde = true;
    o = fetch(&m, &d, 0x100, 0, false, true, true);
    CHECK(o.bkpt_halt);
    /* UDE rule: unprivileged, UHDA, no C_DEBUGEN */
    d = idle();
    d.uhda = true;
    o = fetch(&m, &d, 0x100, 0, false, false, false);
    CHECK(o.bkpt_halt);
    o = fetch(&m, &d, 0x100, 0, false, false, true);
    CHECK(o.match && !o.bkpt_halt);
    /* monitor */
    d = idle();
    d.mon_en = true;
    o = fetch(&m, &d, 0x100, 0, false, false, true);
    CHECK(o.match && !o.bkpt_mon);
    d.mon_prio = true;
    o = fetch(&m, &d, 0x100, 0, false, false, true);
    CHECK(o.bkpt_mon && !o.bkpt_halt);
    d.s_halt = true;
    o = fetch(&m, &d, 0x100, 0, false, false, true);
    CHECK(!o.bkpt_mon);

    /* BothHalves = 0, no Security Extension, no UDE */
    init(&m, 1, 2, false, false, false);
    apb(&m, true, 0x008, 0x103, 0xF, NULL);
    apb(&m, true, 0x000, 0x3, 0xF, NULL);
    d = idle();
    d.hda = d.c_debugen = true;
    o = fetch(&m, &d, 0x100, 0, true, false, true);
    CHECK(!o.match);
    o = fetch(&m, &d, 0x102, 0, false, true, true); /* if_secure ignored */
    CHECK(o.bkpt_halt);
    d = idle();
    d.uhda = true;
    o = fetch(&m, &d, 0x102, 0, false, false, false); /* no UDE */
    CHECK(o.match && !o.bkpt_halt);

    printf("%u passed, %u failed\n", passed, failed);
    return failed != 0;
}
