/* SPDX-License-Identifier: Apache-2.0 */
/* Unit test of the golden DWT model; every expected value is derived by hand from
 * docs/dwt-contract.md (section numbers and rule ids cited beside the checks). */
#include <stdio.h>
#include <string.h>

#include "dwt_model.h"

#include "check.h"

/* Register offsets (section 4). */
#define CTRL 0x000u
#define CYCCNT 0x004u
#define CPICNT 0x008u
#define PCSR 0x01Cu
#define COMP(n) (0x020u + 16u * (n))
#define MASKR(n) (0x024u + 16u * (n))
#define FUNC(n) (0x028u + 16u * (n))
#define VMASK(n) (0x02Cu + 16u * (n))
#define DEVARCH 0xFBCu

/* Section 1 built-in configurations. */
static const struct dwt_cfg cfg_full = {4,     1,    true, true, true, true,
                                        false, true, true, true, true};
static const struct dwt_cfg cfg_dwt = {15,   4,    true, true, true, true,
                                       true, true, true, true, false};
static const struct dwt_cfg cfg_dwtmin = {2,    1,     false, false, false, false,
                                          true, false, false, false, false};

/* Background inputs of every cycle: section 20 common set-up (TRCENA, all authentication
 * inputs, C_DEBUGEN, Non-secure privileged). Tests change it for their scenario. */
static struct dwt_in bg;

static void bg_default(void) {
    memset(&bg, 0, sizeof bg);
    bg.rst_n = true;
    bg.trcena = bg.niden = bg.niden_p = bg.spniden = bg.spniden_p = true;
    bg.c_debugen = true;
    bg.pe_priv = true;
}

static void init(struct dwt_model *m, const struct dwt_cfg *c) {
    bg_default();
    CHECK(dwt_model_init(m, c) == 0);
    struct dwt_in r = bg;
    r.rst_n = false;
    dwt_model_step(m, &r);
}

/* One cycle: outputs of this cycle, then the edge. */
static struct dwt_out cycle(struct dwt_model *m, const struct dwt_in *in) {
    struct dwt_out o;
    dwt_model_eval(m, in, &o);
    dwt_model_step(m, in);
    return o;
}

static void idle(struct dwt_model *m, unsigned n) {
    while (n--)
        cycle(m, &bg);
}

/* Outputs of the current cycle under the background inputs (no edge). */
static struct dwt_out now(const struct dwt_model *m) {
    struct dwt_out o;
    dwt_model_eval(m, &bg, &o);
    return o;
}

/* One APB transfer (setup, access); returns the access cycle's outputs. */
static struct dwt_out apb(struct dwt_model *m, bool wr, uint32_t addr, uint32_t data,
                          uint8_t strb) {
    struct dwt_in in = bg;
    in.psel = true;
    in.pwrite = wr;
    in.paddr = addr;
    in.pwdata = data;
    in.pstrb = strb;
    cycle(m, &in);
    in.penable = true;
    return cycle(m, &in);
}

static bool wr(struct dwt_model *m, uint32_t addr, uint32_t data) {
    return apb(m, true, addr, data, 0xF).pslverr;
}

static uint32_t rd(struct dwt_model *m, uint32_t addr) { return apb(m, false, addr, 0, 0).prdata; }

/* A data access in cycle t; returns cycle t+1's outputs (t+1 not yet clocked). */
static struct dwt_out da(struct dwt_model *m, uint32_t addr, unsigned size, bool write,
                         uint32_t data, uint32_t pc) {
    struct dwt_in in = bg;
    in.da_valid = true;
    in.da_addr = addr;
    in.da_size = (uint8_t)size;
    in.da_write = write;
    in.da_data = data;
    in.da_pc = pc;
    in.da_priv = true;
    dwt_model_step(m, &in);
    return now(m);
}

/* An executed instruction in cycle t; returns cycle t+1's outputs. */
static struct dwt_out ia(struct dwt_model *m, uint32_t addr, bool secure) {
    struct dwt_in in = bg;
    in.ia_valid = true;
    in.ia_addr = addr;
    in.ia_secure = secure;
    in.ia_priv = true;
    dwt_model_step(m, &in);
    return now(m);
}

/* Serialises one hw_data entry as the ITM would send it (size from the header's SS). */
static unsigned pkt_bytes(uint64_t e, uint8_t *b) {
    static const unsigned len[4] = {0, 1, 2, 4};
    unsigned n = len[e & 3u];
    b[0] = (uint8_t)e;
    for (unsigned i = 0; i < n; i++)
        b[1 + i] = (uint8_t)(e >> (8 + 8 * i));
    CHECK((e >> (8 + 8 * n)) == 0u); /* unused payload bytes 0 */
    return n + 1;
}

/* Pops the buffer with hw_ready = 1 until empty; returns the bytes of the packets. */
static unsigned drain(struct dwt_model *m, uint8_t *b, unsigned max) {
    unsigned n = 0;
    struct dwt_in in = bg;
    in.hw_ready = true;
    for (unsigned guard = 0; guard < 32; guard++) {
        struct dwt_out o = cycle(m, &in);
        if (!o.hw_valid)
            break;
        if (n + 5 <= max)
            n += pkt_bytes(o.hw_data, b + n);
    }
    return n;
}

#define EXPECT_BYTES(m, ...)                                                                       \
    do {                                                                                           \
        static const uint8_t exp_[] = {__VA_ARGS__};                                               \
        uint8_t got_[64];                                                                          \
        unsigned n_ = drain(m, got_, sizeof got_);                                                 \
        CHECK(n_ == sizeof exp_ && memcmp(got_, exp_, sizeof exp_) == 0);                          \
        if (n_ != sizeof exp_ || memcmp(got_, exp_, sizeof exp_) != 0) {                           \
            printf("  got:");                                                                      \
            for (unsigned i_ = 0; i_ < n_; i_++)                                                   \
                printf(" %02X", got_[i_]);                                                         \
            printf("\n");                                                                          \
        }                                                                                          \
    } while (0)

#define EXPECT_NONE(m) CHECK(!now(m).hw_valid && drain(m, NULL, 0) == 0)

static bool matched(struct dwt_model *m, unsigned n) { return (rd(m, FUNC(n)) >> 24 & 1u) != 0; }

/* ---- configuration, reset, registers --------------------------------------------------- */

static void test_cfg(void) {
    struct dwt_model m;
    struct dwt_cfg c = cfg_dwt;
    c.num_comp = 16;
    CHECK(dwt_model_init(&m, &c) == -1);
    c = cfg_dwt;
    c.fifo_depth = 0;
    CHECK(dwt_model_init(&m, &c) == -1);
    c.fifo_depth = 17;
    CHECK(dwt_model_init(&m, &c) == -1);
    c = cfg_dwtmin;
    c.trace = true; /* HasMain == 0 forbids trace, cyccnt, prfcnt, vmask */
    CHECK(dwt_model_init(&m, &c) == -1);
    c = cfg_dwtmin;
    c.cyccnt = true;
    CHECK(dwt_model_init(&m, &c) == -1);
    c = cfg_dwtmin;
    c.vmask = true;
    CHECK(dwt_model_init(&m, &c) == -1);
    c = cfg_dwtmin;
    c.prfcnt = true;
    CHECK(dwt_model_init(&m, &c) == -1);
    CHECK(dwt_model_init(&m, &cfg_dwtmin) == 0);

    /* [DWT-ID-1]: the per-configuration table of section 1. Bit 2 (data value) only for
     * odd comparators with the Main Extension; bit 0 for comparator 0 with CYCCNT. */
    static const unsigned id_full[4] = {0x0B, 0x1E, 0x0A, 0x1E};
    static const unsigned id_dwt[15] = {0x0B, 0x1E, 0x0A, 0x1E, 0x0A, 0x1E, 0x0A, 0x1E,
                                        0x0A, 0x1E, 0x0A, 0x1E, 0x0A, 0x1E, 0x0A};
    static const unsigned id_dwtmin[2] = {0x0A, 0x1A};
    for (unsigned n = 0; n < 4; n++)
        CHECK(dwt_model_id(&cfg_full, n) == id_full[n]);
    for (unsigned n = 0; n < 15; n++)
        CHECK(dwt_model_id(&cfg_dwt, n) == id_dwt[n]);
    for (unsigned n = 0; n < 2; n++)
        CHECK(dwt_model_id(&cfg_dwtmin, n) == id_dwtmin[n]);
    /* every value is one of the architecture's eight DWT_FUNCTIONn.ID values */
    static const unsigned legal[8] = {0x08, 0x09, 0x0A, 0x0B, 0x18, 0x1A, 0x1C, 0x1E};
    const struct dwt_cfg *cfgs[3] = {&cfg_full, &cfg_dwt, &cfg_dwtmin};
    for (unsigned k = 0; k < 3; k++) {
        for (unsigned n = 0; n < cfgs[k]->num_comp; n++) {
            unsigned id = dwt_model_id(cfgs[k], n), ok = 0;
            for (unsigned j = 0; j < 8; j++)
                ok |= id == legal[j];
            CHECK(ok);
        }
    }
    /* comparator 0 with the Main Extension but without CYCCNT: 0x0A */
    c = cfg_dwt;
    c.cyccnt = false;
    CHECK(dwt_model_id(&c, 0) == 0x0A && dwt_model_id(&c, 1) == 0x1E);
}

