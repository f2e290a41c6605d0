// SPDX-License-Identifier: Apache-2.0
// Thin extern "C" shim around the Verilated harness top trace_tb_top (rtl/top/trace_top plus
// trace-only inputs, sim/c_tb/trace/trace_tb_top.sv; the class is named Vtrace_tb_top). The only C++ in the
// harness. Built with -DDUT_NO_TRACE (and a model Verilated without --trace-fst) it has
// no waveform support: dut_trace_trace_open fails (make bench measures the cost of tracing
// compiled in but off against this).
// Checkpoints (dut_trace_save/restore) need a model Verilated with --savable; Verilator's
// serialiser (verilated_save.cpp) is compiled in here, so every binary that links the shim
// (trace_tb, vecreplay, the bench builds) has it without another object. The coverage
// build (VM_COVERAGE=1) has none: Verilator does not support --savable with --coverage.
#include "dut_trace.h"

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <vector>

#include "Vtrace_tb_top.h"
#include "verilated.h"
#if !VM_COVERAGE
#define DUT_SAVABLE 1
#include "verilated_save.cpp" // NOLINT: see above
#include "verilated_save.h"
#endif

// The RTL tree the model was Verilated from (the Makefile's TB_RULES pass both).
#ifndef DUT_RTL_PATH
#define DUT_RTL_PATH "unknown"
#endif
#ifndef DUT_RTL_HASH
#define DUT_RTL_HASH "unknown"
#endif
#ifndef DUT_NO_TRACE
#include "verilated_fst_c.h"
#endif

// The rising edge without the input region (see edge_eval). The scheduler of Verilator
// 5.006's generated code is replicated here, so this is tied to that version (the project's
// pinned one, README); any other version, or -DDUT_FULL_EVAL, uses plain eval().
#if VERILATOR_VERSION_INTEGER == 5006000 && !defined(DUT_FULL_EVAL)
#define DUT_EDGE_EVAL 1
#include "Vtrace_tb_top__Syms.h"
#include "Vtrace_tb_top___024root.h"
// Defined (with external linkage) in the Verilated model's own sources.
void Vtrace_tb_top___024root___eval_triggers__act(Vtrace_tb_top___024root *vlSelf);
void Vtrace_tb_top___024root___eval_act(Vtrace_tb_top___024root *vlSelf);
void Vtrace_tb_top___024root___eval_nba(Vtrace_tb_top___024root *vlSelf);
#endif

namespace {
// The model's ports. Vtrace_tb_top's port members are references into its root object, so
// every access through them loads the reference first; with Verilator 5.006's root header
// included (DUT_EDGE_EVAL) the shim reads and writes the root's members directly (issue
// #22: one load or store a port instead of two).
#ifdef DUT_EDGE_EVAL
using Ports = Vtrace_tb_top___024root;
inline Ports *ports(Vtrace_tb_top *t)
{
    return t->rootp;
}
inline const Ports *ports(const Vtrace_tb_top *t)
{
    return t->rootp;
}
#else
using Ports = Vtrace_tb_top;
inline Ports *ports(Vtrace_tb_top *t)
{
    return t;
}
inline const Ports *ports(const Vtrace_tb_top *t)
{
    return t;
}
#endif

// One context for the process: models are created and freed on it (a replay makes a
// new model), so Verilator's thread-local context pointer never dangles.
VerilatedContext *context()
{
    static VerilatedContext *ctx = nullptr;
    if (!ctx) {
        ctx = new VerilatedContext;
#ifndef DUT_NO_TRACE
        ctx->traceEverOn(true);
#endif
        ctx->fatalOnError(false); // $stop / failed assertions: report and return, no abort
    }
    return ctx;
}
} // namespace

