// SPDX-License-Identifier: Apache-2.0
// etm_decode: the ETM golden model's trace decoded by a decoder we did not write, OpenCSD's
// ETMv4 instruction decoder (Debian libopencsd, Cortex-M profile, Armv8), against the path
// the stimulus retired (issue #23 item 4, docs/etm-contract.md).
//
// For each run: a synthetic T32 program (tests/opencsd/etm_prog.c: a code image built from
// a fixed set of encodings) is walked by a small PE model that decides branch outcomes and
// exceptions with a seeded PRNG; each retired instruction and each exception is one event
// on the ETM's PE trace interface (docs/etm-contract.md section 4), with 0..k idle cycles
// between events. The golden ETM model (sim/golden) turns the events into its ATB byte
// stream; OpenCSD gets that stream (one trace source, no formatter yet), the ETM's ID
// registers and TRCCONFIGR, and the code image through a memory accessor, and
// reconstructs the execution. Its generic elements must be exactly the ones the path
// implies, written out here from the path alone:
//   R st en n exec  instruction range [st, en) of n instructions, closed by a branch (exec =
//                   taken) or by an exception (then en = the return address, exec = 1)
//   X type ret      exception, M-profile TYPE (N <= 23: N, else N + 0x1F0), return address
//   XR              exception return
//   T value         timestamp (gts_i = cycle number + a base), after each P0 element while
//                   TRCTSCTLR selects TRUE, and after each Trace Info
//   C count         cycle count: cycles since the previous counted P0 element (or the
//                   enable), when at least TRCCCCTLR.THRESHOLD; 0 for the Unknown count
//                   of the first counted P0 element after an overflow
// An event that is not traced (ViewInst stopped, prohibited) or that an overflow loses
// breaks the range; after an overflow the next traced event carries a Trace Info (its
// timestamp). Which events an overflow loses comes from the model (its FIFO level; the
// rule itself is checked by test_etm_model); runs without the `ovf` set-up must not
// overflow at all: the stimulus waits for room.
// --tpiu: the ETM's ATB goes through the funnel of docs/etm-contract.md [ETM-FUN-1] (with a
// stand-in ITM sending random bytes on ID 0x01 on its other input) into the golden TPIU
// (parallel port, 4 pins); OpenCSD deformats the formatter output (HAS_FSYNCS|HAS_HSYNCS)
// and decodes ID 0x10.
// Configurations (k_runs): TRCCONFIGR/TRCCCCTLR/TRCTSCTLR/TRCSYNCPR values, Non-secure
// handlers, ViewInst start/stop on CMPMATCH, and Secure handlers made prohibited.
// --rtl TB: the same through the RTL (issue #23 item 4: "the ETM's trace ID from our TPIU
// output"): the run drives the golden trace_top of CFG=full (sys_model, the model the
// harness runs) instead of the stand-alone blocks, with the real ITM on trace ID 0x01 writing
// words to stimulus port 0 in some of the gaps (so the funnel interleaves two IDs), and is
// also written, cycle by cycle, as a lockstep-harness scenario (etm_scn.c), which the harness
// TB (trace_tb of CFG=full) runs with the RTL and the golden model compared every cycle,
// capturing the RTL's formatter output (--capture-txb). That capture must be the golden
// run's byte for byte (the scenario reproduces the run), and it is what OpenCSD deformats
// and decodes against the path. The start/stop configurations are skipped (CMPMATCH comes
// from the DWT there). --scn FILE: a directed scenario instead (etm_scnprog.c).
// Usage: etm_decode [--tpiu] [--seeds N] [--events N] [--verbose] [--dump] [--pkts] [--only CONFIG]
//                   [--seed S] [--pkt-out DIR] [--spec N [--spec-ovf]] [--f45] [--emit-scn FILE]
//                   [--rtl TB [--rtl-dir DIR] [--scn FILE]...]
//        etm_decode --pkts-of FILE [--configr V] [--q]
//   --spec N: docs/etm-contract.md section 18, MaxSpec N, the speculative PE of
//   tests/opencsd/etm_spec_pe.c; cancelled and mispredicted work must not appear. Every
//   configuration but the two overflow ones runs (those with --spec-ovf); timestamps and
//   cycle counts are not compared (a Cancel keeps a wrong path's, docs/decoder-notes.md:
//   both lists lose them),
//   the path is compared element by element. The expected list is written at the run's end
//   from the architectural events in order (spec_expect): a P0 element reaches the decoder
//   iff its event was traced, its demand accepted and the PE committed it while it was in
//   the stream ([ETM-SPEC-3]: an Overflow gives every outstanding element tr = 0 and the
//   decoder discards everything uncommitted; [ETM-SPEC-10]: the Commit before the Overflow
//   carries the commits up to that cycle); the test keeps its own list of the outstanding
//   elements from the PE's inputs ([ETM-SPEC-2] order), the model tells only which cycles
//   overflowed. Any other event, and each Overflow, breaks the range; an Exception Return
//   that no decoded P0 element follows before an Overflow is dropped by OpenCSD (known).
//   --spec-ovf: the overflow configurations too. The resync after an Overflow may fall on
//   a wrong path (the first accepted event after it is a wrong-path instruction: Address
//   with Context at a wrong-path address; printed per run: "Overflow resyncs on a wrong
//   path") and the recovery then emits no Cancel or Mispredict for the mispredicted
//   element (dropped or discarded: tr = 0); [ETM-SPEC-15] counts a dropped demand as a gap
//   ([ETM-SPEC-12]), so that recovery restarts the stream with Trace On and an Address with
//   Context on the corrected path. Before that rule 16, 6, 5 of 40 overflow runs failed at
//   MaxSpec 1, 4, 16 (20 seeds); make etm-spec-test passes --spec-ovf. With
//   --rtl: TB must be a harness whose MaxSpec is N (etmspec's trace_tb for --spec 4; the
//   scenario's config line says maxspec=N, so another harness skips it).
//   --q: section 20, QSupp = 1 and TRCCONFIGR.QE = 1 (Q elements). A Q element carries
//   no path, so the expected list is not element by element: OpenCSD's ranges (an
//   instruction range when its walk of the code image meets no branch before the Q's
//   last instruction, else OCSD_GEN_TRC_ELEM_I_RANGE_NOPATH with start, end and count)
//   must consume the retired path in order (q_check): each range starts at the next
//   traced instruction, counts only instructions, and a no-path range ends at the address
//   where its last instruction's successor is; exceptions at their place with their return
//   address, an exception return right after the range that ends with the return; at the end
//   at most the one taken branch [ETM-Q-7] drops is left. Timestamps and cycle counts are
//   not compared. Overflow: the traced events an overflow loses (the model's FIFO level, as
//   above) are not in the path; the pending Q is closed at the first lost event's address
//   ([ETM-Q-6]), so the range before it ends there (its last instruction's successor) and
//   the next range starts at the next kept event; an exception return whose Q an Overflow
//   follows at once is dropped by OpenCSD as without Q (docs/decoder-notes.md: no P0 element
//   commits it): allowed only there, counted. The branch-broadcast configurations have
//   no Q elements ([ETM-Q-2]) and are compared element by element as without --q.
//   --dump prints the ETM bytes, --pkts OpenCSD's packet list (stderr); --only and --seed
//   pick one configuration (by name) and one seed. --pkt-out DIR writes, per run,
//   DIR/CONFIG-SEED.bin (the byte stream OpenCSD got: the ETM's ATB bytes, or with --tpiu
//   the TPIU formatter's) and DIR/CONFIG-SEED.ocsd (the packets OpenCSD's ETMv4 packet
//   processor found in it, one normalised line each, from its packet monitor), for
//   tests/opencsd/etm_pkt_check.py to compare with tracedump's packet list.
// Exit 0 when every run matches; 1 on a mismatch or a decoder error; 2 on usage errors.
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include <opencsd/c_api/opencsd_c_api.h>

#include "etm_model.h"
#include "funnel_model.h"
#include "sys_model.h"
#include "tpiu_model.h"
#include "etm_prog.h"
#include "etm_spec_pe.h"
#include "etm_scn.h"
#include "etm_scnprog.h"
#include "ocsd_etm.h"

#define MAXB 400000u
#define MAXE 60000u
#define ELEN 48

struct run_cfg {
    const char *name;
    uint32_t configr, ccctlr, tsctlr, syncpr;
    bool ns_handler; // the handlers run Non-secure: context changes
    unsigned idle_max;
    bool ss;         // ViewInst start/stop on CMPMATCH: start at f0 and f3, stop at f1 and f4
    bool prohib;     // other code Non-secure, handlers Secure, SecureNoninvasiveDebugAllowed 0
    bool ovf;        // ATB ready every other cycle and no waiting for room: overflows
    unsigned acmp;   // address ranges (etm-contract section 22; NumAcPairs 4): 0 none, 1
                     // include/exclude ranges (TRCVIIECTLR), 2 that and BB in a range only
};

static const struct run_cfg k_runs[] = {
    {"plain", 0x0, 0, 0, 0, false, 2, false, false, false, 0},
    {"rs", 0x1000, 0, 0, 0, false, 2, false, false, false, 0},
    {"bb", 0x0008, 0, 0, 0, false, 3, false, false, false, 0},
    {"bb+rs", 0x1008, 0, 0, 0, true, 3, false, false, false, 0},
    {"ts+cci", 0x0810, 1, 0x01, 0, false, 9, false, false, false, 0},
    {"ts+cci+rs-thr5", 0x1810, 5, 0x01, 0, true, 9, false, false, false, 0},
    {"cci-thr3", 0x0010, 3, 0, 0, false, 4, false, false, false, 0},
    {"sync256+rs", 0x1000, 0, 0, 8, true, 2, false, false, false, 0},
    {"startstop+ts+cci", 0x1810, 2, 0x01, 0, true, 6, true, false, false, 0},
    {"startstop+bb", 0x0008, 0, 0, 0, false, 3, true, false, false, 0},
    {"prohibited+rs+ts", 0x1800, 0, 0x01, 0, false, 4, false, true, false, 0},
    {"overflow+rs+ts+cci", 0x1810, 2, 0x01, 0, true, 1, false, false, true, 0},
    {"overflow+bb", 0x0008, 0, 0, 0, false, 1, false, false, true, 0},
    {"ranges", 0x1000, 0, 0, 0, false, 2, false, false, false, 1},
    {"ranges+bb+ts", 0x0808, 0, 0x01, 0, true, 3, false, false, false, 2},
};

static char g_exp[MAXE][ELEN], g_got[MAXE][ELEN];
static unsigned g_nexp, g_ngot, g_errs;
static bool g_verbose, g_pkts;
static const char *g_only;
static unsigned g_seed;
static unsigned g_ovf_runs; // runs in which the ETM overflowed
static uint8_t g_bytes[MAXB];
static unsigned g_nbytes;
static FILE *g_pkt_out; // --pkt-out: this run's .ocsd file
static const char *g_pkt_dir;
static bool g_f45;      // --f45: atom formats 4 and 5 (docs/etm-contract.md section 19)
static bool g_q;        // --q: Q elements (docs/etm-contract.md section 20)
// --q: the traced retired path (instructions and exceptions, in order) for q_check
struct qpath {
    uint32_t addr, succ;   // an instruction's address and its successor's (next event's)
    uint32_t ret, type;    // an exception's return address and M-profile TYPE
    bool exc, excret, br, taken, size32;
    bool atoms;            // traced with atoms: outside the TRCQCTLR ranges ([ETM-Q-9])
    bool ovf_before;       // an overflow lost traced events between the previous entry and this
};
static struct qpath g_path[MAXE];
static unsigned g_npath;
static unsigned g_q_ranges, g_q_nopath, g_q_instr, g_q_runs; // --q statistics
static bool g_ovf_tail; // --q: an overflow lost traced events after the last g_path entry
static unsigned g_q_ovf_runs, g_q_ovf_lost, g_q_xr_known; // --q: overflow runs, events lost,
                                                         // dropped XRs (decoder-notes)