static void test_reset(void) {
    struct dwt_model m;
    struct dwt_out o;
    struct dwt_in r;

    /* all outputs 0 while rst_n is low, pready 1 after */
    CHECK(dwt_model_init(&m, &cfg_full) == 0);
    bg_default();
    r = bg;
    r.rst_n = false;
    dwt_model_eval(&m, &r, &o);
    CHECK(!o.pready && o.prdata == 0 && !o.hw_valid && o.cmpmatch == 0);
    dwt_model_step(&m, &r);
    CHECK(now(&m).pready && !now(&m).pslverr);

    /* full: DWT_CTRL, FUNCTIONn = ID << 27, DEVARCH with REVISION 1 */
    init(&m, &cfg_full);
    CHECK(rd(&m, CTRL) == 0x44000000u);
    CHECK(rd(&m, FUNC(0)) == 0x58000000u); /* ID 0x0B */
    CHECK(rd(&m, FUNC(1)) == 0xF0000000u); /* ID 0x1E */
    CHECK(rd(&m, FUNC(2)) == 0x50000000u); /* ID 0x0A */
    CHECK(rd(&m, FUNC(3)) == 0xF0000000u);
    CHECK(rd(&m, FUNC(4)) == 0u); /* not implemented */
    CHECK(rd(&m, DEVARCH) == 0x47711A02u);
    CHECK(rd(&m, CYCCNT) == 0u && rd(&m, COMP(0)) == 0u && rd(&m, VMASK(0)) == 0u);
    CHECK(rd(&m, PCSR) == 0xFFFFFFFFu); /* no instruction yet */
    /* PIDR/CIDR */
    CHECK(rd(&m, 0xFCC) == 0x00 && rd(&m, 0xFD0) == 0x04 && rd(&m, 0xFD4) == 0);
    CHECK(rd(&m, 0xFE0) == 0x21 && rd(&m, 0xFE4) == 0xBD && rd(&m, 0xFE8) == 0x0B &&
          rd(&m, 0xFEC) == 0x00);
    CHECK(rd(&m, 0xFF0) == 0x0D && rd(&m, 0xFF4) == 0x90 && rd(&m, 0xFF8) == 0x05 &&
          rd(&m, 0xFFC) == 0xB1);

    /* dwt */
    init(&m, &cfg_dwt);
    CHECK(rd(&m, CTRL) == 0xF0000000u);
    CHECK(rd(&m, FUNC(0)) == 0x58000000u); /* ID 0x0B */
    for (unsigned n = 1; n < 15; n++)      /* odd 0x1E, even 0x0A */
        CHECK(rd(&m, FUNC(n)) == ((n & 1u) ? 0xF0000000u : 0x50000000u));
    CHECK(rd(&m, FUNC(15)) == 0u);
    CHECK(rd(&m, DEVARCH) == 0x47711A02u);

    /* dwtmin */
    init(&m, &cfg_dwtmin);
    CHECK(rd(&m, CTRL) == 0x2B000000u);
    CHECK(rd(&m, FUNC(0)) == 0x50000000u); /* ID 0x0A */
    CHECK(rd(&m, FUNC(1)) == 0xD0000000u); /* ID 0x1A */
    CHECK(rd(&m, FUNC(2)) == 0u);
    CHECK(rd(&m, DEVARCH) == 0x47701A02u);
    CHECK(rd(&m, 0xFE0) == 0x21);
}

static void test_raz_wi(void) {
    struct dwt_model m;

    /* dwtmin: no cycle counter, event counters, PCSR, VMASK; comparators 0, 1 only */
    init(&m, &cfg_dwtmin);
    CHECK(!wr(&m, CTRL, 0xFFFFFFFFu));
    CHECK(rd(&m, CTRL) == 0x2B000000u);
    wr(&m, CYCCNT, 0x1234);
    CHECK(rd(&m, CYCCNT) == 0);
    wr(&m, CPICNT, 0x12);
    CHECK(rd(&m, CPICNT) == 0);
    CHECK(rd(&m, PCSR) == 0);
    wr(&m, VMASK(0), 0xFF);
    CHECK(rd(&m, VMASK(0)) == 0);
    wr(&m, COMP(2), 0x1234);
    CHECK(rd(&m, COMP(2)) == 0);
    wr(&m, COMP(1), 0x89ABCDEFu);
    CHECK(rd(&m, COMP(1)) == 0x89ABCDEFu);
    CHECK(rd(&m, 0x800) == 0); /* unmapped */

    /* full: writable CTRL mask 0x00FF1FFF (4.1), FUNCTION mask 0xC3F, MASKn reserved */
    init(&m, &cfg_full);
    wr(&m, CTRL, 0xFFFFFFFFu);
    CHECK(rd(&m, CTRL) == 0x44FF1FFFu);
    wr(&m, FUNC(0), 0xFFFFFFFFu);
    CHECK(rd(&m, FUNC(0)) == 0x58000C3Fu); /* MATCHED not writable */
    wr(&m, MASKR(0), 0xFFFFFFFFu);
    CHECK(rd(&m, MASKR(0)) == 0);
    wr(&m, COMP(4), 0x1); /* comparator 4 not implemented */
    CHECK(rd(&m, COMP(4)) == 0);
    wr(&m, VMASK(1), 0x00FF00FFu);
    CHECK(rd(&m, VMASK(1)) == 0x00FF00FFu);
    /* [DWT-ID-2]: DWT_VMASKn exists only where ID bit 2 is set: RAZ/WI on comparators 0
     * and 2 (ID 0x0B, 0x0A), implemented on 3 */
    wr(&m, VMASK(0), 0xFFFFFFFFu);
    CHECK(rd(&m, VMASK(0)) == 0);
    wr(&m, VMASK(2), 0x12345678u);
    CHECK(rd(&m, VMASK(2)) == 0);
    wr(&m, VMASK(3), 0x12345678u);
    CHECK(rd(&m, VMASK(3)) == 0x12345678u);
    wr(&m, DEVARCH, 0);
    CHECK(rd(&m, DEVARCH) == 0x47711A02u);
    /* [DWT-REG-2]: reserved values read back as written */
    wr(&m, FUNC(2), 0x0000002Fu);
    CHECK(rd(&m, FUNC(2)) == 0x5000002Fu);

    /* [DWT-APB-2]: a write with pstrb != 0xF errors and has no effect */
    struct dwt_out o = apb(&m, true, COMP(3), 0x55, 0x3);
    CHECK(o.pslverr);
    CHECK(rd(&m, COMP(3)) == 0);
    CHECK(!now(&m).pslverr);
    o = apb(&m, false, COMP(1), 0, 0x3); /* reads never error */
    CHECK(!o.pslverr);
    /* [DWT-APB-1]: prdata is 0 outside the access cycle */
    wr(&m, COMP(1), 0xA5A5A5A5u);
    CHECK(rd(&m, COMP(1)) == 0xA5A5A5A5u);
    CHECK(now(&m).prdata == 0);
}

/* ---- worked examples, section 20 (configuration dwt: the examples need a DWT and
 * CMPMATCH, which `base` and `full` do not have) ---------------------------------------- */