struct dut_trace {
    std::unique_ptr<Vtrace_tb_top> top;
#ifndef DUT_NO_TRACE
    std::unique_ptr<VerilatedFstC> trace;
#endif
    uint64_t time = 0; // trace time of the start of the current cycle
    bool final_done = false;
    bool has_next = false; // tb_next is to be shown from the rising edge
    // The falling edge of the last tick is set on clk_i but not yet evaluated: the next
    // eval (with the next cycle's inputs) evaluates it. No logic is sensitive to the
    // falling clock edge or to the clock's level, so this saves one eval() per cycle
    // (Verilator 5 re-evaluates all input-dependent logic on every eval()).
    bool fall_pending = false;
    // Every input was evaluated: nothing was set on the model since its last eval(), so
    // the input-triggered ("ico") region of the next eval() would recompute what it holds.
    bool settled = false;
    sys_out tb_next{};
    // The inputs last set on the model (in_ok: all of them, by dut_trace_set_inputs; gts_i
    // is set every time and not kept here): dut_trace_set_inputs writes only the groups of
    // ports whose bytes in struct sys_in differ from these (issue #22).
    bool in_ok = false;
    sys_in in_last{};
};

namespace {
void set_expected(Ports *t, const sys_out &s)
{
    const itm_out &e = s.itm;
    t->exp_match_i = s.match;
    t->exp_bkpt_halt_i = s.bkpt_halt;
    t->exp_bkpt_mon_i = s.bkpt_mon;
    t->exp_prdata_i = e.prdata;
    t->exp_pready_i = e.pready;
    t->exp_pslverr_i = e.pslverr;
    t->exp_atvalid_i = e.atvalid;
    t->exp_atdata_i = e.atdata;
    t->exp_atid_i = e.atid & 0x7Fu;
    t->exp_afready_i = e.afready;
    t->exp_hw_ready_i = e.hw_ready;
    t->exp_busy_i = e.busy;
    t->exp_atready_i = s.atready;
    t->exp_traceclk_i = s.traceclk;
    t->exp_tracedata_i = s.tracedata;
    t->exp_swo_i = s.swo;
    t->exp_txb_valid_i = s.txb_valid;
    t->exp_txb_i = s.txb;
    t->exp_cmpmatch_i = s.cmpmatch;
    t->exp_wpt_halt_i = s.wpt_halt;
    t->exp_wpt_mon_i = s.wpt_mon;
    t->exp_dwt_hw_valid_i = s.dwt_hw_valid;
    t->exp_dwt_hw_data_i = s.dwt_hw_data & 0xFFFFFFFFFFull;
    t->exp_dwt_hw_ovf_i = s.dwt_hw_ovf;
    t->exp_dwt_sync_req_i = s.dwt_sync_req;
    t->exp_etm_atvalid_i = s.etm_atvalid;
    t->exp_etm_atdata_i = s.etm_atdata;
    t->exp_etm_atid_i = s.etm_atid & 0x7Fu;
    t->exp_etm_idle_i = s.etm_idle;
    t->exp_fun_atvalid_i = s.fun_atvalid;
    t->exp_fun_atdata_i = s.fun_atdata;
    t->exp_fun_atid_i = s.fun_atid & 0x7Fu;
}
} // namespace

extern "C" struct dut_trace *dut_trace_new_seeded(uint32_t seed)
{
    VerilatedContext *ctx = context();
    ctx->randReset(seed ? 2 : 0);
    ctx->randSeed(static_cast<int>(seed & 0x7FFFFFFFu)); // also restarts Verilator's PRNG
    ctx->gotError(false);
    ctx->gotFinish(false);
    ctx->time(0);
    dut_trace *d = new (std::nothrow) dut_trace;
    if (!d)
        return nullptr;
    d->top.reset(new (std::nothrow) Vtrace_tb_top(ctx, "TOP"));
    Vtrace_tb_top *t = d->top.get();
    if (!t) {
        delete d;
        return nullptr;
    }
    // Settle once with reset released, so the harness's first rst_ni = 0 is a negedge
    // that fires the asynchronous reset.
    t->clk_i = 0;
    t->rst_ni = 1;
    t->eval();
    return d;
}

extern "C" struct dut_trace *dut_trace_new(void)
{
    return dut_trace_new_seeded(0);
}

extern "C" void dut_trace_free(struct dut_trace *d)
{
    if (!d)
        return;
    dut_trace_trace_close(d);
    delete d;
}

