// SPDX-License-Identifier: Apache-2.0
// Replays one ETM conformance vector (vectors/README.md, "ETM vectors") on etm_top, or on any
// module with its ports and parameters, in any Verilog simulator: drives inputs.hex, one line
// per clock cycle, and compares the outputs with outputs.hex, at one of two levels
// (+level=cycle, the default: every output in every cycle; +level=transaction: what the
// interfaces define, rules in vectors/README.md "Transaction level"). Plain
// SystemVerilog-2012 (Icarus Verilog 11: iverilog -g2012); the file handling, the cycle loop
// and the transaction-level machinery are tests/vectors/vec_replay.svh.
// tests/vectors/replay.sh compiles and runs it in one command.
//
//   iverilog -g2012 -Itests/vectors -Irtl/common -Irtl/etm -s etm_replay_tb \
//     -P etm_replay_tb.FifoDepth=.. -P etm_replay_tb.RsDepth=.. ... [-DDUT=my_etm] \
//     -o etm.vvp tests/vectors/etm_replay_tb.sv <rtl>
//   vvp etm.vvp +vec=vectors/etm/<id> [+level=transaction] [+lines=N]
//
// The parameters must be the vector's (vector.txt "param" lines; the bench checks them and
// stops with $fatal on a difference). -DDUT=NAME replaces the module under test (default
// etm_top; it needs the ports and parameters of etm_top, docs/etm-contract.md sections 1 and
// 3). cmpmatch_i is 4 bits in inputs.hex; the bench passes its NumPc low bits (bit 0 when
// NumPc = 0). Format 2 (vectors/README.md "Versioning"): inputs.hex carries the speculation
// inputs spec_*_i (docs/etm-contract.md 18.2; 0 in every cycle of a MaxSpec 0 vector),
// outputs.hex pe_stall_o (section 21; 0 in every cycle of a HasStall 0 vector). +lines
// defaults to the number in the vector's cycles.txt. Exit status 0 = pass; at the cycle level the first difference names the cycle and the outputs, at the
// transaction level every problem is printed (vvp exit status 1 on a failure).

`timescale 1ns / 1ps
`default_nettype none