static void test_ex_a(void) {
    struct dwt_model m;
    struct dwt_out o;
    init(&m, &cfg_dwt);
    wr(&m, COMP(0), 0x20000010u);
    wr(&m, FUNC(0), 0x00000834u);
    o = now(&m);
    CHECK(o.cmpmatch == 0 && !o.hw_valid); /* nothing in the access's own cycle */
    o = da(&m, 0x20000010u, 2, true, 0xCAFEF00Du, 0x08000124u);
    CHECK(o.cmpmatch == 0x0001);
    CHECK(o.hw_valid && o.hw_data == 0x0800012447ull);
    CHECK(!o.hw_ovf && !o.wpt_halt && !o.wpt_mon);
    idle(&m, 1);
    CHECK(now(&m).cmpmatch == 0); /* one-cycle pulse */
    EXPECT_BYTES(&m, 0x47, 0x24, 0x01, 0x00, 0x08);
    /* MATCHED0 = 1, cleared by the read [DWT-MATCHED-2] */
    CHECK(rd(&m, FUNC(0)) == 0x59000834u);
    CHECK(rd(&m, FUNC(0)) == 0x58000834u);
}

static void test_ex_b(void) {
    struct dwt_model m;
    struct dwt_out o;
    init(&m, &cfg_dwt);
    wr(&m, COMP(1), 0x20000100u);
    wr(&m, FUNC(1), 0x0000083Eu);
    o = da(&m, 0x20000102u, 1, false, 0x0000BEEFu, 0x08000200u);
    CHECK(o.cmpmatch == 0x0002);
    EXPECT_BYTES(&m, 0x57, 0x00, 0x02, 0x00, 0x08, 0x96, 0xEF, 0xBE);
    /* a write does not match the read-only DAwV */
    o = da(&m, 0x20000102u, 1, true, 0x0000BEEFu, 0x08000200u);
    CHECK(o.cmpmatch == 0);
    EXPECT_NONE(&m);

    /* full: one-entry buffer already holding a packet: free = 0 */
    init(&m, &cfg_full);
    wr(&m, COMP(1), 0x20000100u);
    wr(&m, FUNC(1), 0x0000083Eu);
    wr(&m, COMP(0), 0x30000000u);
    wr(&m, FUNC(0), 0x00000026u); /* DA reads, ACTION 10: a match packet to fill */
    o = da(&m, 0x30000000u, 2, false, 0, 0x08000000u);
    CHECK(o.hw_valid && o.hw_data == 0x0145u && !o.hw_ovf);
    o = da(&m, 0x20000102u, 1, false, 0x0000BEEFu, 0x08000200u);
    CHECK(o.hw_ovf && o.hw_valid && o.hw_data == 0x0145u); /* nothing pushed */
    idle(&m, 1);
    CHECK(!now(&m).hw_ovf);
    EXPECT_BYTES(&m, 0x45, 0x01);
    /* empty one-entry buffer: PC pushed, value packet lost */
    o = da(&m, 0x20000102u, 1, false, 0x0000BEEFu, 0x08000200u);
    CHECK(o.hw_ovf && o.hw_valid && o.hw_data == 0x0800020057ull);
    EXPECT_BYTES(&m, 0x57, 0x00, 0x02, 0x00, 0x08);
}

static void test_ex_c(void) {
    struct dwt_model m;
    struct dwt_out o;
    init(&m, &cfg_dwt);
    wr(&m, COMP(0), 0x20000000u);
    wr(&m, FUNC(0), 0x34);
    wr(&m, COMP(1), 0x200000FFu);
    wr(&m, FUNC(1), 0x37);
    o = da(&m, 0x20000042u, 0, true, 0x5A, 0x080001F0u);
    CHECK(o.cmpmatch == 0x0001);
    EXPECT_BYTES(&m, 0x47, 0xF0, 0x01, 0x00, 0x08, 0x5F, 0x42, 0x00, 0x00, 0x20);
    CHECK(matched(&m, 0) && matched(&m, 1));
    /* outside the range: 0x20000100 */
    o = da(&m, 0x20000100u, 0, true, 0x5A, 0x080001F0u);
    CHECK(o.cmpmatch == 0);
    EXPECT_NONE(&m);
    /* a word at 0x200000FC covers 0xFF: in range, address A = 0x200000FC */
    o = da(&m, 0x200000FEu, 2, false, 0, 0x080001F2u);
    CHECK(o.cmpmatch == 0x0001);
    EXPECT_BYTES(&m, 0x47, 0xF2, 0x01, 0x00, 0x08, 0x5F, 0xFC, 0x00, 0x00, 0x20);
}

static void test_ex_d(void) {
    struct dwt_model m;
    struct dwt_out o;
    init(&m, &cfg_dwt);
    wr(&m, COMP(2), 0x20000200u);
    wr(&m, FUNC(2), 0x0000083Du);
    wr(&m, COMP(3), 0x12345678u);
    wr(&m, FUNC(3), 0x0000082Bu);
    o = da(&m, 0x20000200u, 2, true, 0x12345678u, 0x08000300u);
    CHECK(o.cmpmatch == 0x000C);
    EXPECT_BYTES(&m, 0x67, 0x00, 0x03, 0x00, 0x08, 0x75, 0x01, 0xAF, 0x78, 0x56, 0x34, 0x12);
    CHECK(matched(&m, 2) && matched(&m, 3));
    o = da(&m, 0x20000200u, 2, true, 0x12340000u, 0x08000300u);
    CHECK(o.cmpmatch == 0x0004);
    EXPECT_BYTES(&m, 0x67, 0x00, 0x03, 0x00, 0x08, 0xAF, 0x00, 0x00, 0x34, 0x12);
    CHECK(matched(&m, 2) && !matched(&m, 3));
    /* [DWT-CMP-VM]: VMASK3 = 0x0000FFFF masks the low halfword: matches again */
    wr(&m, VMASK(3), 0x0000FFFFu);
    o = da(&m, 0x20000200u, 2, true, 0x12340000u, 0x08000300u);
    CHECK(o.cmpmatch == 0x000C);
    EXPECT_BYTES(&m, 0x67, 0x00, 0x03, 0x00, 0x08, 0x75, 0x01, 0xAF, 0x00, 0x00, 0x34, 0x12);
}

/* (e): POSTCNT, PC sample and event counter packets; exception trace */
static void ex_e_setup(struct dwt_model *m) {
    init(m, &cfg_dwt);
    ia(m, 0x08000124u, false); /* pc_last_q */
    wr(m, CYCCNT, 0x3D);
    wr(m, CTRL, 0x00000000u);
    wr(m, CTRL, 0x00421003u);
    CHECK(m->post == 0); /* POSTINIT_q = 0 loaded at the access edge */
}

static void test_ex_e(void) {
    struct dwt_model m;
    ex_e_setup(&m);
    idle(&m, 2); /* 0x3D -> 0x3E -> 0x3F */
    CHECK(!now(&m).hw_valid);
    idle(&m, 1); /* 0x3F -> 0x40: bit 6 changes, POSTCNT 0 -> reload 1, fire */
    CHECK(now(&m).hw_valid && now(&m).hw_data == 0x0800012417ull);
    CHECK(m.post == 1 && m.cyccnt == 0x40);
    /* keep the two packets (hw_ready = 0): 0x7F -> 0x80 only decrements */
    idle(&m, 0x3F);
    CHECK(m.cyccnt == 0x7F && m.ob_cnt == 2);
    idle(&m, 1);
    CHECK(m.cyccnt == 0x80 && m.ob_cnt == 2 && m.post == 0);
    idle(&m, 0x3F);
    CHECK(m.cyccnt == 0xBF && m.ob_cnt == 2);
    idle(&m, 1); /* 0xBF -> 0xC0: fire, 128 increments after the first */
    CHECK(m.ob_cnt == 4);
    EXPECT_BYTES(&m, 0x17, 0x24, 0x01, 0x00, 0x08, 0x05, 0x20, 0x17, 0x24, 0x01, 0x00, 0x08, 0x05,
                 0x20);
    CHECK(rd(&m, CTRL) == 0xF0421003u);

    /* CPICNT written to 0xFF after the CTRL write, evt_cpi at the 0x3F -> 0x40 edge */
    ex_e_setup(&m);
    wr(&m, CPICNT, 0xFF); /* edges 0x3D -> 0x3E -> 0x3F */
    struct dwt_in in = bg;
    in.evt_cpi = true;
    cycle(&m, &in);
    EXPECT_BYTES(&m, 0x17, 0x24, 0x01, 0x00, 0x08, 0x05, 0x21);
    CHECK(rd(&m, CPICNT) == 0);

    /* exception trace */
    init(&m, &cfg_dwt);
    wr(&m, CTRL, 0x00010000u); /* EXCTRCENA */
    in = bg;
    in.exc_valid = true;
    in.exc_fn = 1;
    in.exc_num = 16;
    cycle(&m, &in);
    in.exc_fn = 2;
    cycle(&m, &in);
    in.exc_fn = 3;
    in.exc_num = 0;
    cycle(&m, &in);
    in.exc_fn = 0; /* no event */
    cycle(&m, &in);
    EXPECT_BYTES(&m, 0x0E, 0x10, 0x10, 0x0E, 0x10, 0x20, 0x0E, 0x00, 0x30);
    /* num[8]: IRQ 240 = exception 256 */
    in.exc_fn = 1;
    in.exc_num = 256;
    cycle(&m, &in);
    EXPECT_BYTES(&m, 0x0E, 0x00, 0x11);
    /* [DWT-EXC-1]: Secure exception with SecureNoninvasiveDebugAllowed FALSE */
    bg.spniden = false;
    in = bg;
    in.exc_valid = true;
    in.exc_fn = 1;
    in.exc_num = 17;
    in.exc_secure = true;
    cycle(&m, &in);
    EXPECT_NONE(&m);
    in.exc_secure = false;
    cycle(&m, &in);
    EXPECT_BYTES(&m, 0x0E, 0x11, 0x10);
    /* EXCTRCENA = 0: none */
    bg_default();
    wr(&m, CTRL, 0);
    in = bg;
    in.exc_valid = true;
    in.exc_fn = 1;
    cycle(&m, &in);
    EXPECT_NONE(&m);
}

