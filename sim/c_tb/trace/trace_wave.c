/* SPDX-License-Identifier: Apache-2.0 */
/* GTKWave view of a harness trace (trace_wave.h). Signal names are those Verilator gives
 * trace_tb_top (sim/c_tb/trace/trace_tb_top.sv) and the RTL under it; tests/wave_debug.sh checks
 * that every name written here exists in the FST. Only signals present in every
 * configuration are used (no generate-block internals). */
#include "trace_wave.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "compare.h"
#include "gtkw.h"
#include "log.h"

#define S TRACE_WAVE_SCOPE "."
#define DUT TRACE_WAVE_SCOPE ".u_dut.u_itm."

/* A trace of the view: name below TOP, width (0: a scalar, W_*: from the configuration),
 * format, translate filter (0 none, F_HDR ATB packet header, F_SEL arbiter selection). */
enum {
    W_STIM_CNT = -1, W_HW_CNT = -2, W_PORTS = -3, W_GROUPS = -4, W_TS = -5, W_GTS = -6,
    W_TPIU_CNT = -7, W_DWT_CNT = -8, W_TPIU_IDLE = -9
};
enum { F_NONE, F_HDR, F_SEL };

struct sig {
    const char *name;
    int width;
    enum gtkw_fmt fmt;
    unsigned filter;
};