namespace {
// dut_trace_set_inputs's groups of ports, each a byte range of struct sys_in (set_group)
void set_apb(Ports *t, const sys_in *s)
{
    const itm_in *in = &s->itm;
    t->rst_ni = in->rst_n;
    t->psel_i = in->psel;
    t->penable_i = in->penable;
    t->pwrite_i = in->pwrite;
    t->paddr_i = in->paddr & 0xFFFFFu;
    t->pwdata_i = in->pwdata;
    t->pstrb_i = in->pstrb & 0xFu;
    t->pprot_i = in->pprot & 0x7u;
}
void set_itm(Ports *t, const sys_in *s)
{
    const itm_in *in = &s->itm;
    t->atready_i = in->atready;
    t->afvalid_i = in->afvalid;
    t->hw_valid_i = in->hw_valid;
    t->hw_data_i = in->hw_data & 0xFFFFFFFFFFull;
    t->hw_ovf_i = in->hw_ovf;
    t->dwt_sync_req_i = in->dwt_sync_req;
    t->tpiu_sync_req_i = in->tpiu_sync_req;
    t->ts_async_tick_i = in->ts_async_tick;
    t->async_idle_i = in->async_idle;
}
void set_itm2(Ports *t, const sys_in *s)
{
    const itm_in *in = &s->itm;
    t->gts_clkch_i = in->gts_clkch;
    t->trcena_i = in->trcena;
    t->niden_i = in->niden;
    t->spniden_i = in->spniden;
    t->pe_secure_i = in->pe_secure;
    t->halted_i = in->halted;
}
void set_fpb(Ports *t, const sys_in *s)
{
    t->if_valid_i = s->if_valid;
    t->if_addr_i = s->if_addr;
    t->if_kind_i = s->if_kind & 0x3u;
    t->if_size32_i = s->if_size32;
    t->if_secure_i = s->if_secure;
    t->if_priv_i = s->if_priv;
    t->hda_i = s->hda;
    t->uhda_i = s->uhda;
    t->uhda_s_i = s->uhda_s;
    t->c_debugen_i = s->c_debugen;
    t->s_halt_i = s->s_halt;
    t->s_sde_i = s->s_sde;
    t->mon_en_i = s->mon_en;
    t->sdme_i = s->sdme;
    t->umon_en_i = s->umon_en;
    t->mon_prio_i = s->mon_prio;
}
void set_dwt(Ports *t, const sys_in *s)
{
    t->ia_valid_i = s->ia_valid;
    t->ia_addr_i = s->ia_addr;
    t->ia_secure_i = s->ia_secure;
    t->ia_priv_i = s->ia_priv;
    t->da_valid_i = s->da_valid;
    t->da_addr_i = s->da_addr;
    t->da_size_i = s->da_size & 0x3u;
    t->da_write_i = s->da_write;
    t->da_data_i = s->da_data;
    t->da_pc_i = s->da_pc;
    t->da_secure_i = s->da_secure;
    t->da_priv_i = s->da_priv;
    t->da_fault_i = s->da_fault;
    t->da_lazyfp_i = s->da_lazyfp;
    t->exc_valid_i = s->exc_valid;
    t->exc_fn_i = s->exc_fn & 0x3u;
    t->exc_num_i = s->exc_num & 0x1FFu;
    t->exc_secure_i = s->exc_secure;
    t->sleeping_i = s->sleeping;
    t->evt_cpi_i = s->evt_cpi;
    t->evt_exc_i = s->evt_exc;
    t->evt_sleep_i = s->evt_sleep;
    t->evt_lsu_i = s->evt_lsu;
    t->evt_fold_i = s->evt_fold;
    t->pe_priv_i = s->pe_priv;
    t->niden_p_i = s->niden_p;
    t->spniden_p_i = s->spniden_p;
    t->monrdy_i = s->monrdy;
}
void set_etm(Ports *t, const sys_in *s)
{
    t->etm_pe_valid_i = s->etm_pe_valid;
    t->etm_pe_addr_i = s->etm_pe_addr;
    t->etm_pe_size_i = s->etm_pe_size;
    t->etm_pe_br_i = s->etm_pe_br;
    t->etm_pe_ind_i = s->etm_pe_ind;
    t->etm_pe_taken_i = s->etm_pe_taken;
    t->etm_pe_link_i = s->etm_pe_link;
    t->etm_pe_excret_i = s->etm_pe_excret;
    t->etm_pe_ns_i = s->etm_pe_ns;
    t->etm_exc_valid_i = s->etm_exc_valid;
    t->etm_exc_num_i = s->etm_exc_num & 0x1FFu;
    t->etm_exc_ret_i = s->etm_exc_ret;
    t->etm_spec_commit_i = s->etm_spec_commit & 0x1Fu;
    t->etm_spec_flush_i = s->etm_spec_flush;
    t->etm_spec_cancel_i = s->etm_spec_cancel & 0x1Fu;
    t->etm_spec_mispred_i = s->etm_spec_mispred;
}
// The bytes [from, to) of struct sys_in, which hold the inputs of one group: differ from the
// last ones set (or none were) -> set the group's ports and keep the bytes. Equal bytes are
// equal inputs (bool and uintN_t fields), so skipping leaves the model's ports as they would
// be written; padding inside a range only makes a difference where there is none.
template <void (*SET)(Ports *, const sys_in *)>
inline void set_group(dut_trace *d, Ports *t, const sys_in *s, size_t from, size_t to)
{
    const unsigned char *a = reinterpret_cast<const unsigned char *>(s) + from;
    unsigned char *k = reinterpret_cast<unsigned char *>(&d->in_last) + from;
    if (d->in_ok && std::memcmp(a, k, to - from) == 0)
        return;
    SET(t, s);
    std::memcpy(k, a, to - from);
}
} // namespace