/* ---- MATCHED ------------------------------------------------------------------------------ */

static void test_matched(void) {
    struct dwt_model m;
    struct dwt_in in;
    struct dwt_out o;
    init(&m, &cfg_dwt);
    wr(&m, COMP(0), 0x20000000u);
    wr(&m, FUNC(0), 0x00000804u); /* DA R/W, ACTION 00, word */
    CHECK(!matched(&m, 0));
    da(&m, 0x20000000u, 2, false, 0, 0);
    idle(&m, 1);
    /* read whose setup cycle sees a matching access: returns 1, stays 1 [DWT-EVAL-2] */
    in = bg;
    in.psel = true;
    in.paddr = FUNC(0);
    in.da_valid = true;
    in.da_addr = 0x20000000u;
    in.da_size = 2;
    in.da_priv = true;
    cycle(&m, &in);
    in = bg;
    in.psel = in.penable = true;
    in.paddr = FUNC(0);
    o = cycle(&m, &in);
    CHECK(o.prdata == 0x59000804u);
    CHECK(rd(&m, FUNC(0)) == 0x59000804u); /* still set; this read clears it */
    CHECK(rd(&m, FUNC(0)) == 0x58000804u);
    /* a read of a clear MATCHED with a match at its setup edge: returns 0, then 1 */
    in = bg;
    in.psel = true;
    in.paddr = FUNC(0);
    in.da_valid = true;
    in.da_addr = 0x20000003u;
    in.da_size = 0;
    in.da_priv = true;
    cycle(&m, &in);
    in = bg;
    in.psel = in.penable = true;
    in.paddr = FUNC(0);
    CHECK(cycle(&m, &in).prdata == 0x58000804u);
    CHECK(rd(&m, FUNC(0)) == 0x59000804u);
    /* a faulted access is not observed [DWT-OBS-4]; size 11 is no access */
    in = bg;
    in.da_valid = true;
    in.da_addr = 0x20000000u;
    in.da_size = 2;
    in.da_fault = true;
    cycle(&m, &in);
    in.da_fault = false;
    in.da_size = 3;
    cycle(&m, &in);
    CHECK(!matched(&m, 0));
}

/* ---- single table ------------------------------------------------------------------------ */

static void test_single(void) {
    struct dwt_model m;
    struct dwt_out o;
    init(&m, &cfg_dwt);
    /* [DWT-MATCH-S-IA-10] */
    wr(&m, COMP(0), 0x08000101u); /* COMP bit 0 ignored */
    wr(&m, FUNC(0), 0x22);
    o = ia(&m, 0x08000100u, false);
    CHECK(o.cmpmatch == 0x0001 && o.hw_valid && o.hw_data == 0x0145u);
    EXPECT_BYTES(&m, 0x45, 0x01);
    o = ia(&m, 0x08000102u, false);
    CHECK(o.cmpmatch == 0 && !o.hw_valid);
    /* [DWT-MATCH-RSV-S]: IA with ACTION 11 is reserved: behaves as disabled */
    wr(&m, FUNC(0), 0x32);
    o = ia(&m, 0x08000100u, false);
    CHECK(o.cmpmatch == 0 && !o.hw_valid);
    CHECK(rd(&m, FUNC(0)) == 0x59000032u); /* MATCHED from the IA-10 match */
    /* DV needs ID bit 2: only odd comparators have it [DWT-ID-2]. DV with ACTION 11
     * reserved too; DATAVSIZE 11 reserved for data MATCH */
    wr(&m, COMP(3), 0x000000AAu);
    wr(&m, FUNC(3), 0x38);
    o = da(&m, 0x20000000u, 0, true, 0xAA, 0);
    CHECK(o.cmpmatch == 0);
    wr(&m, FUNC(3), 0xC24);
    o = da(&m, 0xAAu, 0, true, 0xAA, 0);
    CHECK(o.cmpmatch == 0);
    CHECK(!matched(&m, 3));
    /* [DWT-MATCH-S-DV-10]: byte value 0xAA in any byte lane of a word */
    wr(&m, FUNC(3), 0x28);
    o = da(&m, 0x20000000u, 2, true, 0x11AA2233u, 0);
    CHECK(o.cmpmatch == 0x0008);
    EXPECT_BYTES(&m, 0x75, 0x01);
    o = da(&m, 0x20000000u, 2, true, 0x11A92233u, 0);
    CHECK(o.cmpmatch == 0);
    /* direction: DV reads (1010) do not match a write */
    wr(&m, FUNC(3), 0x2A);
    o = da(&m, 0x20000000u, 0, true, 0xAA, 0);
    CHECK(o.cmpmatch == 0);
    o = da(&m, 0x20000000u, 0, false, 0xAA, 0);
    CHECK(o.cmpmatch == 0x0008);
    EXPECT_BYTES(&m, 0x75, 0x01);
    /* halfword DV does not match a byte access (s < w) */
    wr(&m, COMP(3), 0x0000BBAAu);
    wr(&m, FUNC(3), 0x428);
    o = da(&m, 0x20000000u, 0, true, 0xAA, 0);
    CHECK(o.cmpmatch == 0);
    o = da(&m, 0x20000002u, 1, true, 0xBBAA, 0);
    CHECK(o.cmpmatch == 0x0008);
    EXPECT_BYTES(&m, 0x75, 0x01);
    /* [DWT-CMP-VM] on a DV single: VMASK3 = 0x0F masks the low nibble of the byte lane:
     * COMP3 = 0xA0, byte 0xA5 matches, 0xB5 does not */
    wr(&m, COMP(3), 0x000000A0u);
    wr(&m, FUNC(3), 0x28);
    wr(&m, VMASK(3), 0x0000000Fu);
    o = da(&m, 0x20000001u, 0, true, 0xA5, 0);
    CHECK(o.cmpmatch == 0x0008);
    EXPECT_BYTES(&m, 0x75, 0x01);
    o = da(&m, 0x20000001u, 0, true, 0xB5, 0);
    CHECK(o.cmpmatch == 0);
    wr(&m, FUNC(3), 0);
    CHECK(matched(&m, 3)); /* clears */

    /* [DWT-ID-2], [DWT-RSV-1]: a DV MATCH on an even comparator (ID 0x0A / 0x0B, bit 2
     * clear) is reserved and behaves as disabled: no match, no MATCHED, no CMPMATCH, no
     * packet; it reads back as written [DWT-REG-2]. The same value written to the odd
     * comparator 3 matches. */
    wr(&m, COMP(2), 0x000000AAu);
    wr(&m, FUNC(2), 0x28); /* DV R/W, ACTION 10, byte */
    CHECK(rd(&m, FUNC(2)) == 0x50000028u);
    o = da(&m, 0x20000000u, 2, true, 0x11AA2233u, 0);
    CHECK(o.cmpmatch == 0 && !o.hw_valid);
    o = da(&m, 0x20000000u, 0, false, 0xAA, 0);
    CHECK(o.cmpmatch == 0 && !o.hw_valid);
    CHECK(!matched(&m, 2));
    wr(&m, COMP(0), 0x000000AAu);
    wr(&m, FUNC(0), 0x08); /* DV R/W, ACTION 00 on comparator 0 (ID 0x0B) */
    o = da(&m, 0x20000000u, 0, true, 0xAA, 0);
    CHECK(o.cmpmatch == 0 && !matched(&m, 0));
    wr(&m, FUNC(0), 0);
    wr(&m, COMP(3), 0x000000AAu);
    wr(&m, FUNC(3), 0x28);
    o = da(&m, 0x20000000u, 0, true, 0xAA, 0);
    CHECK(o.cmpmatch == 0x0008); /* only comparator 3 */
    EXPECT_BYTES(&m, 0x75, 0x01);
    CHECK(!matched(&m, 2) && matched(&m, 3));
    /* on dwtmin no comparator has ID bit 2: DV on comparator 1 (ID 0x1A) is disabled */
    init(&m, &cfg_dwtmin);
    wr(&m, COMP(1), 0x000000AAu);
    wr(&m, FUNC(1), 0x08);
    o = da(&m, 0x20000000u, 0, true, 0xAA, 0);
    CHECK(o.cmpmatch == 0 && !matched(&m, 1));

    /* [DWT-PKT-3]: two DA/10 singles on the same address give one match packet, from 0 */
    init(&m, &cfg_dwt);
    wr(&m, COMP(0), 0x20000000u);
    wr(&m, FUNC(0), 0x24);
    wr(&m, COMP(1), 0x20000000u);
    wr(&m, FUNC(1), 0x24);
    o = da(&m, 0x20000000u, 0, false, 0, 0);
    CHECK(o.cmpmatch == 0x0003);
    EXPECT_BYTES(&m, 0x45, 0x01);
    /* [DWT-PKT-1]: comparator 4 matches but gives no packet */
    wr(&m, FUNC(0), 0);
    wr(&m, FUNC(1), 0);
    wr(&m, COMP(4), 0x20000000u);
    wr(&m, FUNC(4), 0x34);
    o = da(&m, 0x20000000u, 0, false, 0, 0);
    CHECK(o.cmpmatch == 0x0010 && !o.hw_valid);
    CHECK(matched(&m, 4));
}