struct group {
    const char *title;
    bool closed;
    const struct sig *sig;
    size_t n;
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

static const struct sig atpkt_exp = {S "exp_atpkt_i", 9, GTKW_HEX, F_HDR};
static const struct sig atpkt_rtl = {S "rtl_atpkt_i", 9, GTKW_HEX, F_HDR};

static const struct sig g_harness[] = {
    {S "clk_i", 0, GTKW_BIN, F_NONE},
    {S "rst_ni", 0, GTKW_BIN, F_NONE},
    {S "cycle_i", 64, GTKW_SIGNED, F_NONE},
    {S "mismatch_i", 0, GTKW_BIN, F_NONE},
};
static const struct sig g_atb[] = {
    {S "exp_atvalid_i", 0, GTKW_BIN, F_NONE}, {S "atvalid_o", 0, GTKW_BIN, F_NONE},
    {S "atready_i", 0, GTKW_BIN, F_NONE},     {S "exp_atdata_i", 8, GTKW_HEX, F_NONE},
    {S "atdata_o", 8, GTKW_HEX, F_NONE},      {S "exp_atpkt_i", 9, GTKW_HEX, F_HDR},
    {S "rtl_atpkt_i", 9, GTKW_HEX, F_HDR},    {S "exp_atid_i", 7, GTKW_HEX, F_NONE},
    {S "atid_o", 7, GTKW_HEX, F_NONE},        {S "afvalid_i", 0, GTKW_BIN, F_NONE},
    {S "exp_afready_i", 0, GTKW_BIN, F_NONE}, {S "afready_o", 0, GTKW_BIN, F_NONE},
};
static const struct sig g_arb[] = {
    {DUT "u_arb.sel", 4, GTKW_HEX, F_SEL},
    {DUT "u_arb.load_en", 0, GTKW_BIN, F_NONE},
    {DUT "u_arb.cand_sync", 0, GTKW_BIN, F_NONE},
    {DUT "u_arb.cand_ovf", 0, GTKW_BIN, F_NONE},
    {DUT "u_arb.cand_ext", 0, GTKW_BIN, F_NONE},
    {DUT "u_arb.cand_instr", 0, GTKW_BIN, F_NONE},
    {DUT "u_arb.cand_hw", 0, GTKW_BIN, F_NONE},
    {DUT "u_arb.cand_lts", 0, GTKW_BIN, F_NONE},
    {DUT "u_arb.cand_gts1", 0, GTKW_BIN, F_NONE},
    {DUT "u_arb.cand_gts2", 0, GTKW_BIN, F_NONE},
    {DUT "u_arb.pkt_rem_q", 3, GTKW_DEC, F_NONE},
    {DUT "u_arb.pkt_q", 56, GTKW_HEX, F_NONE},
    {DUT "u_arb.page_q", 3, GTKW_DEC, F_NONE},
    {DUT "u_arb.sync_pending_q", 0, GTKW_BIN, F_NONE},
    {DUT "u_arb.ovf_pending_q", 0, GTKW_BIN, F_NONE},
};
static const struct sig g_stim_fifo[] = {
    {DUT "u_stim_fifo.in_valid_i", 0, GTKW_BIN, F_NONE},
    {DUT "u_stim_fifo.in_data_i", 42, GTKW_HEX, F_NONE},
    {DUT "u_stim_fifo.cnt_q", W_STIM_CNT, GTKW_DEC, F_NONE},
    {DUT "u_stim_fifo.out_valid_o", 0, GTKW_BIN, F_NONE},
    {DUT "u_stim_fifo.out_data_o", 42, GTKW_HEX, F_NONE},
    {DUT "u_stim_fifo.sb_head_o", 2, GTKW_BIN, F_NONE},
    {DUT "u_stim_fifo.out_ready_i", 0, GTKW_BIN, F_NONE},
};
static const struct sig g_hw[] = {
    {S "hw_valid_i", 0, GTKW_BIN, F_NONE},
    {S "hw_data_i", 40, GTKW_HEX, F_NONE},
    {S "exp_hw_ready_i", 0, GTKW_BIN, F_NONE},
    {S "hw_ready_o", 0, GTKW_BIN, F_NONE},
    {S "hw_ovf_i", 0, GTKW_BIN, F_NONE},
    {DUT "u_hw_fifo.cnt_q", W_HW_CNT, GTKW_DEC, F_NONE},
    {DUT "u_hw_fifo.out_valid_o", 0, GTKW_BIN, F_NONE},
    {DUT "u_hw_fifo.out_data_o", 40, GTKW_HEX, F_NONE},
    {DUT "u_hw_fifo.out_ready_i", 0, GTKW_BIN, F_NONE},
};
static const struct sig g_apb[] = {
    {S "psel_i", 0, GTKW_BIN, F_NONE},    {S "penable_i", 0, GTKW_BIN, F_NONE},
    {S "pwrite_i", 0, GTKW_BIN, F_NONE},  {S "paddr_i", 20, GTKW_HEX, F_NONE},
    {S "pwdata_i", 32, GTKW_HEX, F_NONE}, {S "pstrb_i", 4, GTKW_HEX, F_NONE},
    {S "pprot_i", 3, GTKW_BIN, F_NONE},   {S "exp_prdata_i", 32, GTKW_HEX, F_NONE},
    {S "prdata_o", 32, GTKW_HEX, F_NONE}, {S "exp_pready_i", 0, GTKW_BIN, F_NONE},
    {S "pready_o", 0, GTKW_BIN, F_NONE},  {S "exp_pslverr_i", 0, GTKW_BIN, F_NONE},
    {S "pslverr_o", 0, GTKW_BIN, F_NONE}, {S "exp_busy_i", 0, GTKW_BIN, F_NONE},
    {S "busy_o", 0, GTKW_BIN, F_NONE},
};
static const struct sig g_regs[] = {
    {DUT "u_regs.tcr_q", 32, GTKW_HEX, F_NONE},
    {DUT "u_regs.ter_q", W_PORTS, GTKW_HEX, F_NONE},
    {DUT "u_regs.tpr_q", W_GROUPS, GTKW_HEX, F_NONE},
    {DUT "u_regs.itm_on_o", 0, GTKW_BIN, F_NONE},
    {DUT "u_regs.auth_pe_o", 0, GTKW_BIN, F_NONE},
    {DUT "u_regs.stim_req_o", 0, GTKW_BIN, F_NONE},
    {DUT "u_regs.stim_port_o", 8, GTKW_DEC, F_NONE},
    {DUT "u_regs.stim_data_o", 32, GTKW_HEX, F_NONE},
};
static const struct sig g_lts[] = {
    {DUT "u_ts.ts_q", W_TS, GTKW_HEX, F_NONE},   {DUT "u_ts.tsp_q", 6, GTKW_DEC, F_NONE},
    {DUT "u_ts.tick", 0, GTKW_BIN, F_NONE},      {DUT "u_ts.lts_pending_q", 0, GTKW_BIN, F_NONE},
    {DUT "u_ts.lts_tc0_q", 0, GTKW_BIN, F_NONE}, {DUT "u_ts.lts_tc1_q", 0, GTKW_BIN, F_NONE},
    {DUT "u_ts.wrap_o", 0, GTKW_BIN, F_NONE},    {DUT "u_ts.lts_pkt_o", 56, GTKW_HEX, F_NONE},
};
static const struct sig g_gts[] = {
    {DUT "u_gts.gts_last_q", W_GTS, GTKW_HEX, F_NONE},
    {DUT "u_gts.gts1_pending_q", 0, GTKW_BIN, F_NONE},
    {DUT "u_gts.gts2_pending_q", 0, GTKW_BIN, F_NONE},
    {DUT "u_gts.gts_full_req_q", 0, GTKW_BIN, F_NONE},
    {DUT "u_gts.gts1_pkt_o", 56, GTKW_HEX, F_NONE},
    {DUT "u_gts.gts2_pkt_o", 56, GTKW_HEX, F_NONE},
};
static const struct sig g_pins[] = {
    {S "dwt_sync_req_i", 0, GTKW_BIN, F_NONE},  {S "tpiu_sync_req_i", 0, GTKW_BIN, F_NONE},
    {S "ts_async_tick_i", 0, GTKW_BIN, F_NONE}, {S "async_idle_i", 0, GTKW_BIN, F_NONE},
    {S "gts_i", 64, GTKW_HEX, F_NONE},          {S "gts_clkch_i", 0, GTKW_BIN, F_NONE},
    {S "trcena_i", 0, GTKW_BIN, F_NONE},        {S "niden_i", 0, GTKW_BIN, F_NONE},
    {S "spniden_i", 0, GTKW_BIN, F_NONE},       {S "pe_secure_i", 0, GTKW_BIN, F_NONE},
    {S "halted_i", 0, GTKW_BIN, F_NONE},
};
static const struct sig g_fpb[] = {
    {S "if_valid_i", 0, GTKW_BIN, F_NONE},        {S "if_addr_i", 32, GTKW_HEX, F_NONE},
    {S "if_kind_i", 2, GTKW_DEC, F_NONE},         {S "if_size32_i", 0, GTKW_BIN, F_NONE},
    {S "if_secure_i", 0, GTKW_BIN, F_NONE},       {S "if_priv_i", 0, GTKW_BIN, F_NONE},
    {S "exp_match_i", 0, GTKW_BIN, F_NONE},       {S "match_o", 0, GTKW_BIN, F_NONE},
    {S "exp_bkpt_halt_i", 0, GTKW_BIN, F_NONE},   {S "bkpt_halt_o", 0, GTKW_BIN, F_NONE},
    {S "exp_bkpt_mon_i", 0, GTKW_BIN, F_NONE},    {S "bkpt_mon_o", 0, GTKW_BIN, F_NONE},
    {S "hda_i", 0, GTKW_BIN, F_NONE},             {S "uhda_i", 0, GTKW_BIN, F_NONE},
    {S "uhda_s_i", 0, GTKW_BIN, F_NONE},          {S "c_debugen_i", 0, GTKW_BIN, F_NONE},
    {S "s_halt_i", 0, GTKW_BIN, F_NONE},          {S "s_sde_i", 0, GTKW_BIN, F_NONE},
    {S "mon_en_i", 0, GTKW_BIN, F_NONE},          {S "sdme_i", 0, GTKW_BIN, F_NONE},
    {S "umon_en_i", 0, GTKW_BIN, F_NONE},         {S "mon_prio_i", 0, GTKW_BIN, F_NONE},
};

static const struct sig g_tpiu[] = {
    {S "exp_atready_i", 0, GTKW_BIN, F_NONE},   {S "atready_o", 0, GTKW_BIN, F_NONE},
    {S "exp_txb_valid_i", 0, GTKW_BIN, F_NONE}, {S "txb_valid_o", 0, GTKW_BIN, F_NONE},
    {S "exp_txb_i", 8, GTKW_HEX, F_NONE},       {S "txb_o", 8, GTKW_HEX, F_NONE},
    {S "exp_swo_i", 0, GTKW_BIN, F_NONE},       {S "swo_o", 0, GTKW_BIN, F_NONE},
    {S "exp_traceclk_i", 0, GTKW_BIN, F_NONE},  {S "traceclk_o", 0, GTKW_BIN, F_NONE},
    {S "exp_tracedata_i", 8, GTKW_HEX, F_NONE}, {S "tracedata_o", 8, GTKW_HEX, F_NONE},
};

/* DWT observation port and outputs (configurations with a DWT only). */
static const struct sig g_dwt[] = {
    {S "exp_cmpmatch_i", 16, GTKW_HEX, F_NONE},    {S "cmpmatch_o", 16, GTKW_HEX, F_NONE},
    {S "exp_wpt_halt_i", 0, GTKW_BIN, F_NONE},     {S "wpt_halt_o", 0, GTKW_BIN, F_NONE},
    {S "exp_wpt_mon_i", 0, GTKW_BIN, F_NONE},      {S "wpt_mon_o", 0, GTKW_BIN, F_NONE},
    {S "exp_dwt_hw_valid_i", 0, GTKW_BIN, F_NONE}, {S "dwt_hw_valid_o", 0, GTKW_BIN, F_NONE},
    {S "exp_dwt_hw_data_i", 40, GTKW_HEX, F_NONE}, {S "dwt_hw_data_o", 40, GTKW_HEX, F_NONE},
    {S "exp_dwt_hw_ovf_i", 0, GTKW_BIN, F_NONE},   {S "dwt_hw_ovf_o", 0, GTKW_BIN, F_NONE},
    {S "exp_dwt_sync_req_i", 0, GTKW_BIN, F_NONE}, {S "dwt_sync_req_o", 0, GTKW_BIN, F_NONE},
    {S "ia_valid_i", 0, GTKW_BIN, F_NONE},         {S "ia_addr_i", 32, GTKW_HEX, F_NONE},
    {S "ia_secure_i", 0, GTKW_BIN, F_NONE},        {S "ia_priv_i", 0, GTKW_BIN, F_NONE},
    {S "da_valid_i", 0, GTKW_BIN, F_NONE},         {S "da_addr_i", 32, GTKW_HEX, F_NONE},
    {S "da_size_i", 2, GTKW_DEC, F_NONE},          {S "da_write_i", 0, GTKW_BIN, F_NONE},
    {S "da_data_i", 32, GTKW_HEX, F_NONE},         {S "da_pc_i", 32, GTKW_HEX, F_NONE},
    {S "da_secure_i", 0, GTKW_BIN, F_NONE},        {S "da_priv_i", 0, GTKW_BIN, F_NONE},
    {S "da_fault_i", 0, GTKW_BIN, F_NONE},         {S "da_lazyfp_i", 0, GTKW_BIN, F_NONE},
    {S "exc_valid_i", 0, GTKW_BIN, F_NONE},        {S "exc_fn_i", 2, GTKW_DEC, F_NONE},
    {S "exc_num_i", 9, GTKW_DEC, F_NONE},          {S "exc_secure_i", 0, GTKW_BIN, F_NONE},
    {S "sleeping_i", 0, GTKW_BIN, F_NONE},         {S "evt_cpi_i", 0, GTKW_BIN, F_NONE},
    {S "evt_exc_i", 0, GTKW_BIN, F_NONE},          {S "evt_sleep_i", 0, GTKW_BIN, F_NONE},
    {S "evt_lsu_i", 0, GTKW_BIN, F_NONE},          {S "evt_fold_i", 0, GTKW_BIN, F_NONE},
    {S "pe_priv_i", 0, GTKW_BIN, F_NONE},          {S "niden_p_i", 0, GTKW_BIN, F_NONE},
    {S "spniden_p_i", 0, GTKW_BIN, F_NONE},        {S "monrdy_i", 0, GTKW_BIN, F_NONE},
};

/* DWT internals (configurations with a DWT that has trace: they live under gen_dwt). */
#define DW TRACE_WAVE_SCOPE ".u_dut.gen_dwt.u_dwt."
static const struct sig g_dwt_int[] = {
    {DW "u_regs.ctrl_q", 32, GTKW_HEX, F_NONE},
    {DW "u_cnt.cyccnt_q", 32, GTKW_HEX, F_NONE},
    {DW "u_cnt.post_q", 4, GTKW_DEC, F_NONE},
    {DW "u_cnt.cnt_q", 40, GTKW_HEX, F_NONE},
    {DW "u_cnt.pc_last_q", 32, GTKW_HEX, F_NONE},
    {DW "u_cnt.pc_vld_q", 0, GTKW_BIN, F_NONE},
    {DW "u_cmp.halt_q", 0, GTKW_BIN, F_NONE},
    {DW "u_cmp.mon_q", 0, GTKW_BIN, F_NONE},
    {DW "u_buf.gen_buf.cnt_q", W_DWT_CNT, GTKW_DEC, F_NONE},
    {DW "u_buf.gen_buf.ovf_q", 0, GTKW_BIN, F_NONE},
};

/* TPIU internals (configurations with a TPIU only: they live under gen_tpiu). */
#define TP TRACE_WAVE_SCOPE ".u_dut.gen_tpiu.u_tpiu."
static const struct sig g_tpiu_int[] = {
    {TP "u_regs.tpiu_txmode_q", 2, GTKW_DEC, F_NONE},
    {TP "u_regs.tpiu_enfcont_q", 0, GTKW_BIN, F_NONE},
    {TP "u_regs.tpiu_cspsr_q", 8, GTKW_HEX, F_NONE},
    {TP "u_regs.tpiu_acpr_q", 16, GTKW_DEC, F_NONE},
    {TP "u_regs.fl_state_q", 2, GTKW_DEC, F_NONE},
    {TP "u_regs.restart_o", 0, GTKW_BIN, F_NONE},
    {TP "u_fmt.n_q", W_TPIU_CNT, GTKW_DEC, F_NONE},
    {TP "u_fmt.e0", 15, GTKW_HEX, F_NONE},
    {TP "u_fmt.e1", 15, GTKW_HEX, F_NONE},
    {TP "u_fmt.p_q", 4, GTKW_DEC, F_NONE},
    {TP "u_fmt.aux_q", 8, GTKW_BIN, F_NONE},
    {TP "u_fmt.cur_id_q", 7, GTKW_HEX, F_NONE},
    {TP "u_fmt.cur_vld_q", 0, GTKW_BIN, F_NONE},
    {TP "u_fmt.sync_pend_q", 0, GTKW_BIN, F_NONE},
    {TP "u_fmt.fs2_q", 0, GTKW_BIN, F_NONE},
    {TP "u_fmt.idle_q", W_TPIU_IDLE, GTKW_DEC, F_NONE},
    {TP "u_fmt.idle_pad", 0, GTKW_BIN, F_NONE},
    {TP "u_fmt.unit_push", 0, GTKW_BIN, F_NONE},
    {TP "u_fmt.unit_last", 0, GTKW_BIN, F_NONE},
    {TP "u_fmt.unit_data", 16, GTKW_HEX, F_NONE},
    {TP "u_fmt.ps_q", 28, GTKW_DEC, F_NONE},
    {TP "u_fbuf.fb_n", 5, GTKW_DEC, F_NONE},
    {TP "u_fbuf.fb_bursts_q", 4, GTKW_DEC, F_NONE},
    {TP "u_fbuf.u_valid_o", 0, GTKW_BIN, F_NONE},
    {TP "u_fbuf.u_data_o", 16, GTKW_HEX, F_NONE},
    {TP "u_fbuf.u_take_i", 0, GTKW_BIN, F_NONE},
    {TP "u_par.sh_q", 16, GTKW_HEX, F_NONE},
    {TP "u_par.left_q", 5, GTKW_DEC, F_NONE},
    {TP "u_par.cw_q", 4, GTKW_DEC, F_NONE},
    {TP "u_swo.bc_q", 16, GTKW_DEC, F_NONE},
    {TP "u_swo.ser_busy_q", 0, GTKW_BIN, F_NONE},
    {TP "u_swo.ser_cell_q", 5, GTKW_DEC, F_NONE},
    {TP "u_swo.ser_byte_q", 8, GTKW_HEX, F_NONE},
    {TP "u_swo.ser_more_q", 0, GTKW_BIN, F_NONE},
};

static const struct group groups[] = {
    {"harness", false, g_harness, N(g_harness)},
    {"ATB (exp_* = golden model)", false, g_atb, N(g_atb)},
    {"ITM arbiter (u_arb)", false, g_arb, N(g_arb)},
    {"stimulus FIFO (u_stim_fifo)", false, g_stim_fifo, N(g_stim_fifo)},
    {"hardware source and FIFO (u_hw_fifo)", false, g_hw, N(g_hw)},
    {"APB and status (exp_* = golden model)", false, g_apb, N(g_apb)},
    {"registers (u_regs)", true, g_regs, N(g_regs)},
    {"local timestamp counter (u_ts)", true, g_lts, N(g_lts)},
    {"global timestamps (u_gts)", true, g_gts, N(g_gts)},
    {"other pins", true, g_pins, N(g_pins)},
    {"FPB (exp_* = golden model)", true, g_fpb, N(g_fpb)},
};

/* Formats what an ATB byte means as a packet header (docs/packet-formats.md), in one form
 * for every header: the byte in hex, the packet type, its header fields ("C0 LTS1 tc=0" is
 * the long local timestamp, "10 LTS2 ts=1" the 1-byte one, so that two different forms
 * never read alike). The page of an instrumentation port is not in its header: "INST p5" is
 * port 5 of the current page. */
void trace_wave_hdr_name(unsigned h, char *buf, size_t n)
{
    static const unsigned ss_bytes[4] = {0, 1, 2, 4};
    char what[24];
    if (h == 0x00)
        snprintf(what, sizeof what, "SYNC");
    else if (h == 0x70)
        snprintf(what, sizeof what, "OVF");
    else if ((h & 0x0Fu) == 0x00u) {
        if (!(h & 0x80u))
            snprintf(what, sizeof what, "LTS2 ts=%u", (h >> 4) & 7u);
        else if ((h & 0xC0u) == 0xC0u)
            snprintf(what, sizeof what, "LTS1 tc=%u", (h >> 4) & 3u);
        else
            snprintf(what, sizeof what, "reserved");
    } else if ((h & 0x0Fu) == 0x04u)
        snprintf(what, sizeof what, "%s", h == 0x94 ? "GTS1" : h == 0xB4 ? "GTS2" : "reserved");
    else if ((h & 0x0Bu) == 0x08u) {
        if (h & 0x04u)
            snprintf(what, sizeof what, "EXT sh=1%s", (h & 0x80u) ? "+" : "");
        else
            snprintf(what, sizeof what, "EXT pg%u%s", (h >> 4) & 7u, (h & 0x80u) ? "+" : "");
    } else if (h & 0x04u)
        snprintf(what, sizeof what, "HW d%u %uB", h >> 3, ss_bytes[h & 3u]);
    else
        snprintf(what, sizeof what, "INST p%u %uB", h >> 3, ss_bytes[h & 3u]);
    snprintf(buf, n, "%02X %s", h & 0xFFu, what);
}

/* The arbiter's selection codes (rtl/itm/itm_arb.sv, Sel*). */
static const char *const sel_names[] = {"none", "SYNC", "OVF",  "EXT", "INST",
                                        "HW",   "LTS",  "GTS1", "GTS2"};

static int write_filters(const char *hdr_path, const char *sel_path)
{
    static char text[256][TRACE_WAVE_HDR_LEN];
    static struct gtkw_xlat hx[257];
    hx[0] = (struct gtkw_xlat){0x000, "-"};
    for (unsigned h = 0; h < 256; h++) {
        trace_wave_hdr_name(h, text[h], sizeof text[h]);
        hx[h + 1] = (struct gtkw_xlat){0x100u | h, text[h]};
    }
    struct gtkw_xlat sx[16];
    for (unsigned v = 0; v < 16; v++)
        sx[v] = (struct gtkw_xlat){v, v < N(sel_names) ? sel_names[v] : "?"};
    if (gtkw_filter_write(hdr_path,
                          "ATB packet header of exp_atpkt_i/rtl_atpkt_i "
                          "([8] byte offered, [7:0] header)",
                          9, hx, N(hx)) != 0 ||
        gtkw_filter_write(sel_path, "itm_arb sel (rtl/itm/itm_arb.sv Sel*)", 4, sx, N(sx)) != 0)
        return -1;
    return 0;
}

uint64_t trace_wave_marker_time(int64_t cycle, unsigned reset_cycles)
{
    return (uint64_t)(10 * (cycle + (int64_t)reset_cycles) + 3);
}

static unsigned clog2(unsigned v)
{
    unsigned b = 0;
    while ((1u << b) < v)
        b++;
    return b;
}

/* Name as GTKWave knows it: vectors carry their range, e.g. "atdata_o[7:0]". */
static void sig_name(const struct sig *s, const struct trace_wave_info *wi, char *buf, size_t n)
{
    const struct itm_cfg *cfg = wi->cfg;
    int w = s->width;
    switch (w) {
    case W_STIM_CNT:
        w = (int)clog2(cfg->stim_fifo_depth + 1u);
        break;
    case W_HW_CNT:
        w = (int)clog2(cfg->hw_fifo_depth + 1u);
        break;
    case W_PORTS:
        w = (int)cfg->num_stim_ports;
        break;
    case W_GROUPS:
        w = (int)cfg->num_stim_ports / 8;
        break;
    case W_TS:
        w = (int)cfg->ts_width;
        break;
    case W_GTS:
        w = (int)cfg->gts_width;
        break;
    case W_TPIU_CNT:
        w = (int)clog2(wi->tpiu_fifo_depth + 1u);
        break;
    case W_TPIU_IDLE:
        w = (int)clog2(wi->tpiu_frame_idle_cycles + 1u);
        break;
    case W_DWT_CNT:
        w = (int)clog2(wi->dwt_fifo_depth + 1u);
        break;
    default:
        break;
    }
    if (w == 0)
        snprintf(buf, n, "%s", s->name);
    else
        snprintf(buf, n, "%s[%d:0]", s->name, w - 1);
}

static void put_sig(struct gtkw *w, const struct trace_wave_info *wi, const struct sig *s,
                    enum gtkw_color c, const char *hdr, const char *sel)
{
    char name[160];
    sig_name(s, wi, name, sizeof name);
    const char *filter = NULL;
    if (s->filter == F_HDR)
        filter = hdr;
    else if (s->filter == F_SEL)
        filter = sel;
    gtkw_trace(w, name, s->fmt, c, filter, NULL);
}

/* A group of the configuration-dependent signals, all in the normal colour. */
static void put_group(struct gtkw *w, const struct trace_wave_info *wi, const char *title,
                      bool closed, const struct sig *sigs, size_t n, const char *hdr,
                      const char *sel)
{
    gtkw_group_begin(w, title, closed);
    for (size_t i = 0; i < n; i++)
        put_sig(w, wi, &sigs[i], GTKW_NORMAL, hdr, sel);
    gtkw_group_end(w, title);
}

/* The trace of output port f (e.g. atdata_o) or, exp set, of its golden twin exp_atdata_i. */
static const struct sig *out_sig(enum cmp_field f, bool exp)
{
    static const char *const port[CMP_NFIELDS] = {
        "prdata",  "pready",   "pslverr",   "atvalid", "atdata",    "atid",
        "afready", "hw_ready", "busy",      "match",   "bkpt_halt", "bkpt_mon",
        "atready", "traceclk", "tracedata", "swo",     "txb_valid", "txb",
        "cmpmatch", "wpt_halt", "wpt_mon", "dwt_hw_valid", "dwt_hw_data", "dwt_hw_ovf",
        "dwt_sync_req", "etm_atvalid", "etm_atdata", "etm_atid", "etm_idle", "fun_atvalid",
        "fun_atdata", "fun_atid", "etm_pe_stall"};
    static const struct sig *const group[] = {g_atb, g_apb, g_hw, g_fpb, g_tpiu, g_dwt};
    static const size_t group_n[] = {N(g_atb), N(g_apb), N(g_hw), N(g_fpb), N(g_tpiu),
                                     N(g_dwt)};
    char want[48];
    snprintf(want, sizeof want, exp ? S "exp_%s_i" : S "%s_o", port[f]);
    for (size_t g = 0; g < N(group); g++)
        for (size_t i = 0; i < group_n[g]; i++)
            if (strcmp(group[g][i].name, want) == 0)
                return &group[g][i];
    return NULL;
}

/* Longest name (with its range) among n traces. */
static size_t longest(const struct trace_wave_info *wi, const struct sig *sigs, size_t n, size_t m)
{
    char name[160];
    for (size_t i = 0; i < n; i++) {
        sig_name(&sigs[i], wi, name, sizeof name);
        m = strlen(name) > m ? strlen(name) : m;
    }
    return m;
}

/* The signal pane's width: GTKWave shows "NAME=VALUE" there at the marker; room for the
 * longest name and TRACE_WAVE_VALUE_CHARS characters of value (a 64-bit decimal cycle, a
 * header label), at TRACE_WAVE_CHAR_PX pixels a character, so no value is cut. */
static unsigned signals_px(const struct trace_wave_info *wi)
{
    size_t m = 0;
    for (size_t g = 0; g < N(groups); g++)
        m = longest(wi, groups[g].sig, groups[g].n, m);
    if (wi->tpiu_fifo_depth)
        m = longest(wi, g_tpiu_int, N(g_tpiu_int), longest(wi, g_tpiu, N(g_tpiu), m));
    if (wi->has_dwt)
        m = longest(wi, g_dwt, N(g_dwt), m);
    if (wi->dwt_fifo_depth)
        m = longest(wi, g_dwt_int, N(g_dwt_int), m);
    return (unsigned)(m + 1 + TRACE_WAVE_VALUE_CHARS) * TRACE_WAVE_CHAR_PX + 24u;
}

int trace_wave_view_write(const struct trace_wave_info *wi)
{
    char path[1200], fst[1200], hdr[1200], sel[1200];
    snprintf(path, sizeof path, "%s/%s", wi->dir, wi->gtkw);
    snprintf(fst, sizeof fst, "%s/%s", wi->dir, wi->fst);
    snprintf(hdr, sizeof hdr, "%s/%s", wi->dir, TRACE_WAVE_HDR_FILTER);
    snprintf(sel, sizeof sel, "%s/%s", wi->dir, TRACE_WAVE_SEL_FILTER);
    if (write_filters(hdr, sel) != 0) {
        log_msg(LOG_ERROR, "trace_tb: error: cannot write the translate filters in %s: %s\n", wi->dir,
                strerror(errno));
        return -1;
    }
    struct gtkw w;
    if (gtkw_open(&w, path, fst) != 0) {
        log_msg(LOG_ERROR, "trace_tb: error: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    const int64_t r = wi->reset_cycles;
    bool marked = wi->fail_cycle != INT64_MIN;
    int64_t centre = marked ? wi->fail_cycle : wi->last_cycle;
    int64_t from = centre - 24 > wi->first_cycle ? centre - 24 : wi->first_cycle;
    int64_t to = centre + 8 < wi->last_cycle ? centre + 8 : wi->last_cycle;
    char mname[96];
    snprintf(mname, sizeof mname, "%s cycle %" PRId64, wi->fail_kind ? wi->fail_kind : "",
             wi->fail_cycle);
    struct gtkw_view v = {
        .t_start = (uint64_t)(10 * (from + r)),
        .t_end = (uint64_t)(10 * (to + 1 + r)),
        .marker = marked ? (int64_t)trace_wave_marker_time(wi->fail_cycle, wi->reset_cycles) : -1,
        .marker_name = marked ? mname : NULL,
        .height = 900,
        .signals_width = signals_px(wi),
    };
    v.width = v.signals_width + 1100u; /* and about 1000 pixels of waves */
    gtkw_view_set(&w, &v);
    char line[160];
    snprintf(line, sizeof line,
             "trace time = 10 * (cycle + %u); inputs change at +1, rising edge at +5",
             wi->reset_cycles);
    gtkw_comment(&w, line);

    /* First the outputs that differ, expected (golden) beside actual (RTL), in red. */
    if (wi->diff) {
        char title[96];
        snprintf(title, sizeof title, "differing in cycle %" PRId64 ": expected | actual",
                 wi->fail_cycle);
        gtkw_group_begin(&w, title, false);
        for (unsigned f = 0; f < CMP_NFIELDS; f++) {
            const struct sig *e = out_sig((enum cmp_field)f, true);
            const struct sig *a = out_sig((enum cmp_field)f, false);
            if (!(wi->diff & CMP_BIT(f)) || !e || !a)
                continue;
            put_sig(&w, wi, e, GTKW_RED, hdr, sel);
            put_sig(&w, wi, a, GTKW_RED, hdr, sel);
        }
        if (wi->diff & (CMP_BIT(CMP_ATVALID) | CMP_BIT(CMP_ATDATA))) {
            put_sig(&w, wi, &atpkt_exp, GTKW_RED, hdr, sel);
            put_sig(&w, wi, &atpkt_rtl, GTKW_RED, hdr, sel);
        }
        gtkw_group_end(&w, title);
    }
    for (size_t g = 0; g < N(groups); g++) {
        gtkw_group_begin(&w, groups[g].title, groups[g].closed);
        for (size_t i = 0; i < groups[g].n; i++) {
            const struct sig *s = &groups[g].sig[i];
            enum gtkw_color c = strcmp(s->name, S "mismatch_i") == 0 ? GTKW_RED : GTKW_NORMAL;
            put_sig(&w, wi, s, c, hdr, sel);
        }
        gtkw_group_end(&w, groups[g].title);
    }
    if (wi->tpiu_fifo_depth) /* a configuration with a TPIU */
        put_group(&w, wi, "TPIU pins and formatter output (exp_* = golden model)", false,
                  g_tpiu, N(g_tpiu), hdr, sel);
    if (wi->has_dwt)
        put_group(&w, wi, "DWT observation port and outputs (exp_* = golden model)", false,
                  g_dwt, N(g_dwt), hdr, sel);
    if (wi->dwt_fifo_depth)
        put_group(&w, wi, "DWT internals (u_dut.gen_dwt.u_dwt)", true, g_dwt_int, N(g_dwt_int),
                  hdr, sel);
    if (wi->tpiu_fifo_depth)
        put_group(&w, wi, "TPIU internals (u_dut.gen_tpiu.u_tpiu)", true, g_tpiu_int,
                  N(g_tpiu_int), hdr, sel);
    if (gtkw_close(&w) != 0) {
        log_msg(LOG_ERROR, "trace_tb: error: cannot write %s\n", path);
        return -1;
    }
    return 0;
}