extern "C" void dut_trace_set_inputs(struct dut_trace *d, const struct sys_in *s)
{
    Ports *t = ports(d->top.get());
    d->settled = false;
    // the groups tile struct sys_in but gts_i, which changes nearly every cycle and is set
    // every time (offsetof of the group boundaries below)
    set_group<set_apb>(d, t, s, 0, offsetof(sys_in, itm.atready));
    set_group<set_itm>(d, t, s, offsetof(sys_in, itm.atready), offsetof(sys_in, itm.gts));
    t->gts_i = s->itm.gts;
    set_group<set_itm2>(d, t, s, offsetof(sys_in, itm.gts_clkch), sizeof(itm_in));
    set_group<set_fpb>(d, t, s, offsetof(sys_in, if_valid), offsetof(sys_in, ia_valid));
    set_group<set_dwt>(d, t, s, offsetof(sys_in, ia_valid), offsetof(sys_in, etm_pe_valid));
    set_group<set_etm>(d, t, s, offsetof(sys_in, etm_pe_valid), sizeof(sys_in));
    d->in_ok = true;
}
static_assert(offsetof(sys_in, itm) == 0 && offsetof(sys_in, itm.gts) + sizeof(uint64_t) <=
                                                offsetof(sys_in, itm.gts_clkch),
              "dut_trace_set_inputs: the groups' boundaries");
static_assert(offsetof(sys_in, if_valid) >= sizeof(itm_in),
              "dut_trace_set_inputs: the FPB's group follows the ITM's inputs");

extern "C" void dut_trace_set_gts(struct dut_trace *d, uint64_t gts)
{
    d->settled = false;
    ports(d->top.get())->gts_i = gts;
}

extern "C" void dut_trace_eval(struct dut_trace *d)
{
    d->top->eval(); // traced at the start of dut_trace_tick, after dut_trace_set_tb
    d->fall_pending = false;
    d->settled = true;
}