static unsigned g_spec; // --spec N: MaxSpec N and the speculative PE of etm_spec_pe.c
static unsigned g_spec_runs, g_spec_dir, g_spec_tgt, g_spec_flips, g_spec_wrong, g_spec_cancel;
// --spec: the architectural events of a run in order (and the overflows among them), kept
// until the run's end: whether an event's P0 element reaches the decoder is known only when
// the PE commits it ([ETM-SPEC-3]: an Overflow discards every element still outstanding)
struct spec_log {
    struct prog_event e;
    uint64_t cyc;  // the cycle it was presented in
    bool marker;   // not an event: an Overflow packet was emitted here
    bool traced;   // ViewInst and not prohibited ([ETM-VIEW-1], [ETM-VIEW-3])
    bool dropped;  // its cycle's demand was dropped ([ETM-OVF-2], [ETM-SPEC-10])
    bool vis;      // a P0 element: committed by the PE while in the stream (tr = 1)
};
static struct spec_log g_slog[MAXE];
static unsigned g_nslog;
// the PE's outstanding P0 elements as the test sees them, oldest first: the g_slog index of
// an architectural one (-1: a wrong-path one) and tr ([ETM-SPEC-3]: in the stream)
struct spec_q {
    int idx;
    bool tr;
};
static struct spec_q g_sq[64];
static unsigned g_nsq;
static bool g_sq_bad; // the test's view and the PE's disagree (a test bug)
static unsigned g_spec_ovf_runs, g_spec_dropped, g_spec_discarded, g_spec_xr_known;
// --spec-ovf: the overflow configurations under --spec too (see the head); per run and in
// all, the Overflow resyncs on a wrong path (a wrong-path event's demand accepted while the
// unit was in overflow: the restart's Address with Context is a wrong-path address)
static bool g_spec_ovf;
static unsigned g_spec_wrong_resync, g_spec_wrong_resync_all;
// --rtl TB: the run is also written as a scenario (etm_scn.c) and run by the lockstep
// harness TB (CFG=full): OpenCSD then decodes the RTL's TPIU formatter output
static const char *g_rtl_tb;
static unsigned g_rtl_acpairs; // --rtl-acpairs: NumAcPairs of the harness TB (etmx: 4)
static const char *g_rtl_dir = "build/opencsd/etm-rtl";
static struct etm_scn g_scn;
static bool g_scn_on;
static unsigned g_skipped; // configurations --rtl cannot reproduce in trace_top
// gts_i of a cycle, and the trace ID OpenCSD decodes: this program's runs, or (--scn) a
// directed scenario's
static uint64_t g_gts_base = 0x1000000000ull, g_gts_at, g_gts_step = 1;
static unsigned g_traceid = 0x10;
static const char *g_scns[64]; // --scn FILE: directed scenarios decoded on the RTL
static unsigned g_nscn;

static uint64_t gts_of(uint64_t cyc)
{
    return g_gts_base + (cyc - g_gts_at) * g_gts_step;
}

static void add(char (*list)[ELEN], unsigned *n, const char *fmt, unsigned long long a,
                unsigned long long b, unsigned long long c, unsigned long long d)
{
    if (*n < MAXE) {
        snprintf(list[*n], ELEN, fmt, a, b, c, d);
        (*n)++;
    }
}

// ---- the ETM model, driven cycle by cycle ------------------------------------------------
struct drv {
    struct etm_model m;
    struct etm_in in;
    uint64_t cyc;
    bool ovf;
    // --tpiu: the ETM on funnel input 1, a stand-in ITM (random bytes, ID 0x01) on input
    // 0, the golden TPIU (parallel port, 4 bits) behind; the bytes are the formatter's
    bool tpiu;
    bool slow; // the sink takes a byte only in every other cycle (overflow runs)
    struct funnel_model f;
    struct tpiu_model t;
    struct tpiu_in tin;
    bool itm_valid;
    uint8_t itm_byte;
    uint32_t itm_rng;
    unsigned itm_sent;
    // --rtl: the whole golden trace_top of CFG=full instead (the model the lockstep harness
    // runs), the real ITM on the funnel's input 0, fed by stimulus writes (ipsel...)
    struct sys_model sys;
    bool ipsel, ipenable;
    uint32_t ipwdata, iaddr;
    unsigned itm_writes;
};

// The ETM model of the run: the stand-alone one, or the system's (--rtl).
static struct etm_model *drv_etm(struct drv *d)
{
    return g_rtl_tb ? &d->sys.etm : &d->m;
}

// trace_top with CFG=full's parameters (configs/configs.txt), for --rtl; CFG=etmx's with --f45.
static void drv_sys_init(struct drv *d)
{
    struct sys_cfg c;
    memset(&c, 0, sizeof c);
    c.itm = (struct itm_cfg){.num_stim_ports = 32, .stim_fifo_depth = 4, .hw_fifo_depth = 2,
                             .ts_width = 12, .gts_width = 64};
    c.fpb = (struct fpb_cfg){.num_code = 8, .num_lit = 0, .both_halves = true, .sec_ext = true,
                             .ude = true};
    c.has_tpiu = true;
    c.tpiu = (struct tpiu_cfg){.port_width = 4, .atb_fifo_depth = 4, .frame_idle_cycles = 16};
    c.has_dwt = true;
    c.dwt = (struct dwt_cfg){.num_comp = 4, .fifo_depth = 1, .main_ext = true, .trace = true,
                             .cyccnt = true, .prfcnt = true, .exttrig = false, .vmask = true,
                             .pcsr = true, .sec_ext = true, .ude = true};
    c.has_etm = true;
    c.etm = (struct etm_cfg){.fifo_depth = 64, .rs_depth = 3, .cc_size = 12, .num_pc = 4,
                             .sec_ext = true, .num_ac_pairs = g_rtl_acpairs, .atom_f45 = g_f45,
                             .max_spec = g_spec, .q_supp = g_q}; // --spec: etmspec's MaxSpec
    c.funnel_hold = 8;
    if (sys_model_init(&d->sys, &c) != 0) {
        fprintf(stderr, "etm_decode: internal error: the full configuration is rejected\n");
        exit(2);
    }
}

// One cycle of --rtl: the harness's input defaults (sim/c_tb/common/driver.c level_default),
// the shared APB from whichever block this cycle writes, the PE trace interface.
static void drv_cycle_sys(struct drv *d)
{
    struct sys_in si;
    struct sys_out so;
    memset(&si, 0, sizeof si);
    si.itm.rst_n = true;
    si.itm.atready = si.itm.trcena = si.itm.niden = true;
    si.itm.spniden = d->in.spniden;
    si.pe_priv = si.niden_p = si.spniden_p = true;
    si.itm.gts = 0x1000000000ull + d->cyc;
    if (d->in.psel || d->tin.psel || d->ipsel) {
        si.itm.psel = true;
        si.itm.pwrite = true;
        si.itm.pstrb = 0xF;
        si.itm.pprot = 0x3; // the scenario's write defaults: priv=1 ns=1
        si.itm.penable = d->in.psel ? d->in.penable : d->tin.psel ? d->tin.penable : d->ipenable;
        si.itm.paddr = d->in.psel ? 0x41000u | (d->in.paddr & 0xFFFu)
                       : d->tin.psel ? 0x40000u | (d->tin.paddr & 0xFFFu) : d->iaddr & 0xFFFu;
        si.itm.pwdata = d->in.psel ? d->in.pwdata : d->tin.psel ? d->tin.pwdata : d->ipwdata;
    }
    si.etm_pe_valid = d->in.pe_valid;
    si.etm_pe_addr = d->in.pe_addr;
    si.etm_pe_size = d->in.pe_size;
    si.etm_pe_br = d->in.pe_br;
    si.etm_pe_ind = d->in.pe_ind;
    si.etm_pe_taken = d->in.pe_taken;
    si.etm_pe_link = d->in.pe_link;
    si.etm_pe_excret = d->in.pe_excret;
    si.etm_pe_ns = d->in.pe_ns;
    si.etm_exc_valid = d->in.exc_valid;
    si.etm_exc_num = d->in.exc_num;
    si.etm_exc_ret = d->in.exc_ret;
    si.etm_spec_commit = d->in.spec_commit;
    si.etm_spec_flush = d->in.spec_flush;
    si.etm_spec_cancel = d->in.spec_cancel;
    si.etm_spec_mispred = d->in.spec_mispred;
    if (g_scn_on) {
        etm_scn_cycle_sys(&g_scn, &si);
    }
    sys_model_eval(&d->sys, &si, &so);
    if (so.txb_valid && g_nbytes < MAXB) {
        g_bytes[g_nbytes++] = so.txb;
    }
    d->itm_sent += so.itm.atvalid && so.atready;
    sys_model_step(&d->sys, &si);
    d->ovf |= d->sys.etm.last_ovf;
    d->cyc++;
    d->in.pe_valid = d->in.exc_valid = false;
    d->in.psel = d->in.penable = d->in.pwrite = false;
    d->tin.psel = d->tin.penable = d->tin.pwrite = false;
    d->ipsel = d->ipenable = false;
    d->in.cmpmatch = 0;
    d->in.spec_commit = d->in.spec_cancel = 0;
    d->in.spec_flush = d->in.spec_mispred = false;
}

static void spec_overflow(void);

static void drv_cycle(struct drv *d)
{
    struct etm_out o;
    if (g_rtl_tb) {
        drv_cycle_sys(d);
        if (g_spec && d->sys.etm.last_ovf) {
            spec_overflow();
        }
        return;
    }
    if (g_scn_on) {
        etm_scn_cycle(&g_scn, &d->in, d->tpiu ? &d->tin : NULL);
    }
    d->in.gts = 0x1000000000ull + d->cyc;
    if (!d->tpiu) {
        d->in.atready = !d->slow || (d->cyc & 1u) == 0u;
    }
    etm_model_eval(&d->m, &d->in, &o);
    if (d->tpiu) {
        struct tpiu_out to;
        struct funnel_in fi;
        struct funnel_out fo;
        tpiu_model_eval(&d->t, &d->tin, &to);
        memset(&fi, 0, sizeof fi);
        fi.rst_n = true;
        fi.p[0].atvalid = d->itm_valid;
        fi.p[0].atdata = d->itm_byte;
        fi.p[0].atid = 0x01;
        fi.p[1].atvalid = o.atvalid;
        fi.p[1].atdata = o.atdata;
        fi.p[1].atid = o.atid;
        fi.atready = to.atready;
        funnel_model_eval(&d->f, &fi, &fo);
        d->in.atready = fo.atready[1];
        d->tin.atvalid = fo.atvalid;
        d->tin.atdata = fo.atdata;
        d->tin.atid = fo.atid;
        if (to.txb_valid && g_nbytes < MAXB) {
            g_bytes[g_nbytes++] = to.txb;
        }
        tpiu_model_step(&d->t, &d->tin);
        funnel_model_step(&d->f, &fi);
        d->tin.psel = d->tin.penable = d->tin.pwrite = false;
        if (d->itm_valid && fo.atready[0]) {
            d->itm_valid = false;
            d->itm_sent++;
        }
        d->itm_rng = d->itm_rng * 1103515245u + 12345u;
        if (!g_rtl_tb && !d->itm_valid && ((d->itm_rng >> 16) & 7u) == 0u) {
            d->itm_valid = true;
            d->itm_byte = (uint8_t)(d->itm_rng >> 24);
        }
    } else if (o.atvalid && d->in.atready && g_nbytes < MAXB) {
        g_bytes[g_nbytes++] = o.atdata;
    }
    etm_model_step(&d->m, &d->in);
    d->ovf |= d->m.last_ovf;
    if (g_spec && d->m.last_ovf) {
        spec_overflow();
    }
    d->cyc++;
    d->in.pe_valid = d->in.exc_valid = false;
    d->in.psel = d->in.penable = d->in.pwrite = false;
    d->in.cmpmatch = 0;
    d->in.spec_commit = d->in.spec_cancel = 0;
    d->in.spec_flush = d->in.spec_mispred = false;
}

