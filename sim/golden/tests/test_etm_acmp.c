/* SPDX-License-Identifier: Apache-2.0 */
/* Directed tests of the ETM golden model's address range comparators, ViewInst
 * include/exclude ranges and branch broadcasting ranges: the worked examples R1-R4 of
 * docs/etm-contract.md section 22. Conventions as test_etm_model.c. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check_msg.h"
#include "etm_model.h"

#define TB_MAX 1024u

struct tb {
    struct etm_model m;
    struct etm_in in;
    uint8_t bytes[TB_MAX];
    unsigned n;
};

static bool g_q_supp; /* tb_init: QSupp (section 20) */

static void tb_cycle(struct tb *tb)
{
    struct etm_out o;
    etm_model_eval(&tb->m, &tb->in, &o);
    if (o.atvalid && tb->in.atready && tb->n < TB_MAX) {
        tb->bytes[tb->n++] = o.atdata;
    }
    etm_model_step(&tb->m, &tb->in);
    tb->in.pe_valid = tb->in.exc_valid = false;
    tb->in.psel = tb->in.penable = tb->in.pwrite = false;
}

static void tb_init(struct tb *tb, unsigned num_ac_pairs)
{
    struct etm_cfg cfg = {.fifo_depth = 64, .rs_depth = 3, .cc_size = 12, .num_pc = 4,
                          .sec_ext = true, .num_ac_pairs = num_ac_pairs, .q_supp = g_q_supp};
    memset(tb, 0, sizeof *tb);
    if (etm_model_init(&tb->m, &cfg) != 0) {
        printf("FAIL init\n");
        failures++;
    }
    tb->in.rst_n = true;
    tb->in.atready = true;
    tb->in.niden = tb->in.spniden = true;
}