`ifndef DUT
`define DUT etm_top
`endif

module etm_replay_tb #(
  parameter int FifoDepth = 64,
  parameter int RsDepth   = 3,
  parameter int CcSize    = 12,
  parameter int NumPc     = 4,
  parameter int SecExt    = 1,
  parameter int HasStall  = 0,   // TRCSTALLCTLR and pe_stall_o (etm-contract section 21)
  parameter int NumAcPairs = 0,  // address range comparator pairs (etm-contract section 22)
  parameter int AtomF45   = 0,
  parameter int MaxSpec   = 0,   // TRCIDR8.MAXSPEC, the speculation inputs (section 18)
  parameter int QSupp     = 0,   // Q elements (etm-contract section 20)
  parameter int MaxLines = 65536  // the longest vector this build holds (lines)
);

  localparam int InW    = 224;  // inputs.hex: 56 hex digits (221 bits used)
  localparam int OutW   = 56;   // outputs.hex: 14 hex digits (53 bits used)
  localparam int RstBit = 220;  // rst_ni in an inputs.hex word
  localparam int NumStreams = 2;  // ATB transfers, flush acknowledges
  localparam int NumOffers  = 1;  // flush requests (afvalid_i)
  localparam int PcW = (NumPc > 0) ? NumPc : 1;

  `include "vec_replay.svh"

  function automatic int param_get(input string name);
    if (name == "FifoDepth") return FifoDepth;
    if (name == "RsDepth") return RsDepth;
    if (name == "CcSize") return CcSize;
    if (name == "NumPc") return NumPc;
    if (name == "NumAcPairs") return NumAcPairs;
    if (name == "SecExt") return SecExt;
    if (name == "HasStall") return HasStall;
    if (name == "AtomF45") return AtomF45;
    if (name == "MaxSpec") return MaxSpec;
    if (name == "QSupp") return QSupp;
    return -1;
  endfunction

  function automatic bit block_ok(input string name);
    return name == "etm";
  endfunction

  // ---- DUT -------------------------------------------------------------------------------
  /* verilator lint_off UNUSEDSIGNAL */
  logic [2:0]  in_pad;   // the 0 bits above the first field
  logic [3:0]  in_cmpmatch;  // NumPc bits used
  logic [2:0]  exp_pad;  // the 0 bits above the first output field
  /* verilator lint_on UNUSEDSIGNAL */
  logic        in_rst_ni;
  logic        in_psel;
  logic        in_penable;
  logic        in_pwrite;
  logic [11:0] in_paddr;
  logic [31:0] in_pwdata;
  logic [3:0]  in_pstrb;
  logic [2:0]  in_pprot;
  logic        in_pe_valid;
  logic [31:0] in_pe_addr;
  logic        in_pe_size;
  logic        in_pe_br;
  logic        in_pe_ind;
  logic        in_pe_taken;
  logic        in_pe_link;
  logic        in_pe_excret;
  logic        in_pe_ns;
  logic        in_exc_valid;
  logic [8:0]  in_exc_num;
  logic [31:0] in_exc_ret;
  logic [4:0]  in_spec_commit;
  logic        in_spec_flush;
  logic [4:0]  in_spec_cancel;
  logic        in_spec_mispred;
  logic [63:0] in_gts;
  logic        in_niden;
  logic        in_spniden;
  logic        in_atready;
  logic        in_afvalid;
  logic [31:0] out_prdata;
  logic        out_pready;
  logic        out_pslverr;
  logic        out_atvalid;
  logic [7:0]  out_atdata;
  logic [6:0]  out_atid;
  logic        out_afready;
  logic        out_idle;
  logic        out_pe_stall;

  // inputs.hex, most significant field first (vectors/README.md)
  assign {in_pad, in_rst_ni, in_psel, in_penable, in_pwrite, in_paddr, in_pwdata, in_pstrb,
          in_pprot, in_pe_valid, in_pe_addr, in_pe_size, in_pe_br, in_pe_ind, in_pe_taken,
          in_pe_link, in_pe_excret, in_pe_ns, in_exc_valid, in_exc_num, in_exc_ret,
          in_cmpmatch, in_spec_commit, in_spec_flush, in_spec_cancel, in_spec_mispred, in_gts,
          in_niden, in_spniden, in_atready, in_afvalid} = in_w;

  `DUT #(
    .FifoDepth (FifoDepth),
    .RsDepth   (RsDepth),
    .CcSize    (CcSize),
    .NumPc     (NumPc),
    .SecExt    (SecExt),
    .HasStall  (HasStall),
    .NumAcPairs (NumAcPairs),
    .AtomF45   (AtomF45),
    .MaxSpec   (MaxSpec),
    .QSupp     (QSupp)
  ) u_dut (
    .clk_i       (clk),
    .rst_ni      (in_rst_ni),
    .psel_i      (in_psel),
    .penable_i   (in_penable),
    .pwrite_i    (in_pwrite),
    .paddr_i     (in_paddr),
    .pwdata_i    (in_pwdata),
    .pstrb_i     (in_pstrb),
    .pprot_i     (in_pprot),
    .prdata_o    (out_prdata),
    .pready_o    (out_pready),
    .pslverr_o   (out_pslverr),
    .pe_valid_i  (in_pe_valid),
    .pe_addr_i   (in_pe_addr),
    .pe_size_i   (in_pe_size),
    .pe_br_i     (in_pe_br),
    .pe_ind_i    (in_pe_ind),
    .pe_taken_i  (in_pe_taken),
    .pe_link_i   (in_pe_link),
    .pe_excret_i (in_pe_excret),
    .pe_ns_i     (in_pe_ns),
    .exc_valid_i (in_exc_valid),
    .exc_num_i   (in_exc_num),
    .exc_ret_i   (in_exc_ret),
    .cmpmatch_i  (in_cmpmatch[PcW-1:0]),
    .spec_commit_i  (in_spec_commit),
    .spec_flush_i   (in_spec_flush),
    .spec_cancel_i  (in_spec_cancel),
    .spec_mispred_i (in_spec_mispred),
    .gts_i       (in_gts),
    .niden_i     (in_niden),
    .spniden_i   (in_spniden),
    .atvalid_o   (out_atvalid),
    .atready_i   (in_atready),
    .atdata_o    (out_atdata),
    .atid_o      (out_atid),
    .afvalid_i   (in_afvalid),
    .afready_o   (out_afready),
    .idle_o      (out_idle),
    .pe_stall_o  (out_pe_stall)
  );

  // outputs.hex, most significant field first
  assign out_w = {3'b0, out_prdata, out_pready, out_pslverr, out_atvalid, out_atdata, out_atid,
                  out_afready, out_idle, out_pe_stall};

  // ==== comparison, cycle level: every output in every cycle =================================
  // exp_w is this cycle's line of outputs.hex; its fields, named like the outputs:
  logic [31:0] exp_prdata;
  logic        exp_pready;
  logic        exp_pslverr;
  logic        exp_atvalid;
  logic [7:0]  exp_atdata;
  logic [6:0]  exp_atid;
  logic        exp_afready;
  logic        exp_idle;
  logic        exp_pe_stall;
  assign {exp_pad, exp_prdata, exp_pready, exp_pslverr, exp_atvalid, exp_atdata, exp_atid,
          exp_afready, exp_idle, exp_pe_stall} = exp_w;

  task automatic compare(input int k);
    if (out_w !== exp_w) begin
      $display("etm_replay_tb: MISMATCH in %s at cycle %0d (line %0d of outputs.hex, from 0)",
               dir, k - reset_lines, k);
      $display("  output              expected, actual (hex)");
      if (exp_prdata !== out_prdata)
        $display("  prdata_o            %h  %h", exp_prdata, out_prdata);
      if (exp_pready !== out_pready)
        $display("  pready_o            %h  %h", exp_pready, out_pready);
      if (exp_pslverr !== out_pslverr)
        $display("  pslverr_o           %h  %h", exp_pslverr, out_pslverr);
      if (exp_atvalid !== out_atvalid)
        $display("  atvalid_o           %h  %h", exp_atvalid, out_atvalid);
      if (exp_atdata !== out_atdata)
        $display("  atdata_o            %h  %h", exp_atdata, out_atdata);
      if (exp_atid !== out_atid)
        $display("  atid_o              %h  %h", exp_atid, out_atid);
      if (exp_afready !== out_afready)
        $display("  afready_o           %h  %h", exp_afready, out_afready);
      if (exp_idle !== out_idle)
        $display("  idle_o              %h  %h", exp_idle, out_idle);
      if (exp_pe_stall !== out_pe_stall)
        $display("  pe_stall_o          %h  %h", exp_pe_stall, out_pe_stall);
      $display("  inputs of that cycle: %h", in_mem[k]);
      vec_failed = 1'b1;
    end
  endtask

  // ==== comparison, transaction level (vectors/README.md "Transaction level", ETM) ===========
  // (Verilator's UNUSEDSIGNAL is off for this section, as in vec_replay.svh)
  /* verilator lint_off UNUSEDSIGNAL */
  // Bits of the .hex words (the layout tables of vectors/README.md):
  localparam int IPsel = 219, IPenable = 218, IPeValid = 165, IExcValid = 125;
  localparam int ISpecLo = 68, ISpecHi = 79;  // spec_commit_i .. spec_mispred_i
  localparam int IAtReady = 1, IAfValid = 0;
  localparam int OPslverr = 19, OAtValid = 18, OAfReady = 2, OIdle = 1;

  // Streams: 0 ATB transfers {ATID, ATDATA} (latency in ready slots: cycles with ATREADY,
  // which the vector's sink gives whatever the DUT does); 1 flush acknowledges.
  function automatic string stream_name(input int s);
    return s == 0 ? "ATB transfer (atdata_o, atid_o)" : "flush acknowledge (afready_o)";
  endfunction

  function automatic string event_text(input int s, input logic [63:0] v);
    if (s == 0) return $sformatf("byte 0x%h ID 0x%h", v[7:0], v[14:8]);
    return "AFREADY";
  endfunction

  function automatic bit stream_slots(input int s);
    return s == 0;
  endfunction

  function automatic bit slot_ready(input int k);
    return in_mem[k][IAtReady];
  endfunction

  function automatic logic [64:0] exp_event(input int s, input int k);
    logic [InW-1:0]  i;
    logic [OutW-1:0] o;
    i = in_mem[k];
    o = out_mem[k];
    if (s == 0) return {i[IAtReady] && o[OAtValid], 49'b0, o[9:3], o[17:10]};
    return {o[OAfReady], 64'b0};
  endfunction

  function automatic logic [64:0] dut_event(input int s);
    if (s == 0) return {out_atvalid && in_atready, 49'b0, out_atid, out_atdata};
    return {out_afready, 64'b0};
  endfunction

  // Offer 0: the flush requests (afvalid_i; answered with afready_o).
  function automatic logic [64:0] offer_line(input int o, input int k);
    return {in_mem[k][IAfValid], 64'b0};
  endfunction

  function automatic bit offer_taken(input int o, input int k);
    return out_mem[k][OAfReady];
  endfunction

  task automatic tx_drive(input int k);
    if (k >= lines) begin  // the drain: no APB access, nothing retired, the sink ready
      in_w[IPsel] = 1'b0;
      in_w[IPenable] = 1'b0;
      in_w[IPeValid] = 1'b0;
      in_w[IExcValid] = 1'b0;
      in_w[ISpecHi:ISpecLo] = '0;  // no commit, no recovery
      in_w[IAtReady] = 1'b1;
    end
    in_w[IAfValid] = offer_active(0, k);
  endtask

  logic       at_hold;       // ATVALID was 1 without ATREADY in the cycle before
  logic [7:0] at_hold_data;
  bit         x_seen;        // X on a control output was reported

  task automatic tx_start;
    at_hold = 1'b0;
    at_hold_data = '0;
    x_seen = 1'b0;
  endtask

  task automatic tx_check(input int k);
    apb_check(k, in_psel, in_penable, in_pwrite, {8'b0, in_paddr}, out_pready, out_prdata,
              out_pslverr, out_mem[k][52:21], out_mem[k][OPslverr]);
    // pe_stall_o: a request the PE may ignore ([ETM-STALL-5]), so the vector's events stay
    // legal whatever the DUT requests; only the cycle level compares its value
    if (!x_seen && (^{out_atvalid, out_afready, out_idle, out_pe_stall}) === 1'bx) begin
      tx_fail(k, "X on atvalid_o, afready_o, idle_o or pe_stall_o");
      x_seen = 1'b1;
    end
    // ATB: once ATVALID is 1 it stays 1, with ATDATA, until a cycle with ATREADY
    if (at_hold && (out_atvalid !== 1'b1 || out_atdata !== at_hold_data)) begin
      tx_fail(k, $sformatf({"ATB: ATVALID %b ATDATA 0x%h; the cycle before offered 0x%h ",
                            "without ATREADY"}, out_atvalid, out_atdata, at_hold_data));
    end
    at_hold = out_atvalid === 1'b1 && in_atready !== 1'b1;
    at_hold_data = out_atdata;
    if (out_afready === 1'b1 && !offer_active(0, k))
      tx_fail(k, "AFREADY = 1 without a flush request (AFVALID 0)");
    offer_observe(0, k, out_afready === 1'b1);
  endtask

  // the vector ends with the ETM idle: so must the DUT, within lat cycles
  function automatic bit tx_idle();
    return out_mem[lines - 1][OIdle] !== 1'b1 || out_idle === 1'b1;
  endfunction

  task automatic tx_final;
    if (!tx_idle()) tx_fail(lines + drain, "idle_o is still 0 after the drain");
  endtask
  /* verilator lint_on UNUSEDSIGNAL */

endmodule

`default_nettype wire