/* ---- debug events ------------------------------------------------------------------------ */

static void test_debug(void) {
    struct dwt_model m;
    struct dwt_out o;
    init(&m, &cfg_dwt);
    wr(&m, COMP(0), 0x20000000u);
    wr(&m, FUNC(0), 0x15); /* [DWT-MATCH-S-DA-01] writes */
    bg.hda = true;
    o = da(&m, 0x20000000u, 0, true, 0, 0);
    CHECK(o.wpt_halt && !o.wpt_mon && o.cmpmatch == 1 && !o.hw_valid);
    idle(&m, 1);
    CHECK(!now(&m).wpt_halt);
    /* S_HALT already set: no halt; monitor enabled and MON_PRIO: pend */
    bg.s_halt = true;
    bg.mon_en = true;
    bg.mon_prio = true;
    o = da(&m, 0x20000000u, 0, true, 0, 0);
    CHECK(!o.wpt_halt && o.wpt_mon);
    /* lazy FP save: MONRDY instead of MON_PRIO */
    bg.mon_prio = false;
    o = da(&m, 0x20000000u, 0, true, 0, 0);
    CHECK(!o.wpt_halt && !o.wpt_mon && o.cmpmatch == 1);
    bg.da_lazyfp = true;
    bg.monrdy = true;
    o = da(&m, 0x20000000u, 0, true, 0, 0);
    CHECK(o.wpt_mon);
    /* [DWT-AUTH-2]: no halting, no monitor: the debug-event match is prohibited */
    bg_default();
    CHECK(matched(&m, 0)); /* clears */
    o = da(&m, 0x20000000u, 0, true, 0, 0);
    CHECK(o.cmpmatch == 0 && !o.wpt_halt && !o.wpt_mon);
    CHECK(!matched(&m, 0));
}

/* ---- pairs ------------------------------------------------------------------------------- */

static void test_ir(void) {
    struct dwt_model m;
    struct dwt_out o;
    init(&m, &cfg_dwt);
    /* [DWT-MATCH-IR-00-11]: the Second emits the PC value of the first instruction */
    wr(&m, COMP(0), 0x08000100u);
    wr(&m, FUNC(0), 0x02);
    wr(&m, COMP(1), 0x08000110u);
    wr(&m, FUNC(1), 0x33);
    o = ia(&m, 0x080000FEu, false);
    CHECK(o.cmpmatch == 0 && !o.hw_valid);
    o = ia(&m, 0x08000100u, false);
    CHECK(o.cmpmatch == 0x0001 && o.hw_valid && o.hw_data == 0x0800010057ull);
    o = ia(&m, 0x08000102u, false); /* stays in range: no new packet [DWT-IR-FIRST] */
    CHECK(o.cmpmatch == 0x0001);
    o = ia(&m, 0x08000110u, false); /* inclusive limit */
    CHECK(o.cmpmatch == 0x0001);
    idle(&m, 3); /* no instruction: ir holds */
    o = ia(&m, 0x08000104u, false);
    CHECK(o.cmpmatch == 0x0001);
    EXPECT_BYTES(&m, 0x57, 0x00, 0x01, 0x00, 0x08);
    o = ia(&m, 0x08000112u, false); /* leaves the range */
    CHECK(o.cmpmatch == 0);
    o = ia(&m, 0x08000104u, false); /* enters again */
    CHECK(o.cmpmatch == 0x0001);
    EXPECT_BYTES(&m, 0x57, 0x04, 0x01, 0x00, 0x08);
    CHECK(matched(&m, 0) && matched(&m, 1));
    /* an APB write to COMP of the pair clears ir */
    ia(&m, 0x08000106u, false);
    EXPECT_NONE(&m);
    wr(&m, COMP(0), 0x08000100u);
    ia(&m, 0x08000106u, false);
    EXPECT_BYTES(&m, 0x57, 0x06, 0x01, 0x00, 0x08);
    CHECK(matched(&m, 0) && matched(&m, 1)); /* clears both */
    /* reserved pair: IA ACTION 01 + IAL ACTION 11: both disabled */
    wr(&m, FUNC(0), 0x12);
    o = ia(&m, 0x08000108u, false);
    CHECK(o.cmpmatch == 0 && !o.hw_valid);
    /* [DWT-MATCH-IR-DIS]: First MATCH 0000 */
    wr(&m, FUNC(0), 0x00);
    wr(&m, FUNC(1), 0x03);
    o = ia(&m, 0x08000108u, false);
    CHECK(o.cmpmatch == 0);
    CHECK(!matched(&m, 0) && !matched(&m, 1));

    /* !M table on dwtmin: [DWT-MATCH-IR-01-00] debug event on every instruction; IR-00-11
     * is Main only (reserved here) */
    init(&m, &cfg_dwtmin);
    bg.hda = true;
    wr(&m, COMP(0), 0x100);
    wr(&m, FUNC(0), 0x12);
    wr(&m, COMP(1), 0x200);
    wr(&m, FUNC(1), 0x03);
    o = ia(&m, 0x180, false);
    CHECK(o.cmpmatch == 0x0001 && o.wpt_halt && !o.hw_valid);
    o = ia(&m, 0x182, false);
    CHECK(o.cmpmatch == 0x0001 && o.wpt_halt);
    wr(&m, FUNC(0), 0x02);
    wr(&m, FUNC(1), 0x33);
    o = ia(&m, 0x180, false);
    CHECK(o.cmpmatch == 0 && !o.wpt_halt);
}