static void set_event(struct drv *d, const struct prog_event *e)
{
    prog_event_to_etm_in(e, &d->in);
}

static void tpiu_write(struct drv *d, uint32_t off, uint32_t v)
{
    for (int ph = 0; ph < 2; ph++) {
        d->tin.psel = true;
        d->tin.penable = ph == 1;
        d->tin.pwrite = true;
        d->tin.paddr = off;
        d->tin.pwdata = v;
        d->tin.pstrb = 0xF;
        drv_cycle(d);
    }
}

// --rtl: an ITM write (frame 0: a stimulus port, ITM_TER0, ITM_TCR)
static void itm_write(struct drv *d, uint32_t off, uint32_t v)
{
    for (int ph = 0; ph < 2; ph++) {
        d->ipsel = true;
        d->ipenable = ph == 1;
        d->ipwdata = v;
        d->iaddr = off;
        drv_cycle(d);
    }
}

static void drv_write(struct drv *d, uint32_t off, uint32_t v)
{
    for (int ph = 0; ph < 2; ph++) {
        d->in.psel = true;
        d->in.penable = ph == 1;
        d->in.pwrite = true;
        d->in.paddr = off;
        d->in.pwdata = v;
        d->in.pstrb = 0xF;
        drv_cycle(d);
    }
}

// ---- expected elements, from the path alone ----------------------------------------------
struct expect {
    const struct run_cfg *rc;
    bool open;          // a range has started
    uint32_t st, next;  // its start, the next sequential address
    unsigned n;         // instructions in it
    uint64_t last_cc;   // cycle of the last counted P0 element (or the enable edge)
    bool first;         // the next event is the first: Trace Info timestamp
    unsigned gaps;      // untraced events
    bool cc_unknown;    // after an overflow: the next cycle count is Unknown (decoded as 0)
    unsigned lost;      // events lost to overflows
    int xr_idx;         // the last XR while no P0 element has followed it, else -1
    unsigned known;     // XRs the decoder drops at an overflow (docs/decoder-notes.md)
};

static void exp_ts_cc(struct expect *x, uint64_t cyc, bool p0, bool tinfo_ts)
{
    // --spec: timestamps and cycle counts are not compared (a Cancel keeps a wrong path's,
    // docs/decoder-notes.md); g_got loses them too
    bool ts = (x->rc->configr & 0x800u) != 0u && g_spec == 0u;
    bool cci = (x->rc->configr & 0x10u) != 0u && g_spec == 0u;
    if (p0 && ts && !tinfo_ts && (x->rc->tsctlr & 0x9Fu) == 1u) {
        add(g_exp, &g_nexp, "T %llx", gts_of(cyc), 0, 0, 0);
    }
    if (p0 && cci && x->cc_unknown) {
        add(g_exp, &g_nexp, "C %llu", 0, 0, 0, 0);
        x->last_cc = cyc;
        x->cc_unknown = false;
    } else if (p0 && cci) {
        uint64_t rep = cyc - x->last_cc;
        if (rep > 4095u) {
            rep = 4095u;
        }
        if (rep >= x->rc->ccctlr) {
            add(g_exp, &g_nexp, "C %llu", rep, 0, 0, 0);
            x->last_cc = cyc;
        }
    }
}

static void exp_event(struct expect *x, const struct prog_event *e, uint64_t cyc)
{
    bool tinfo_ts = false;
    if (x->first && (x->rc->configr & 0x800u) != 0u && g_spec == 0u) {
        add(g_exp, &g_nexp, "T %llx", gts_of(cyc), 0, 0, 0);
        tinfo_ts = true;
    }
    x->first = false;
    if (e->exc) {
        if (x->open && x->n > 0u) {
            add(g_exp, &g_nexp, "R %llx %llx %llu 1", x->st, e->ret, x->n, 0);
        }
        unsigned type = e->exc_num <= 23u ? e->exc_num : e->exc_num + 0x1F0u;
        add(g_exp, &g_nexp, "X %llx %llx", type, e->ret, 0, 0);
        x->xr_idx = -1;
        x->open = false;
        exp_ts_cc(x, cyc, true, tinfo_ts);
        return;
    }
    if (!x->open || x->next != e->addr) {
        x->open = true;
        x->st = e->addr;
        x->n = 0;
    }
    x->n++;
    x->next = e->addr + (e->size32 ? 4u : 2u);
    if (e->br) {
        add(g_exp, &g_nexp, "R %llx %llx %llu %llu", x->st, x->next, x->n, e->taken ? 1 : 0);
        x->xr_idx = -1;
        if (e->excret) {
            x->xr_idx = (int)g_nexp;
            add(g_exp, &g_nexp, "XR", 0, 0, 0, 0);
        }
        x->open = false;
        exp_ts_cc(x, cyc, true, tinfo_ts);
    }
}

// ---- OpenCSD ------------------------------------------------------------------------------
static ocsd_datapath_resp_t elem_cb(const void *ctx, const ocsd_trc_index_t idx,
                                    const uint8_t chan, const ocsd_generic_trace_elem *el)
{
    (void)ctx;
    (void)idx;
    (void)chan;
    switch (el->elem_type) {
    case OCSD_GEN_TRC_ELEM_INSTR_RANGE:
        add(g_got, &g_ngot, "R %llx %llx %llu %llu", el->st_addr, el->en_addr,
            el->num_instr_range, el->last_instr_exec);
        break;
    case OCSD_GEN_TRC_ELEM_EXCEPTION:
        add(g_got, &g_ngot, "X %llx %llx", el->exception_number, el->en_addr, 0, 0);
        break;
    case OCSD_GEN_TRC_ELEM_EXCEPTION_RET:
        add(g_got, &g_ngot, "XR", 0, 0, 0, 0);
        break;
    case OCSD_GEN_TRC_ELEM_I_RANGE_NOPATH: // section 20: a Q range with branches in it
        add(g_got, &g_ngot, "N %llx %llx %llu", el->st_addr, el->en_addr, el->num_instr_range,
            0);
        break;
    case OCSD_GEN_TRC_ELEM_TIMESTAMP:
        add(g_got, &g_ngot, "T %llx", el->timestamp, 0, 0, 0);
        break;
    case OCSD_GEN_TRC_ELEM_CYCLE_COUNT:
        add(g_got, &g_ngot, "C %llu", el->cycle_count, 0, 0, 0);
        break;
    case OCSD_GEN_TRC_ELEM_TRACE_ON:
    case OCSD_GEN_TRC_ELEM_PE_CONTEXT:
    case OCSD_GEN_TRC_ELEM_NO_SYNC:
    case OCSD_GEN_TRC_ELEM_EO_TRACE:
        break;
    default:
        add(g_got, &g_ngot, "?%llu", (unsigned long long)el->elem_type, 0, 0, 0);
        break;
    }
    return OCSD_RESP_CONT;
}

static void log_cb(const void *ctx, const char *msg, const int len)
{
    (void)ctx;
    if (g_pkts && strncmp(msg, "Idx:", 4) == 0) {
        fprintf(stderr, "  %.*s", len, msg); // --pkts: the library's packet printer
        return;
    }
    g_errs++;
    fprintf(stderr, "  opencsd: %.*s", len, msg);
}

// --pkt-out: one line per packet of OpenCSD's ETMv4 packet processor, in the normalised
// form tests/opencsd/etm_pkt_check.py also makes of tracedump's --json lines:
//   ASYNC | TINFO cc=C [cyct=N] | TON | TS ts=HEX bits=N [cc=N] | ADDR_MATCH idx=I addr=HEX
//   is=N | ADDR_S / ADDR_L addr=HEX is=N | ADDR_CTXT addr=HEX is=N el=N ns=N | ATOM n=N
//   bits=HEX | EXC type=HEX e1e0=N | ERET | CC count=N | CC unknown | OVF | COMMIT n=N |
//   CANCEL n=N mp=0/1 [atoms n=N bits=HEX] | MISPRED [atoms n=N bits=HEX] |
//   Q type=HEX [count=N] [addr=HEX is=N] | OTHER type=HEX
// each with the packet's offset in the stream (single source: the byte index) first.
static void pkt_mon_cb(const void *ctx, const ocsd_datapath_op_t op,
                       const ocsd_trc_index_t index_sop, const void *pkt, const uint32_t size,
                       const uint8_t *data)
{
    (void)ctx;
    if (op != OCSD_OP_DATA || !pkt || !g_pkt_out) {
        return;
    }
    const ocsd_etmv4_i_pkt *q = pkt;
    FILE *f = g_pkt_out;
    fprintf(f, "%llu ", (unsigned long long)index_sop);
    switch ((int)q->type) {
    case ETM4_PKT_I_ASYNC:
        fprintf(f, "ASYNC\n");
        break;
    case ETM4_PKT_I_TRACE_INFO:
        fprintf(f, "TINFO cc=%u", (unsigned)q->trace_info.bits.cc_enabled);
        if (q->trace_info.bits.cc_enabled) {
            fprintf(f, " cyct=%u", q->cc_threshold);
        }
        fprintf(f, "\n");
        break;
    case ETM4_PKT_I_TRACE_ON:
        fprintf(f, "TON\n");
        break;
    case ETM4_PKT_I_TIMESTAMP:
        fprintf(f, "TS ts=%llx bits=%u", (unsigned long long)q->ts.timestamp,
                (unsigned)q->ts.bits_changed);
        if (size > 0 && data[0] == 0x03) {
            fprintf(f, " cc=%u", q->cycle_count);
        }
        fprintf(f, "\n");
        break;
    case ETM4_PKT_I_ADDR_MATCH:
        fprintf(f, "ADDR_MATCH idx=%u addr=%llx is=%u\n", (unsigned)q->addr_exact_match_idx,
                (unsigned long long)q->v_addr.val, (unsigned)q->v_addr_ISA);
        break;
    case ETM4_PKT_I_ADDR_S_IS1:
    case ETM4_PKT_I_ADDR_L_32IS1:
        fprintf(f, "%s addr=%llx is=%u\n", q->type == ETM4_PKT_I_ADDR_S_IS1 ? "ADDR_S" : "ADDR_L",
                (unsigned long long)q->v_addr.val, (unsigned)q->v_addr_ISA);
        break;
    case ETM4_PKT_I_ADDR_CTXT_L_32IS1:
        fprintf(f, "ADDR_CTXT addr=%llx is=%u el=%u ns=%u\n", (unsigned long long)q->v_addr.val,
                (unsigned)q->v_addr_ISA, (unsigned)q->context.EL, (unsigned)q->context.NS);
        break;
    case ETM4_PKT_I_ATOM_F1:
    case ETM4_PKT_I_ATOM_F2:
    case ETM4_PKT_I_ATOM_F3:
    case ETM4_PKT_I_ATOM_F4:
    case ETM4_PKT_I_ATOM_F5:
    case ETM4_PKT_I_ATOM_F6:
        fprintf(f, "ATOM n=%u bits=%x\n", (unsigned)q->atom.num, q->atom.En_bits);
        break;
    case ETM4_PKT_I_EXCEPT:
        fprintf(f, "EXC type=%x e1e0=%u\n", (unsigned)q->exception_info.exceptionType,
                (unsigned)q->exception_info.addr_interp);
        break;
    case ETM4_PKT_I_EXCEPT_RTN:
        fprintf(f, "ERET\n");
        break;
    case ETM4_PKT_I_CCNT_F1:
        if (size > 0 && data[0] == 0x0F) {
            fprintf(f, "CC unknown\n");
        } else {
            fprintf(f, "CC count=%u\n", q->cycle_count);
        }
        break;
    case ETM4_PKT_I_OVERFLOW:
        fprintf(f, "OVF\n");
        break;
    case ETM4_PKT_I_COMMIT: // section 18
        fprintf(f, "COMMIT n=%u\n", q->commit_elements);
        break;
    case ETM4_PKT_I_CANCEL_F1:
    case ETM4_PKT_I_CANCEL_F1_MISPRED:
    case ETM4_PKT_I_CANCEL_F2:
    case ETM4_PKT_I_CANCEL_F3:
        fprintf(f, "CANCEL n=%u mp=%u", q->cancel_elements,
                q->type == ETM4_PKT_I_CANCEL_F1 ? 0u : 1u);
        if (size > 0 && data[0] >= 0x34 && (data[0] & (data[0] >= 0x38 ? 1u : 3u)) != 0u) {
            fprintf(f, " atoms n=%u bits=%x", (unsigned)q->atom.num, q->atom.En_bits);
        }
        fprintf(f, "\n");
        break;
    case ETM4_PKT_I_MISPREDICT:
        if (size > 0 && (data[0] & 3u) != 0u) {
            fprintf(f, "MISPRED atoms n=%u bits=%x\n", (unsigned)q->atom.num, q->atom.En_bits);
        } else {
            fprintf(f, "MISPRED\n");
        }
        break;
    case ETM4_PKT_I_Q: // section 20
        fprintf(f, "Q type=%x", (unsigned)q->Q_pkt.q_type);
        if (q->Q_pkt.count_present) {
            fprintf(f, " count=%u", q->Q_pkt.q_count);
        }
        if (q->Q_pkt.addr_present) {
            fprintf(f, " addr=%llx is=%u", (unsigned long long)q->v_addr.val,
                    (unsigned)q->v_addr_ISA);
        }
        fprintf(f, "\n");
        break;
    default:
        fprintf(f, "OTHER type=%x\n", (unsigned)q->type);
        break;
    }
}

