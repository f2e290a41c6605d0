/* SPDX-License-Identifier: Apache-2.0 */
/* Directed cycle-level tests of the ETM golden model: the worked examples of
 * docs/etm-contract.md section 14 and the register rules of section 12. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check_msg.h"
#include "etm_model.h"

/*
 * Conventions as test_itm_model.c: tb_cycle() evaluates cycle t's outputs with its inputs,
 * records an ATB transfer (atvalid && atready), then applies edge t. apb_write() is a setup
 * cycle then an access cycle a; the write takes effect at edge a. Events are presented one
 * per cycle by ev_*() (one tb_cycle each).
 */

#define TB_MAX 4096u

struct tb {
    struct etm_model m;
    struct etm_in in;
    unsigned cyc;
    uint8_t bytes[TB_MAX];
    unsigned when[TB_MAX];
    unsigned n;
};

static void tb_cycle(struct tb *tb)
{
    struct etm_out o;
    etm_model_eval(&tb->m, &tb->in, &o);
    if (o.atvalid && tb->in.atready && tb->n < TB_MAX) {
        tb->bytes[tb->n] = o.atdata;
        tb->when[tb->n] = tb->cyc;
        tb->n++;
        CHECK(o.atid == (tb->m.traceidr & 0x7Fu), "atid");
    }
    etm_model_step(&tb->m, &tb->in);
    tb->cyc++;
    /* events and APB phases last one cycle */
    tb->in.pe_valid = tb->in.exc_valid = false;
    tb->in.psel = tb->in.penable = tb->in.pwrite = false;
    tb->in.afvalid = false;
    tb->in.cmpmatch = 0;
    tb->in.spec_commit = tb->in.spec_cancel = 0;
    tb->in.spec_flush = tb->in.spec_mispred = false;
}

static void tb_init_cfg(struct tb *tb, unsigned fifo_depth, unsigned rs_depth, bool sec_ext)
{
    struct etm_cfg cfg = {.fifo_depth = fifo_depth, .rs_depth = rs_depth, .cc_size = 12,
                          .num_pc = 4, .sec_ext = sec_ext};
    memset(tb, 0, sizeof *tb);
    if (etm_model_init(&tb->m, &cfg) != 0) {
        printf("FAIL init\n");
        failures++;
    }
    tb->in.rst_n = true;
    tb->in.atready = true;
    tb->in.niden = tb->in.spniden = true;
}

static void tb_init(struct tb *tb, unsigned fifo_depth, unsigned rs_depth)
{
    tb_init_cfg(tb, fifo_depth, rs_depth, true);
}

/* returns the access cycle */
static unsigned apb_write(struct tb *tb, uint32_t off, uint32_t v)
{
    tb->in.psel = true;
    tb->in.pwrite = true;
    tb->in.paddr = off;
    tb->in.pwdata = v;
    tb->in.pstrb = 0xF;
    tb_cycle(tb);
    tb->in.psel = tb->in.penable = tb->in.pwrite = true;
    tb->in.paddr = off;
    tb->in.pwdata = v;
    tb->in.pstrb = 0xF;
    unsigned a = tb->cyc;
    tb_cycle(tb);
    return a;
}

static uint32_t apb_read(struct tb *tb, uint32_t off)
{
    struct etm_out o;
    tb->in.psel = true;
    tb->in.paddr = off;
    tb_cycle(tb);
    tb->in.psel = tb->in.penable = true;
    tb->in.paddr = off;
    etm_model_eval(&tb->m, &tb->in, &o);
    tb_cycle(tb);
    return o.prdata;
}

static void ev_instr(struct tb *tb, uint32_t a, bool w32)
{
    tb->in.pe_valid = true;
    tb->in.pe_addr = a;
    tb->in.pe_size = w32;
    tb->in.pe_br = tb->in.pe_ind = tb->in.pe_taken = tb->in.pe_link = false;
    tb->in.pe_excret = false;
    tb_cycle(tb);
}

static void ev_branch(struct tb *tb, uint32_t a, bool w32, bool taken, bool ind, bool link,
                      bool excret)
{
    tb->in.pe_valid = true;
    tb->in.pe_addr = a;
    tb->in.pe_size = w32;
    tb->in.pe_br = true;
    tb->in.pe_taken = taken;
    tb->in.pe_ind = ind;
    tb->in.pe_link = link;
    tb->in.pe_excret = excret;
    tb_cycle(tb);
}

static void ev_exc(struct tb *tb, unsigned num, uint32_t ret)
{
    tb->in.exc_valid = true;
    tb->in.exc_num = (uint16_t)num;
    tb->in.exc_ret = ret;
    tb_cycle(tb);
}

static void idle(struct tb *tb, unsigned k)
{
    for (unsigned i = 0; i < k; i++) {
        tb_cycle(tb);
    }
}

static void check_stream(struct tb *tb, const char *name, const uint8_t *exp, unsigned n)
{
    bool ok = tb->n == n && memcmp(tb->bytes, exp, n) == 0;
    CHECK(ok, "%s: stream differs (%u bytes, expected %u)", name, tb->n, n);
    if (!ok) {
        printf("  got:");
        for (unsigned i = 0; i < tb->n; i++) {
            printf(" %02X", tb->bytes[i]);
        }
        printf("\n  exp:");
        for (unsigned i = 0; i < n; i++) {
            printf(" %02X", exp[i]);
        }
        printf("\n");
    }
}

#define ASYNC 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80

static unsigned enable(struct tb *tb, uint32_t configr)
{
    apb_write(tb, 0x040, 0x10);     /* TRCTRACEIDR */
    apb_write(tb, 0x010, configr);  /* TRCCONFIGR */
    return apb_write(tb, 0x004, 1); /* TRCPRGCTLR.EN */
}

static void test_e1(void)
{
    struct tb tb;
    tb_init(&tb, 64, 3);
    unsigned w = enable(&tb, 0);
    ev_instr(&tb, 0x1000, false);
    ev_branch(&tb, 0x1002, false, false, false, false, false);
    ev_branch(&tb, 0x1004, true, true, false, true, false);
    ev_instr(&tb, 0x1100, false);
    ev_branch(&tb, 0x1102, false, true, true, false, false);
    ev_instr(&tb, 0x1008, false);
    idle(&tb, 30);
    static const uint8_t exp[] = {ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00, 0x10, 0x00, 0x00,
                                  0x00, 0xFE, 0x96, 0x04};
    check_stream(&tb, "E1", exp, sizeof exp);
    CHECK(tb.when[0] == w + 2u, "E1 first byte in cycle w+2 (got w+%u)", tb.when[0] - w);
    CHECK(tb.when[24] == w + 26u, "E1 last byte in cycle w+26 (got w+%u)", tb.when[24] - w);
}

static void test_e2(void)
{
    struct tb tb;
    tb_init(&tb, 64, 3);
    enable(&tb, 0);
    ev_instr(&tb, 0x2000, false);
    ev_exc(&tb, 11, 0x2002);
    ev_instr(&tb, 0x3000, false);
    ev_branch(&tb, 0x3002, false, true, true, false, true);
    ev_instr(&tb, 0x2002, false);
    idle(&tb, 40);
    static const uint8_t exp[] = {ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00, 0x20, 0x00,
                                  0x00, 0x00, 0x06, 0x17, 0x96, 0x01, 0x96, 0x80, 0x30,
                                  0xF7, 0x07, 0x91};
    check_stream(&tb, "E2", exp, sizeof exp);
}