static void test_dr(void) {
    struct dwt_model m;
    struct dwt_out o;
    init(&m, &cfg_dwt);
    /* [DWT-MATCH-DR-V10-11]: DAwV writes ACTION 10 + DAL ACTION 11 */
    wr(&m, COMP(2), 0x20000010u);
    wr(&m, FUNC(2), 0x2D);
    wr(&m, COMP(3), 0x2000001Fu);
    wr(&m, FUNC(3), 0x37);
    o = da(&m, 0x20000014u, 1, true, 0x1234, 0);
    CHECK(o.cmpmatch == 0x0004);
    EXPECT_BYTES(&m, 0x7F, 0x14, 0x00, 0x00, 0x20, 0xAE, 0x34, 0x12);
    o = da(&m, 0x20000014u, 1, false, 0x1234, 0); /* a read: direction of the First */
    CHECK(o.cmpmatch == 0);
    o = da(&m, 0x2000000Cu, 2, true, 0x1, 0); /* bytes 0C..0F: below the range */
    CHECK(o.cmpmatch == 0);
    /* reserved: DAL ACTION 01 */
    wr(&m, FUNC(3), 0x17);
    o = da(&m, 0x20000014u, 1, true, 0x1234, 0);
    CHECK(o.cmpmatch == 0 && !o.hw_valid);

    /* !M: [DWT-MATCH-DR-00-11] valid with no packets [DWT-RSV-2]; DR-10-00 reserved */
    init(&m, &cfg_dwtmin);
    wr(&m, COMP(0), 0x100);
    wr(&m, FUNC(0), 0x04);
    wr(&m, COMP(1), 0x1FF);
    wr(&m, FUNC(1), 0x37);
    o = da(&m, 0x1FE, 1, false, 0, 0);
    CHECK(o.cmpmatch == 0x0001 && !o.hw_valid && !o.hw_ovf);
    CHECK(matched(&m, 0) && matched(&m, 1));
    wr(&m, FUNC(0), 0x24);
    wr(&m, FUNC(1), 0x07);
    o = da(&m, 0x1FE, 1, false, 0, 0);
    CHECK(o.cmpmatch == 0);
    CHECK(!matched(&m, 0) && !matched(&m, 1));
}

static void test_lv(void) {
    struct dwt_model m;
    struct dwt_out o;
    init(&m, &cfg_dwt);
    /* [DWT-MATCH-LV-10-01]: DA R/W ACTION 10 + LDV halfword ACTION 01 */
    bg.hda = true;
    wr(&m, COMP(0), 0x20000004u);
    wr(&m, FUNC(0), 0x24);
    wr(&m, COMP(1), 0x0000BEEFu);
    wr(&m, FUNC(1), 0x41B);
    /* word access at 0x20000004 covering the halfword: B = 0x20000004, bytes 0..1 */
    o = da(&m, 0x20000004u, 2, false, 0x1234BEEFu, 0);
    CHECK(o.cmpmatch == 0x0003 && o.wpt_halt);
    EXPECT_BYTES(&m, 0x45, 0x01);
    /* value in the other halfword: only the First */
    o = da(&m, 0x20000004u, 2, false, 0xBEEF1234u, 0);
    CHECK(o.cmpmatch == 0x0001 && !o.wpt_halt);
    EXPECT_BYTES(&m, 0x45, 0x01);
    /* byte access: s < w, the Second cannot match */
    o = da(&m, 0x20000004u, 0, false, 0xEF, 0);
    CHECK(o.cmpmatch == 0x0001 && !o.wpt_halt);
    EXPECT_BYTES(&m, 0x45, 0x01);
    /* reserved pair DA/10 + LDV/10: both disabled */
    wr(&m, FUNC(1), 0x42B);
    o = da(&m, 0x20000004u, 2, false, 0x1234BEEFu, 0);
    CHECK(o.cmpmatch == 0 && !o.hw_valid && !o.wpt_halt);
    /* LDV on an even comparator is a reserved single; comparator 1 then a single */
    init(&m, &cfg_dwt);
    wr(&m, COMP(1), 0x20000004u);
    wr(&m, FUNC(1), 0x24);
    wr(&m, FUNC(2), 0x0B);
    o = da(&m, 0x20000004u, 2, false, 0, 0);
    CHECK(o.cmpmatch == 0x0002);
    EXPECT_BYTES(&m, 0x55, 0x01);
}

/* ---- CYCCNT, POSTINIT, counters, PCSR, authentication ------------------------------------ */

static void test_cyccnt(void) {
    struct dwt_model m;
    struct dwt_out o;
    init(&m, &cfg_dwt);
    /* [DWT-MATCH-S-CYC-10]: CYCCNT becoming 1 */
    wr(&m, COMP(0), 0x00000001u);
    wr(&m, FUNC(0), 0x21);
    wr(&m, CYCCNT, 0xFFFFFFFDu);
    wr(&m, CTRL, 0x1); /* access edge does not count */
    idle(&m, 2);       /* FFFFFFFE, FFFFFFFF */
    CHECK(!now(&m).hw_valid && now(&m).cmpmatch == 0);
    idle(&m, 1); /* wraps to 0 silently [DWT-CYC-1] */
    CHECK(!now(&m).hw_valid && now(&m).cmpmatch == 0);
    idle(&m, 1); /* 0 -> 1: match */
    o = now(&m);
    CHECK(o.cmpmatch == 0x0001 && o.hw_valid && o.hw_data == 0x0145u);
    /* two drain edges (pop, then empty): the read's setup cycle sees CYCCNT = 3 */
    EXPECT_BYTES(&m, 0x45, 0x01);
    CHECK(rd(&m, CYCCNT) == 3u);
    /* halted: no count [DWT-CYC-3]; TRCENA = 0: no count */
    bg.halted = true;
    idle(&m, 5);
    bg.halted = false;
    bg.trcena = false;
    idle(&m, 5);
    bg.trcena = true;
    CHECK(rd(&m, CYCCNT) == 5u); /* 3, +2 for the read's own edges */
    /* [DWT-CYC-2]: writing COMP0's value does not match */
    wr(&m, CTRL, 0);
    wr(&m, CYCCNT, 1);
    CHECK(now(&m).cmpmatch == 0 && !now(&m).hw_valid);
    /* [DWT-MATCH-S-CYC-11] with [DWT-PKT-2]: last instruction Secure, its trace not
     * allowed: a match packet instead of the PC value */
    wr(&m, FUNC(0), 0x31);
    wr(&m, CYCCNT, 0);
    ia(&m, 0x08000200u, false);
    wr(&m, CTRL, 1);
    o = now(&m);
    CHECK(o.cmpmatch == 0 && !o.hw_valid);
    idle(&m, 1);
    CHECK(now(&m).cmpmatch == 1);
    EXPECT_BYTES(&m, 0x47, 0x00, 0x02, 0x00, 0x08);
    wr(&m, CTRL, 0);
    wr(&m, CYCCNT, 0);
    bg.spniden = false;
    ia(&m, 0x08000202u, true);
    wr(&m, CTRL, 1);
    idle(&m, 1);
    CHECK(now(&m).cmpmatch == 1);
    EXPECT_BYTES(&m, 0x45, 0x01);

    /* SYNCTAP = 01: a request at every change of bit 24 [DWT-SYNC-1] */
    init(&m, &cfg_dwt);
    wr(&m, CYCCNT, 0x00FFFFFEu);
    wr(&m, CTRL, 0x401);
    CHECK(!now(&m).sync_req);
    idle(&m, 1); /* -> 0x00FFFFFF */
    CHECK(!now(&m).sync_req);
    idle(&m, 1); /* -> 0x01000000 */
    CHECK(now(&m).sync_req);
    idle(&m, 1);
    CHECK(!now(&m).sync_req);
}

static void test_postinit(void) {
    struct dwt_model m;
    init(&m, &cfg_dwt);
    /* [DWT-POST-4]: stored while PCSAMPLENA = CYCEVTENA = 0 */
    wr(&m, CTRL, 2u << 5);
    CHECK(rd(&m, CTRL) == 0xF0000040u);
    /* [DWT-POST-3]: enabling loads POSTINIT_q (2), the new POSTINIT (7) is stored */
    wr(&m, CTRL, 7u << 5 | 1u << 12);
    CHECK(m.post == 2);
    CHECK(rd(&m, CTRL) == 0xF00010E0u);
    /* [DWT-POST-4]: ignored while PCSAMPLENA_q = 1; POSTCNT unchanged */
    wr(&m, CTRL, 3u << 5 | 1u << 12 | 1u << 22);
    CHECK(rd(&m, CTRL) == 0xF04010E0u);
    CHECK(m.post == 2);
    /* disabling, then enabling CYCEVTENA: loads POSTINIT = 7 */
    wr(&m, CTRL, 0x0u);
    CHECK(rd(&m, CTRL) == 0xF00000E0u); /* POSTINIT write ignored (enables were 1) */
    wr(&m, CTRL, 1u << 22);
    CHECK(m.post == 7);
    CHECK(rd(&m, CTRL) == 0xF0400000u); /* POSTINIT written 0 while enables were 0 */

    /* period with POSTPRESET = 0, CYCTAP = 1: every 1024 increments, Cyc event only */
    init(&m, &cfg_dwt);
    wr(&m, CYCCNT, 0x3FE);
    wr(&m, CTRL, 1u << 22 | 1u << 9 | 1u);
    idle(&m, 1);
    CHECK(!now(&m).hw_valid);
    idle(&m, 1); /* 0x3FF -> 0x400 */
    CHECK(now(&m).hw_valid && now(&m).hw_data == 0x2005u);
    idle(&m, 1023);
    CHECK(m.ob_cnt == 1);
    idle(&m, 1); /* 0x7FF -> 0x800 */
    CHECK(m.ob_cnt == 2);
    EXPECT_BYTES(&m, 0x05, 0x20, 0x05, 0x20);
}