// --q: OpenCSD's elements (g_got) against the traced retired path (g_path), see the head.
// Returns 0 when they agree, else prints the first difference and returns 1.
static int q_check(const char *name, unsigned seed)
{
    unsigned p = 0;
    bool need_xr = false; // the last range ended with an exception return: XR comes next
    for (unsigned i = 0; i < g_ngot; i++) {
        const char *s = g_got[i];
        unsigned long long st, en, n, ex;
        const char *why = NULL;
        if (s[0] == 'T' || s[0] == 'C') {
            continue; // not compared with --q
        }
        if (need_xr && !(s[0] == 'X' && s[1] == 'R')) {
            if (p < g_npath ? g_path[p].ovf_before : g_ovf_tail) {
                // [ETM-Q-6] closes the Q, then 07, then 00 05: OpenCSD 1.3.3 drops an
                // Exception Return no P0 element follows before an Overflow
                // (docs/decoder-notes.md): known, counted
                g_q_xr_known++;
            } else {
                why = "no exception return after the range that holds the return";
            }
        }
        need_xr = false;
        if (why) {
        } else if ((s[0] == 'R' && sscanf(s, "R %llx %llx %llu %llu", &st, &en, &n, &ex) == 4) ||
            (s[0] == 'N' && sscanf(s, "N %llx %llx %llu", &st, &en, &n) == 3)) {
            if (p + n > g_npath || n == 0u) {
                why = "range runs past the path";
            } else if (g_path[p].exc || g_path[p].addr != st) {
                why = "range does not start at the next traced instruction";
            } else {
                for (unsigned k = 0; k < n && !why; k++) {
                    if (g_path[p + k].exc) {
                        why = "range holds an exception";
                    }
                    if (k > 0u && !why && g_path[p + k].addr != g_path[p + k - 1u].succ) {
                        why = "range spans a gap";
                    }
                }
                const struct qpath *l = &g_path[p + n - 1u];
                uint32_t seq = l->addr + (l->size32 ? 4u : 2u);
                if (!why && en != l->succ && !(s[0] == 'R' && en == seq)) {
                    why = "range ends at the wrong address";
                }
            }
            if (!why) {
                g_q_ranges++;
                g_q_nopath += s[0] == 'N';
                g_q_instr += (unsigned)n;
                p += (unsigned)n;
                need_xr = g_path[p - 1u].excret;
            }
        } else if (s[0] == 'X' && s[1] == 'R') {
            if (p == 0u || g_path[p - 1u].exc || !g_path[p - 1u].excret) {
                why = "exception return not after its return instruction";
            }
        } else if (s[0] == 'X' && sscanf(s, "X %llx %llx", &st, &en) == 2) {
            if (p >= g_npath || !g_path[p].exc || g_path[p].type != st || g_path[p].ret != en) {
                why = "exception not at its place";
            } else {
                p++;
            }
        } else {
            why = "unexpected element";
        }
        if (why) {
            printf("FAIL %s seed %u (--q): element %u '%s': %s (path position %u of %u", name,
                   seed, i, s, why, p, g_npath);
            if (p < g_npath) {
                printf(", next: %s 0x%x", g_path[p].exc ? "exception, return" : "instruction",
                       g_path[p].exc ? g_path[p].ret : g_path[p].addr);
            }
            printf(")\n");
            return 1;
        }
    }
    // [ETM-Q-9]: instructions traced with atoms after the last P0 element are not output
    // (as without Q elements); [ETM-Q-7]: the disable closes the Q at its tail; a last
    // taken branch is dropped
    unsigned tail = g_npath;
    while (tail > p && g_path[tail - 1u].atoms && !g_path[tail - 1u].exc && !g_path[tail - 1u].br) {
        tail--;
    }
    if (tail == p) {
        return 0;
    }
    if (g_npath - p > 1u ||
        (g_npath - p == 1u && (g_path[p].exc || !(g_path[p].br && g_path[p].taken)))) {
        printf("FAIL %s seed %u (--q): the decoded ranges end at path position %u of %u\n",
               name, seed, p, g_npath);
        return 1;
    }
    return 0;
}

// --q: [ETM-Q-9] Q elements at address a with the TRCQCTLR run() programs (pair 2 = [b, l]:
// include on odd seeds, exclude on even ones; only in the address-range configurations)
static bool q_in_at(const struct run_cfg *rc, uint32_t b, uint32_t l, unsigned seed, uint32_t a)
{
    if (!rc->acmp) {
        return true;
    }
    bool hit = b <= (a & ~1u) && (a & ~1u) <= l;
    return (seed & 1u) ? hit : !hit;
}

static int decode(const struct run_cfg *rc, const struct etm_cfg *ec, const struct prog *p,
                  bool formatted)
{
    // formatted: our TPIU's parallel-port formatter output (full syncs between frames,
    // half-word syncs as idle filler), split by OpenCSD's own deformatter
    dcd_tree_handle_t dt =
        formatted ? ocsd_create_dcd_tree(OCSD_TRC_SRC_FRAME_FORMATTED,
                                         OCSD_DFRMTR_HAS_FSYNCS | OCSD_DFRMTR_HAS_HSYNCS)
                  : ocsd_create_dcd_tree(OCSD_TRC_SRC_SINGLE, 0);
    ocsd_etmv4_cfg cfg;
    unsigned char csid = 0;

    if (dt == C_API_INVALID_TREE_HANDLE) {
        fprintf(stderr, "etm_decode: cannot create a decode tree\n");
        return 1;
    }
    ocsd_etm_cfg(&cfg, ec, rc->configr | (g_q ? 0x2000u : 0u), g_traceid); // [ETM-Q-1] QE
    ocsd_def_errlog_set_strprint_cb(dt, NULL, log_cb);
    if (ocsd_dt_create_decoder(dt, OCSD_BUILTIN_DCD_ETMV4I, OCSD_CREATE_FLG_FULL_DECODER, &cfg,
                               &csid) != OCSD_OK ||
        ocsd_dt_set_gen_elem_outfn(dt, elem_cb, NULL) != OCSD_OK ||
        ocsd_dt_add_buffer_mem_acc(dt, PROG_BASE, OCSD_MEM_SPACE_ANY, p->mem, PROG_SIZE) !=
            OCSD_OK ||
        ocsd_dt_add_buffer_mem_acc(dt, PROG_FAR_BASE, OCSD_MEM_SPACE_ANY, p->far,
                                   PROG_FAR_SIZE) != OCSD_OK) {
        fprintf(stderr, "etm_decode: decoder set-up failed\n");
        ocsd_destroy_dcd_tree(dt);
        return 1;
    }
    if (g_pkt_out && ocsd_dt_attach_packet_callback(dt, csid, OCSD_C_API_CB_PKT_MON,
                                                    (void *)pkt_mon_cb, NULL) != OCSD_OK) {
        fprintf(stderr, "etm_decode: packet monitor set-up failed\n");
        ocsd_destroy_dcd_tree(dt);
        return 1;
    }
    if (g_pkts && ocsd_dt_set_pkt_protocol_printer(dt, csid, 1) != OCSD_OK) {
        fprintf(stderr, "etm_decode: packet printer set-up failed\n");
        ocsd_destroy_dcd_tree(dt);
        return 1;
    }
    uint32_t total = formatted ? g_nbytes & ~1u : g_nbytes; // 2-byte units
    ocsd_etm_feed(dt, g_bytes, total, "  opencsd", &g_errs);
    return 0;
}

// ---- --rtl: the same stimulus on the RTL ---------------------------------------------------
// Runs the scenario on the lockstep harness (RTL and golden model compared every cycle),
// takes the RTL's formatter output (--capture-txb), checks it is byte for byte the golden
// TPIU's output of this program's own run (so the scenario reproduced the run), and puts it
// in g_bytes for OpenCSD.
static uint8_t g_rtl_bytes[MAXB];

static int rtl_capture(const struct run_cfg *rc, unsigned seed, const char *scn, const char *txb)
{
    char cmd[2048];
    // its functional coverage too (DIR/CONFIG-SEED.json, tests/fcov_merge.py sums them)
    snprintf(cmd, sizeof cmd,
             "'%s' --quiet --capture-txb '%s' --fcov-json '%.*s.json' '%s' > '%s.log' 2>&1",
             g_rtl_tb, txb, (int)(strlen(txb) - 4u), txb, scn, txb);
    int st = system(cmd);
    if (st != 0) {
        printf("FAIL %s (RTL) seed %u: the lockstep run of %s failed (exit status %d): see "
               "%s.log\n",
               rc->name, seed, scn, st, txb);
        return 1;
    }
    FILE *f = fopen(txb, "rb");
    if (!f) {
        printf("FAIL %s (RTL) seed %u: no capture %s\n", rc->name, seed, txb);
        return 1;
    }
    size_t n = fread(g_rtl_bytes, 1, MAXB, f);
    fclose(f);
    // the harness runs on after etm_decode's last cycle (wait_idle, idle): only padding
    // and syncs may follow; the bytes of the run must be the same
    if (n < g_nbytes || memcmp(g_rtl_bytes, g_bytes, g_nbytes) != 0) {
        size_t i = 0;
        while (i < n && i < g_nbytes && g_rtl_bytes[i] == g_bytes[i]) {
            i++;
        }
        printf("FAIL %s (RTL) seed %u: the RTL's formatter output (%zu bytes, %s) differs from "
               "the golden run's (%u bytes) at byte %zu: the scenario %s does not reproduce "
               "the run\n",
               rc->name, seed, n, txb, g_nbytes, i, scn);
        return 1;
    }
    memcpy(g_bytes, g_rtl_bytes, n);
    g_nbytes = (unsigned)n;
    return 0;
}