static void test_e3(void)
{
    struct tb tb;
    tb_init(&tb, 64, 3);
    enable(&tb, 1u << 12); /* RS */
    ev_branch(&tb, 0x1000, true, true, false, true, false);
    ev_branch(&tb, 0x1200, false, true, false, false, false);
    ev_branch(&tb, 0x1210, false, true, false, false, false);
    ev_branch(&tb, 0x1220, false, true, false, false, false);
    ev_branch(&tb, 0x1230, false, false, false, false, false);
    ev_branch(&tb, 0x1232, false, true, true, false, false);
    ev_instr(&tb, 0x1004, false);
    apb_write(&tb, 0x004, 0);
    idle(&tb, 40);
    static const uint8_t exp[] = {ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00, 0x10,
                                  0x00,  0x00, 0x00, 0xE1, 0xF7};
    check_stream(&tb, "E3", exp, sizeof exp);
    CHECK(apb_read(&tb, 0x00C) == 0x3u, "E3 TRCSTATR idle after drain");
}

static void test_e4(void)
{
    struct tb tb;
    tb_init(&tb, 64, 3);
    tb.in.gts = 0x1234;
    apb_write(&tb, 0x038, 4); /* TRCCCCTLR */
    enable(&tb, 0x810);       /* TS | CCI */
    ev_branch(&tb, 0x1000, false, true, false, false, false);
    idle(&tb, 5);
    ev_branch(&tb, 0x1000, false, true, false, false, false);
    idle(&tb, 40);
    static const uint8_t exp[] = {ASYNC, 0x01, 0x09, 0x01, 0x04, 0x03, 0xB4, 0x24, 0x01, 0x04,
                                  0x83,  0x00, 0x10, 0x00, 0x00, 0x00, 0xDB, 0x0E, 0x03};
    check_stream(&tb, "E4", exp, sizeof exp);
}

static void test_e5(void)
{
    struct tb tb;
    tb_init(&tb, 64, 3);
    enable(&tb, 0);
    tb.in.atready = false;
    ev_instr(&tb, 0x1000, false);
    for (unsigned i = 0; i < 10u; i++) {
        ev_exc(&tb, 11, 0x1002);
        if (i == 9u) {
            CHECK(tb.m.last_ovf, "E5 overflow at the tenth exception");
        }
    }
    CHECK(tb.m.count == 60u, "E5 count %u, expected 60", tb.m.count);
    CHECK(tb.m.t.ovf, "E5 ovf_q");
    ev_exc(&tb, 11, 0x1002); /* dropped silently */
    CHECK(tb.m.count == 60u && !tb.m.last_ovf, "E5 second overflow is silent");
    tb.in.atready = true;
    idle(&tb, 80);
    uint8_t exp[60] = {ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00, 0x10, 0x00, 0x00, 0x00,
                       0x06,  0x17, 0x96, 0x01};
    for (unsigned i = 0; i < 8u; i++) {
        exp[26 + 4 * i] = 0x90;
        exp[27 + 4 * i] = 0x06;
        exp[28 + 4 * i] = 0x17;
        exp[29 + 4 * i] = 0x90;
    }
    exp[58] = 0x00;
    exp[59] = 0x05;
    check_stream(&tb, "E5", exp, sizeof exp);
    /* after the drain the next event resynchronises: A-Sync, Trace Info, Trace On, address */
    tb.n = 0;
    ev_instr(&tb, 0x1002, false);
    idle(&tb, 30);
    static const uint8_t re[] = {ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x01, 0x10, 0x00, 0x00,
                                 0x00};
    check_stream(&tb, "E5 resync", re, sizeof re);
}

static void test_atoms_f6_max(void)
{
    struct tb tb;
    tb_init(&tb, 64, 0);
    enable(&tb, 0);
    for (unsigned i = 0; i < 24u; i++) {
        ev_branch(&tb, 0x1000, false, true, false, false, false);
    }
    ev_branch(&tb, 0x1000, false, false, false, false, false); /* p = [N] */
    ev_branch(&tb, 0x1000, false, true, false, false, false);  /* p = [N, E] */
    apb_write(&tb, 0x004, 0);
    idle(&tb, 40);
    static const uint8_t exp[] = {ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00,
                                  0x10,  0x00, 0x00, 0x00, 0xD4, 0xDA};
    check_stream(&tb, "F6 max + F2", exp, sizeof exp);
}

static void test_exc_types(void)
{
    CHECK(etm_exc_type(11) == 0x0Bu, "SVCall type");
    CHECK(etm_exc_type(23) == 0x17u, "IRQ7 type");
    CHECK(etm_exc_type(24) == 0x208u, "IRQ8 type");
    CHECK(etm_exc_type(511) == 0x3EFu, "IRQ495 type");
    struct tb tb;
    tb_init(&tb, 64, 0);
    enable(&tb, 0);
    ev_instr(&tb, 0x1000, false);
    ev_exc(&tb, 24, 0x1002); /* IRQ8: 06 91 10, then address 96 01 */
    idle(&tb, 40);
    static const uint8_t exp[] = {ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00, 0x10, 0x00,
                                  0x00,  0x00, 0x06, 0x91, 0x10, 0x96, 0x01};
    check_stream(&tb, "IRQ8", exp, sizeof exp);
}

/* [ETM-SYNC-1]: a due periodic sync waits for an event that starts an instruction range.
 * The boundary is computed here from the event kinds (previous event a branch or an
 * exception); an A-Sync shows as sync_cnt falling to 0 at the event. */
static void test_sync_at_range_start(void)
{
    struct tb tb;
    tb_init(&tb, 64, 3);
    apb_write(&tb, 0x034, 8); /* every 256 bytes */
    enable(&tb, 0);
    ev_instr(&tb, 0x1000, false);
    unsigned deferred = 0, synced = 0;
    bool prev_p0 = false;
    for (unsigned i = 0; i < 2000u; i++) {
        unsigned k = i % 5u, j = i / 5u;
        uint32_t h = 0x23000u + 0x1F0u * (j % 4u); /* handler: a long address packet */
        uint32_t before = tb.m.t.sync_cnt;
        bool due = before >= 256u;
        if (k == 0u) {
            ev_exc(&tb, 11, 0x1002 + 0x102u * (j % 3u));
        } else if (k == 1u) {
            ev_instr(&tb, h, false);
        } else if (k == 2u) {
            ev_instr(&tb, h + 2u, false);
        } else if (k == 3u) {
            ev_branch(&tb, h + 4u, false, true, true, false, true);
        } else {
            ev_instr(&tb, 0x1002 + 0x102u * (j % 3u), false);
        }
        bool did = before > 0u && tb.m.t.sync_cnt == 0u;
        CHECK(!tb.m.last_ovf, "sync test: no overflow");
        idle(&tb, 4);
        CHECK(did == (due && prev_p0), "sync at event %u: due %d, range start %d, synced %d",
              i, due, prev_p0, did);
        deferred += due && !prev_p0;
        synced += did;
        prev_p0 = k == 0u || k == 3u;
    }
    CHECK(deferred > 0u && synced > 0u, "sync test covers deferral (%u) and syncs (%u)",
          deferred, synced);
}

/* [ETM-PKT-TS]: only the low groups that changed since the last timestamp. */
static void test_ts_compression(void)
{
    struct tb tb;
    tb_init(&tb, 64, 0);
    apb_write(&tb, 0x030, 0x01); /* TRCTSCTLR: TRUE, a request every cycle */
    enable(&tb, 0x800);          /* TS */
    tb.in.gts = 0x1234;
    ev_branch(&tb, 0x1000, false, true, false, false, false); /* Trace Info TS serves it */
    tb.in.gts = 0x1240;
    ev_branch(&tb, 0x1000, false, true, false, false, false); /* 0x1234 ^ 0x1240: 1 group */
    tb.in.gts = 0x5240;
    ev_branch(&tb, 0x1000, false, true, false, false, false); /* bit 14 changed: 3 groups */
    idle(&tb, 40);
    static const uint8_t exp[] = {ASYNC, 0x01, 0x01, 0x00, 0x02, 0xB4, 0x24, 0x04, 0x83,
                                  0x00,  0x10, 0x00, 0x00, 0x00, 0xDB, 0x02, 0x40, 0xF7,
                                  0x02,  0xC0, 0xA4, 0x01};
    check_stream(&tb, "TS compression", exp, sizeof exp);
}