namespace {
// The rising edge of clk_i, every other input unchanged since the last eval(). Verilator
// 5.006's eval() runs its input-triggered region ("ico": all logic that depends on a
// top-level input) unconditionally, on every call, before the clocked regions; here it would
// recompute exactly what the last eval() left (same inputs, same state), so only the
// active/NBA loop of the generated Vtrace_tb_top___024root___eval runs: the posedge trigger,
// the flip-flops and the logic that depends on them. Outputs and state are the same as
// after eval(); lockstep compares every output every cycle.
void edge_eval(dut_trace *d)
{
#ifdef DUT_EDGE_EVAL
    bool tracing = false;
#ifndef DUT_NO_TRACE
    tracing = d->trace != nullptr; // the wave keeps the plain eval()'s activity flags
#endif
    if (d->settled && !tracing) {
        Vtrace_tb_top___024root *r = d->top->rootp;
        Vtrace_tb_top__Syms *syms = r->vlSymsp;
#ifndef DUT_NO_TRACE
        // the wave's activity flag (a model Verilated without --trace-fst has none: the
        // bench's base variant, built with -DDUT_NO_TRACE)
        syms->__Vm_activity = true;
#endif
        uint32_t nba_iter = 0;
        bool nba_continue = true;
        decltype(r->__VactTriggered) pre;
        while (nba_continue) {
            nba_continue = false;
            r->__VnbaTriggered.clear();
            r->__VactIterCount = 0;
            r->__VactContinue = 1;
            while (r->__VactContinue) {
                r->__VactContinue = 0;
                Vtrace_tb_top___024root___eval_triggers__act(r);
                if (r->__VactTriggered.any()) {
                    r->__VactContinue = 1;
                    if (++r->__VactIterCount > 100)
                        VL_FATAL_MT(__FILE__, __LINE__, "", "Active region did not converge.");
                    pre.andNot(r->__VactTriggered, r->__VnbaTriggered);
                    r->__VnbaTriggered.set(r->__VactTriggered);
                    Vtrace_tb_top___024root___eval_act(r);
                }
            }
            if (r->__VnbaTriggered.any()) {
                nba_continue = true;
                if (++nba_iter > 100)
                    VL_FATAL_MT(__FILE__, __LINE__, "", "NBA region did not converge.");
                Vtrace_tb_top___024root___eval_nba(r);
            }
        }
        Verilated::endOfThreadMTask(syms->__Vm_evalMsgQp);
        Verilated::endOfEval(syms->__Vm_evalMsgQp);
        return;
    }
#endif
    d->top->eval();
}

// Evaluate a falling edge that dut_trace_tick left pending (before the model's values are
// dumped or saved on their own).
void settle_fall(dut_trace *d)
{
    if (d->fall_pending) {
        d->top->eval();
        d->fall_pending = false;
    }
}
} // namespace

extern "C" void dut_trace_set_tb(struct dut_trace *d, const struct dut_trace_tb *tb)
{
    Ports *t = ports(d->top.get());
    d->settled = false;
    set_expected(t, tb->exp);
    t->cycle_i = static_cast<uint64_t>(tb->cycle);
    t->mismatch_i = tb->mismatch;
    t->exp_atpkt_i = tb->exp_atpkt & 0x1FFu;
    t->rtl_atpkt_i = tb->rtl_atpkt & 0x1FFu;
    d->tb_next = tb->exp_next;
    d->has_next = true;
}