// ---- --scn: a directed scenario's RTL stream ----------------------------------------------
// The scenario read as a program (etm_scnprog.c), run by the lockstep harness as it is (then
// until the TPIU has sent everything) with --capture-txb, the RTL's formatter output decoded by OpenCSD against the code image built
// from its pe lines; the expected elements come from its pe lines and their cycles.
static int run_scn(const char *path)
{
    static struct scnprog sp;
    int r = scnprog_load(path, &sp);
    if (r != 0) {
        if (r > 0) {
            printf("skip %s: %s\n", path, sp.why);
            g_skipped++;
        }
        return r > 0 ? -1 : 1;
    }
    struct run_cfg rc = {.name = path, .configr = sp.configr, .ccctlr = sp.ccctlr & 0xFFFu,
                         .tsctlr = sp.tsctlr, .syncpr = sp.syncpr};
    struct etm_cfg ec = {.fifo_depth = 64, .rs_depth = 3, .cc_size = 12, .num_pc = 4,
                         .sec_ext = true};
    struct expect x = {.rc = &rc, .first = true, .xr_idx = -1, .last_cc = sp.en_cyc};
    g_gts_base = sp.gts_base;
    g_gts_at = sp.gts_at;
    g_gts_step = sp.gts_step;
    g_traceid = sp.traceidr & 0x7Fu;
    g_nbytes = g_nexp = g_ngot = g_errs = 0;
    for (unsigned i = 0; i < sp.nev; i++) {
        exp_event(&x, &sp.ev[i], sp.cyc[i]);
    }
    // the scenario as it is, then until the TPIU has sent everything (its own wait_idle does
    // not wait for the port; a slow SWO port is still sending when it ends)
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    char txb[512], scn[512], cmd[2048];
    snprintf(txb, sizeof txb, "%s/scn-%s.txb", g_rtl_dir, base);
    snprintf(scn, sizeof scn, "%s/scn-%s", g_rtl_dir, base);
    snprintf(cmd, sizeof cmd, "cp '%s' '%s' && printf 'wait_idle 200000 tpiu=1\\nidle 64\\n' >> '%s'",
             path, scn, scn);
    if (system(cmd) != 0) {
        fprintf(stderr, "etm_decode: cannot write %s\n", scn);
        exit(2);
    }
    snprintf(cmd, sizeof cmd, "'%s' --quiet --capture-txb '%s' '%s' > '%s.log' 2>&1", g_rtl_tb,
             txb, scn, txb);
    int st = system(cmd);
    if (st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 77) { // trace_tb's "skipped"
        printf("skip %s: it needs another configuration than the harness's (%s.log)\n", path,
               txb);
        g_skipped++;
        return -1;
    }
    FILE *f = st == 0 ? fopen(txb, "rb") : NULL;
    if (!f) {
        printf("FAIL %s (RTL): the lockstep run failed (exit status %d) or left no capture: "
               "see %s.log\n",
               path, st, txb);
        return 1;
    }
    g_nbytes = (unsigned)fread(g_bytes, 1, MAXB, f);
    fclose(f);
    // OpenCSD 1.3.3's deformatter reads 16-bit pairs from the block's start and may read past
    // the end of a block whose first full sync is at an odd offset (docs/decoder-notes.md):
    // the block starts at the first full sync, as tests/opencsd/ocsd_deframe.c does
    unsigned fs = 0;
    while (fs + 3u < g_nbytes && !(g_bytes[fs] == 0xFF && g_bytes[fs + 1u] == 0xFF &&
                                   g_bytes[fs + 2u] == 0xFF && g_bytes[fs + 3u] == 0x7F)) {
        fs++;
    }
    if (fs + 3u >= g_nbytes) {
        printf("FAIL %s (RTL): no full sync in the formatter output %s\n", path, txb);
        return 1;
    }
    memmove(g_bytes, g_bytes + fs, g_nbytes - fs);
    g_nbytes -= fs;
    static struct etm_cfg ecs;
    ecs = ec;
    decode(&rc, &ecs, &sp.p, true);
    g_gts_base = 0x1000000000ull;
    g_gts_at = 0;
    g_gts_step = 1;
    g_traceid = 0x10;
    unsigned n = g_ngot < g_nexp ? g_ngot : g_nexp, bad = n;
    for (unsigned i = 0; i < n; i++) {
        if (strcmp(g_exp[i], g_got[i]) != 0) {
            bad = i;
            break;
        }
    }
    // A scenario ends with its last event; what the decoder may leave out at the end is an
    // element after the last range or exception (an Exception Return no P0 element follows,
    // docs/decoder-notes.md): every range and exception must be decoded. (A scenario whose
    // last atoms are never flushed would need more; none is written so.)
    unsigned need = 0;
    for (unsigned i = 0; i < g_nexp; i++) {
        if (g_exp[i][0] == 'R' || (g_exp[i][0] == 'X' && g_exp[i][1] == ' ')) {
            need = i + 1u;
        }
    }
    bool ok = bad == n && g_errs == 0 && g_ngot >= need && g_ngot <= g_nexp;
    printf("%s %s (RTL, TPIU): %u events, %u formatter bytes, %u elements expected, %u "
           "decoded, %u decoder messages\n",
           ok ? "ok  " : "FAIL", path, sp.nev, g_nbytes, g_nexp, g_ngot, g_errs);
    if (!ok || g_verbose) {
        for (unsigned i = 0; i < g_nexp || i < g_ngot; i++) {
            printf("  %c %3u exp %-34s got %s\n", i == bad && bad < n ? '>' : ' ', i,
                   i < g_nexp ? g_exp[i] : "-", i < g_ngot ? g_got[i] : "-");
        }
    }
    return ok ? 0 : 1;
}

// ---- --pkts-of: OpenCSD's packets of any ETM byte stream (the ETM conformance vectors) ----
// The packet processor alone (no program image needed) over FILE's bytes, one trace source
// (the ETM's ATB bytes), its packets to stdout in pkt_mon_cb's normalised form.
static int pkts_of(const char *path, uint32_t configr)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "etm_decode: cannot open %s\n", path);
        return 2;
    }
    g_nbytes = (unsigned)fread(g_bytes, 1, MAXB, f);
    bool big = !feof(f) && fgetc(f) != EOF;
    fclose(f);
    if (big) {
        fprintf(stderr, "etm_decode: %s: more than %u bytes\n", path, MAXB);
        return 2;
    }
    // --q: TRCIDR0.QSUPP set (a vector of a QSupp = 1 configuration), else OpenCSD's packet
    // processor rejects the Q headers
    struct etm_cfg ec = {.fifo_depth = 64, .rs_depth = 3, .cc_size = 12, .num_pc = 4,
                         .sec_ext = true, .q_supp = g_q};
    ocsd_etmv4_cfg cfg;
    ocsd_etm_cfg(&cfg, &ec, configr, 0x10);
    dcd_tree_handle_t dt = ocsd_etm_pkt_tree(&cfg, log_cb, pkt_mon_cb, "etm_decode");
    if (dt == C_API_INVALID_TREE_HANDLE) {
        return 1;
    }
    g_pkt_out = stdout;
    g_errs = 0;
    ocsd_etm_feed(dt, g_bytes, g_nbytes, "  opencsd", &g_errs);
    g_pkt_out = NULL;
    return g_errs ? 1 : 0;
}

// ---- --emit-scn: the run as a trace_top scenario (the ETM conformance vectors) ------------
// The same register writes and the same retired path, one event per cycle with the run's
// idle draws between them, on trace_top's PE trace interface (sim/c_tb/SCENARIO.md), the
// TPIU on its 4-pin parallel port; then the disable and a drain. Without CCI, TS and
// overflow the ETM's bytes depend only on the path and the registers, not on the cycles, so
// the vector's stream.bin must equal this run's (--pkt-out) byte for byte: make
// vectors-check compares them, after this program has decoded its own run with OpenCSD.
static int emit_scn(const struct run_cfg *rc, unsigned seed, unsigned nev, const char *path)
{
    if (rc->ss || rc->ovf || (rc->configr & 0x810u) != 0u) {
        fprintf(stderr, "etm_decode: --emit-scn: configuration %s depends on cycles, CMPMATCH "
                        "or overflows; pick one without CCI, TS, start/stop and overflow\n",
                rc->name);
        return 2;
    }
    static struct prog p;
    prog_build(&p, seed, rc->ns_handler, rc->prohib);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "etm_decode: cannot write %s\n", path);
        return 2;
    }
    uint32_t rng = seed * 2654435761u + 1u;
    fprintf(f, "# The synthetic T32 program of tests/opencsd/etm_prog.c, seed %u, configuration %s\n"
               "# of tests/opencsd/etm_decode.c, %u events: written once by\n"
               "#   etm_decode --only %s --seed %u --events %u --emit-scn FILE\n"
               "# (make vectors-check: this stimulus's ETM stream = etm_decode's run, which OpenCSD\n"
               "# decodes back to the retired path). TPIU: 4-pin parallel port.\n",
            seed, rc->name, nev, rc->name, seed, nev);
    fprintf(f, "config tpiu=1 dwt=1 etm=1\n");
    fprintf(f, "write 0x400F0 0\nwrite 0x40004 0x8\n");
    if (rc->prohib) {
        fprintf(f, "set spniden 0\n");
    }
    fprintf(f, "write 0x41040 0x10\nwrite 0x41010 0x%x\nwrite 0x41038 %u\nwrite 0x41030 0x%x\n"
               "write 0x41034 %u\nwrite 0x41004 1\n",
            rc->configr, rc->ccctlr, rc->tsctlr, rc->syncpr);
    struct prog_walk w;
    prog_walk_init(&w, &p, seed);
    for (unsigned i = 0; i < nev; i++) {
        struct prog_event e;
        prog_walk_next(&w, &e);
        if (!e.exc && e.br && e.ind && !e.taken) {
            fprintf(stderr, "etm_decode: --emit-scn: an indirect branch not taken at 0x%x\n",
                    e.addr);
            fclose(f);
            return 2;
        }
        struct etm_in in;
        memset(&in, 0, sizeof in);
        prog_event_to_etm_in(&e, &in);
        etm_scn_event(f, &in, "");
        rng = rng * 1103515245u + 12345u;
        unsigned idle = (rng >> 16) % (rc->idle_max + 1u);
        if (idle) {
            fprintf(f, "idle %u\n", idle);
        }
    }
    fprintf(f, "write 0x41004 0\nidle 400\n");
    return fclose(f) == 0 ? 0 : 2;
}

// ---- --spec: what reaches the decoder -------------------------------------------------------
// The test's own view of the outstanding P0 elements, from the PE's inputs in the order of
// [ETM-SPEC-2] (recovery, commit, then the cycle's event): a committed architectural element
// reaches the decoder iff it was in the stream (traced, its demand accepted) and no Overflow
// came while it was outstanding ([ETM-SPEC-3]: at an Overflow every outstanding element gets
// tr = 0; [ETM-SPEC-10]: the elements committed up to the Overflow's cycle are committed by
// the Commit before it). Cancelled elements are wrong-path ones ([ETM-SPEC-PE-4]).
static void sq_cancel(unsigned k)
{
    while (k-- > 0u) {
        if (g_nsq == 0u || g_sq[g_nsq - 1u].idx >= 0) {
            g_sq_bad = true; // an architectural element cancelled, or nothing to cancel
            return;
        }
        g_nsq--;
    }
}

static void sq_commit(unsigned c)
{
    if (c > g_nsq) {
        g_sq_bad = true;
        c = g_nsq;
    }
    for (unsigned i = 0; i < c; i++) {
        if (g_sq[i].idx >= 0) {
            g_slog[g_sq[i].idx].vis = g_sq[i].tr;
        }
    }
    memmove(g_sq, g_sq + c, (g_nsq - c) * sizeof g_sq[0]);
    g_nsq -= c;
}