/* [ETM-CC-2]: the first Cycle Count after an overflow is Unknown (0F). */
static void test_cc_unknown_after_overflow(void)
{
    struct tb tb;
    tb_init(&tb, 64, 0);
    enable(&tb, 0x10); /* CCI, THRESHOLD 0 */
    tb.in.atready = false;
    ev_instr(&tb, 0x1000, false);
    for (unsigned i = 0; i < 40u && !tb.m.t.ovf; i++) {
        ev_exc(&tb, 11, 0x1002);
    }
    CHECK(tb.m.t.ovf && tb.m.t.cc_unknown, "CC: overflow reached, count unknown");
    tb.in.atready = true;
    idle(&tb, 80);
    tb.n = 0;
    ev_instr(&tb, 0x1002, false);                              /* resync, not P0 */
    ev_branch(&tb, 0x1004, false, true, false, false, false); /* E, then CC unknown */
    ev_branch(&tb, 0x1004, false, true, false, false, false); /* E, report 1 */
    idle(&tb, 40);
    static const uint8_t exp[] = {ASYNC, 0x01, 0x09, 0x01, 0x00, 0x04, 0x83, 0x01, 0x10,
                                  0x00,  0x00, 0x00, 0xF7, 0x0F, 0xF7, 0x0E, 0x01};
    check_stream(&tb, "CC unknown after overflow", exp, sizeof exp);
}

/* [ETM-BB-1]: with branch broadcasting a direct target is traced. */
static void test_bb_direct_target(void)
{
    struct tb tb;
    tb_init(&tb, 64, 3);
    enable(&tb, 0x1008); /* BB | RS: the return stack is off under BB */
    ev_branch(&tb, 0x1000, false, true, false, false, false);
    ev_instr(&tb, 0x1010, false);
    idle(&tb, 40);
    static const uint8_t exp[] = {ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00, 0x10,
                                  0x00,  0x00, 0x00, 0xF7, 0x96, 0x08};
    check_stream(&tb, "BB direct target", exp, sizeof exp);
}

/* [ETM-FLUSH-1]: AFVALID packs pending atoms; AFREADY once every byte has left. */
static void test_flush(void)
{
    struct tb tb;
    tb_init(&tb, 64, 0);
    enable(&tb, 0);
    ev_branch(&tb, 0x1000, false, true, false, false, false); /* 22 bytes, atom pending */
    unsigned last = 0, ready_at = 0, ready_n = 0;
    for (unsigned c = 0; c < 60u; c++) {
        struct etm_out o;
        tb.in.afvalid = true;
        etm_model_eval(&tb.m, &tb.in, &o);
        if (o.afready) {
            ready_at = tb.cyc;
            ready_n++;
        }
        tb_cycle(&tb);
    }
    last = tb.when[tb.n - 1u];
    CHECK(tb.n == 23u && tb.bytes[22] == 0xF7, "flush: the pending atom is sent (%u bytes)",
          tb.n);
    /* the last byte leaves in cycle `last`; the FIFO is empty in last+1, so afready_q is
     * set at edge last+1 and shows in cycle last+2; then it drops for one cycle */
    CHECK(ready_n >= 1u && ready_at >= last + 2u, "flush: afready after the last byte");
}

/* SecExt = 0: every event is Non-secure ([ETM-PE-*] pe_ns read as 1). */
static void test_no_secext(void)
{
    struct tb tb;
    tb_init_cfg(&tb, 64, 0, false);
    CHECK(apb_read(&tb, 0x1EC) == 0x00100001u, "TRCIDR3 without SecExt");
    CHECK(apb_read(&tb, 0xFB8) == 0x0Cu, "TRCAUTHSTATUS without SecExt");
    tb.in.spniden = false; /* ignored without SecExt */
    enable(&tb, 0);
    ev_instr(&tb, 0x1000, false);
    idle(&tb, 40);
    static const uint8_t exp[] = {ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83,
                                  0x00,  0x10, 0x00, 0x00, 0x20};
    check_stream(&tb, "no SecExt: Non-secure context", exp, sizeof exp);
}

/* Random stress of the model's own invariants ([ETM-OVF-1], [ETM-OVF-4]): every demand
 * fits the 46-byte bound, the FIFO never holds more than FifoDepth bytes, and after every
 * edge at least 3 bytes are free with atoms pending, at least 2 without (unless an
 * overflow just filled it). */
static void test_stress_invariants(void)
{
    uint32_t r = 12345u;
    unsigned max_demand = 0, ovfs = 0;
    for (unsigned run = 0; run < 12u; run++) {
        struct tb tb;
        tb_init_cfg(&tb, 64u << (run % 3u), run % 16u, (run & 1u) != 0u);
        tb.m.cfg.cc_size = 12u + run % 9u;
        static const uint32_t cfgs[4] = {0x1818u, 0x0810u, 0x1000u, 0x0008u};
        apb_write(&tb, 0x038, 0x800u * (run & 1u)); /* a 2-byte CYCT */
        apb_write(&tb, 0x030, 0x01);
        apb_write(&tb, 0x034, 8u + run % 3u);
        enable(&tb, cfgs[run % 4u]);
        uint32_t pc = 0x1000;
        for (unsigned c = 0; c < 20000u; c++) {
            r = r * 1103515245u + 12345u;
            unsigned k = (r >> 16) % 16u;
            tb.in.atready = ((r >> 8) & 3u) != 0u;
            tb.in.gts = (uint64_t)r << 32 | c;
            tb.in.pe_ns = ((r >> 4) & 7u) == 0u;
            tb.in.cmpmatch = (uint8_t)(r >> 24);
            if (k < 6u) {
                ev_instr(&tb, pc, (k & 1u) != 0u);
                pc += 2u;
            } else if (k < 11u) {
                bool ind = k >= 9u;
                ev_branch(&tb, pc, false, ind || (r & 0x10u), ind, k == 8u || k == 10u,
                          ind && (r & 0x20u));
                pc = (r & 0x40u) ? 0x1000u + ((r >> 12) & 0xFFEu) : 0x23000u + (r & 0x3FEu);
            } else if (k < 12u) {
                ev_exc(&tb, 1u + (r >> 20) % 511u, pc);
                pc = 0x3000u;
            } else {
                tb_cycle(&tb);
            }
            unsigned free_bytes = tb.m.cfg.fifo_depth - tb.m.count;
            if (tb.m.last_demand > max_demand) {
                max_demand = tb.m.last_demand;
            }
            ovfs += tb.m.last_ovf;
            CHECK(tb.m.count <= tb.m.cfg.fifo_depth, "stress: FIFO bound");
            CHECK(tb.m.last_ovf || free_bytes >= (tb.m.t.n_atoms ? 3u : 2u) ||
                      tb.m.t.ovf,
                  "stress run %u cycle %u: reserve kept (free %u, atoms %u)", run, c,
                  free_bytes, tb.m.t.n_atoms);
        }
    }
    CHECK(max_demand <= 46u && max_demand >= 30u, "stress: largest demand %u", max_demand);
    CHECK(ovfs > 0u, "stress: overflows happened (%u)", ovfs);
    printf("  stress: largest demand %u bytes, %u overflows\n", max_demand, ovfs);
}

