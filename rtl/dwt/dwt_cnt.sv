// SPDX-License-Identifier: Apache-2.0
// DWT counters and non-comparator packets: CYCCNT, POSTCNT, SYNCTAP, the five event
// counters, PC sampling (pc_last, periodic PC sample, DWT_PCSR) and exception trace.
// Spec: Armv8-M B14.2.2, B14.2.8-B14.2.10; docs/dwt-contract.md sections 10.3 and 11-14.

`default_nettype none

`include "cs_assert.svh"

module dwt_cnt #(
  parameter int HasTrace  = 1,  // trace packets
  parameter int HasCycCnt = 1,  // CYCCNT, POSTCNT, SYNCTAP
  parameter int HasPrfCnt = 1,  // five event counters
  parameter int SecExt    = 1,  // Security Extension
  parameter int Ude       = 1   // Unprivileged Debug Extension
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  // DWT_CTRL fields
  input  logic        cyccntena_i,
  input  logic [3:0]  postpreset_i,
  input  logic [3:0]  postinit_i,
  input  logic        cyctap_i,
  input  logic [1:0]  synctap_i,
  input  logic        pcsamplena_i,
  input  logic        exctrcena_i,
  input  logic [4:0]  evtena_i,      // CPI, EXC, SLEEP, LSU, FOLD
  input  logic        cycevtena_i,
  input  logic        cycdiss_i,
  // register write effects of this edge
  input  logic [31:0] wdata_i,
  input  logic        cyccnt_wr_i,
  input  logic [4:0]  cnt_wr_i,
  input  logic [4:0]  cnt_clr_i,
  input  logic        post_load_i,
  // executed instruction (pc_last)
  input  logic        ia_valid_i,
  input  logic [31:0] ia_addr_i,
  input  logic        ia_secure_i,
  input  logic        ia_priv_i,
  // exception trace events
  input  logic        exc_valid_i,
  input  logic [1:0]  exc_fn_i,
  input  logic [8:0]  exc_num_i,
  input  logic        exc_secure_i,
  // PE state and counter strobes
  input  logic        sleeping_i,
  input  logic [4:0]  evt_i,         // CPI, EXC, SLEEP, LSU, FOLD
  input  logic        pe_secure_i,
  input  logic        pe_priv_i,
  input  logic        halted_i,
  // authentication (contract section 7: nidU, nidP, snidU, snidP)
  input  logic        trcena_i,
  input  logic        nid_u_i,
  input  logic        nid_p_i,
  input  logic        snid_u_i,
  input  logic        snid_p_i,
  // values for register reads
  output logic [31:0] cyccnt_o,
  output logic [39:0] evcnt_o,       // counter k at [8k +: 8]
  output logic [31:0] pcsr_o,
  // cycle-counter increment of this edge, for the CYC comparator
  output logic        cyc_inc_o,
  output logic [31:0] cyc_next_o,
  // last executed instruction, for the cycle-match PC value ([DWT-PKT-2], section 10.3)
  output logic [31:0] pc_last_o,
  output logic        pc_last_tok_o, // trace_ok(pc_last_s_q, pc_last_p_q)
  // packets of this edge: exception trace, periodic PC sample, event counter
  output logic [2:0]  pkt_vld_o,
  output logic [119:0] pkt_data_o,   // {evcnt, pcsample, exc}, 40 bits each
  // [DWT-SYNC-1] SYNCTAP request, registered
  output logic        sync_req_o
);

  // Packet headers (contract section 10.2).
  localparam logic [7:0] HdrEvCnt  = 8'h05;
  localparam logic [7:0] HdrExc    = 8'h0E;
  localparam logic [7:0] HdrPcs    = 8'h17;
  localparam logic [7:0] HdrPcsSlp = 8'h15;

  // [DWT-AUTH-1] trace_ok(s, p) of the contract's section 7, for this configuration.
  function automatic logic trace_ok(logic s, logic p, logic trcena, logic nidu, logic nidp,
                                    logic snidu, logic snidp);
    trace_ok = dwt_pkg::trace_ok(SecExt != 0, Ude != 0, s, p, trcena, nidu, nidp, snidu, snidp);
  endfunction

  // ---- State -----------------------------------------------------------------------------
  // The next values feed only these flip-flops, so they are computed in the flip-flops' own
  // block (`upd`, blocking temporaries from the inputs and registers at the edge): a
  // simulator evaluates them once, at the edge, and not again whenever an input changes
  // (README, issue #22 item 1). The same next-state logic as separate blocks in hardware.
  logic [31:0] cyccnt_q;
  logic [3:0]  post_q;
  logic [39:0] cnt_q;
  logic [31:0] pc_last_q;
  logic        pc_last_s_q, pc_last_p_q, pc_vld_q;
  logic        sync_req_q;

  // ---- Authentication of the PE's and the sampled instruction's state --------------------
  logic pe_tok, pcl_tok;

  assign pe_tok  = trace_ok(pe_secure_i, pe_priv_i, trcena_i, nid_u_i, nid_p_i, snid_u_i,
                            snid_p_i);
  assign pcl_tok = trace_ok(pc_last_s_q, pc_last_p_q, trcena_i, nid_u_i, nid_p_i, snid_u_i,
                            snid_p_i);

  // ---- CYCCNT (section 11) ---------------------------------------------------------------
  logic        cyc_inc, tap_ev, post_act, post_fire;
  logic [31:0] cyc_next;

  // [DWT-CYC-1], [DWT-CYC-3] TRCENA, CYCDISS in Secure state and Debug state stop it.
  assign cyc_inc  = (HasCycCnt != 0) && cyccntena_i && trcena_i && !halted_i &&
                    !((SecExt != 0) && cycdiss_i && pe_secure_i);
  assign cyc_next = cyccnt_q + 32'd1;

  // [DWT-POST-1] every change of the tapped bit caused by an increment.
  assign tap_ev    = cyc_inc && (cyctap_i ? (cyccnt_q[10] != cyc_next[10]) :
                                            (cyccnt_q[6] != cyc_next[6]));
  // [DWT-POST-2] POSTCNT counts taps while PCSAMPLENA or CYCEVTENA is set; the event fires
  // when it is 0 at a tap (and it reloads POSTPRESET).
  assign post_act  = tap_ev && (pcsamplena_i || cycevtena_i);
  assign post_fire = post_act && (post_q == 4'h0);

  // ---- Event counters (section 13) -------------------------------------------------------
  logic       cnt_ok;
  logic [4:0] inc, wrap;

  // [DWT-CNT-3] effective enables; [DWT-CNT-4] no count while halted.
  assign cnt_ok = pe_tok && !((SecExt != 0) && pe_secure_i && !snid_p_i);
  assign inc    = ((HasPrfCnt != 0) && cnt_ok && !halted_i) ? (evtena_i & evt_i) : 5'h0;

  // [DWT-CNT-1] write, else clear on enable, else increment (mod 256).
  // (the next values, in the flip-flops' block `upd` below)
  for (genvar k = 0; k < 5; k++) begin : gen_cnt
    assign wrap[k]         = inc[k] && !cnt_wr_i[k] && !cnt_clr_i[k] &&
                             (cnt_q[8*k +: 8] == 8'hFF);
  end

  // [DWT-PCS-2] DWT_PCSR read value (gated by HasPcsr in dwt_regs).
  assign pcsr_o = (halted_i || !pc_vld_q || !pcl_tok) ? 32'hFFFF_FFFF : pc_last_q;

  // ---- Packets of this edge --------------------------------------------------------------
  logic        exc_vld, pcs_vld, evc_vld;
  logic [39:0] exc_data, pcs_data, evc_data;
  logic [5:0]  evc_flags;

  // [DWT-EXC-1] exception trace; privilege is not considered.
  assign exc_vld  = (HasTrace != 0) && exc_valid_i && (exc_fn_i != 2'b00) && exctrcena_i &&
                    trcena_i && nid_u_i && !((SecExt != 0) && exc_secure_i && !snid_u_i);
  assign exc_data = {16'h0, 2'b00, exc_fn_i, 3'b000, exc_num_i[8], exc_num_i[7:0], HdrExc};

  // [DWT-PCS-1] periodic PC sample: sleeping form, else the last instruction, else nothing.
  always_comb begin
    pcs_vld  = 1'b0;
    pcs_data = '0;
    if ((HasTrace != 0) && post_fire && pcsamplena_i) begin
      if (sleeping_i && pe_tok) begin
        pcs_vld  = 1'b1;
        pcs_data = {32'h0, HdrPcsSlp};
      end else if (pc_vld_q && pcl_tok) begin
        pcs_vld  = 1'b1;
        pcs_data = {pc_last_q, HdrPcs};
      end
    end
  end

  // [DWT-CNT-5] one event counter packet for every wrap and the Cyc event of an edge.
  assign evc_flags = {post_fire && cycevtena_i && pe_tok, wrap};
  assign evc_vld   = (HasTrace != 0) && (evc_flags != 6'h0);
  assign evc_data  = {24'h0, 2'b00, evc_flags, HdrEvCnt};

  assign pkt_vld_o  = {evc_vld, pcs_vld, exc_vld};
  // The payloads only in a cycle with a packet (the only cycles dwt_buf reads them).
  always_comb begin : pkt_payload
    pkt_data_o = '0;
    if (pkt_vld_o != 3'b000) begin
      pkt_data_o = {evc_data, pcs_data, exc_data};
    end
  end

  // ---- Outputs ---------------------------------------------------------------------------
  assign cyccnt_o      = cyccnt_q;
  assign evcnt_o       = cnt_q;
  assign cyc_inc_o     = cyc_inc;
  assign cyc_next_o    = cyc_next;
  assign pc_last_o     = pc_last_q;
  assign pc_last_tok_o = pcl_tok;
  assign sync_req_o    = sync_req_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin : upd
    logic [31:0] cyccnt_d, pc_last_d;
    logic [3:0]  post_d;
    logic [39:0] cnt_d;
    logic        pc_last_s_d, pc_last_p_d, pc_vld_d, sync_ev, sync_req_d;
    if (!rst_ni) begin
      cyccnt_q    <= '0;
      post_q      <= '0;
      cnt_q       <= '0;
      pc_last_q   <= '0;
      pc_last_s_q <= 1'b0;
      pc_last_p_q <= 1'b0;
      pc_vld_q    <= 1'b0;
      sync_req_q  <= 1'b0;
    end else begin
      // [DWT-CYC-2] a write wins over the increment.
      cyccnt_d = cyccnt_q;
      if (cyccnt_wr_i) begin
        cyccnt_d = wdata_i;
      end else if (cyc_inc) begin
        cyccnt_d = cyc_next;
      end
      post_d = post_q;
      if (post_load_i) begin
        post_d = postinit_i;          // [DWT-POST-3] the POSTINIT value before the write
      end else if (post_act) begin
        post_d = (post_q != 4'h0) ? (post_q - 4'h1) : postpreset_i;
      end
      // [DWT-SYNC-1] SYNCTAP = 01/10/11 taps CYCCNT[24]/[26]/[28].
      unique case (synctap_i)
        2'b01:   sync_ev = cyccnt_q[24] != cyc_next[24];
        2'b10:   sync_ev = cyccnt_q[26] != cyc_next[26];
        2'b11:   sync_ev = cyccnt_q[28] != cyc_next[28];
        default: sync_ev = 1'b0;
      endcase
      sync_req_d = cyc_inc && sync_ev;
      // [DWT-CNT-1] write, else clear on enable, else increment (mod 256).
      for (int k = 0; k < 5; k++) begin
        cnt_d[8*k +: 8] = cnt_wr_i[k]  ? wdata_i[7:0] :
                          cnt_clr_i[k] ? 8'h00 :
                          inc[k]       ? (cnt_q[8*k +: 8] + 8'h01) : cnt_q[8*k +: 8];
      end
      // pc_last (section 10.3)
      pc_last_d   = pc_last_q;
      pc_last_s_d = pc_last_s_q;
      pc_last_p_d = pc_last_p_q;
      pc_vld_d    = pc_vld_q;
      if (ia_valid_i) begin
        pc_last_d   = {ia_addr_i[31:1], 1'b0};
        pc_last_s_d = (SecExt != 0) && ia_secure_i;
        pc_last_p_d = ia_priv_i;
        pc_vld_d    = 1'b1;
      end
      cyccnt_q    <= cyccnt_d;
      post_q      <= post_d;
      cnt_q       <= cnt_d;
      pc_last_q   <= pc_last_d;
      pc_last_s_q <= pc_last_s_d;
      pc_last_p_q <= pc_last_p_d;
      pc_vld_q    <= pc_vld_d;
      sync_req_q  <= sync_req_d;
    end
  end

  // Bit 0 of the instruction address is ignored (section 10.3).
  logic unused_bit0;
  assign unused_bit0 = ia_addr_i[0];

  // ---- Assertions ------------------------------------------------------------------------
  // Without the feature the state never leaves reset (RAZ/WI registers, contract section 4).
  `CS_ASSERT(no_cyccnt_A, (HasCycCnt != 0) || ((cyccnt_q == 32'h0) && !sync_req_q))
  `CS_ASSERT(no_prfcnt_A, (HasPrfCnt != 0) || (cnt_q == 40'h0))

endmodule

`default_nettype wire