static void test_counters(void) {
    struct dwt_model m;
    struct dwt_in in;
    init(&m, &cfg_dwt);
    wr(&m, 0x010, 0x55); /* SLEEPCNT */
    /* enabling clears [DWT-CNT-1] */
    wr(&m, CTRL, 1u << 19 | 1u << 17);
    CHECK(rd(&m, 0x010) == 0);
    wr(&m, CPICNT, 0xFE);
    in = bg;
    in.evt_cpi = in.evt_sleep = in.evt_exc = true; /* EXC not enabled */
    cycle(&m, &in);
    CHECK(!now(&m).hw_valid);
    cycle(&m, &in); /* CPICNT 0xFF -> 0: wrap packet */
    CHECK(now(&m).hw_valid && now(&m).hw_data == 0x0105u);
    EXPECT_BYTES(&m, 0x05, 0x01);
    CHECK(rd(&m, CPICNT) == 0 && rd(&m, 0x010) == 2 && rd(&m, 0x00C) == 0);
    /* halted: no count [DWT-CNT-4]; not allowed: no count [DWT-CNT-3] */
    in.halted = true;
    cycle(&m, &in);
    in.halted = false;
    in.niden = false;
    cycle(&m, &in);
    in = bg;
    in.evt_sleep = true;
    in.pe_secure = true;
    in.spniden = false;
    cycle(&m, &in);
    CHECK(rd(&m, 0x010) == 2);
    /* two wraps at one edge share one packet */
    wr(&m, CPICNT, 0xFF);
    wr(&m, 0x010, 0xFF);
    in = bg;
    in.evt_cpi = in.evt_sleep = true;
    cycle(&m, &in);
    EXPECT_BYTES(&m, 0x05, 0x05);
    /* a counter write at the wrapping edge wins: no wrap */
    wr(&m, CPICNT, 0xFF);
    in = bg;
    in.psel = true;
    in.pwrite = true;
    in.paddr = CPICNT;
    in.pwdata = 0x10;
    in.pstrb = 0xF;
    cycle(&m, &in);
    in.penable = true;
    in.evt_cpi = true;
    cycle(&m, &in);
    EXPECT_NONE(&m);
    CHECK(rd(&m, CPICNT) == 0x10);
}

static void test_pcsr(void) {
    struct dwt_model m;
    init(&m, &cfg_dwt);
    CHECK(rd(&m, PCSR) == 0xFFFFFFFFu); /* no instruction executed yet */
    ia(&m, 0x08000125u, false);
    CHECK(rd(&m, PCSR) == 0x08000124u);
    bg.halted = true;
    CHECK(rd(&m, PCSR) == 0xFFFFFFFFu);
    bg.halted = false;
    bg.trcena = false;
    CHECK(rd(&m, PCSR) == 0xFFFFFFFFu);
    bg.trcena = true;
    ia(&m, 0x10000000u, true); /* Secure instruction, Secure non-invasive debug off */
    bg.spniden = false;
    CHECK(rd(&m, PCSR) == 0xFFFFFFFFu);
    bg.spniden = true;
    CHECK(rd(&m, PCSR) == 0x10000000u);
    /* PC sample, sleeping: 15 00 */
    wr(&m, CYCCNT, 0x3F);
    bg.sleeping = true;
    wr(&m, CTRL, 0x1001); /* PCSAMPLENA, POSTPRESET 0, CYCCNTENA */
    idle(&m, 1);          /* 0x3F -> 0x40 */
    bg.sleeping = false;
    EXPECT_BYTES(&m, 0x15, 0x00);
}

static void test_auth(void) {
    struct dwt_model m;
    struct dwt_out o;
    struct dwt_in in;
    init(&m, &cfg_dwt);
    wr(&m, COMP(0), 0x20000010u);
    wr(&m, FUNC(0), 0x00000834u);
    /* Secure access with SecureNoninvasiveDebugAllowed FALSE: no match, no packet */
    bg.spniden = false;
    in = bg;
    in.da_valid = true;
    in.da_addr = 0x20000010u;
    in.da_size = 2;
    in.da_secure = true;
    in.da_priv = true;
    cycle(&m, &in);
    o = now(&m);
    CHECK(o.cmpmatch == 0 && !o.hw_valid);
    CHECK(!matched(&m, 0));
    /* the same access Non-secure is traced */
    in.da_secure = false;
    in.da_pc = 0x08000124u;
    cycle(&m, &in);
    o = now(&m);
    CHECK(o.cmpmatch == 1 && o.hw_data == 0x0800012447ull);
    EXPECT_BYTES(&m, 0x47, 0x24, 0x01, 0x00, 0x08);
    /* TRCENA = 0 prohibits every match */
    bg_default();
    bg.trcena = false;
    o = da(&m, 0x20000010u, 2, false, 0, 0);
    CHECK(o.cmpmatch == 0 && !o.hw_valid);
    /* HasTrace gating: dwtmin never has hw_valid; full (Ude) unprivileged access needs
     * only NoninvasiveDebugAllowed(FALSE) */
    init(&m, &cfg_full);
    wr(&m, COMP(0), 0x20000010u);
    wr(&m, FUNC(0), 0x00000834u);
    bg.niden_p = false;
    o = da(&m, 0x20000010u, 2, false, 0, 0x08000000u); /* privileged: prohibited */
    CHECK(!o.hw_valid && o.cmpmatch == 0);
    in = bg;
    in.da_valid = true;
    in.da_addr = 0x20000010u;
    in.da_size = 2;
    in.da_pc = 0x08000000u;
    cycle(&m, &in); /* unprivileged: allowed and traced; no CMPMATCH (NOEXTTRIG) */
    o = now(&m);
    CHECK(o.hw_valid && o.hw_data == 0x0800000047ull && o.cmpmatch == 0);
    CHECK(matched(&m, 0));
}

/* [DWT-AUTH-5]: the cycle match of the increment at edge t has attributes (cyc_s, 1),
 * cyc_s = SecExt && pe_secure_i && pe_secure_q. COMP0 = 0x10 with CYCCNT = 0x0F: the CTRL
 * write enabling the counter (access cycle t-1, PE state prev_s) does not count at its own
 * edge; cycle t (PE state cur_s) increments to 0x10 = COMP0. Returns cycle t+1's outputs. */
static struct dwt_out cyc_match_at(struct dwt_model *m, bool prev_s, bool cur_s) {
    wr(m, CTRL, 0);
    wr(m, CYCCNT, 0x0F);
    bg.pe_secure = prev_s;
    wr(m, CTRL, 1); /* its access cycle is t-1: pe_secure_q in cycle t = prev_s */
    bg.pe_secure = cur_s;
    idle(m, 1); /* cycle t: 0x0F -> 0x10 */
    struct dwt_out o = now(m);
    bg.pe_secure = false;
    return o;
}