static void test_regs(void)
{
    struct tb tb;
    tb_init(&tb, 64, 3);
    CHECK(apb_read(&tb, 0x1E0) == 0x280002A1u, "TRCIDR0");
    CHECK(apb_read(&tb, 0x1E4) == 0x0000F450u, "TRCIDR1");
    CHECK(apb_read(&tb, 0x1E8) == 0x4u, "TRCIDR2");
    CHECK(apb_read(&tb, 0x1EC) == 0x00110001u, "TRCIDR3");
    CHECK(apb_read(&tb, 0x1F0) == 0x4000u, "TRCIDR4");
    CHECK(apb_read(&tb, 0x1F4) == 0x00070000u, "TRCIDR5");
    CHECK(apb_read(&tb, 0xFBC) == 0x47754A13u, "TRCDEVARCH");
    CHECK(apb_read(&tb, 0xFCC) == 0x13u, "TRCDEVTYPE");
    CHECK(apb_read(&tb, 0xFB8) == 0xCCu, "TRCAUTHSTATUS");
    CHECK(apb_read(&tb, 0x080) == 0x201u, "TRCVICTLR reset");
    CHECK(apb_read(&tb, 0x00C) == 0x3u, "TRCSTATR reset");
    apb_write(&tb, 0x034, 5); /* reserved period: ignored */
    CHECK(apb_read(&tb, 0x034) == 0u, "TRCSYNCPR 5 ignored");
    apb_write(&tb, 0x034, 8);
    CHECK(apb_read(&tb, 0x034) == 8u, "TRCSYNCPR 8");
    apb_write(&tb, 0x004, 1);
    apb_write(&tb, 0x040, 0x22); /* not idle: ignored [ETM-REG-1] */
    CHECK(apb_read(&tb, 0x040) == 0u, "TRCTRACEIDR write while enabled ignored");
    CHECK(apb_read(&tb, 0x00C) == 0u, "TRCSTATR while enabled");
}

/* ---- speculation (docs/etm-contract.md section 18), hand-derived streams ---- */

static void tb_init_spec(struct tb *tb, unsigned max_spec)
{
    struct etm_cfg cfg = {.fifo_depth = 64, .rs_depth = 3, .cc_size = 12, .num_pc = 4,
                          .sec_ext = true, .max_spec = max_spec};
    memset(tb, 0, sizeof *tb);
    if (etm_model_init(&tb->m, &cfg) != 0) {
        printf("FAIL init\n");
        failures++;
    }
    tb->in.rst_n = true;
    tb->in.atready = true;
    tb->in.niden = tb->in.spniden = true;
}

/* the PE's recovery and commit for the next cycle [ETM-SPEC-PE-*] */
static void spec_in(struct tb *tb, unsigned commit, bool flush, unsigned cancel, bool mispred)
{
    tb->in.spec_commit = (uint8_t)commit;
    tb->in.spec_flush = flush;
    tb->in.spec_cancel = (uint8_t)cancel;
    tb->in.spec_mispred = mispred;
}

/* S1: a conditional branch predicted taken, a wrong path with two P0 elements (packed
 * with the branch's atom into one F3), the recovery cancels two and flips the branch to N
 * ([ETM-SPEC-5]: Cancel with Mispredict 2F 02), in the same cycle as the next correct
 * event, a branch not taken ([ETM-SPEC-2]: recovery first); the disable commits
 * ([ETM-SPEC-6]). */
static void test_spec_s1_cancel_mispredict(void)
{
    struct tb tb;
    tb_init_spec(&tb, 4);
    enable(&tb, 0);
    CHECK(apb_read(&tb, 0x180) == 4u, "S1 TRCIDR8.MAXSPEC");
    ev_instr(&tb, 0x1000, false);
    ev_branch(&tb, 0x1002, false, true, false, false, false);  /* predicted taken */
    ev_instr(&tb, 0x1040, false);                              /* wrong path */
    ev_branch(&tb, 0x1042, false, false, false, false, false); /* wrong: N */
    ev_branch(&tb, 0x1044, false, true, false, false, false);  /* wrong: E -> F3 FD */
    spec_in(&tb, 0, true, 2, true);
    ev_branch(&tb, 0x1004, false, false, false, false, false); /* correct, same cycle */
    ev_branch(&tb, 0x1006, false, true, true, false, false);   /* BX LR */
    ev_instr(&tb, 0x2000, false);
    spec_in(&tb, 3, false, 0, false);
    idle(&tb, 1);
    apb_write(&tb, 0x004, 0);
    idle(&tb, 40);
    static const uint8_t exp[] = {ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00, 0x10, 0x00,
                                  0x00,  0x00, 0xFD, 0x2F, 0x02, 0xDA, 0x96, 0x80, 0x20,
                                  0x2D,  0x03};
    check_stream(&tb, "S1", exp, sizeof exp);
    CHECK(apb_read(&tb, 0x00C) == 0x3u, "S1 idle after the commit");
}

/* S2: MaxSpec 1, return stack on. BL, then BX LR whose target was mispredicted: the PE
 * commits the BL in the BX's cycle, the BX's atom commits the BL implicitly in the
 * stream ([ETM-SPEC-6]); the wrong target 0x1200 is traced; the recovery (no cancel, no
 * mispredict) restores need_addr = IND and clears the return stack ([ETM-SPEC-8]), so the
 * real target 0x1004 is traced though it was the stack's top. After the disable the
 * unit is not idle until the PE commits the last element. */
static void test_spec_s2_target_mispredict(void)
{
    struct tb tb;
    tb_init_spec(&tb, 1);
    enable(&tb, 1u << 12); /* RS */
    ev_branch(&tb, 0x1000, true, true, false, true, false); /* BL 0x1100 */
    ev_instr(&tb, 0x1100, false);
    spec_in(&tb, 1, false, 0, false);
    ev_branch(&tb, 0x1102, false, true, true, false, false); /* BX LR */
    ev_instr(&tb, 0x1200, false);                            /* wrong target */
    spec_in(&tb, 0, true, 0, false);
    idle(&tb, 1);
    ev_instr(&tb, 0x1004, false);
    spec_in(&tb, 1, false, 0, false);
    ev_branch(&tb, 0x1006, false, false, false, false, false);
    apb_write(&tb, 0x004, 0);
    idle(&tb, 40);
    CHECK(apb_read(&tb, 0x00C) == 0x0u, "S2 not idle with an element outstanding");
    spec_in(&tb, 1, false, 0, false);
    idle(&tb, 40);
    CHECK(apb_read(&tb, 0x00C) == 0x3u, "S2 idle after the commit");
    static const uint8_t exp[] = {ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00, 0x10, 0x00,
                                  0x00,  0x00, 0xDB, 0x96, 0x80, 0x12, 0x96, 0x82, 0x10,
                                  0xF6,  0x2D, 0x01};
    check_stream(&tb, "S2", exp, sizeof exp);
}

/* S3: branch broadcasting. A branch predicted not taken is taken: Mispredict `30` (no
 * cancel), need_addr = PLAIN so the direct target is traced ([ETM-SPEC-8]); two more
 * recoveries flip the same atom back and again ([ETM-SPEC-7]: the last decides). */