extern "C" void dut_trace_get_outputs(const struct dut_trace *d, struct sys_out *s)
{
    const Ports *t = ports(d->top.get());
    itm_out *out = &s->itm;
    s->match = t->match_o;
    s->bkpt_halt = t->bkpt_halt_o;
    s->bkpt_mon = t->bkpt_mon_o;
    out->prdata = t->prdata_o;
    out->pready = t->pready_o;
    out->pslverr = t->pslverr_o;
    out->atvalid = t->atvalid_o;
    out->atdata = t->atdata_o;
    out->atid = t->atid_o;
    out->afready = t->afready_o;
    out->hw_ready = t->hw_ready_o;
    out->busy = t->busy_o;
    s->atready = t->atready_o;
    s->traceclk = t->traceclk_o;
    s->tracedata = t->tracedata_o;
    s->swo = t->swo_o;
    s->txb_valid = t->txb_valid_o;
    s->txb = t->txb_o;
    s->cmpmatch = t->cmpmatch_o;
    s->wpt_halt = t->wpt_halt_o;
    s->wpt_mon = t->wpt_mon_o;
    s->dwt_hw_valid = t->dwt_hw_valid_o;
    s->dwt_hw_data = t->dwt_hw_data_o;
    s->dwt_hw_ovf = t->dwt_hw_ovf_o;
    s->dwt_sync_req = t->dwt_sync_req_o;
    s->etm_atvalid = t->etm_atvalid_o;
    s->etm_atready = t->etm_atready_o;
    s->etm_atdata = t->etm_atdata_o;
    s->etm_atid = t->etm_atid_o;
    s->etm_idle = t->etm_idle_o;
    s->etm_pe_stall = t->etm_pe_stall_o;
    s->fun_atvalid = t->fun_atvalid_o;
    s->fun_atdata = t->fun_atdata_o;
    s->fun_atid = t->fun_atid_o;
}

extern "C" void dut_trace_get_blocks(const struct dut_trace *d, struct dut_trace_blk *b)
{
    const Vtrace_tb_top *t = d->top.get();
    b->dwt_prdata = t->obs_dwt_prdata_o;
    b->dwt_pready = t->obs_dwt_pready_o;
    b->dwt_pslverr = t->obs_dwt_pslverr_o;
    b->fpb_prdata = t->obs_fpb_prdata_o;
    b->fpb_pready = t->obs_fpb_pready_o;
    b->fpb_pslverr = t->obs_fpb_pslverr_o;
    b->tpiu_prdata = t->obs_tpiu_prdata_o;
    b->tpiu_pready = t->obs_tpiu_pready_o;
    b->tpiu_pslverr = t->obs_tpiu_pslverr_o;
    b->tpiu_afvalid = t->obs_tpiu_afvalid_o;
    b->tpiu_ts_tick = t->obs_tpiu_ts_tick_o;
    b->tpiu_async_idle = t->obs_tpiu_async_idle_o;
    b->tpiu_sync_req = t->obs_tpiu_sync_req_o;
    b->etm_prdata = t->obs_etm_prdata_o;
    b->etm_pready = t->obs_etm_pready_o;
    b->etm_pslverr = t->obs_etm_pslverr_o;
    b->etm_afvalid = t->obs_etm_afvalid_o;
    b->etm_afready = t->etm_afready_o;
}

extern "C" int dut_trace_tick(struct dut_trace *d)
{
    Vtrace_tb_top *t = d->top.get();
    VerilatedContext *ctx = t->contextp();
#ifndef DUT_NO_TRACE
    if (d->trace)
        d->trace->dump(d->time + 1); // the inputs, with the trace-only ones of dut_trace_set_tb
#endif
    if (d->has_next) {
        set_expected(ports(t), d->tb_next);
        d->has_next = false;
        d->settled = false;
    }
    ctx->time(d->time + 5);
    t->clk_i = 1;
    edge_eval(d); // one input-triggered evaluation per cycle: dut_trace_eval's
    d->settled = false; // the falling edge is pending
#ifndef DUT_NO_TRACE
    if (d->trace)
        d->trace->dump(d->time + 5);
#endif
    d->time += 10;
    ctx->time(d->time);
    t->clk_i = 0;
    // The falling edge is evaluated together with the next cycle's inputs (dut_trace_eval),
    // except while tracing, where the wave shows it at its own time.
    d->fall_pending = true;
#ifndef DUT_NO_TRACE
    if (d->trace) {
        settle_fall(d);
        d->trace->dump(d->time);
    }
#endif
    return ctx->gotFinish() || ctx->gotError();
}

extern "C" int dut_trace_trace_open(struct dut_trace *d, const char *path)
{
#ifdef DUT_NO_TRACE
    (void)d;
    (void)path;
    return -1;
#else
    dut_trace_trace_close(d);
    settle_fall(d);
    d->trace.reset(new (std::nothrow) VerilatedFstC);
    if (!d->trace)
        return -1;
    d->top->trace(d->trace.get(), 99);
    d->trace->open(path);
    if (!d->trace->isOpen()) {
        d->trace.reset();
        return -1;
    }
    // Start with the current values (the cycle's own changes follow at time + 1).
    d->trace->dump(d->time);
    return 0;
#endif
}