static void test_cyc_secure(void) {
    struct dwt_model m;
    struct dwt_out o;

    /* pe_secure_q resets to 0 */
    init(&m, &cfg_dwt);
    CHECK(!m.pe_secure_q);
    struct dwt_in in = bg;
    in.pe_secure = true;
    cycle(&m, &in);
    CHECK(m.pe_secure_q); /* pe_secure_i registered at every edge */
    cycle(&m, &bg);
    CHECK(!m.pe_secure_q);

    /* dwt (SecExt 1, Ude 0), SPNIDEN = 0, CYC ACTION 10 (match packet). */
    init(&m, &cfg_dwt);
    wr(&m, COMP(0), 0x10u);
    wr(&m, FUNC(0), 0x21u);
    bg.spniden = false;
    /* Secure in t-1 and t: a Secure match, trc && !snidP: prohibited [DWT-AUTH-4] -- no
     * CMPMATCH, no MATCHED, no packet */
    o = cyc_match_at(&m, true, true);
    CHECK(o.cmpmatch == 0 && !o.hw_valid && !o.wpt_halt && !o.wpt_mon);
    EXPECT_NONE(&m);
    CHECK(!matched(&m, 0));
    /* entry (Non-secure in t-1, Secure in t): not a Secure match -> allowed, traced */
    o = cyc_match_at(&m, false, true);
    CHECK(o.cmpmatch == 0x0001 && o.hw_valid && o.hw_data == 0x0145u);
    EXPECT_BYTES(&m, 0x45, 0x01);
    CHECK(matched(&m, 0));
    /* exit (Secure in t-1, Non-secure in t): not a Secure match either */
    o = cyc_match_at(&m, true, false);
    CHECK(o.cmpmatch == 0x0001 && o.hw_valid && o.hw_data == 0x0145u);
    EXPECT_BYTES(&m, 0x45, 0x01);
    /* Non-secure throughout */
    o = cyc_match_at(&m, false, false);
    CHECK(o.cmpmatch == 0x0001);
    EXPECT_BYTES(&m, 0x45, 0x01);
    /* SPNIDEN = 1: the Secure match is allowed and traced */
    bg.spniden = true;
    o = cyc_match_at(&m, true, true);
    CHECK(o.cmpmatch == 0x0001 && o.hw_valid && o.hw_data == 0x0145u);
    EXPECT_BYTES(&m, 0x45, 0x01);
    /* ACTION 00 (trigger, "trc") is prohibited the same way with SPNIDEN = 0 */
    bg.spniden = false;
    wr(&m, FUNC(0), 0x01u);
    o = cyc_match_at(&m, true, true);
    CHECK(o.cmpmatch == 0);
    o = cyc_match_at(&m, false, true);
    CHECK(o.cmpmatch == 0x0001 && !o.hw_valid);
    CHECK(matched(&m, 0)); /* clears */

    /* ACTION 01 (debug event), halting allowed (HDA, C_DEBUGEN), no monitor, SPNIDEN 1:
     * a Secure match needs s_sde_i or (Main) sdme_i [DWT-AUTH-4]. */
    bg.spniden = true;
    bg.hda = true;
    wr(&m, FUNC(0), 0x11u);
    o = cyc_match_at(&m, true, true); /* s_sde 0, sdme 0: prohibited */
    CHECK(o.cmpmatch == 0 && !o.wpt_halt && !o.wpt_mon);
    CHECK(!matched(&m, 0));
    o = cyc_match_at(&m, false, true); /* entry: Non-secure match, halts */
    CHECK(o.cmpmatch == 0x0001 && o.wpt_halt && !o.hw_valid);
    bg.s_sde = true; /* Secure debug enabled: the Secure match halts [DWT-DBG-HALT] */
    o = cyc_match_at(&m, true, true);
    CHECK(o.cmpmatch == 0x0001 && o.wpt_halt);
    bg.s_sde = false;
    bg.sdme = true; /* monitor-only Secure debug: allowed, but no halt, no monitor
                     * (mon_en 0) */
    o = cyc_match_at(&m, true, true);
    CHECK(o.cmpmatch == 0x0001 && !o.wpt_halt && !o.wpt_mon);
    bg.sdme = false;
    bg.hda = false;

    /* SecExt = 0: cyc_s is always 0, Secure PE state or not */
    struct dwt_cfg c = cfg_dwt;
    c.sec_ext = false;
    init(&m, &c);
    wr(&m, COMP(0), 0x10u);
    wr(&m, FUNC(0), 0x21u);
    bg.spniden = false;
    o = cyc_match_at(&m, true, true);
    CHECK(o.cmpmatch == 0x0001 && o.hw_valid);
    EXPECT_BYTES(&m, 0x45, 0x01);

    /* full (SecExt 1, Ude 1): SPNIDEN = 0 with SecureNoninvasiveDebugAllowed(TRUE) = 1.
     * A Secure cycle match (p = 1) is allowed (prohib_s uses snidP = spniden_p = 1) and
     * sets MATCHED, but trace_ok(cyc_s = 1, 1) fails (snidU = spniden = 0) [DWT-AUTH-1]:
     * no packet. The entry increment is Non-secure: MATCHED and 45 01. (No CMPMATCH
     * output on full.) */
    init(&m, &cfg_full);
    wr(&m, COMP(0), 0x10u);
    wr(&m, FUNC(0), 0x21u);
    bg.spniden = false;
    bg.spniden_p = true;
    o = cyc_match_at(&m, true, true);
    CHECK(!o.hw_valid && !o.hw_ovf);
    EXPECT_NONE(&m);
    CHECK(matched(&m, 0));
    o = cyc_match_at(&m, false, true);
    CHECK(o.hw_valid && o.hw_data == 0x0145u);
    EXPECT_BYTES(&m, 0x45, 0x01);
    CHECK(matched(&m, 0));
    /* CYC ACTION 11 (PC value of pc_last_q), Secure match: no packet at all (not even the
     * [DWT-PKT-2] match substitute: the op's own trace_ok fails first) */
    ia(&m, 0x08000200u, false);
    wr(&m, FUNC(0), 0x31u);
    o = cyc_match_at(&m, true, true);
    CHECK(!o.hw_valid);
    EXPECT_NONE(&m);
    o = cyc_match_at(&m, true, false); /* exit: Non-secure, PC value traced */
    CHECK(o.hw_valid && o.hw_data == 0x0800020047ull);
    EXPECT_BYTES(&m, 0x47, 0x00, 0x02, 0x00, 0x08);
    bg_default();
}

/* [DWT-BUF-1] list order across ops; [DWT-MATCH-S-DAV-10]; CYCDISS */
static void test_order(void) {
    struct dwt_model m;
    struct dwt_in in;
    init(&m, &cfg_dwt);
    wr(&m, COMP(0), 0x08000000u);
    wr(&m, FUNC(0), 0x22); /* IA, match packet */
    wr(&m, COMP(1), 0x20000003u);
    wr(&m, FUNC(1), 0x2C); /* DAwV R/W, ACTION 10, byte: value packet */
    wr(&m, CTRL, 0x00010000u);
    in = bg;
    in.ia_valid = true;
    in.ia_addr = 0x08000000u;
    in.ia_priv = true;
    in.da_valid = true;
    in.da_addr = 0x20000003u;
    in.da_size = 0;
    in.da_write = true;
    in.da_data = 0xFFFFFF7Eu; /* bits above the size ignored */
    in.da_priv = true;
    in.exc_valid = true;
    in.exc_fn = 1;
    in.exc_num = 3;
    cycle(&m, &in);
    CHECK(now(&m).cmpmatch == 0x0003 && !now(&m).hw_ovf);
    /* instruction, then data (value 0x84|1<<4|W<<3|01 = 9D), then exception */
    EXPECT_BYTES(&m, 0x45, 0x01, 0x9D, 0x7E, 0x0E, 0x03, 0x10);
    /* four packets fill the four-entry buffer; the next edge's exception packet is lost */
    wr(&m, FUNC(1), 0x3C); /* DAwV ACTION 11: PC + value */
    in.da_pc = 0x08000011u;
    cycle(&m, &in);
    CHECK(!now(&m).hw_ovf && m.ob_cnt == 4);
    in.ia_valid = in.da_valid = false;
    cycle(&m, &in);
    CHECK(now(&m).hw_ovf && m.ob_cnt == 4);
    EXPECT_BYTES(&m, 0x45, 0x01, 0x57, 0x10, 0x00, 0x00, 0x08, 0x9D, 0x7E, 0x0E, 0x03, 0x10);

    /* CYCDISS: no count in Secure state */
    init(&m, &cfg_dwt);
    wr(&m, CTRL, 0x00800001u);
    bg.pe_secure = true;
    idle(&m, 4);
    bg.pe_secure = false;
    CHECK(rd(&m, CYCCNT) == 0);
    CHECK(rd(&m, CYCCNT) == 2);
}

int main(void) {
    test_cfg();
    test_reset();
    test_raz_wi();
    test_ex_a();
    test_ex_b();
    test_ex_c();
    test_ex_d();
    test_ex_e();
    test_matched();
    test_single();
    test_debug();
    test_ir();
    test_dr();
    test_lv();
    test_cyccnt();
    test_postinit();
    test_counters();
    test_pcsr();
    test_auth();
    test_cyc_secure();
    test_order();
    printf("test_dwt_model: %u checks, %u failed\n", passed + failed, failed);
    return failed ? 1 : 0;
}