static void test_spec_s3_bb_flips(void)
{
    struct tb tb;
    tb_init_spec(&tb, 4);
    enable(&tb, 1u << 3); /* BB */
    ev_instr(&tb, 0x1000, false);
    ev_branch(&tb, 0x1002, false, false, false, false, false); /* predicted N */
    ev_instr(&tb, 0x1004, false);                              /* wrong path */
    spec_in(&tb, 0, true, 0, true);                            /* -> E */
    idle(&tb, 1);
    ev_instr(&tb, 0x1040, false);
    spec_in(&tb, 0, true, 0, true); /* -> N */
    idle(&tb, 1);
    ev_instr(&tb, 0x1004, false);
    spec_in(&tb, 0, true, 0, true); /* -> E */
    idle(&tb, 1);
    ev_instr(&tb, 0x1040, false);
    spec_in(&tb, 1, false, 0, false);
    idle(&tb, 1);
    apb_write(&tb, 0x004, 0);
    idle(&tb, 40);
    static const uint8_t exp[] = {ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00, 0x10, 0x00,
                                  0x00,  0x00, 0xF6, 0x30, 0x96, 0x20, 0x30, 0x30, 0x90,
                                  0x2D,  0x01};
    check_stream(&tb, "S3", exp, sizeof exp);
}

/* S4: E5 with MaxSpec 4: the 5-byte reserve ([ETM-SPEC-10]) overflows where E5's 3 bytes
 * would not, and the Overflow is preceded by a Commit of the two elements the PE commits
 * in that cycle. */
static void test_spec_s4_overflow(void)
{
    struct tb tb;
    tb_init_spec(&tb, 4);
    tb.in.atready = false;
    enable(&tb, 0);
    ev_instr(&tb, 0x1000, false);
    for (unsigned i = 1; i <= 9u; i++) {
        spec_in(&tb, i >= 5u ? 1u : 0u, false, 0, false);
        ev_exc(&tb, 11, 0x1002);
    }
    /* count 58, free 6: the handler's first instruction needs `96 20` (2 bytes): 2 + 3
     * would fit, 2 + 5 does not */
    spec_in(&tb, 2, false, 0, false);
    ev_instr(&tb, 0x1040, false);
    CHECK(tb.m.count == 62u, "S4 FIFO count %u (expected 62)", tb.m.count);
    CHECK(tb.m.t.ovf && tb.m.t.spec_sd == 0u && tb.m.t.spec_cp == 0u, "S4 state after overflow");
    tb.in.atready = true;
    idle(&tb, 80);
    uint8_t exp[62];
    static const uint8_t head[] = {ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00, 0x10,
                                   0x00,  0x00, 0x00, 0x06, 0x17, 0x96, 0x01};
    unsigned n = 0;
    memcpy(exp, head, sizeof head);
    n = sizeof head;
    for (unsigned i = 0; i < 8u; i++) {
        exp[n++] = 0x90;
        exp[n++] = 0x06;
        exp[n++] = 0x17;
        exp[n++] = 0x90;
    }
    exp[n++] = 0x2D;
    exp[n++] = 0x02;
    exp[n++] = 0x00;
    exp[n++] = 0x05;
    check_stream(&tb, "S4", exp, n);
}

/* S5: an ATB flush request commits ([ETM-SPEC-6]) and afready waits for it
 * ([ETM-SPEC-8]); MaxSpec 0 stays the unit of section 14 (TRCIDR8 0). */
static void test_spec_s5_flush_and_zero(void)
{
    struct tb tb;
    tb_init_spec(&tb, 2);
    enable(&tb, 0);
    ev_branch(&tb, 0x1000, false, true, false, false, false);
    ev_instr(&tb, 0x1010, false);
    spec_in(&tb, 1, false, 0, false);
    tb.in.afvalid = true;
    tb_cycle(&tb);
    idle(&tb, 40);
    static const uint8_t exp[] = {ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00, 0x10, 0x00,
                                  0x00,  0x00, 0xF7, 0x2D, 0x01};
    check_stream(&tb, "S5", exp, sizeof exp);
    tb_init_spec(&tb, 0);
    enable(&tb, 0);
    CHECK(apb_read(&tb, 0x180) == 0u, "S5 TRCIDR8 = 0 without speculation");
    struct etm_cfg bad = {.fifo_depth = 64, .rs_depth = 3, .cc_size = 12, .num_pc = 4,
                          .sec_ext = true, .max_spec = 17};
    struct etm_model m;
    CHECK(etm_model_init(&m, &bad) != 0, "S5 max_spec 17 rejected");
}

/* S6: TRCSYNCPR = 8 with elements always outstanding: no periodic sync while the stream
 * holds an element the PE has not committed ([ETM-SPEC-9]); when the PE commits all four,
 * the next event (an exception: it starts a range) carries Commit, A-Sync, Trace Info,
 * Address with Context. */
static void test_spec_s6_sync_waits(void)
{
    struct tb tb;
    tb_init_spec(&tb, 4);
    apb_write(&tb, 0x034, 8); /* TRCSYNCPR: every 256 bytes */
    enable(&tb, 0);
    ev_instr(&tb, 0x1000, false);
    for (unsigned i = 1; i <= 70u; i++) { /* 4 bytes each: 90 06 17 90 */
        spec_in(&tb, i > 4u ? 1u : 0u, false, 0, false);
        ev_exc(&tb, 11, 0x1002);
        idle(&tb, 4);
    }
    unsigned n0 = tb.n, asyncs = 0;
    for (unsigned i = 0; i + 12u <= tb.n; i++) {
        asyncs += tb.bytes[i] == 0x00 && tb.bytes[i + 11] == 0x80 && tb.bytes[i + 1] == 0x00;
    }
    CHECK(asyncs == 1u && tb.m.t.sync_cnt >= 256u, "S6 no sync while uncommitted (%u A-Syncs, "
          "%u bytes since)", asyncs, tb.m.t.sync_cnt);
    spec_in(&tb, 4, false, 0, false);
    ev_exc(&tb, 11, 0x1002);
    idle(&tb, 40);
    static const uint8_t tail[] = {0x2D, 0x04, ASYNC, 0x01, 0x01, 0x00, 0x83, 0x01,
                                   0x10, 0x00, 0x00, 0x00, 0x06, 0x17, 0x90};
    bool ok = tb.n == n0 + sizeof tail && memcmp(tb.bytes + n0, tail, sizeof tail) == 0;
    CHECK(ok, "S6 Commit then the sync (%u bytes after, expected %zu)", tb.n - n0, sizeof tail);
    if (!ok) {
        for (unsigned i = n0; i < tb.n; i++) {
            printf(" %02X", tb.bytes[i]);
        }
        printf("\n");
    }
}

/* F1: atom formats 4 and 5 ([ETM-ATOM-4..6], section 19): NEEEE -> F5 `F5`; ENENE -> `D7`;
 * NEEN is no pattern prefix -> F3(NEE) `FE` and N starts over; N NNNN -> `D5`; EEEN -> F6
 * `E0` (the E run first); EEN is no prefix -> F3 `FB` whole (rule 6, n = 3); NEEEN is no
 * F5 -> F4 `DC` of NEEE and N starts over; NNNN pending at the disable -> F4 `DD`. */