static void sq_push(int idx, bool tr)
{
    if (g_nsq >= sizeof g_sq / sizeof g_sq[0]) {
        g_sq_bad = true;
        return;
    }
    g_sq[g_nsq++] = (struct spec_q){.idx = idx, .tr = tr};
}

// an Overflow packet: the decoder discards every uncommitted element (OpenCSD
// discardElements(); [ETM-SPEC-3]); the later events restart the stream
static void spec_overflow(void)
{
    for (unsigned i = 0; i < g_nsq; i++) {
        g_spec_discarded += g_sq[i].idx >= 0 && g_sq[i].tr;
        g_sq[i].tr = false;
    }
    if (g_nslog < MAXE) {
        g_slog[g_nslog++] = (struct spec_log){.marker = true};
    }
}

// The expected list of a --spec run, from its architectural events in order: an event is
// decoded iff traced, its demand accepted and (a P0 element) committed while in the stream;
// any other event, and an Overflow, breaks the range. An Exception Return that no decoded P0
// element follows before an Overflow is dropped by OpenCSD (docs/decoder-notes.md): known.
static void spec_expect(struct expect *x)
{
    for (unsigned i = 0; i < g_nslog; i++) {
        const struct spec_log *l = &g_slog[i];
        bool p0 = !l->marker && (l->e.exc || l->e.br);
        if (l->marker) {
            x->open = false;
            if (x->xr_idx >= 0) {
                memmove(g_exp[x->xr_idx], g_exp[x->xr_idx + 1],
                        (size_t)(g_nexp - (unsigned)x->xr_idx - 1u) * ELEN);
                g_nexp--;
                x->xr_idx = -1;
                x->known++;
                g_spec_xr_known++;
            }
        } else if (!l->traced) {
            x->open = false;
            x->gaps++;
        } else if (l->dropped || (p0 && !l->vis)) {
            x->open = false;
            x->lost++;
            g_spec_dropped += l->dropped;
        } else {
            exp_event(x, &l->e, l->cyc);
        }
    }
}

