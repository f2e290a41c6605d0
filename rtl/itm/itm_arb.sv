// SPDX-License-Identifier: Apache-2.0
// ITM packet engine: priority arbiter, packet register, ATB master, page register,
// sync/overflow pending flags, BUSY and ATB flush.
// Spec: Armv8-M B14.1.1 (priority), B14.1.2, B14.1.4 (sync, page);
// docs/itm-contract.md sections 6 (overflow), 8, 9, 10 and 13.

`default_nettype none

`include "cs_assert.svh"

module itm_arb #(
  parameter int NumStimPorts  = 64,  // > 32 makes extension (page) packets possible
  parameter int StimFifoDepth = 4,
  parameter int HwFifoDepth   = 2
) (
  input  logic                               clk_i,
  input  logic                               rst_ni,
  // enables
  input  logic                               itm_on_i,
  input  logic                               syncena_i,
  input  logic                               sync_en_rise_i,  // sync kind 1
  input  logic                               auth_pe_i,
  // synchronization and overflow sources
  input  logic                               dwt_sync_req_i,
  input  logic                               tpiu_sync_req_i,
  input  logic                               halted_i,
  input  logic                               hw_ovf_i,
  input  logic                               wrap_i,          // LTS counter wrapped
  output logic                               sync_k23_o,      // sync kinds 2 and 3
  // stimulus FIFO head and write side
  input  logic                               stim_req_i,      // accepted STIM write
  input  logic [$clog2(StimFifoDepth+1)-1:0] stim_count_i,
  input  logic                               stim_head_valid_i,
  input  logic [7:0]                         stim_port_i,
  input  logic [1:0]                         stim_ss_i,
  input  logic [31:0]                        stim_data_i,
  input  logic                               stim_aged_i,
  input  logic                               stim_ovf_after_i,
  output logic                               stim_pop_o,
  output logic                               stim_mark_ovf_o, // set ovf_after on the tail
  // hardware-source FIFO head
  input  logic [$clog2(HwFifoDepth+1)-1:0]   hw_count_i,
  input  logic                               hw_head_valid_i,
  input  logic [39:0]                        hw_head_i,
  input  logic                               hw_aged_i,
  output logic                               hw_pop_o,
  // timestamp requests and their packets
  input  logic                               lts_pending_i,
  input  logic [55:0]                        lts_pkt_i,
  input  logic [2:0]                         lts_len_i,
  input  logic                               gts1_pending_i,
  input  logic [55:0]                        gts1_pkt_i,
  input  logic [2:0]                         gts1_len_i,
  input  logic                               gts2_pending_i,
  input  logic [55:0]                        gts2_pkt_i,
  input  logic [2:0]                         gts2_len_i,
  // load events for the timestamp units
  output logic                               load_src_o,      // instrumentation or hardware
  output logic                               src_aged_o,
  output logic                               load_other_o,    // any packet but the LTS
  output logic                               load_lts_o,
  output logic                               load_gts1_o,
  output logic                               load_gts2_o,
  // ATB master
  input  logic                               atready_i,
  output logic                               atvalid_o,
  output logic [7:0]                         atdata_o,
  input  logic                               afvalid_i,
  output logic                               afready_o,
  // ITM_TCR.BUSY
  output logic                               busy_o
);

  localparam int StimCntWidth = $clog2(StimFifoDepth + 1);

  // Arbiter selection codes.
  localparam logic [3:0] SelNone  = 4'd0;
  localparam logic [3:0] SelSync  = 4'd1;
  localparam logic [3:0] SelOvf   = 4'd2;
  localparam logic [3:0] SelExt   = 4'd3;
  localparam logic [3:0] SelInstr = 4'd4;
  localparam logic [3:0] SelHw    = 4'd5;
  localparam logic [3:0] SelLts   = 4'd6;
  localparam logic [3:0] SelGts1  = 4'd7;
  localparam logic [3:0] SelGts2  = 4'd8;

  // ---- State -----------------------------------------------------------------------------
  logic [55:0] pkt_q, pkt_d;          // bytes still to send, next one in [7:0]
  logic [2:0]  pkt_rem_q, pkt_rem_d;  // 0 = idle
  logic [2:0]  page_q, page_d;        // stimulus port page of the decoder
  logic        sync_pending_q, sync_pending_d;
  logic        ovf_pending_q, ovf_pending_d;
  logic        halted_q2;
  logic        afready_q, afready_d;

  // ---- Load slot [ITM-ATB-2] -------------------------------------------------------------
  logic load_en, xfer;

  assign atvalid_o = (pkt_rem_q != 3'd0);
  assign atdata_o  = atvalid_o ? pkt_q[7:0] : 8'h00;
  assign xfer      = atvalid_o & atready_i;
  assign load_en   = (pkt_rem_q == 3'd0) | ((pkt_rem_q == 3'd1) & atready_i);

  // ---- Candidates (contract section 8 table) ---------------------------------------------
  logic [2:0] head_page;
  logic       cand_sync, cand_ovf, cand_ext, cand_instr, cand_hw;
  logic       cand_lts, cand_gts1, cand_gts2;

  assign head_page  = stim_port_i[7:5];
  assign cand_sync  = sync_pending_q & auth_pe_i;
  assign cand_ovf   = ovf_pending_q & auth_pe_i;
  assign cand_ext   = stim_head_valid_i & (head_page != page_q);
  assign cand_instr = stim_head_valid_i & (head_page == page_q);
  assign cand_hw    = hw_head_valid_i;
  assign cand_lts   = lts_pending_i & auth_pe_i;
  assign cand_gts1  = gts1_pending_i & auth_pe_i;
  assign cand_gts2  = gts2_pending_i & auth_pe_i;

  // ---- Priority arbiter [ITM-ARB-1] ------------------------------------------------------
  // B14.1.1: sync (-1) > instrumentation (0) > hardware source (1) > local timestamp (2) >
  // global timestamp 1 (3) > global timestamp 2 (4). Contract section 8 table: overflow sits
  // just below sync [ITM-ARB-2]; the page extension goes just before the instrumentation
  // packet that needs it. One packet per load slot; a loaded packet is never pre-empted.
  // Every branch assigns sel exactly once (no default-then-override): the intermediate
  // glitch of the latter sent Icarus 11 into an endless loop within one time step.
  logic [3:0] sel;

  always_comb begin
    if (!load_en) begin
      sel = SelNone;     // no load slot in this cycle
    end else if (cand_sync) begin
      sel = SelSync;     // prio 1: synchronization
    end else if (cand_ovf) begin
      sel = SelOvf;      // prio 2: overflow
    end else if (cand_ext) begin
      sel = SelExt;      // prio 3: extension (stimulus page)
    end else if (cand_instr) begin
      sel = SelInstr;    // prio 4: instrumentation
    end else if (cand_hw) begin
      sel = SelHw;       // prio 5: hardware source
    end else if (cand_lts) begin
      sel = SelLts;      // prio 6: local timestamp
    end else if (cand_gts1) begin
      sel = SelGts1;     // prio 7: global timestamp 1
    end else if (cand_gts2) begin
      sel = SelGts2;     // prio 8: global timestamp 2
    end else begin
      sel = SelNone;     // nothing to send
    end
  end

  logic load_sync, load_ovf, load_ext, load_instr, load_hw;

  assign load_sync    = (sel == SelSync);
  assign load_ovf     = (sel == SelOvf);
  assign load_ext     = (sel == SelExt);
  assign load_instr   = (sel == SelInstr);
  assign load_hw      = (sel == SelHw);
  assign load_lts_o   = (sel == SelLts);
  assign load_gts1_o  = (sel == SelGts1);
  assign load_gts2_o  = (sel == SelGts2);
  assign load_src_o   = load_instr | load_hw;
  assign src_aged_o   = load_instr ? stim_aged_i : hw_aged_i;
  assign load_other_o = (sel != SelNone) & (sel != SelLts);
  assign stim_pop_o   = load_instr;
  assign hw_pop_o     = load_hw;

  // ---- Packet encoders and packet register -----------------------------------------------
  logic [55:0] new_pkt;
  logic [2:0]  new_len;

  always_comb begin
    new_pkt = 56'h0;
    new_len = 3'd0;
    unique case (sel)
      SelSync: begin
        new_pkt = {8'h00, itm_pkg::HdrSyncEnd, 40'h0};  // 00 00 00 00 00 80
        new_len = itm_pkg::SyncLen;
      end
      SelOvf: begin
        new_pkt = {48'h0, itm_pkg::HdrOvf};
        new_len = 3'd1;
      end
      SelExt: begin
        new_pkt = {48'h0, 1'b0, head_page, itm_pkg::ExtStimLo};
        new_len = 3'd1;
      end
      SelInstr: begin
        new_pkt = {16'h0, stim_data_i, stim_port_i[4:0], 1'b0, stim_ss_i};
        new_len = 3'd1 + itm_pkg::ss_bytes(stim_ss_i);
      end
      SelHw: begin
        new_pkt = {16'h0, hw_head_i};
        new_len = 3'd1 + itm_pkg::ss_bytes(hw_head_i[1:0]);
      end
      SelLts: begin
        new_pkt = lts_pkt_i;
        new_len = lts_len_i;
      end
      SelGts1: begin
        new_pkt = gts1_pkt_i;
        new_len = gts1_len_i;
      end
      SelGts2: begin
        new_pkt = gts2_pkt_i;
        new_len = gts2_len_i;
      end
      default: begin
        new_pkt = 56'h0;
        new_len = 3'd0;
      end
    endcase
  end

  always_comb begin
    pkt_d     = pkt_q;
    pkt_rem_d = pkt_rem_q;
    if (sel != SelNone) begin
      pkt_d     = new_pkt;
      pkt_rem_d = new_len;
    end else if (xfer) begin
      pkt_d     = {8'h00, pkt_q[55:8]};
      pkt_rem_d = pkt_rem_q - 3'd1;
    end
  end

  // [ITM-SYNC-4] sync resets the page; [ITM-PAGE-1] the extension packet sets it.
  always_comb begin
    page_d = page_q;
    if (load_sync) begin
      page_d = 3'd0;
    end else if (load_ext) begin
      page_d = head_page;
    end
  end

  // ---- Synchronization requests (contract section 10) ------------------------------------
  logic sync_set;

  assign sync_k23_o = dwt_sync_req_i | tpiu_sync_req_i |  // [ITM-SYNC-2]
                      (halted_q2 & ~halted_i);            // [ITM-SYNC-3] Debug state exit
  // [ITM-SYNC-1..3] evaluated on this cycle's ITM_TCR (a TCR write acts from the next cycle).
  assign sync_set   = itm_on_i & syncena_i & (sync_en_rise_i | sync_k23_o);

  // [ITM-ARB-5] itm_on == 0 clears the flag; a request at this edge wins over the load.
  assign sync_pending_d = sync_set | (itm_on_i & sync_pending_q & ~load_sync);

  // ---- Overflow (contract sections 6, 7, 11) ---------------------------------------------
  logic stim_drop, drop_on_pop, ovf_set;

  // [ITM-STIM-5] the full test uses the registered count only.
  assign stim_drop       = stim_req_i & (stim_count_i == StimCntWidth'(StimFifoDepth));
  // The tail leaves at this very edge (only with one entry): record the overflow directly.
  assign drop_on_pop     = stim_drop & stim_pop_o &
                           (stim_count_i == StimCntWidth'(1));
  assign stim_mark_ovf_o = stim_drop & ~drop_on_pop;
  assign ovf_set         = (hw_ovf_i & itm_on_i) |               // [ITM-HW-2]
                           drop_on_pop |                         // [ITM-STIM-5]
                           (stim_pop_o & stim_ovf_after_i) |     // ovf_after mark
                           wrap_i;                               // [ITM-LTS-2]

  assign ovf_pending_d = itm_on_i & (ovf_set | (ovf_pending_q & ~load_ovf));

  // ---- BUSY [ITM-BUSY-1] and flush [ITM-FLUSH-1] -----------------------------------------
  assign busy_o = (stim_count_i != '0) | (hw_count_i != '0) | (pkt_rem_q != 3'd0) |
                  sync_pending_q | ovf_pending_q | lts_pending_i | gts1_pending_i |
                  gts2_pending_i;

  assign afready_d = afvalid_i & ~afready_q & (stim_count_i == '0) & (hw_count_i == '0) &
                     (pkt_rem_q == 3'd0);
  assign afready_o = afready_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pkt_q          <= '0;
      pkt_rem_q      <= '0;
      page_q         <= '0;
      sync_pending_q <= 1'b0;
      ovf_pending_q  <= 1'b0;
      halted_q2      <= 1'b0;
      afready_q      <= 1'b0;
    end else begin
      pkt_q          <= pkt_d;
      pkt_rem_q      <= pkt_rem_d;
      page_q         <= page_d;
      sync_pending_q <= sync_pending_d;
      ovf_pending_q  <= ovf_pending_d;
      halted_q2      <= halted_i;
      afready_q      <= afready_d;
    end
  end

  // ---- Assertions ------------------------------------------------------------------------
  `CS_ASSERT_INIT(params_A, (NumStimPorts >= 8) && (NumStimPorts <= 256) &&
                            (StimFifoDepth >= 1) && (StimFifoDepth <= 16) &&
                            (HwFifoDepth >= 1) && (HwFifoDepth <= 16))
  `CS_ASSERT(atb_hold_A, !(atvalid_o && !atready_i) || (pkt_rem_d == pkt_rem_q &&
                                                       pkt_d == pkt_q))
  `CS_ASSERT(load_only_in_slot_A, (sel == SelNone) || load_en)
  `CS_ASSERT(len_range_A, (sel == SelNone) || (new_len != 3'd0))
  `CS_ASSERT(page_small_A, (NumStimPorts > 32) || (page_q == 3'd0))
  `CS_ASSERT_KNOWN(atb_known_A, {atvalid_o, atdata_o})

endmodule

`default_nettype wire