static void test_atom_f45(void)
{
    static const char seq[] = "NEEEE" "ENENE" "NEEN" "NNNN" "EEEN" "EEN" "NEEEN" "NNN";
    struct tb tb;
    struct etm_cfg cfg = {.fifo_depth = 64, .rs_depth = 3, .cc_size = 12, .num_pc = 4,
                          .sec_ext = true, .atom_f45 = true};
    memset(&tb, 0, sizeof tb);
    CHECK(etm_model_init(&tb.m, &cfg) == 0, "F1 init");
    tb.in.rst_n = tb.in.atready = tb.in.niden = tb.in.spniden = true;
    enable(&tb, 0);
    ev_instr(&tb, 0x1000, false);
    for (unsigned i = 0; seq[i] != '\0'; i++) {
        ev_branch(&tb, 0x1002 + 2u * i, false, seq[i] == 'E', false, false, false);
    }
    apb_write(&tb, 0x004, 0);
    idle(&tb, 40);
    static const uint8_t exp[] = {ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00, 0x10, 0x00,
                                  0x00,  0x00, 0xF5, 0xD7, 0xFE, 0xD5, 0xE0, 0xFB, 0xDC,
                                  0xDD};
    check_stream(&tb, "F1", exp, sizeof exp);
}

/* Section 20 (Q elements, [ETM-Q-*]): a unit with QSupp = 1, TRCCONFIGR.QE = 1 (0x2000). */
static void tb_init_q(struct tb *tb)
{
    struct etm_cfg cfg = {.fifo_depth = 64, .rs_depth = 3, .cc_size = 12, .num_pc = 4,
                          .sec_ext = true, .q_supp = true};
    memset(tb, 0, sizeof *tb);
    CHECK(etm_model_init(&tb->m, &cfg) == 0, "Q init");
    tb->in.rst_n = tb->in.atready = tb->in.niden = tb->in.spniden = true;
}

/* Q1: E1's events counted, closed at the tail by the disable: Q(6, 0x100A) = A6 05 06. */
static void test_q1_count(void)
{
    struct tb tb;
    tb_init_q(&tb);
    enable(&tb, 0x2000);
    ev_instr(&tb, 0x1000, false);
    ev_branch(&tb, 0x1002, false, false, false, false, false);
    ev_branch(&tb, 0x1004, true, true, false, true, false);
    ev_instr(&tb, 0x1100, false);
    ev_branch(&tb, 0x1102, false, true, true, false, false);
    ev_instr(&tb, 0x1008, false);
    apb_write(&tb, 0x004, 0);
    idle(&tb, 40);
    static const uint8_t exp[] = {ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00, 0x10, 0x00,
                                  0x00,  0x00, 0xA6, 0x05, 0x06};
    check_stream(&tb, "Q1", exp, sizeof exp);
    CHECK(apb_read(&tb, 0x00C) == 0x3u, "Q1 TRCSTATR idle after drain");
}

/* Q2: exception closes the Q at its return address; an exception return closes at the
 * next event with `07` after the Q; the exact-match Q header A1. */
static void test_q2_exc(void)
{
    struct tb tb;
    tb_init_q(&tb);
    enable(&tb, 0x2000);
    ev_instr(&tb, 0x2000, false);
    ev_exc(&tb, 11, 0x2002);
    ev_instr(&tb, 0x3000, false);
    ev_branch(&tb, 0x3002, false, true, true, false, true);
    ev_instr(&tb, 0x2002, false);
    apb_write(&tb, 0x004, 0);
    idle(&tb, 40);
    static const uint8_t exp[] = {ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00, 0x20, 0x00,
                                  0x00,  0x00, 0xA6, 0x01, 0x01, 0x06, 0x17, 0x90, 0x96,
                                  0x80,  0x30, 0xA1, 0x02, 0x07, 0xA6, 0x02, 0x01};
    check_stream(&tb, "Q2", exp, sizeof exp);
}

/* Q3: a taken branch at the tail of a disable is left out: Q(1, 0x1002). */
static void test_q3_tail_taken(void)
{
    struct tb tb;
    tb_init_q(&tb);
    enable(&tb, 0x2000);
    ev_instr(&tb, 0x1000, false);
    ev_branch(&tb, 0x1002, false, true, false, false, false);
    apb_write(&tb, 0x004, 0);
    idle(&tb, 40);
    static const uint8_t exp[] = {ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00, 0x10, 0x00,
                                  0x00,  0x00, 0xA6, 0x01, 0x01};
    check_stream(&tb, "Q3", exp, sizeof exp);
}

/* Q4: the 10-byte reserve; the overflow closes the pending Q at the dropped event. */
static void test_q4_overflow(void)
{
    struct tb tb;
    tb_init_q(&tb);
    enable(&tb, 0x2000);
    tb.in.atready = false;
    ev_instr(&tb, 0x1000, false);
    CHECK(tb.m.count == 22u, "Q4 count %u after the first event", tb.m.count);
    for (unsigned i = 0; i < 7u; i++) {
        ev_exc(&tb, 11, 0x1002);
    }
    CHECK(tb.m.count == 52u && !tb.m.t.ovf, "Q4 count %u after 7 exceptions", tb.m.count);
    ev_instr(&tb, 0x1002, false);
    CHECK(tb.m.count == 53u && tb.m.t.q_cnt == 1u, "Q4 count %u after the NOP", tb.m.count);
    ev_exc(&tb, 11, 0x1004);
    CHECK(tb.m.last_ovf && tb.m.count == 58u, "Q4 overflow (count %u)", tb.m.count);
    tb.in.atready = true;
    idle(&tb, 80);
    uint8_t exp[58] = {ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00, 0x10, 0x00, 0x00, 0x00,
                       0xA6,  0x01, 0x01, 0x06, 0x17, 0x90};
    for (unsigned i = 0; i < 6u; i++) {
        exp[28 + 4 * i] = 0x90;
        exp[29 + 4 * i] = 0x06;
        exp[30 + 4 * i] = 0x17;
        exp[31 + 4 * i] = 0x90;
    }
    static const uint8_t tail[] = {0x90, 0xA6, 0x02, 0x01, 0x00, 0x05};
    memcpy(&exp[52], tail, sizeof tail);
    check_stream(&tb, "Q4", exp, sizeof exp);
}

/* Q5: [ETM-Q-7] ATB flush: 0x1000, then AFVALID: Q(1, 0x1002) = A6 01 01 and AFREADY after
 * the drain; [ETM-Q-6] an untraced event (NIDEN low) closes the Q at its address; [ETM-Q-1]
 * registers; [ETM-Q-2] QSupp with MaxSpec is rejected, BB switches Q mode off. */
static void test_q5_flush_gap_regs(void)
{
    struct tb tb;
    tb_init_q(&tb);
    CHECK((apb_read(&tb, 0x1E0) & 0x1C000u) == 0x8000u, "Q5 TRCIDR0 QSUPP 0b01, QFILT 0");
    apb_write(&tb, 0x010, 0x6000);
    CHECK(apb_read(&tb, 0x010) == 0x2000u, "Q5 TRCCONFIGR.QE bit 13 only");
    apb_write(&tb, 0x044, 0x1FFu);
    CHECK(apb_read(&tb, 0x044) == 0u, "Q5 TRCQCTLR reads 0");
    enable(&tb, 0x2000);
    ev_instr(&tb, 0x1000, false);
    idle(&tb, 30); /* the FIFO drains; the Q of 0x1000 stays pending */
    CHECK(tb.n == 22u && tb.m.t.q_cnt == 1u, "Q5 drained with a pending Q");
    bool ready = false;
    for (unsigned i = 0; i < 40u && !ready; i++) {
        struct etm_out o;
        tb.in.afvalid = true;
        etm_model_eval(&tb.m, &tb.in, &o);
        ready = o.afready;
        if (ready) {
            CHECK(tb.n == 25u, "Q5 AFREADY only after the Q's 3 bytes left (%u bytes)", tb.n);
        }
        tb_cycle(&tb);
    }
    CHECK(ready, "Q5 AFREADY after the Q is out");
    ev_instr(&tb, 0x1002, false);
    ev_instr(&tb, 0x1004, false);
    tb.in.niden = false;
    ev_instr(&tb, 0x1006, false); /* untraced: Q(2, 0x1006) = A6 03 02 */
    tb.in.niden = true;
    ev_instr(&tb, 0x1008, false); /* Trace On, Address with Context, counted */
    apb_write(&tb, 0x004, 0);     /* Q(1, 0x100A) */
    idle(&tb, 40);
    static const uint8_t exp[] = {ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00, 0x10, 0x00,
                                  0x00,  0x00, 0xA6, 0x01, 0x01, 0xA6, 0x03, 0x02, 0x04,
                                  0x83,  0x04, 0x10, 0x00, 0x00, 0x00, 0xA6, 0x05, 0x01};
    check_stream(&tb, "Q5", exp, sizeof exp);
    struct etm_model m2;
    struct etm_cfg bad = {.fifo_depth = 64, .rs_depth = 3, .cc_size = 12, .num_pc = 4,
                          .sec_ext = true, .q_supp = true, .max_spec = 4};
    CHECK(etm_model_init(&m2, &bad) != 0, "Q5 QSupp with MaxSpec rejected");
    tb_init_q(&tb);
    enable(&tb, 0x2008); /* QE | BB: atoms as section 8 */
    ev_branch(&tb, 0x1000, false, false, false, false, false);
    apb_write(&tb, 0x004, 0);
    idle(&tb, 40);
    static const uint8_t bb[] = {ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00, 0x10, 0x00,
                                 0x00,  0x00, 0xF6};
    check_stream(&tb, "Q5 BB wins", bb, sizeof bb);
}