static void apb_write(struct tb *tb, uint32_t off, uint32_t v)
{
    for (int ph = 0; ph < 2; ph++) {
        tb->in.psel = tb->in.pwrite = true;
        tb->in.penable = ph == 1;
        tb->in.paddr = off;
        tb->in.pwdata = v;
        tb->in.pstrb = 0xF;
        tb_cycle(tb);
    }
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

/* one event: kind 'i' instruction (16-bit), 'n' branch not taken, 'e' direct branch taken */
static void ev(struct tb *tb, uint32_t a, char kind)
{
    tb->in.pe_valid = true;
    tb->in.pe_addr = a;
    tb->in.pe_size = false;
    tb->in.pe_br = kind != 'i';
    tb->in.pe_taken = kind == 'e';
    tb->in.pe_ind = tb->in.pe_link = tb->in.pe_excret = false;
    tb_cycle(tb);
}

static void finish(struct tb *tb)
{
    apb_write(tb, 0x004, 0);
    for (int i = 0; i < 60; i++) {
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
        printf("\n");
    }
}

#define ASYNC 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80
#define A1000 ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00, 0x10, 0x00, 0x00, 0x00

static void setup(struct tb *tb, uint32_t configr, uint32_t base, uint32_t limit,
                  uint32_t reg, uint32_t val)
{
    tb_init(tb, 4);
    apb_write(tb, 0x040, 0x10);
    apb_write(tb, 0x010, configr);
    apb_write(tb, 0x400, base);
    apb_write(tb, 0x408, limit);
    apb_write(tb, reg, val);
    apb_write(tb, 0x004, 1);
}

static void test_r1_include(void) /* [ETM-ACMP-3], [ETM-VIEW-3] */
{
    struct tb tb;
    setup(&tb, 0, 0x1000, 0x1004, 0x084, 0x1);
    ev(&tb, 0x1000, 'i');
    ev(&tb, 0x1002, 'n');
    ev(&tb, 0x1004, 'n');
    ev(&tb, 0x1006, 'i');
    ev(&tb, 0x1008, 'e');
    ev(&tb, 0x1000, 'i');
    finish(&tb);
    static const uint8_t exp[] = {A1000, 0xD8, 0x04, 0x83, 0x00, 0x10, 0x00, 0x00, 0x00};
    check_stream(&tb, "R1", exp, sizeof exp);
}

static void test_r2_exclude(void) /* [ETM-VIEW-3] */
{
    struct tb tb;
    setup(&tb, 0, 0x1000, 0x1004, 0x084, 0x10000);
    ev(&tb, 0x0FFC, 'e');
    ev(&tb, 0x1000, 'i');
    ev(&tb, 0x1002, 'e');
    ev(&tb, 0x2000, 'i');
    finish(&tb);
    static const uint8_t exp[] = {ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x7E, 0x0F, 0x00, 0x00,
                                  0x00,  0xF7, 0x04, 0x83, 0x00, 0x20, 0x00, 0x00, 0x00};
    check_stream(&tb, "R2", exp, sizeof exp);
}

static void r3_path(struct tb *tb)
{
    ev(tb, 0x1000, 'e');
    ev(tb, 0x1010, 'e');
    ev(tb, 0x2000, 'e');
    ev(tb, 0x2010, 'i');
    ev(tb, 0x2012, 'e');
    ev(tb, 0x1000, 'i');
    finish(tb);
}

static void test_r3_bb_ranges(void) /* [ETM-BB-2] */
{
    struct tb tb;
    setup(&tb, 0x8, 0x1000, 0x10FF, 0x03C, 0x101);
    r3_path(&tb);
    static const uint8_t exp[] = {A1000, 0xF7, 0x96, 0x08, 0xF7, 0x96, 0x80, 0x20, 0xDB};
    check_stream(&tb, "R3", exp, sizeof exp);
    setup(&tb, 0x8, 0x1000, 0x10FF, 0x03C, 0x001);
    r3_path(&tb);
    static const uint8_t expx[] = {A1000, 0xFF, 0x96, 0x88, 0x20, 0xF7, 0x91};
    check_stream(&tb, "R3x", expx, sizeof expx);
}

static void test_r4_regs(void) /* [ETM-ACMP-2], [ETM-ACMP-4] */
{
    struct tb tb;
    tb_init(&tb, 4);
    CHECK(apb_read(&tb, 0x1F0) == 0x4004u, "TRCIDR4");
    apb_write(&tb, 0x400, 0x12345679);
    CHECK(apb_read(&tb, 0x400) == 0x12345679u, "TRCACVR0");
    apb_write(&tb, 0x404, 0xFFFFFFFF);
    CHECK(apb_read(&tb, 0x404) == 0u, "TRCACVR0[63:32]");
    apb_write(&tb, 0x438, 0xCAFE);
    CHECK(apb_read(&tb, 0x438) == 0xCAFEu, "TRCACVR7");
    apb_write(&tb, 0x440, 0xCAFE);
    CHECK(apb_read(&tb, 0x440) == 0u, "TRCACVR8 absent");
    apb_write(&tb, 0x480, 0xFFFFFFFF);
    CHECK(apb_read(&tb, 0x480) == 0u, "TRCACATR0 RAZ");
    apb_write(&tb, 0x084, 0xFFFFFFFF);
    CHECK(apb_read(&tb, 0x084) == 0x000F000Fu, "TRCVIIECTLR");
    apb_write(&tb, 0x03C, 0xFFFFFFFF);
    CHECK(apb_read(&tb, 0x03C) == 0x10Fu, "TRCBBCTLR");
    tb_init(&tb, 0); /* NumAcPairs = 0: RAZ/WI */
    CHECK(apb_read(&tb, 0x1F0) == 0x4000u, "TRCIDR4 without comparators");
    apb_write(&tb, 0x400, 0x1234);
    apb_write(&tb, 0x084, 0xFFFFFFFF);
    apb_write(&tb, 0x03C, 0xFFFFFFFF);
    CHECK(apb_read(&tb, 0x400) == 0u && apb_read(&tb, 0x084) == 0u &&
              apb_read(&tb, 0x03C) == 0u, "RAZ/WI without comparators");
    struct etm_cfg bad = {.fifo_depth = 64, .rs_depth = 3, .cc_size = 12, .num_pc = 4,
                          .sec_ext = true, .num_ac_pairs = 5};
    CHECK(etm_model_init(&tb.m, &bad) != 0, "NumAcPairs 5 rejected");
}

/* An exception is compared by its preferred return address ([ETM-ACMP-3]). */
static void test_exc_return_address(void)
{
    struct tb tb;
    setup(&tb, 0, 0x1000, 0x1004, 0x084, 0x1);
    ev(&tb, 0x1000, 'i');
    tb.in.exc_valid = true; /* return 0x1002: in the range, traced */
    tb.in.exc_num = 11;
    tb.in.exc_ret = 0x1002;
    tb_cycle(&tb);
    tb.in.exc_valid = true; /* return 0x3000: out, untraced */
    tb.in.exc_ret = 0x3000;
    tb_cycle(&tb);
    finish(&tb);
    static const uint8_t exp[] = {A1000, 0x06, 0x17, 0x96, 0x01};
    check_stream(&tb, "exception by return address", exp, sizeof exp);
}

static void q9_path(struct tb *tb)
{
    ev(tb, 0x1000, 'i');
    ev(tb, 0x1002, 'n');
    ev(tb, 0x1004, 'e'); /* B to 0x2000 */
    ev(tb, 0x2000, 'n');
    ev(tb, 0x2002, 'e'); /* B to 0x1010 */
    ev(tb, 0x1010, 'i');
    finish(tb);
}

/* Q9: TRCQCTLR ranges [ETM-Q-9] (docs/etm-contract.md section 20.4). */
static void test_q9_qctlr_ranges(void)
{
    struct tb tb;
    g_q_supp = true;
    setup(&tb, 0x2000, 0x1000, 0x10FF, 0x044, 0x101); /* include pair 0 */
    q9_path(&tb);
    static const uint8_t exp[] = {A1000, 0xA6, 0x80, 0x20, 0x03, 0xDA, 0xA6, 0x89, 0x10, 0x01};
    check_stream(&tb, "Q9 include", exp, sizeof exp);
    setup(&tb, 0x2000, 0x1000, 0x10FF, 0x044, 0x001); /* exclude pair 0 */
    q9_path(&tb);
    static const uint8_t expx[] = {A1000, 0xDA, 0xA6, 0x08, 0x02};
    check_stream(&tb, "Q9x exclude", expx, sizeof expx);
    setup(&tb, 0x2000, 0x1000, 0x10FF, 0x044, 0x000); /* reset value: Q everywhere */
    q9_path(&tb);
    static const uint8_t exp0[] = {A1000, 0xA6, 0x09, 0x06};
    check_stream(&tb, "Q9 no range", exp0, sizeof exp0);
    struct tb t2; /* include mode, no range: the bytes of TRCCONFIGR = 0 */
    setup(&tb, 0x2000, 0x1000, 0x10FF, 0x044, 0x100);
    q9_path(&tb);
    setup(&t2, 0x0, 0x1000, 0x10FF, 0x044, 0x000);
    q9_path(&t2);
    CHECK(tb.n == t2.n && memcmp(tb.bytes, t2.bytes, tb.n) == 0, "Q9n include without range");
    tb_init(&tb, 4);
    CHECK((apb_read(&tb, 0x1E0) & 0x1C000u) == 0xC000u, "Q9 TRCIDR0 QSUPP 0b01, QFILT 1");
    apb_write(&tb, 0x044, 0xFFFFFFFF);
    CHECK(apb_read(&tb, 0x044) == 0x10Fu, "Q9 TRCQCTLR RANGE/MODE");
    tb_init(&tb, 0);
    CHECK((apb_read(&tb, 0x1E0) & 0x1C000u) == 0x8000u, "Q9 QFILT 0 without comparators");
    apb_write(&tb, 0x044, 0xFFFFFFFF);
    CHECK(apb_read(&tb, 0x044) == 0u, "Q9 TRCQCTLR RAZ/WI without comparators");
    g_q_supp = false;
    tb_init(&tb, 4);
    apb_write(&tb, 0x044, 0xFFFFFFFF);
    CHECK(apb_read(&tb, 0x044) == 0u, "Q9 TRCQCTLR RAZ/WI without QSupp");
}

int main(void)
{
    test_r1_include();
    test_r2_exclude();
    test_r3_bb_ranges();
    test_r4_regs();
    test_exc_return_address();
    test_q9_qctlr_ranges();
    return check_report("test_etm_acmp");
}
