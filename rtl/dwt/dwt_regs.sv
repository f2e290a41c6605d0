// SPDX-License-Identifier: Apache-2.0
// DWT APB4 slave and programmers' model: DWT_CTRL, counters, PCSR, comparators, ID registers.
// Spec: Armv8-M B14.2.1, B14.2.8-B14.2.10; docs/dwt-contract.md sections 4 and 5.

`default_nettype none

`include "cs_assert.svh"

module dwt_regs #(
  parameter int NumComp    = 4,  // implemented comparators: 0..15
  parameter int HasMain    = 1,  // Main Extension
  parameter int HasTrace   = 1,  // trace packets
  parameter int HasCycCnt  = 1,  // CYCCNT, POSTCNT, SYNCTAP
  parameter int HasPrfCnt  = 1,  // five event counters
  parameter int HasExtTrig = 1,  // CMPMATCH outputs (read as NOEXTTRIG only)
  parameter int HasVmask   = 1,  // DWT_VMASKn
  parameter int HasPcsr    = 1,  // DWT_PCSR
  parameter int SecExt     = 1   // Security Extension (CYCDISS)
) (
  input  logic                                        clk_i,
  input  logic                                        rst_ni,
  // APB4 slave (pready is driven by dwt_top)
  input  logic                                        psel_i,
  input  logic                                        penable_i,
  input  logic                                        pwrite_i,
  input  logic [11:0]                                 paddr_i,
  input  logic [31:0]                                 pwdata_i,
  input  logic [3:0]                                  pstrb_i,
  input  logic [2:0]                                  pprot_i,
  output logic [31:0]                                 prdata_o,
  output logic                                        pslverr_o,
  // comparator identification ([DWT-ID-1], 5 bits per comparator)
  input  logic [((NumComp > 0) ? NumComp : 1)*5-1:0]  id_i,
  // MATCHED ([DWT-MATCHED-1]; the bits are held in dwt_cmp, beside the match logic that
  // sets them) and its clear by a read of DWT_FUNCTIONn at this edge ([DWT-MATCHED-2])
  input  logic [((NumComp > 0) ? NumComp : 1)-1:0]    matched_i,
  output logic [((NumComp > 0) ? NumComp : 1)-1:0]    matched_clr_o,
  // counter and PC sample values for reads (setup cycle)
  input  logic [31:0]                                 cyccnt_i,
  input  logic [39:0]                                 evcnt_i,
  input  logic [31:0]                                 pcsr_i,
  // DWT_CTRL fields
  output logic                                        cyccntena_o,
  output logic [3:0]                                  postpreset_o,
  output logic [3:0]                                  postinit_o,
  output logic                                        cyctap_o,
  output logic [1:0]                                  synctap_o,
  output logic                                        pcsamplena_o,
  output logic                                        exctrcena_o,
  output logic [4:0]                                  evtena_o,    // CPI, EXC, SLEEP, LSU, FOLD
  output logic                                        cycevtena_o,
  output logic                                        cycdiss_o,
  // comparator registers (comparator n at [32n +: 32], [2n +: 2]; MATCH and ACTION only as
  // fmatch_d_o, faction_d_o: dwt_cmp keeps what it decodes from them)
  output logic [((NumComp > 0) ? NumComp : 1)*32-1:0] comp_o,
  output logic [((NumComp > 0) ? NumComp : 1)*2-1:0]  fdvsize_o,
  output logic [((NumComp > 0) ? NumComp : 1)*32-1:0] vmask_o,     // 0 where not implemented
  output logic [((NumComp > 0) ? NumComp : 1)-1:0]    cfg_wr_o,    // COMPn/FUNCTIONn written
  // the FUNCTIONn fields after this edge (dwt_cmp's registered roles)
  output logic [((NumComp > 0) ? NumComp : 1)*4-1:0]  fmatch_d_o,
  output logic [((NumComp > 0) ? NumComp : 1)*2-1:0]  faction_d_o,
  output logic [((NumComp > 0) ? NumComp : 1)*2-1:0]  fdvsize_d_o,
  // write effects on registers held elsewhere (applied at this edge)
  output logic [31:0]                                 wdata_o,
  output logic                                        cyccnt_wr_o, // [DWT-CYC-2]
  output logic [4:0]                                  cnt_wr_o,    // [DWT-CNT-1] write
  output logic [4:0]                                  cnt_clr_o,   // [DWT-CNT-1] enable 0 -> 1
  output logic                                        post_load_o  // [DWT-POST-3]
);

  localparam int NumCompW = (NumComp > 0) ? NumComp : 1;  // padded width, no zero-width nets
  localparam logic [31:0] CtrlWrMask = dwt_pkg::ctrl_wr_mask(HasCycCnt, HasTrace, HasPrfCnt,
                                                              SecExt);
  // DWT_VMASKn exists per comparator (VmaskImpl in gen_cmp): HasVmask and ID bit 2.

  // ---- Registers -------------------------------------------------------------------------
  logic [31:0]            ctrl_q, ctrl_d;          // writable DWT_CTRL bits only
  // COMPn and VMASKn: flip-flops with write enables (`cmp_words`), so the simulator
  // evaluates the 32-bit words only at a write edge, not as next-state muxes on every input
  // change (README, issue #22); the same registers as a mux before the flop.
  logic [NumCompW*32-1:0] comp_q;
  logic [NumCompW*4-1:0]  fmatch_q, fmatch_d;
  logic [NumCompW*2-1:0]  faction_q, faction_d;
  logic [NumCompW*2-1:0]  fdvsize_q, fdvsize_d;
  logic [NumCompW*32-1:0] vmask_q;
  logic [NumCompW-1:0]    matched_q;
  logic [31:0]            prdata_q, prdata_d;
  logic                   pslverr_q, pslverr_d;

  // ---- Address decode --------------------------------------------------------------------
  logic       setup, access, err, wr, rd_setup;
  logic       is_ctrl, is_cyccnt;
  logic [4:0] is_cnt;
  logic [3:0] num_comp;

  assign setup    = psel_i & ~penable_i;
  assign access   = psel_i & penable_i;
  assign num_comp = 4'(NumComp);

  // [DWT-APB-2] only a write with a partial strobe errors; it has no effect.
  assign err      = pwrite_i & (pstrb_i != 4'hF);
  // [DWT-APB-1] a write takes effect at the access edge; pprot is ignored.
  assign wr       = access & pwrite_i & (pstrb_i == 4'hF);
  // [DWT-MATCHED-2] a read clears MATCHED at its setup edge.
  assign rd_setup = setup & ~pwrite_i;

  assign is_ctrl   = (paddr_i[11:2] == dwt_pkg::OffCtrl[11:2]);
  assign is_cyccnt = (paddr_i[11:2] == dwt_pkg::OffCyccnt[11:2]);
  for (genvar k = 0; k < 5; k++) begin : gen_cnt_dec
    assign is_cnt[k] = (paddr_i[11:2] == (dwt_pkg::OffCpicnt[11:2] + 10'(k)));
  end

  // ---- DWT_CTRL --------------------------------------------------------------------------
  localparam logic [31:0] PostinitMask = 32'hF << dwt_pkg::CtrlPostinit;

  logic [31:0] ctrl_rdata, ctrl_wmask, ctrl_wval;
  logic        pcs_q, cyce_q;

  assign pcs_q  = ctrl_q[dwt_pkg::CtrlPcsamplena];
  assign cyce_q = ctrl_q[dwt_pkg::CtrlCycevtena];

  // [DWT-POST-4] POSTINIT is written only while PCSAMPLENA and CYCEVTENA are both 0.
  assign ctrl_wmask = CtrlWrMask & ~((pcs_q || cyce_q) ? PostinitMask : 32'h0);
  assign ctrl_wval  = pwdata_i & CtrlWrMask;  // the written value of every writable field
  assign ctrl_d     = (wr && is_ctrl) ? ((ctrl_q & ~ctrl_wmask) | (pwdata_i & ctrl_wmask))
                                      : ctrl_q;

  // Read-only fields (the reset value of section 1) ORed onto the stored RW fields.
  assign ctrl_rdata = ctrl_q |
                      (32'(num_comp)          << dwt_pkg::CtrlNumcomp) |
                      (32'(HasTrace == 0)     << dwt_pkg::CtrlNotrcpkt) |
                      (32'(HasExtTrig == 0)   << dwt_pkg::CtrlNoexttrig) |
                      (32'(HasCycCnt == 0)    << dwt_pkg::CtrlNocyccnt) |
                      (32'(HasPrfCnt == 0)    << dwt_pkg::CtrlNoprfcnt);

  // ---- Comparator registers --------------------------------------------------------------
  // One generate block per comparator, continuous assignments only (see dwt_cmp): its select
  // and its constants. Comparator n: paddr_i[11:4] == 2 + n, word paddr_i[3:2]. Bits
  // n >= NumComp are the padding.
  logic [NumCompW-1:0]    sel_cmp;
  logic [NumCompW-1:0]    wr_comp_v;  // DWT_COMPn written at this edge
  logic [NumCompW-1:0]    wr_func_v;  // DWT_FUNCTIONn written at this edge
  logic [NumCompW-1:0]    wr_vmask_v; // DWT_VMASKn written at this edge (implemented only)
  logic [NumCompW-1:0]    vmask_impl; // DWT_VMASKn implemented (constant)

  for (genvar n = 0; n < NumCompW; n++) begin : gen_cmp
    localparam bit Impl = (n < NumComp);
    // [DWT-ID-2] DWT_VMASKn is implemented iff HasVmask and ID bit 2 (data value matching)
    // of this comparator (section 4; B14.2.2: a DWT_VMASKn for every implemented comparator
    // that supports data value matching); otherwise RAZ/WI. The ID is dwt_pkg::func_id, the
    // value id_i carries.
    localparam logic [4:0] Id = dwt_pkg::func_id(n, HasMain, HasCycCnt);
    localparam bit VmaskImpl = Impl && (HasVmask != 0) && Id[2];
    // Not implemented: the word is never written and stays 0 (reads 0, vmatch masks nothing).
    assign vmask_impl[n] = VmaskImpl;
  end

  // The comparator an access selects, only in a cycle with an access (psel_i): every use of
  // sel_cmp is under wr or rd_setup. Bits n >= NumComp (the padding) are 0.
  always_comb begin : cmp_sel
    sel_cmp = '0;
    if (psel_i) begin
      for (int n = 0; n < NumComp; n++) begin
        sel_cmp[n] = (paddr_i[11:4] == (dwt_pkg::OffComp0[11:4] + 8'(n)));
      end
    end
  end

  // The accesses of the selected comparator's words, on whole vectors (a word compare and
  // an AND with sel_cmp, not a decode per comparator).
  logic wr_w_comp, wr_w_func, wr_w_vmask, rd_w_func;
  assign wr_w_comp  = wr && (paddr_i[3:2] == dwt_pkg::CmpWordComp);
  assign wr_w_func  = wr && (paddr_i[3:2] == dwt_pkg::CmpWordFunc);
  assign wr_w_vmask = wr && (paddr_i[3:2] == dwt_pkg::CmpWordVmask);
  assign rd_w_func  = rd_setup && (paddr_i[3:2] == dwt_pkg::CmpWordFunc);
  assign wr_comp_v  = {NumCompW{wr_w_comp}} & sel_cmp;
  assign wr_func_v  = {NumCompW{wr_w_func}} & sel_cmp;
  assign wr_vmask_v = {NumCompW{wr_w_vmask}} & sel_cmp & vmask_impl;
  assign cfg_wr_o   = wr_comp_v | wr_func_v;
  // [DWT-MATCHED-2], [DWT-EVAL-2]: a read of DWT_FUNCTIONn clears MATCHED at its setup
  // edge; a match at the same edge sets it again (set wins: dwt_cmp's `upd`).
  assign matched_clr_o = {NumCompW{rd_w_func}} & sel_cmp;

  // COMPn and VMASKn words: written only at a write edge, held as the whole vectors (not a
  // flop per word gathered into the vectors again after every edge).
  always_ff @(posedge clk_i or negedge rst_ni) begin : cmp_words
    if (!rst_ni) begin
      comp_q  <= '0;
      vmask_q <= '0;
    end else if ((wr_comp_v | wr_vmask_v) != '0) begin
      for (int n = 0; n < NumCompW; n++) begin
        if (wr_comp_v[n]) begin
          comp_q[32*n +: 32] <= pwdata_i;
        end
        if (wr_vmask_v[n]) begin
          vmask_q[32*n +: 32] <= pwdata_i;
        end
      end
    end
  end

  // [DWT-REG-2] MATCH, ACTION and DATAVSIZE store every written value (the fields of the
  // written comparator are replaced only in a cycle with a write).
  always_comb begin : func_next
    fmatch_d  = fmatch_q;
    faction_d = faction_q;
    fdvsize_d = fdvsize_q;
    if (wr_func_v != '0) begin
      for (int n = 0; n < NumCompW; n++) begin
        if (wr_func_v[n]) begin
          fmatch_d[4*n +: 4]  = pwdata_i[dwt_pkg::FuncMatch +: 4];
          faction_d[2*n +: 2] = pwdata_i[dwt_pkg::FuncAction +: 2];
          fdvsize_d[2*n +: 2] = pwdata_i[dwt_pkg::FuncDatavsize +: 2];
        end
      end
    end
  end

  // The read value of the selected comparator's word, 0 if none; only in a read's setup
  // cycle, the only cycle prdata_d uses it (so the words are not assembled in other cycles).
  logic [31:0] cmp_rdata;
  always_comb begin : cmp_read
    cmp_rdata = 32'h0;
    if (rd_setup && (sel_cmp != '0)) begin
      for (int n = 0; n < NumCompW; n++) begin
        if (sel_cmp[n]) begin
          case (paddr_i[3:2])
            dwt_pkg::CmpWordComp:  cmp_rdata = comp_q[32*n +: 32];
            dwt_pkg::CmpWordFunc:  cmp_rdata = (32'(id_i[5*n +: 5])      << dwt_pkg::FuncId) |
                                               (32'(matched_q[n])        << dwt_pkg::FuncMatched) |
                                               (32'(fdvsize_q[2*n +: 2])
                                                << dwt_pkg::FuncDatavsize) |
                                               (32'(faction_q[2*n +: 2]) << dwt_pkg::FuncAction) |
                                               (32'(fmatch_q[4*n +: 4])  << dwt_pkg::FuncMatch);
            dwt_pkg::CmpWordVmask: cmp_rdata = vmask_q[32*n +: 32];
            default:               cmp_rdata = 32'h0;
          endcase
        end
      end
    end
  end

  // ---- Read data (computed in the setup cycle) ------------------------------------------
  logic [31:0] fix_rdata, cnt_rdata, rdata;

  localparam logic [31:0] DevArch = dwt_pkg::DevArchVal |
                                    (32'(HasVmask != 0) << dwt_pkg::DevArchRev);
  // The ID registers (cs_pkg::cs_id_words), read in the read map's default branch.
  localparam logic [1023:0] IdWords = cs_pkg::cs_id_words(
      DevArch, dwt_pkg::DevTypeVal, dwt_pkg::Pidr4Val, dwt_pkg::Pidr0Val,
      dwt_pkg::Pidr1Val, dwt_pkg::Pidr2Val, dwt_pkg::Pidr3Val);

  always_comb begin
    unique case (paddr_i[11:2])
      dwt_pkg::OffCtrl[11:2]:    fix_rdata = ctrl_rdata;
      dwt_pkg::OffCyccnt[11:2]:  fix_rdata = (HasCycCnt != 0) ? cyccnt_i : 32'h0;
      dwt_pkg::OffPcsr[11:2]:    fix_rdata = (HasPcsr != 0) ? pcsr_i : 32'h0;
      // The ID registers (DEVARCH.REVISION = HasVmask); the rest: RAZ.
      default: fix_rdata = (paddr_i[11:7] == cs_pkg::IdWin) ? IdWords[32*paddr_i[6:2] +: 32]
                                                            : 32'h0;
    endcase
  end

  // Event counters, [7:0] of DWT_CPICNT .. DWT_FOLDCNT (RAZ without HasPrfCnt).
  // (only in a read's setup cycle, the only cycle prdata_d uses rdata)
  always_comb begin : cnt_read
    cnt_rdata = 32'h0;
    if ((HasPrfCnt != 0) && rd_setup) begin
      cnt_rdata = {24'h0, ({8{is_cnt[0]}} & evcnt_i[7:0])   |
                          ({8{is_cnt[1]}} & evcnt_i[15:8])  |
                          ({8{is_cnt[2]}} & evcnt_i[23:16]) |
                          ({8{is_cnt[3]}} & evcnt_i[31:24]) |
                          ({8{is_cnt[4]}} & evcnt_i[39:32])};
    end
  end

  // The three sources decode disjoint offsets.
  assign rdata = fix_rdata | cnt_rdata | cmp_rdata;

  // [DWT-APB-1] read data and error are captured at the setup edge, 0 in every other cycle.
  assign prdata_d  = (setup && !pwrite_i) ? rdata : 32'h0;
  assign pslverr_d = setup && err;

  // ---- Write effects on counters held in dwt_cnt ----------------------------------------
  assign wdata_o     = pwdata_i;
  assign cyccnt_wr_o = wr && is_cyccnt && (HasCycCnt != 0);
  assign cnt_wr_o    = (wr && (HasPrfCnt != 0)) ? is_cnt : 5'h0;
  // [DWT-CNT-1] a DWT_CTRL write that changes an event enable from 0 to 1 clears its counter.
  assign cnt_clr_o   = (wr && is_ctrl) ?
                       (ctrl_wval[dwt_pkg::CtrlCpievtena +: 5] &
                        ~ctrl_q[dwt_pkg::CtrlCpievtena +: 5]) : 5'h0;
  // [DWT-POST-3] with both PCSAMPLENA and CYCEVTENA 0 before the write, writing 1 to either
  // loads POSTCNT from the old POSTINIT.
  assign post_load_o = wr && is_ctrl && !pcs_q && !cyce_q &&
                       (ctrl_wval[dwt_pkg::CtrlPcsamplena] || ctrl_wval[dwt_pkg::CtrlCycevtena]);

  // ---- Outputs ---------------------------------------------------------------------------
  assign cyccntena_o  = ctrl_q[dwt_pkg::CtrlCyccntena];
  assign postpreset_o = ctrl_q[dwt_pkg::CtrlPostpreset +: 4];
  assign postinit_o   = ctrl_q[dwt_pkg::CtrlPostinit +: 4];
  assign cyctap_o     = ctrl_q[dwt_pkg::CtrlCyctap];
  assign synctap_o    = ctrl_q[dwt_pkg::CtrlSynctap +: 2];
  assign pcsamplena_o = pcs_q;
  assign exctrcena_o  = ctrl_q[dwt_pkg::CtrlExctrcena];
  assign evtena_o     = ctrl_q[dwt_pkg::CtrlCpievtena +: 5];
  assign cycevtena_o  = cyce_q;
  assign cycdiss_o    = ctrl_q[dwt_pkg::CtrlCycdiss];
  assign comp_o       = comp_q;
  assign fdvsize_o    = fdvsize_q;
  assign fmatch_d_o   = fmatch_d;
  assign faction_d_o  = faction_d;
  assign fdvsize_d_o  = fdvsize_d;
  assign vmask_o      = vmask_q;
  assign prdata_o     = prdata_q;
  assign pslverr_o    = pslverr_q;
  assign matched_q    = matched_i;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ctrl_q    <= '0;
      fmatch_q  <= '0;
      faction_q <= '0;
      fdvsize_q <= '0;
      prdata_q  <= '0;
      pslverr_q <= 1'b0;
    end else begin
      ctrl_q    <= ctrl_d;
      fmatch_q  <= fmatch_d;
      faction_q <= faction_d;
      fdvsize_q <= fdvsize_d;
      prdata_q  <= prdata_d;
      pslverr_q <= pslverr_d;
    end
  end

  // Address bits [1:0] and all of pprot are ignored by contract (section 3, [DWT-APB-2]).
  logic unused_apb;
  assign unused_apb = ^{paddr_i[1:0], pprot_i};

  // ---- Assertions ------------------------------------------------------------------------
  `CS_ASSERT_INIT(params_A, (NumComp >= 0) && (NumComp <= 15))
  `CS_ASSERT_KNOWN(apb_ctrl_known_A, {psel_i, penable_i})
  // Fields outside the writable mask never become 1.
  `CS_ASSERT(ctrl_mask_A, (ctrl_q & ~CtrlWrMask) == 32'h0)
  // [DWT-ID-2] the ID that decides VMASK here is the one read in DWT_FUNCTIONn: the ID of
  // every implemented comparator is dwt_pkg::func_id (one compare with constant vectors,
  // not a function evaluated per comparator at every edge).
  logic [NumCompW*5-1:0] id_exp, id_msk;
  for (genvar n = 0; n < NumCompW; n++) begin : gen_id_exp
    assign id_exp[5*n +: 5] = (n < NumComp) ? dwt_pkg::func_id(n, HasMain, HasCycCnt) : 5'h00;
    assign id_msk[5*n +: 5] = (n < NumComp) ? 5'h1F : 5'h00;
  end
  `CS_ASSERT(id_A, (id_i & id_msk) == id_exp)

endmodule

`default_nettype wire