/* Q6: [ETM-Q-3] (e): 16384 sequential NOPs from 0x1000: the 16384th closes Q(16383, 0x8FFE)
 * = A6 FF 8F FF 7F; the disable Q(1, 0x9000) = A6 80 90 01. */
static void test_q6_max(void)
{
    struct tb tb;
    tb_init_q(&tb);
    enable(&tb, 0x2000);
    for (uint32_t i = 0; i < 16384u; i++) {
        ev_instr(&tb, 0x1000u + 2u * i, false);
    }
    apb_write(&tb, 0x004, 0);
    idle(&tb, 40);
    static const uint8_t exp[] = {ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00, 0x10, 0x00,
                                  0x00,  0x00, 0xA6, 0xFF, 0x8F, 0xFF, 0x7F, 0xA6, 0x80,
                                  0x90,  0x01};
    check_stream(&tb, "Q6", exp, sizeof exp);
}

/* Q7: [ETM-Q-5]: the timestamp an exception return requests follows the Q that closes at
 * the next event (TRCCONFIGR = QE | TS, gts 0x1234): Q(2, 0x2002) A6 81 20 02, 07, 02 34. */
static void test_q7_ts(void)
{
    struct tb tb;
    tb_init_q(&tb);
    tb.in.gts = 0x1234;
    enable(&tb, 0x2800);
    ev_instr(&tb, 0x3000, false);
    ev_branch(&tb, 0x3002, false, true, true, false, true);
    ev_instr(&tb, 0x2002, false);
    apb_write(&tb, 0x004, 0);
    idle(&tb, 40);
    static const uint8_t exp[] = {ASYNC, 0x01, 0x01, 0x00, 0x02, 0xB4, 0x24, 0x04, 0x83,
                                  0x00,  0x30, 0x00, 0x00, 0x00, 0xA6, 0x81, 0x20, 0x02,
                                  0x07,  0x02, 0x34, 0xA6, 0x02, 0x01};
    check_stream(&tb, "Q7", exp, sizeof exp);
}

/* Q8: [ETM-Q-5] periodic sync in the middle of a Q (TRCSYNCPR 8: 256 bytes). 0x1000, 63
 * exceptions (return 0x1002): 22 + 6 + 62 x 4 = 276 bytes, 254 of them counted (not the
 * A-Sync cycle's, [ETM-SYNC-1]); the handler's first instruction 0x20000 (`9B 00 00 02 00`,
 * 259) starts a Q; at 0x20002 the sync is due with a Q pending:
 * `A6 01 01`, A-Sync, `01 01 00`, `83 01 00 02 00 00`; disable: `A6 02 01`. */
static void test_q8_sync(void)
{
    struct tb tb;
    tb_init_q(&tb);
    apb_write(&tb, 0x034, 8); /* TRCSYNCPR */
    enable(&tb, 0x2000);
    ev_instr(&tb, 0x1000, false);
    for (unsigned i = 0; i < 63u; i++) {
        ev_exc(&tb, 11, 0x1002);
        idle(&tb, 4);
    }
    ev_instr(&tb, 0x20000, false);
    ev_instr(&tb, 0x20002, false);
    apb_write(&tb, 0x004, 0);
    idle(&tb, 60);
    static const uint8_t tail[] = {0x9B, 0x00, 0x00, 0x02, 0x00, 0xA6, 0x01, 0x01, ASYNC,
                                   0x01, 0x01, 0x00, 0x83, 0x01, 0x00, 0x02, 0x00, 0x00,
                                   0xA6, 0x02, 0x01};
    CHECK(tb.n == 276u + sizeof tail, "Q8: %u bytes, expected %zu", tb.n, 276u + sizeof tail);
    if (tb.n >= sizeof tail) {
        tb.n -= (unsigned)sizeof tail;
        memmove(tb.bytes, tb.bytes + tb.n, sizeof tail);
        tb.n = (unsigned)sizeof tail;
        check_stream(&tb, "Q8 tail", tail, sizeof tail);
    }
}

/* ---- Section 20: TRCSTALLCTLR [ETM-STALL-*] ------------------------------------------- */

static void tb_init_stall(struct tb *tb, unsigned fifo_depth)
{
    struct etm_cfg cfg = {.fifo_depth = fifo_depth, .rs_depth = 3, .cc_size = 12,
                          .num_pc = 4, .sec_ext = true, .has_stall = true};
    memset(tb, 0, sizeof *tb);
    if (etm_model_init(&tb->m, &cfg) != 0) {
        printf("FAIL init\n");
        failures++;
    }
    tb->in.rst_n = true;
    tb->in.atready = true;
    tb->in.niden = tb->in.spniden = true;
}

static bool stall_now(struct tb *tb)
{
    struct etm_out o;
    etm_model_eval(&tb->m, &tb->in, &o);
    CHECK(o.pe_stall == etm_model_stall(&tb->m), "pe_stall output = etm_model_stall");
    return o.pe_stall;
}

static const uint8_t e6_first[26] = {ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00, 0x10,
                                     0x00,  0x00, 0x00, 0x06, 0x17, 0x96, 0x01};

/* E6 ignored: E5 with TRCSTALLCTLR = 0x108; pe_stall 1 from cycle w+5, the overflow as E5 */
static void test_e6_ignored(void)
{
    struct tb tb;
    tb_init_stall(&tb, 64);
    apb_write(&tb, 0x02C, 0x108);
    unsigned w = enable(&tb, 0);
    tb.in.atready = false;
    CHECK(tb.cyc == w + 1, "E6 first event in w+1");
    ev_instr(&tb, 0x1000, false);
    for (unsigned k = 1; k <= 10u; k++) {
        bool st = stall_now(&tb);
        CHECK(st == (k >= 4u), "E6i cycle w+%u: pe_stall %d", tb.cyc - w, st);
        ev_exc(&tb, 11, 0x1002);
        CHECK(tb.m.last_ovf == (k == 10u), "E6i exception %u overflow %d", k, tb.m.last_ovf);
    }
    CHECK(tb.m.count == 60u && stall_now(&tb), "E6i count 60, still stalling");
    tb.in.atready = true;
    idle(&tb, 80);
    CHECK(tb.n == 60u && tb.bytes[58] == 0x00 && tb.bytes[59] == 0x05,
          "E6i: E5's 60 bytes ending in 00 05 (%u)", tb.n);
    CHECK(!stall_now(&tb), "E6i stall falls after the drain");
}