// ---- one run ------------------------------------------------------------------------------
static int run(const struct run_cfg *rc, unsigned seed, unsigned nev, bool dump, bool tpiu)
{
    static struct prog p;
    struct etm_cfg ec = {.fifo_depth = 64, .rs_depth = 3, .cc_size = 12, .num_pc = 4,
                         .sec_ext = true, .max_spec = g_spec, .atom_f45 = g_f45,
                         .q_supp = g_q, .num_ac_pairs = rc->acmp ? 4u : 0u};
    static struct drv d;
    struct spec_pe sp;
    struct expect x = {.rc = rc, .first = true, .xr_idx = -1};
    uint32_t rng = seed * 2654435761u + 1u;

    char scn_path[512], txb_path[512];
    FILE *scn_f = NULL;
    if (g_rtl_tb) {
        // CMPMATCH comes from the DWT in trace_top: the start/stop runs are not reproduced
        // there (the overflow runs are: the TPIU is the slow sink, as with --tpiu)
        if (rc->ss || (rc->acmp && g_rtl_acpairs < 3u)) { // acmp: pairs 0..2, a harness of
            g_skipped++;                                  // etmx (--rtl-acpairs 4)
            return -1;
        }
        snprintf(scn_path, sizeof scn_path, "%s/%s-%u.scn", g_rtl_dir, rc->name, seed);
        snprintf(txb_path, sizeof txb_path, "%s/%s-%u.txb", g_rtl_dir, rc->name, seed);
        if (!(scn_f = fopen(scn_path, "w"))) {
            fprintf(stderr, "etm_decode: cannot write %s\n", scn_path);
            exit(2);
        }
        etm_scn_open(&g_scn, scn_f, 0x1000000000ull, !rc->prohib, g_spec);
        if (g_f45) { // the bytes hold for AtomF45 = 1 only (configuration etmx)
            fprintf(scn_f, "config atomf45=1\n");
        }
        if (g_q) { // Q elements: QSupp 1 (configuration etmx, section 20)
            fprintf(scn_f, "config qsupp=1\n");
        }
        g_scn_on = true;
    }
    prog_build(&p, seed, rc->ns_handler, rc->prohib);
    memset(&d, 0, sizeof d);
    etm_model_init(&d.m, &ec);
    d.in.rst_n = true;
    d.in.atready = true;
    d.in.niden = true;
    d.in.spniden = !rc->prohib;
    g_nbytes = g_nexp = g_ngot = g_errs = 0;
    g_nslog = g_nsq = g_spec_wrong_resync = 0;
    g_sq_bad = false;
    d.tpiu = tpiu;
    d.slow = rc->ovf;
    if (tpiu) {
        struct tpiu_cfg tc = {.port_width = 4, .atb_fifo_depth = 4, .frame_idle_cycles = 16};
        tpiu_model_init(&d.t, &tc);
        funnel_model_init(&d.f, 8);
        d.tin.rst_n = true;
        d.itm_rng = seed * 747796405u + 1u;
        if (g_rtl_tb) {
            drv_sys_init(&d);
        }
        tpiu_write(&d, TPIU_SPPR_OFF, TPIU_TXMODE_PARALLEL);
        tpiu_write(&d, TPIU_CSPSR_OFF, 0x8u); // 4 pins
        if (g_rtl_tb) { // the ITM on trace ID 0x01: ITMENA | TXENA, stimulus port 0
            itm_write(&d, 0xE80u, 0x00010009u);
            itm_write(&d, 0xE00u, 0x1u);
        }
    }
    drv_write(&d, 0x040, 0x10);
    drv_write(&d, 0x010, rc->configr | (g_q ? 0x2000u : 0u)); // [ETM-Q-1] TRCCONFIGR.QE
    drv_write(&d, 0x038, rc->ccctlr);
    bool qmode = g_q && (rc->configr & 0x8u) == 0u; // [ETM-Q-2]: BB wins
    int q_prev = -1; // --q: g_path index of the previous retired event if a traced instruction
    bool lost_since = false; // --q: an overflow lost a traced event since the last g_path entry
    g_npath = 0;
    drv_write(&d, 0x030, rc->tsctlr);
    drv_write(&d, 0x034, rc->syncpr);
    bool ss = true; // SSSTATUS as the test expects it ([ETM-VIEW-1])
    if (rc->ss) {
        drv_write(&d, 0x08C, 0x00020001u); // START = comparator 0, STOP = comparator 1
        drv_write(&d, 0x080, 0x001u);      // EVENT TRUE, stopped
        ss = false;
    }
    // section 22: pair 0 includes the first half of the main region, pair 1 excludes f1's
    // first 0x40 bytes; with acmp 2, pair 2 (the region's second quarter) is where BB traces
    // direct targets (TRCBBCTLR include). The test decides "traced" from these ranges itself.
    uint32_t rb[3] = {PROG_BASE, p.fun[1], PROG_BASE + PROG_SIZE / 4u};
    uint32_t rl[3] = {PROG_BASE + PROG_SIZE / 2u - 2u, p.fun[1] + 0x40u,
                      PROG_BASE + PROG_SIZE / 2u - 2u};
    if (rc->acmp) {
        for (unsigned k = 0; k < 3u; k++) {
            drv_write(&d, 0x400u + 16u * k, rb[k]);
            drv_write(&d, 0x408u + 16u * k, rl[k]);
        }
        drv_write(&d, 0x084, 0x00020001u); // INCLUDE pair 0, EXCLUDE pair 1
        if (rc->acmp == 2u) {
            drv_write(&d, 0x03C, 0x104u); // include mode, pair 2
        }
        if (g_q) { // [ETM-Q-9] TRCQCTLR: Q elements only in pair 2 (odd seeds) or outside it
            drv_write(&d, 0x044, (seed & 1u) ? 0x104u : 0x004u);
        }
    }
    drv_write(&d, 0x004, 1);
    x.last_cc = d.cyc - 1u; // the enable's access edge

    struct prog_walk w;
    struct prog_event nx;
    prog_walk_init(&w, &p, seed);
    prog_walk_next(&w, &nx);
    spec_pe_init(&sp, &p, g_spec, seed);
    for (unsigned i = 0; i < nev; i++) {
        struct prog_event e = nx;
        prog_walk_next(&w, &nx); // the successor: a speculative PE's real branch target
        if (g_spec > 0u) {
            // section 18: the speculative PE presents e, maybe after a wrong path; only
            // e (with its real outcome) is expected in the decoder's output
            static struct spec_step st[64];
            unsigned ns = spec_pe_expand(&sp, &e, &nx, st, 64);
            bool cm0 = rc->ss && !e.exc && (e.addr == p.fun[0] || e.addr == p.fun[3]);
            bool cm1 = rc->ss && !e.exc && (e.addr == p.fun[1] || e.addr == p.fun[4]);
            bool traced = (ss || cm0) && !(rc->prohib && !e.ns);
            if (rc->acmp) { // [ETM-VIEW-3], as below
                uint32_t a = (e.exc ? e.ret : e.addr) & ~1u;
                traced = traced && rb[0] <= a && a <= rl[0] && !(rb[1] <= a && a <= rl[1]);
            }
            if (!e.exc) {
                ss = (ss || cm0) && !cm1;
            }
            unsigned li = g_nslog; // e's entry; spec_expect() turns the log into g_exp
            if (g_nslog < MAXE) {
                g_slog[g_nslog++] = (struct spec_log){.e = e, .traced = traced};
            }
            for (unsigned k = 0; k < ns; k++) {
                // the stimulus leaves room unless the configuration is to overflow
                while (!rc->ovf && ec.fifo_depth - drv_etm(&d)->count < 52u) {
                    drv_cycle(&d);
                }
                if (st[k].has_ev) {
                    set_event(&d, &st[k].e);
                    d.in.cmpmatch = st[k].wrong ? 0u : (uint8_t)((cm0 ? 1u : 0u) | (cm1 ? 2u : 0u));
                    if (!st[k].wrong && li < MAXE) {
                        g_slog[li].cyc = d.cyc;
                    }
                }
                d.in.spec_commit = (uint8_t)st[k].commit;
                d.in.spec_flush = st[k].flush;
                d.in.spec_cancel = (uint8_t)st[k].cancel;
                d.in.spec_mispred = st[k].mispred;
                if (st[k].flush) { // [ETM-SPEC-2]: recovery, commit, event
                    sq_cancel(st[k].cancel);
                }
                sq_commit(st[k].commit);
                bool was_ovf = drv_etm(&d)->t.ovf;
                drv_cycle(&d);
                // the event's demand was dropped: this cycle overflowed, or the unit was
                // still in overflow and stayed so ([ETM-OVF-2]: an accepted demand clears it)
                bool dropped = traced && !st[k].wrong && st[k].has_ev &&
                               (drv_etm(&d)->last_ovf || (was_ovf && drv_etm(&d)->t.ovf));
                if (st[k].has_ev && (st[k].e.exc || st[k].e.br)) {
                    sq_push(st[k].wrong ? -1 : (int)li, !st[k].wrong && traced && !dropped);
                }
                if (st[k].has_ev && !st[k].wrong && li < MAXE) {
                    g_slog[li].dropped = dropped;
                }
                if (st[k].has_ev && st[k].wrong && was_ovf && !drv_etm(&d)->t.ovf) {
                    g_spec_wrong_resync++;
                }
            }
            rng = rng * 1103515245u + 12345u;
            unsigned idle = (rng >> 16) % (rc->idle_max + 1u);
            if (rc->ovf && (rng >> 8) % 48u == 0u) {
                idle += 150u; // bursts: the FIFO drains, trace resumes until the next overflow
            }
            for (unsigned k = 0; k < idle; k++) {
                unsigned c = spec_pe_idle_commit(&sp);
                d.in.spec_commit = (uint8_t)c;
                sq_commit(c);
                drv_cycle(&d);
            }
            continue;
        }
        // the stimulus leaves the unit room: no overflow ([ETM-OVF-1] demand <= 46 + 3;
        // with Q elements <= 54 + 10, [ETM-Q-6])
        while (!rc->ovf && ec.fifo_depth - drv_etm(&d)->count < (g_q ? 64u : 50u)) {
            drv_cycle(&d);
        }
        set_event(&d, &e);
        // CMPMATCH[0] at the entries of f0 and f3, CMPMATCH[1] at f1 and f4
        bool cm0 = rc->ss && !e.exc && (e.addr == p.fun[0] || e.addr == p.fun[3]);
        bool cm1 = rc->ss && !e.exc && (e.addr == p.fun[1] || e.addr == p.fun[4]);
        d.in.cmpmatch = (uint8_t)((cm0 ? 1u : 0u) | (cm1 ? 2u : 0u));
        bool traced = (ss || cm0) && !(rc->prohib && !e.ns);
        if (rc->acmp) { // [ETM-VIEW-3]: in pair 0 and not in pair 1, by the event's address
            uint32_t a = (e.exc ? e.ret : e.addr) & ~1u;
            traced = traced && rb[0] <= a && a <= rl[0] && !(rb[1] <= a && a <= rl[1]);
        }
        if (!e.exc) {
            ss = (ss || cm0) && !cm1;
        }
        uint64_t cyc0 = d.cyc;
        bool was_ovf = drv_etm(&d)->t.ovf;
        drv_cycle(&d);
        // Which traced events an overflow lost is the model's business (its FIFO level;
        // test_etm_model checks that rule); the decoder must get every other one right.
        bool lost = traced && (drv_etm(&d)->last_ovf || (was_ovf && drv_etm(&d)->t.ovf));
        if (q_prev >= 0) { // the successor of the previous traced instruction
            g_path[q_prev].succ = e.exc ? e.ret : e.addr;
        }
        q_prev = -1;
        if (traced && !lost && g_npath < MAXE) {
            g_path[g_npath] = (struct qpath){.addr = e.addr, .ret = e.ret, .exc = e.exc,
                                             .excret = e.excret, .br = e.br, .taken = e.taken,
                                             .size32 = e.size32,
                                             .atoms = !q_in_at(rc, rb[2], rl[2], seed, e.addr),
                                             .ovf_before = lost_since,
                                             .type = e.exc_num <= 23u ? e.exc_num
                                                                      : e.exc_num + 0x1F0u};
            q_prev = e.exc ? -1 : (int)g_npath;
            g_npath++;
            lost_since = false;
        }
        lost_since = lost_since || lost;
        g_q_ovf_lost += qmode && lost;
        if (traced && !lost) {
            exp_event(&x, &e, cyc0);
        } else {
            x.open = false; // a gap: the decoder restarts at the next traced event
            x.gaps += !traced;
            if (lost && !was_ovf && x.xr_idx >= 0) {
                // OpenCSD 1.3.3 drops a (non-P0) Exception Return element that an
                // Overflow follows before the next P0 element: known, counted
                memmove(g_exp[x.xr_idx], g_exp[x.xr_idx + 1],
                        (size_t)(g_nexp - (unsigned)x.xr_idx - 1u) * ELEN);
                g_nexp--;
                x.xr_idx = -1;
                x.known++;
            }
            if (lost) {
                x.lost++;
                x.first = true; // resync: A-Sync, Trace Info (+ Timestamp), Trace On
                x.cc_unknown = (rc->configr & 0x10u) != 0u;
            }
        }
        rng = rng * 1103515245u + 12345u;
        unsigned idle = (rng >> 16) % (rc->idle_max + 1u);
        if (rc->ovf && (rng >> 8) % 48u == 0u) {
            idle += 150u; // bursts: the FIFO drains, trace resumes until the next overflow
        }
        for (unsigned k = 0; k < idle; k++) {
            // --rtl: the ITM writes a word to stimulus port 0 in some gaps of 2+ cycles, so
            // that the funnel interleaves its ID with the ETM's in the TPIU's frames
            // (its own generator, drawn only then: the other runs' stimulus stays as it was)
            if (g_rtl_tb) {
                d.itm_rng = d.itm_rng * 1103515245u + 12345u;
            }
            if (g_rtl_tb && k + 2u <= idle && (d.itm_rng >> 16) % 3u == 0u) {
                itm_write(&d, 0x000u, d.itm_rng);
                d.itm_writes++;
                k++;
            } else {
                drv_cycle(&d);
            }
        }
    }
    if (g_spec > 0u) { // the PE resolves everything; the disable then commits it
        unsigned c = spec_pe_commit_all(&sp);
        d.in.spec_commit = (uint8_t)c;
        sq_commit(c);
        drv_cycle(&d);
        g_spec_runs++;
        g_spec_dir += sp.dir_mispredicts;
        g_spec_tgt += sp.tgt_mispredicts;
        g_spec_flips += sp.flips;
        g_spec_wrong += sp.wrong_events;
        g_spec_cancel += sp.cancelled;
    }
    if (q_prev >= 0) {
        g_path[q_prev].succ = nx.exc ? nx.ret : nx.addr;
    }
    g_ovf_tail = lost_since;
    drv_write(&d, 0x004, 0);
    for (unsigned k = 0; k < 4000u && (drv_etm(&d)->t.n_atoms || drv_etm(&d)->count); k++) {
        drv_cycle(&d); // drain
    }
    for (unsigned k = 0; k < (tpiu ? 600u : 100u); k++) {
        drv_cycle(&d);
    }
    if (g_spec > 0u) {
        if (g_sq_bad || g_nsq != 0u || g_nslog >= MAXE) {
            printf("SETUP %s seed %u: the test's view of the outstanding elements disagrees "
                   "with the speculative PE's (or the event log is full)\n", rc->name, seed);
            return 1;
        }
        spec_expect(&x);
        g_spec_ovf_runs += d.ovf;
        g_spec_wrong_resync_all += g_spec_wrong_resync;
    }
    if (scn_f) {
        g_scn_on = false;
        etm_scn_close(&g_scn);
        if (fclose(scn_f) != 0) {
            fprintf(stderr, "etm_decode: cannot write %s\n", scn_path);
            exit(2);
        }
        if (rtl_capture(rc, seed, scn_path, txb_path) != 0) {
            return 1;
        }
    }
    if (d.ovf && !rc->ovf) {
        printf("SETUP %s seed %u: the ETM overflowed; the run cannot be compared\n", rc->name,
               seed);
        return 1;
    }
    g_ovf_runs += d.ovf;
    if (dump) {
        printf("%s seed %u: %u bytes:", rc->name, seed, g_nbytes);
        for (unsigned i = 0; i < g_nbytes; i++) {
            printf(" %02x", g_bytes[i]);
        }
        printf("\n");
    }
    if (g_pkt_dir) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s-%u.bin", g_pkt_dir, rc->name, seed);
        FILE *bf = fopen(path, "wb");
        if (!bf || fwrite(g_bytes, 1, g_nbytes, bf) != g_nbytes || fclose(bf) != 0) {
            fprintf(stderr, "etm_decode: cannot write %s\n", path);
            exit(2);
        }
        snprintf(path, sizeof path, "%s/%s-%u.ocsd", g_pkt_dir, rc->name, seed);
        if (!(g_pkt_out = fopen(path, "w"))) {
            fprintf(stderr, "etm_decode: cannot write %s\n", path);
            exit(2);
        }
    }
    decode(rc, &ec, &p, tpiu);
    if (g_pkt_out) {
        fclose(g_pkt_out);
        g_pkt_out = NULL;
    }
    if (g_spec > 0u) { // timestamps and cycle counts are not compared (exp_ts_cc)
        unsigned n = 0;
        for (unsigned i = 0; i < g_ngot; i++) {
            if (g_got[i][0] != 'T' && g_got[i][0] != 'C') {
                memcpy(g_got[n++], g_got[i], ELEN);
            }
        }
        g_ngot = n;
    }
    // The decoder outputs a range only when the next P0 element arrives; elements after
    // the last one it could output are not in its list. Compare the decoded list with the
    // same-length prefix of the expected one, and require that it is not much shorter.
    if (qmode) {
        g_q_runs++;
        g_q_ovf_runs += d.ovf;
        int qr = q_check(rc->name, seed);
        if (g_errs != 0u) {
            printf("FAIL %s seed %u (--q): %u decoder messages\n", rc->name, seed, g_errs);
            qr = 1;
        }
        if (g_verbose) {
            printf("%s %s%s seed %u (--q): %u bytes, %u path events, %u decoded elements\n",
                   qr ? "FAIL" : "ok  ", rc->name, tpiu ? " (TPIU)" : "", seed, g_nbytes,
                   g_npath, g_ngot);
        }
        return qr;
    }
    unsigned n = g_ngot < g_nexp ? g_ngot : g_nexp;
    unsigned bad = n;
    for (unsigned i = 0; i < n; i++) {
        if (strcmp(g_exp[i], g_got[i]) != 0) {
            bad = i;
            break;
        }
    }
    bool ok = bad == n && g_errs == 0 && g_ngot + 4u >= g_nexp && g_ngot <= g_nexp;
    if (!ok || g_verbose) {
        printf("%s %s%s seed %u: %u bytes, %u elements expected, %u decoded, %u decoder "
               "messages\n",
               ok ? "ok  " : "FAIL", rc->name, g_rtl_tb ? " (RTL, TPIU)" : tpiu ? " (TPIU)" : "",
               seed, g_nbytes, g_nexp,
               g_ngot, g_errs);
        if (g_rtl_tb) {
            printf("     ITM stimulus writes: %u, ITM bytes interleaved on ID 0x01: %u\n",
                   d.itm_writes, d.itm_sent);
        } else if (tpiu) {
            printf("     stand-in ITM bytes interleaved on ID 0x01: %u\n", d.itm_sent);
        }
        if (rc->ss || rc->prohib) {
            printf("     untraced events: %u\n", x.gaps);
        }
        if (rc->ovf) {
            printf("     events lost to overflows: %u; exception returns dropped by the "
                   "decoder at an overflow (known): %u\n",
                   x.lost, x.known);
        }
        if (rc->ovf && g_spec > 0u) {
            printf("     Overflow resyncs on a wrong path: %u\n", g_spec_wrong_resync);
        }
    }
    if (!ok && bad < n) {
        unsigned lo = bad > 4u ? bad - 4u : 0u;
        for (unsigned i = lo; i < n && i < bad + 4u; i++) {
            printf("  %c %5u exp %-34s got %s\n", i == bad ? '>' : ' ', i, g_exp[i], g_got[i]);
        }
    }
    return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
    unsigned seeds = 20, events = 3000;
    bool dump = false, tpiu = false;
    const char *emit = NULL, *pkts_file = NULL;
    uint32_t configr = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--seeds") && i + 1 < argc) {
            seeds = (unsigned)strtoul(argv[++i], NULL, 0);
        } else if (!strcmp(argv[i], "--events") && i + 1 < argc) {
            events = (unsigned)strtoul(argv[++i], NULL, 0);
        } else if (!strcmp(argv[i], "--verbose")) {
            g_verbose = true;
        } else if (!strcmp(argv[i], "--tpiu")) {
            tpiu = true;
        } else if (!strcmp(argv[i], "--pkts")) {
            g_pkts = true;
        } else if (!strcmp(argv[i], "--only") && i + 1 < argc) {
            g_only = argv[++i];
        } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            g_seed = (unsigned)strtoul(argv[++i], NULL, 0);
        } else if (!strcmp(argv[i], "--pkt-out") && i + 1 < argc) {
            g_pkt_dir = argv[++i];
        } else if (!strcmp(argv[i], "--spec-ovf")) {
            g_spec_ovf = true;
        } else if (!strcmp(argv[i], "--f45")) {
            g_f45 = true;
        } else if (!strcmp(argv[i], "--q")) {
            g_q = true;
        } else if (!strcmp(argv[i], "--spec") && i + 1 < argc) {
            g_spec = (unsigned)strtoul(argv[++i], NULL, 0);
            if (g_spec == 0u || g_spec > ETM_MAX_SPEC) {
                fprintf(stderr, "etm_decode: --spec wants 1..%u\n", ETM_MAX_SPEC);
                return 2;
            }
        } else if (!strcmp(argv[i], "--rtl") && i + 1 < argc) {
            g_rtl_tb = argv[++i];
            tpiu = true;
        } else if (!strcmp(argv[i], "--rtl-acpairs") && i + 1 < argc) {
            g_rtl_acpairs = (unsigned)strtoul(argv[++i], NULL, 10);
            if (g_rtl_acpairs > ETM_MAX_AC_PAIRS) {
                fprintf(stderr, "etm_decode: --rtl-acpairs wants 0..%u\n", ETM_MAX_AC_PAIRS);
                return 2;
            }
        } else if (!strcmp(argv[i], "--scn") && i + 1 < argc) {
            if (g_nscn < sizeof g_scns / sizeof g_scns[0]) {
                g_scns[g_nscn++] = argv[++i];
            } else {
                fprintf(stderr, "etm_decode: too many --scn files\n");
                return 2;
            }
        } else if (!strcmp(argv[i], "--rtl-dir") && i + 1 < argc) {
            g_rtl_dir = argv[++i];
        } else if (!strcmp(argv[i], "--pkts-of") && i + 1 < argc) {
            pkts_file = argv[++i];
        } else if (!strcmp(argv[i], "--configr") && i + 1 < argc) {
            configr = (uint32_t)strtoul(argv[++i], NULL, 0);
        } else if (!strcmp(argv[i], "--emit-scn") && i + 1 < argc) {
            emit = argv[++i];
        } else if (!strcmp(argv[i], "--dump")) {
            dump = true;
        } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: etm_decode [--tpiu] [--seeds N] [--events N] [--verbose] [--dump]\n"
                   "                  [--pkts]"
                   " [--only CONFIG] [--seed S] [--pkt-out DIR] [--spec N [--spec-ovf]] [--f45]\n"
                   "                  [--emit-scn FILE] [--rtl TB [--rtl-dir DIR] [--scn FILE]...]\n"
                   "  Runs the golden ETM model over seeded synthetic T32 programs in %zu\n"
                   "  trace configurations and checks that OpenCSD's ETMv4 decoder\n"
                   "  reconstructs exactly the retired path (see the head of etm_decode.c).\n"
                   "  --pkt-out DIR: per run, the byte stream (DIR/CONFIG-SEED.bin) and\n"
                   "  OpenCSD's packet list (DIR/CONFIG-SEED.ocsd) for etm_pkt_check.py.\n"
                   "  --spec N: TRCIDR8.MAXSPEC = N (1..16) and a speculative PE that\n"
                   "  mispredicts and recovers (etm_spec_pe.c); every configuration but\n"
                   "  the overflow ones (those with --spec-ovf), timestamps and cycle\n"
                   "  counts not compared; the decoded path must be the committed one.\n"
                   "  --spec-ovf (with --spec): the overflow configurations too (an\n"
                   "  Overflow's resync on a wrong path: [ETM-SPEC-15], see the head).\n"
                   "  --f45: the unit packs atoms with formats 4 and 5 too (section 19);\n"
                   "  with --rtl, TB must be trace_tb of CFG=etmx (AtomF45 = 1: each run's\n"
                   "  scenario says config atomf45=1).\n"
                   "  --q: Q elements (section 20, QSupp = 1, TRCCONFIGR.QE): OpenCSD's\n"
                   "  ranges must consume the retired path (overflow configurations too).\n"
                   "  --rtl-acpairs N (with --rtl): TB is built with NumAcPairs N (etmx:\n"
                   "  4); the address-range configurations run only with N >= 3.\n"
                   "  --rtl TB: the RTL instead (implies --tpiu; the golden trace_top of\n"
                   "  CFG=full with its ITM writing stimulus words on ID 0x01): each run\n"
                   "  is written as a scenario DIR/CONFIG-SEED.scn (--rtl-dir DIR, default\n"
                   "  build/opencsd/etm-rtl) and run by the lockstep harness TB (trace_tb of\n"
                   "  CFG=full) with --capture-txb DIR/CONFIG-SEED.txb; that capture (the\n"
                   "  RTL's TPIU formatter output, which must equal the golden run's; its\n"
                   "  functional coverage goes to DIR/CONFIG-SEED.json) is\n"
                   "  what OpenCSD deformats and decodes. The start/stop configurations\n"
                   "  are skipped there (CMPMATCH is no input of trace_top: the DWT drives\n"
                   "  it). Each run's line names its seed. With --spec N, TB's MaxSpec\n"
                   "  must be N (CFG=etmspec: 4); the scenarios carry the PE's speculation.\n"
                   "  --scn FILE (repeatable, with --rtl): instead, each directed scenario\n"
                   "  FILE as it is: its pe/pe_exc lines are the path, a T32 image is built\n"
                   "  from them (etm_scnprog.c), the harness runs FILE with --capture-txb and\n"
                   "  OpenCSD decodes that against the image; a scenario it cannot read as a\n"
                   "  program is reported as not decoded, with the reason.\n"
                   "  --emit-scn FILE (with --only and --seed): write that run as a trace_top\n"
                   "  scenario instead (the ETM conformance vectors' random programs).\n"
                   "  --pkts-of FILE [--configr V] [--q]: only OpenCSD's packet processor over FILE\n"
                   "  (an ETM byte stream, TRCCONFIGR V), its packets to stdout as --pkt-out\n"
                   "  writes them (exit 1 on a decoder message).\n",
                   sizeof k_runs / sizeof k_runs[0]);
            return 0;
        } else {
            fprintf(stderr, "etm_decode: unknown argument '%s' (try --help)\n", argv[i]);
            return 2;
        }
    }
    if (pkts_file) {
        ocsd_def_errlog_init(OCSD_ERR_SEV_WARN, 1);
        ocsd_def_errlog_config_output(C_API_MSGLOGOUT_FLG_NONE, NULL);
        return pkts_of(pkts_file, configr);
    }
    if (emit) {
        for (size_t r = 0; r < sizeof k_runs / sizeof k_runs[0]; r++) {
            if (g_only && g_seed && !strcmp(g_only, k_runs[r].name)) {
                return emit_scn(&k_runs[r], g_seed, events, emit);
            }
        }
        fprintf(stderr, "etm_decode: --emit-scn needs --only CONFIG (a known one) and --seed S\n");
        return 2;
    }
    unsigned pass = 0, fail = 0;
    bool user_verbose = g_verbose;
    if (g_q && g_spec > 0u) {
        fprintf(stderr, "etm_decode: --q needs MaxSpec 0 ([ETM-Q-2]): not with --spec\n");
        return 2;
    }
    if (g_rtl_tb && g_q && g_rtl_acpairs < 4u) { // QSupp 1 only on etmx (NumAcPairs 4)
        fprintf(stderr, "etm_decode: --q --rtl needs the harness of CFG=etmx (--rtl-acpairs 4)\n");
        return 2;
    }
    if (g_rtl_tb) {
        char cmd[1024];
        snprintf(cmd, sizeof cmd, "mkdir -p '%s'", g_rtl_dir);
        if (system(cmd) != 0) {
            fprintf(stderr, "etm_decode: cannot create %s\n", g_rtl_dir);
            return 2;
        }
        g_verbose = true; // a few runs: one line each, with its seed
    } else if (g_nscn) {
        fprintf(stderr, "etm_decode: --scn needs --rtl TB\n");
        return 2;
    }
    // once: every call makes a new logger (libopencsd 1.3.3 does not free the old one)
    ocsd_def_errlog_init(OCSD_ERR_SEV_WARN, 1);
    ocsd_def_errlog_config_output(C_API_MSGLOGOUT_FLG_NONE, NULL);
    if (g_nscn) { // --scn: the directed scenarios only
        g_verbose = user_verbose;
        for (unsigned i = 0; i < g_nscn; i++) {
            int rr = run_scn(g_scns[i]);
            pass += rr == 0;
            fail += rr > 0;
        }
        printf("etm-ocsd on the RTL, directed scenarios: %u passed, %u failed, %u not decoded\n",
               pass, fail, g_skipped);
        return fail ? 1 : 0;
    }
    for (size_t r = 0; r < sizeof k_runs / sizeof k_runs[0]; r++) {
        if (g_only && strcmp(g_only, k_runs[r].name) != 0) {
            continue;
        }
        // --spec: the overflow configurations only with --spec-ovf (the head says why)
        if (g_spec > 0u && k_runs[r].ovf && !g_spec_ovf) {
            g_skipped += g_seed ? 1u : seeds;
            continue;
        }
        for (unsigned s = g_seed ? g_seed : 1u; s <= (g_seed ? g_seed : seeds); s++) {
            int rr = run(&k_runs[r], s, events, dump, tpiu);
            if (rr == 0) {
                pass++;
            } else if (rr > 0) {
                fail++;
            }
        }
    }
    if (g_q) {
        printf("etm-ocsd --q: %u runs with Q elements: %u Q ranges decoded (%u without a path), "
               "%u instructions in them\n",
               g_q_runs, g_q_ranges, g_q_nopath, g_q_instr);
        printf("etm-ocsd --q: %u of them with overflows: %u traced events lost to overflows; %u "
               "exception returns dropped by the decoder at an overflow (known)\n",
               g_q_ovf_runs, g_q_ovf_lost, g_q_xr_known);
    }
    if (g_spec > 0u) {
        printf("etm-ocsd --spec %u: %u runs; %u direction mispredicts (%u flips), %u target "
               "mispredicts, %u wrong-path events, %u P0 elements cancelled\n",
               g_spec, g_spec_runs, g_spec_dir, g_spec_flips, g_spec_tgt, g_spec_wrong,
               g_spec_cancel);
        printf("etm-ocsd --spec %u: %u runs with overflows: %u traced events dropped with "
               "their demand, %u traced P0 elements discarded uncommitted at an Overflow, %u "
               "exception returns dropped by the decoder at an overflow (known)\n",
               g_spec, g_spec_ovf_runs, g_spec_dropped, g_spec_discarded, g_spec_xr_known);
        if (g_spec_ovf) {
            printf("etm-ocsd --spec %u: %u Overflow resyncs on a wrong path\n", g_spec,
                   g_spec_wrong_resync_all);
        }
    }
    printf("etm-ocsd%s: %u passed, %u failed (%zu configurations x %u seeds, %u events each; "
           "%u runs with overflows; %u skipped)\n",
           g_rtl_tb ? (g_spec                    ? " on the RTL (lockstep, CFG=etmspec)"
                       : g_rtl_acpairs || g_f45  ? " on the RTL (lockstep, CFG=etmx)"
                                                 : " on the RTL (lockstep, CFG=full)")
           : tpiu   ? " through funnel+TPIU"
                    : "",
           pass, fail, sizeof k_runs / sizeof k_runs[0], seeds, events, g_ovf_runs, g_skipped);
    if (g_rtl_tb) {
        printf("etm-ocsd on the RTL: each run's scenario, RTL capture and functional coverage are "
               "%s/CONFIG-SEED.scn, .txb, .json; every passed run's lockstep passed and its "
               "capture was the golden run's\n",
               g_rtl_dir);
    }
    return fail ? 1 : 0;
}