extern "C" void dut_trace_trace_close(struct dut_trace *d)
{
#ifdef DUT_NO_TRACE
    (void)d;
#else
    if (d->trace) {
        d->trace->close();
        d->trace.reset();
    }
#endif
}

#ifdef DUT_SAVABLE
namespace {
// Verilator's serialiser into memory: a checkpoint is a byte vector.
class MemSave final : public VerilatedSerialize {
public:
    explicit MemSave(std::vector<uint8_t> &out) : m_out(out)
    {
        m_out.clear();
        m_isOpen = true;
    }
    ~MemSave() override { flush(); }
    void flush() override
    {
        m_out.insert(m_out.end(), m_bufp, m_cp);
        m_cp = m_bufp;
    }

private:
    std::vector<uint8_t> &m_out;
};

class MemRestore final : public VerilatedDeserialize {
public:
    explicit MemRestore(const std::vector<uint8_t> &in) : m_in(in)
    {
        m_isOpen = true;
        m_endp = m_bufp;
        fill();
    }
    void fill() override
    {
        const size_t keep = static_cast<size_t>(m_endp - m_cp);
        std::memmove(m_bufp, m_cp, keep);
        m_cp = m_bufp;
        m_endp = m_bufp + keep;
        size_t n = bufferSize() - keep;
        if (n > m_in.size() - m_pos)
            n = m_in.size() - m_pos;
        std::memcpy(m_endp, m_in.data() + m_pos, n);
        m_pos += n;
        m_endp += n;
    }

private:
    const std::vector<uint8_t> &m_in;
    size_t m_pos = 0;
};
} // namespace
#endif

struct dut_ckpt {
    std::vector<uint8_t> model;
    uint64_t time = 0;
    bool has_next = false;
    sys_out tb_next{};
};

extern "C" int dut_trace_save(struct dut_trace *d, struct dut_ckpt **c)
{
#ifndef DUT_NO_TRACE
    if (d->trace)
        return -1; // not while tracing (the trace is not part of a checkpoint)
#endif
#ifndef DUT_SAVABLE
    (void)c;
    return -1;
#else
    settle_fall(d);
    if (!*c)
        *c = new (std::nothrow) dut_ckpt;
    if (!*c)
        return -1;
    {
        MemSave os((*c)->model);
        os << *d->top;
    }
    (*c)->time = d->time;
    (*c)->has_next = d->has_next;
    (*c)->tb_next = d->tb_next;
    return 0;
#endif
}

extern "C" int dut_trace_restore(struct dut_trace *d, const struct dut_ckpt *c)
{
#ifndef DUT_SAVABLE
    (void)d;
    (void)c;
    return -1;
#else
    dut_trace_trace_close(d);
    MemRestore is(c->model);
    is >> *d->top;
    d->fall_pending = false; // saved settled
    d->settled = false;
    d->in_ok = false; // the restored ports are the saved run's: set every group next time
    d->time = c->time;
    d->has_next = c->has_next;
    d->tb_next = c->tb_next;
    d->top->contextp()->time(d->time);
    return 0;
#endif
}

extern "C" size_t dut_ckpt_bytes(const struct dut_ckpt *c)
{
    return c ? c->model.size() : 0;
}

extern "C" void dut_ckpt_free(struct dut_ckpt *c)
{
    delete c;
}

extern "C" const char *dut_trace_rtl_path(void)
{
    return DUT_RTL_PATH;
}

extern "C" const char *dut_trace_rtl_hash(void)
{
    return DUT_RTL_HASH;
}

extern "C" void dut_trace_final(struct dut_trace *d)
{
    settle_fall(d);
    if (!d->final_done) {
        d->top->final();
        d->final_done = true;
    }
    dut_trace_trace_close(d);
}