/* E6 honoured: atready 1 from w+8, the PE presents no event while pe_stall = 1 */
static void test_e6_honoured(void)
{
    struct tb tb;
    tb_init_stall(&tb, 64);
    apb_write(&tb, 0x02C, 0x108);
    unsigned w = enable(&tb, 0);
    tb.in.atready = false;
    ev_instr(&tb, 0x1000, false);
    unsigned when[11] = {0};
    for (unsigned k = 1; k <= 10u; k++) {
        while (stall_now(&tb)) {
            if (tb.cyc == w + 10u) {
                CHECK(tb.m.count == 32u, "E6h count 32 in w+10 (%u)", tb.m.count);
            }
            tb_cycle(&tb);
            tb.in.atready = tb.cyc >= w + 8u; /* for the cycle now current */
        }
        when[k] = tb.cyc - w;
        ev_exc(&tb, 11, 0x1002);
        tb.in.atready = tb.cyc >= w + 8u;
        CHECK(!tb.m.last_ovf, "E6h exception %u: no overflow", k);
    }
    for (unsigned k = 1; k <= 3u; k++) {
        CHECK(when[k] == 1u + k, "E6h exception %u in w+%u, expected w+%u", k, when[k], 1u + k);
    }
    for (unsigned k = 4; k <= 10u; k++) {
        CHECK(when[k] == 11u + 4u * (k - 4u), "E6h exception %u in w+%u, expected w+%u", k,
              when[k], 11u + 4u * (k - 4u));
    }
    idle(&tb, 80);
    uint8_t exp[62];
    memcpy(exp, e6_first, sizeof e6_first);
    for (unsigned i = 0; i < 9u; i++) {
        exp[26 + 4 * i] = 0x90;
        exp[27 + 4 * i] = 0x06;
        exp[28 + 4 * i] = 0x17;
        exp[29 + 4 * i] = 0x90;
    }
    check_stream(&tb, "E6h", exp, sizeof exp);
    CHECK(tb.n == 62u && tb.when[0] == w + 8u && tb.when[61] == w + 69u,
          "E6h first byte in w+8, last in w+69 (w+%u, w+%u)", tb.when[0] - w, tb.when[61] - w);
}

/* [ETM-STALL-1..3]: registers, ID bit, the LEVEL table, ISTALL, EN, HasStall = 0 */
static void test_stall_regs(void)
{
    struct tb tb;
    tb_init(&tb, 64, 3); /* HasStall = 0 */
    CHECK(apb_read(&tb, 0x1EC) == 0x00110001u, "TRCIDR3 without stall");
    apb_write(&tb, 0x02C, 0x10F);
    CHECK(apb_read(&tb, 0x02C) == 0u, "TRCSTALLCTLR RAZ/WI without HasStall");
    static const unsigned depths[3] = {64, 128, 256};
    for (unsigned d = 0; d < 3u; d++) {
        tb_init_stall(&tb, depths[d]);
        CHECK(apb_read(&tb, 0x1EC) == 0x04110001u, "TRCIDR3.STALLCTL = 1");
        apb_write(&tb, 0x02C, 0xFFFFFFFFu);
        CHECK(apb_read(&tb, 0x02C) == 0x10Fu, "TRCSTALLCTLR keeps LEVEL and ISTALL only");
        for (unsigned level = 0; level < 16u; level++) {
            unsigned thr = (16u - level) * depths[d] / 16u;
            tb.m.stallctlr = 0x100u | level;
            tb.m.en = true;
            tb.m.count = thr - 1u;
            CHECK(!etm_model_stall(&tb.m), "depth %u LEVEL %u: no stall at %u", depths[d],
                  level, thr - 1u);
            tb.m.count = thr;
            CHECK(etm_model_stall(&tb.m), "depth %u LEVEL %u: stall at %u", depths[d], level,
                  thr);
            tb.m.stallctlr = level; /* ISTALL = 0 */
            CHECK(!etm_model_stall(&tb.m), "ISTALL = 0: no stall");
            tb.m.stallctlr = 0x100u | level;
            tb.m.en = false;
            CHECK(!etm_model_stall(&tb.m), "EN = 0: no stall");
        }
        tb.m.count = 0;
    }
    /* the stallctlr is a configuration register: ignored while not idle [ETM-REG-1] */
    tb_init_stall(&tb, 64);
    enable(&tb, 0);
    apb_write(&tb, 0x02C, 0x10C);
    CHECK(tb.m.stallctlr == 0u, "TRCSTALLCTLR write ignored while enabled");
}

/* [ETM-STALL-6]: an honouring PE never overflows with thr <= FifoDepth - 48, on bursts of
 * the longest demands (periodic sync at every range start, TS, CCI) with a slow sink. */
static void test_stall_guarantee(void)
{
    static const unsigned depths[3] = {64, 128, 256};
    static const unsigned minlevel[3] = {12, 6, 3};
    for (unsigned d = 0; d < 3u; d++) {
        for (unsigned level = minlevel[d]; level < 16u; level++) {
            struct tb tb;
            tb_init_stall(&tb, depths[d]);
            apb_write(&tb, 0x02C, 0x100u | level);
            apb_write(&tb, 0x034, 8); /* TRCSYNCPR: a sync every 256 bytes */
            apb_write(&tb, 0x038, 1);
            apb_write(&tb, 0x030, 1); /* TRCTSCTLR: TRUE */
            enable(&tb, 0x810);       /* TS | CCI */
            unsigned ovf = 0, lcg = 12345u;
            for (unsigned i = 0; i < 3000u; i++) {
                lcg = lcg * 1103515245u + 12345u;
                tb.in.atready = ((lcg >> 16) % 5u) == 0u; /* a sink at 1/5 of the rate */
                if (stall_now(&tb)) {
                    tb_cycle(&tb);
                    continue;
                }
                tb.in.gts = i * 0x123456789ull;
                if ((lcg >> 20) & 1u) {
                    ev_exc(&tb, 16u + (i % 200u), 0x2000u + 2u * (i % 700u));
                } else {
                    ev_branch(&tb, 0x3000u + 2u * (i % 900u), false, true, true, false, false);
                }
                ovf += tb.m.last_ovf;
            }
            CHECK(ovf == 0u, "depth %u LEVEL %u: %u overflows with an honouring PE", depths[d],
                  level, ovf);
        }
    }
}

int main(void)
{
    test_e1();
    test_e2();
    test_e3();
    test_e4();
    test_e5();
    test_atoms_f6_max();
    test_exc_types();
    test_sync_at_range_start();
    test_ts_compression();
    test_cc_unknown_after_overflow();
    test_bb_direct_target();
    test_flush();
    test_no_secext();
    test_stress_invariants();
    test_regs();
    test_spec_s1_cancel_mispredict();
    test_spec_s2_target_mispredict();
    test_spec_s3_bb_flips();
    test_spec_s4_overflow();
    test_spec_s5_flush_and_zero();
    test_spec_s6_sync_waits();
    test_atom_f45();
    test_q1_count();
    test_q2_exc();
    test_q3_tail_taken();
    test_q4_overflow();
    test_q5_flush_gap_regs();
    test_q6_max();
    test_q7_ts();
    test_q8_sync();
    test_e6_ignored();
    test_e6_honoured();
    test_stall_regs();
    test_stall_guarantee();
    return check_report("test_etm_model");
}
