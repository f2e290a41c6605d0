// SPDX-License-Identifier: Apache-2.0
// ETM element generation: ViewInst and start/stop, the trace state, the address history,
// the return stack, atom packing, timestamps, cycle counts, periodic sync and overflow.
// Produces, per cycle, the ordered bytes that enter the output FIFO at the edge.
// Spec: Armv8-M B14.3; docs/etm-contract.md 5-11 (the algorithm of 6 step by step).

`default_nettype none

`include "cs_assert.svh"

module etm_gen #(
  parameter int FifoDepth = 64,   // output FIFO bytes (free-space arithmetic)
  parameter int RsDepth   = 3,    // return-stack entries 0..15
  parameter int CcSize    = 12,   // cycle counter width 12..20
  parameter int NumPc     = 4,    // PE comparator inputs 0..4
  parameter int SecExt    = 1,    // Security Extension, 0 or 1
  parameter int AtomF45   = 0,    // 1: atom formats 4 and 5 ([ETM-ATOM-4..6], contract 19)
  parameter int MaxSpec   = 0,    // TRCIDR8.MAXSPEC 0..16; 0 = non-speculative [ETM-SPEC-*]
  parameter int QSupp     = 0     // 1: Q elements [ETM-Q-*] (contract 20); needs MaxSpec = 0
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  // programmed state (etm_regs)
  input  logic        en_i,            // EN_q
  input  logic        en_set_i,        // enabling write at this edge [ETM-EN-1]
  input  logic        cfg_bb_i,
  input  logic        cfg_cci_i,
  input  logic        cfg_ts_i,
  input  logic        cfg_rs_i,
  input  logic [7:0]  tsctlr_i,
  input  logic [4:0]  syncpr_i,
  input  logic [11:0] ccthr_i,
  input  logic [7:0]  victlr_event_i,
  input  logic        ss_i,
  input  logic [3:0]  start_i,
  input  logic [3:0]  stop_i,
  input  logic        view_ok_i,       // [ETM-VIEW-3] address ranges (1 without comparators)
  input  logic        bb_in_i,         // [ETM-BB-2] branch broadcasting at this address
  input  logic        q_on_i,          // [ETM-Q-2] Q mode (etm_q; 0 with QSupp = 0)
  input  logic        q_in_i,          // [ETM-Q-9] Q elements permitted at this address
  input  logic        pop_i,           // the FIFO pops a byte at this edge ([ETM-Q-7] room)
  output logic        q_empty_o,       // no pending Q ([ETM-Q-7] ATB flush acknowledge)
  output logic        ss_we_o,
  output logic        ss_d_o,
  // PE trace interface [ETM-PE-*]
  input  logic        pe_valid_i,
  input  logic [31:0] pe_addr_i,
  input  logic        pe_size_i,
  input  logic        pe_br_i,
  input  logic        pe_ind_i,
  input  logic        pe_taken_i,
  input  logic        pe_link_i,
  input  logic        pe_excret_i,
  input  logic        pe_ns_i,
  input  logic        exc_valid_i,
  input  logic [8:0]  exc_num_i,
  input  logic [31:0] exc_ret_i,
  input  logic [((NumPc > 0) ? NumPc : 1)-1:0] cmpmatch_i,
  input  logic [63:0] gts_i,
  input  logic        niden_i,
  input  logic        spniden_i,
  input  logic        afvalid_i,
  // PE speculation inputs [ETM-SPEC-PE-*] (ignored when MaxSpec = 0)
  input  logic [4:0]  spec_commit_i,
  input  logic        spec_flush_i,
  input  logic [4:0]  spec_cancel_i,
  input  logic        spec_mispred_i,
  output logic        spec_sd_zero_o,  // sd == 0 (TRCSTATR.IDLE) [ETM-SPEC-8]
  output logic        spec_cp_zero_o,  // cp == 0 (ATB flush acknowledge) [ETM-SPEC-8]
  // output FIFO
  input  logic [8:0]  fifo_count_i,    // count_q
  output logic [etm_pkg::MaxBytes*8-1:0] push_data_o,  // last byte in bits [7:0]
  output logic [5:0]  push_len_o,
  output logic        atoms_empty_o
);

  localparam int RsMax   = (RsDepth > 0) ? RsDepth : 1;
  localparam int PcW     = (NumPc > 0) ? NumPc : 1;
  localparam logic [CcSize-1:0] CcMax = '1;
  localparam int MaxB    = etm_pkg::MaxBytes;

  // ---- State ---------------------------------------------------------------------------
  logic [4:0]  at_n_q, at_n_d;          // pending atoms [ETM-ATOM-1]
  logic [2:0]  at_bits_q, at_bits_d;    // atoms 0..2 (1 = E) while at most 3
  logic        resync_q, resync_d;      // resync_pend
  logic        ton_q, ton_d;            // ton_pend
  logic        ovf_q, ovf_d;
  logic [1:0]  need_q, need_d;          // need_addr [ETM-GEN-2]
  logic        ctxv_q, ctxv_d;          // ctx_valid
  logic        ctxns_q, ctxns_d;        // ctx_ns
  logic [95:0] hist_q, hist_d;          // address history [ETM-ADDR-1], hist[i] in bits
                                        // [32i+31:32i], bit 0 of each always 0
  logic [2:0]  hist_is_q, hist_is_d;    // 1 = IS1
  logic [RsMax*32-1:0] rs_q, rs_d;      // return stack, entry 0 (the top) in bits [31:0]
  logic [4:0]  rs_n_q, rs_n_d;
  logic        ts_req_q, ts_req_d;
  logic [63:0] ts_prev_q, ts_prev_d;    // P of [ETM-PKT-TS]
  logic [CcSize-1:0] cc_q, cc_d;        // cc_cnt
  logic        ccu_q, ccu_d;            // cc_unknown
  logic [20:0] sync_q, sync_d;          // sync_cnt
  logic        atwp_q, atwp_d;          // at_wp
  logic        at_b3_q, at_b3_d;        // atom 3 (1 = E), AtomF45: a list with an N holds <= 4
  logic [5:0]  sd_q, sd_d, cp_q, cp_d;  // stream counters sd, cp [ETM-SPEC-4]
  // ---- Q elements [ETM-Q-3..9] (contract 20.2): the pending Q ------------------------------
  logic [13:0] q_cnt_q, q_cnt_d;        // instructions counted, 0 = none
  logic [31:0] q_last_q, q_last_d;      // address of the last one
  logic [31:0] q_nxt_q, q_nxt_d;        // its successor q_last + size
  logic        q_nok_q, q_nok_d;        // q_nxt_ok: the last one was not a taken branch
  logic        q_eret_q, q_eret_d;      // one of them was an exception return
  logic        wq_count;                // [ETM-Q-9] this traced instruction is counted
  logic [63:0] qa_pkt, qt_pkt;          // [ETM-Q-PKT] the Q packets of the cycle (q_build):
  logic [3:0]  qa_len, qt_len;          // qa closes at A, qt at the tail [ETM-Q-7]
  logic [13:0] qt_c;                    // the tail close's count and address
  logic [31:0] qt_a;
  logic [39:0] ap_pkt;                  // the address part of an address packet (addr_part)
  logic [2:0]  ap_len;
  logic        qa_first;                // the Q closed at step 0: qa before the event's bytes
  logic        qt_go;                   // the tail close has a packet
  logic        q_pend;                  // a Q is pending (state)
  localparam logic [13:0] QMax = 14'd16383;   // Q_MAX [ETM-Q-3] (e)

  assign q_pend    = (QSupp != 0) && (q_cnt_q != 14'd0);
  assign q_empty_o = (q_cnt_q == 14'd0);

  // ---- Per-cycle terms [ETM-VIEW-1] ----------------------------------------------------
  logic        ev, ns, res_vi, res_ts, start, stop, in_ss, prohib, traced;
  logic [31:0] addr_a;

  // RES(sel): resource pair 0 only, TRUE iff TYPE = 0 and SEL = 1.
  logic unused_type_bits;
  assign unused_type_bits = ^{victlr_event_i[6:5], tsctlr_i[6:5], start_i, stop_i};
  assign res_vi = ~victlr_event_i[7] & (victlr_event_i[4:0] == 5'd1);
  assign res_ts = ~tsctlr_i[7] & (tsctlr_i[4:0] == 5'd1);
  assign ev     = pe_valid_i | exc_valid_i;
  assign ns     = (SecExt != 0) ? pe_ns_i : 1'b1;
  assign start  = pe_valid_i & |(cmpmatch_i & start_i[PcW-1:0]);
  assign stop   = pe_valid_i & |(cmpmatch_i & stop_i[PcW-1:0]);
  assign in_ss  = ss_i | start;
  // [ETM-AUTH-1]
  assign prohib = ~niden_i | ((SecExt != 0) & ~ns & ~spniden_i);
  assign traced = en_i & ev & res_vi & in_ss & ~prohib & view_ok_i;   // [ETM-VIEW-3]
  assign addr_a = (exc_valid_i ? exc_ret_i : pe_addr_i) & 32'hFFFF_FFFE;

  // SSSTATUS at every edge with EN_q = 1 and an instruction [ETM-VIEW-1]
  assign ss_we_o = en_i & pe_valid_i & (NumPc > 0);
  assign ss_d_o  = (ss_i | start) & ~stop;

  logic [20:0] report;   // [ETM-CC-1]
  assign report = (cc_q == CcMax) ? 21'(CcMax) : 21'(cc_q) + 21'd1;

  logic sync_due;        // [ETM-SYNC-1]
  assign sync_due = (syncpr_i != 5'd0) && (sync_q >= (21'd1 << syncpr_i));

  logic [9:0] free;      // [ETM-FIFO-1]
  assign free = 10'(FifoDepth) - {1'b0, fifo_count_i};

  // ---- The algorithm of contract 6, then 11 --------------------------------------------
  // Bytes are shifted into a flat buffer from the bottom (constant shifts only, so that
  // synthesis stays small): the cycle's LAST byte is in bits [7:0], its first in bits
  // [8*len-1 -: 8]. w* are working copies of the state.
  logic [MaxB*8-1:0] eb, ob;     // event demand, cycle output
  logic [5:0]        el, ol;
  logic [4:0]        wn;
  logic [2:0]        wbits;
  logic              wfull, wp0, wtsdone, wrs_on, wcc_gen, wasync, accept;
  logic [31:0]       wa;
  logic [3:0]        tsn;
  logic [71:0]       tsf;
  logic [23:0]       ul;
  logic [1:0]        ull;
  logic [9:0]        etype;
  logic [20:0]       ccv;
  logic [RsMax*32-1:0] rs_ext;
  logic              wb3;        // atom 3 of the working list (AtomF45)
  logic [4:0]        p45;        // [ETM-ATOM-5]: the list with the new atom, atoms 0..4

  // ---- Speculation [ETM-SPEC-*]: the outstanding-element list (etm_spec), working sd/cp --
  logic [5:0]  wsd, wcp;
  logic [4:0]  sp_kc, sp_tc;
  logic        sp_mp, sp_new_tr, sp_clr, sp_gap, wton;
  logic        sp_drop;    // the cycle's demand is dropped at an overflow [ETM-SPEC-15]
  logic [1:0]  sp_need, wneed;

  if (MaxSpec > 0) begin : g_spec
    etm_spec #(
      .MaxSpec (MaxSpec)
    ) u_spec (
      .clk_i      (clk_i),
      .rst_ni     (rst_ni),
      .cfg_bb_i   (cfg_bb_i),
      .commit_i   (spec_commit_i),
      .flush_i    (spec_flush_i),
      .cancel_i   (spec_cancel_i),
      .mispred_i  (spec_mispred_i),
      .kc_o       (sp_kc),
      .mp_o       (sp_mp),
      .rec_need_o (sp_need),
      .rec_gap_o  (sp_gap),
      .tc_o       (sp_tc),
      .new_i      (exc_valid_i | (pe_valid_i & pe_br_i)),
      .new_atom_i (~exc_valid_i),
      .new_e_i    (pe_taken_i),
      .new_bb_i   (bb_in_i),
      .gap_i      ((en_i & ~traced & ev) | sp_drop),   // [ETM-SPEC-12], [ETM-SPEC-15]
      .new_na_i   (wneed),
      .new_tr_i   (sp_new_tr),
      .clr_tr_i   (sp_clr)
    );
  end else begin : g_nospec
    logic unused_spec;
    assign unused_spec = ^{spec_commit_i, spec_flush_i, spec_cancel_i, spec_mispred_i,
                           sp_new_tr, sp_clr, sp_drop, wneed};
    assign sp_kc = '0;
    assign sp_tc = '0;
    assign sp_mp = 1'b0;
    assign sp_need = etm_pkg::NaNone;
    assign sp_gap = 1'b0;
  end

`define ETM_PUT(b) begin eb = {eb[MaxB*8-9:0], (b)}; el = el + 6'd1; end
`define ETM_FLUSH begin if (wn != 5'd0) begin \
    `ETM_PUT(atom_flush(wn, wbits, wb3)) wn = 5'd0; wbits = 3'd0; end end
// Commit `2D cp` after the atoms, cp < 128 (one ULEB byte) [ETM-SPEC-6]
`define ETM_COMMIT begin `ETM_FLUSH `ETM_PUT(8'h2D) `ETM_PUT({2'b00, wcp}) \
    wsd = (wsd >= wcp) ? wsd - wcp : 6'd0; wcp = 6'd0; end
`define ETM_HPUSH(a) begin hist_d = {hist_d[63:0], (a)}; \
    hist_is_d = {hist_is_d[1:0], 1'b1}; end

// n (0..8) bytes p (the first in bits [8n-1 -: 8]) appended to buffer b of length l with one
// shift (b is eb/el or ob/ol; the address packets and the Q packets [ETM-Q-PKT]). Only the
// low w bytes of b shift: the caller knows that b holds at most w - n bytes (w = MaxB: any)
`define ETM_APPEND(b, l, w, p, n) begin \
    b[(w)*8-1:0] = (b[(w)*8-1:0] << {(n), 3'b000}) | {{((w)-8)*8{1'b0}}, (p)}; \
    l = l + {2'b00, (n)}; end

// address(A) [ETM-ADDR-2]: addr_part with the headers 90-92, 96, 9B; then hist_push(A)
`define ETM_ADDR begin \
    {ap_len, ap_pkt} = addr_part(8'h90, wa, hist_d, hist_is_d); \
    `ETM_APPEND(eb, el, MaxB, {24'h0, ap_pkt}, {1'b0, ap_len}) \
    `ETM_HPUSH(wa) end

// close the pending Q at A [ETM-Q-3], [ETM-Q-6] into buffer b/l: the packet qa, built once a
// cycle from the state (at every close at A the count, the history and q_eret are the
// cycle's q_cnt_q, hist_q and q_eret_q: the close comes first in the event, or the event's
// update is undone, or there is no event), then hist_push(A) [ETM-Q-8]; q_cnt := 0. b holds
// at most one byte before it (the atoms' flush in the overflow and untraced-event paths), so
// only its low 9 bytes shift. At step 0 ETM_QCLOSE_ST alone: the bytes go in front of the
// event's at its end (qa_first)
`define ETM_QCLOSE_ST begin \
    `ETM_HPUSH(addr_a) \
    q_cnt_d = 14'd0; q_eret_d = 1'b0; end
`define ETM_QCLOSE(b, l) begin \
    `ETM_APPEND(b, l, 9, qa_pkt, qa_len) \
    `ETM_QCLOSE_ST end

// a Timestamp packet [ETM-PKT-TS]: gts_i against the previous value P, the cycle-count field
// under CCI; P := gts_i and the request is served
`define ETM_TS begin \
    tsn = etm_pkg::ts_len(gts_i, ts_prev_d); \
    tsf = etm_pkg::ts_field(gts_i, tsn); \
    `ETM_PUT(cfg_cci_i ? 8'h03 : 8'h02) \
    for (int k = 0; k < 9; k++) if (4'(k) < tsn) `ETM_PUT(tsf[8*k +: 8]) \
    if (cfg_cci_i) begin \
      ul = etm_pkg::uleb3(report); \
      ull = etm_pkg::uleb3_len(report[20:7]); \
      for (int k = 0; k < 3; k++) if (2'(k) < ull) `ETM_PUT(ul[8*k +: 8]) \
    end \
    ts_prev_d = gts_i; \
    ts_req_d = 1'b0; end

  // ---- The address part of [ETM-ADDR-2] and Q(c, a) [ETM-Q-PKT]: {length, bytes} ---------
  // Bytes as in the demand buffer: the first in bits [8n-1 -: 8], the last in [7:0].
  // addr_part: a against history h/his, exact match (header base | 0..2), short with 1 or 2
  // address bytes (| 6), long (| B); base 90 for the address packets, A0 for the Q packets.
  function automatic logic [42:0] addr_part(input logic [7:0] base, input logic [31:0] a,
                                            input logic [95:0] h, input logic [2:0] his);
    logic [39:0] p;
    logic [2:0]  n;
    if (his[0] && h[31:0] == a) begin
      p = {32'h0, base};  n = 3'd1;
    end else if (his[1] && h[63:32] == a) begin
      p = {32'h0, base | 8'h01};  n = 3'd1;
    end else if (his[2] && h[95:64] == a) begin
      p = {32'h0, base | 8'h02};  n = 3'd1;
    end else if (a[31:8] == h[31:8]) begin
      p = {24'h0, base | 8'h06, 1'b0, a[7:1]};  n = 3'd2;
    end else if (a[31:16] == h[31:16]) begin
      p = {16'h0, base | 8'h06, 1'b1, a[7:1], a[15:8]};  n = 3'd3;
    end else begin
      p = {base | 8'h0B, 1'b0, a[7:1], a[15:8], a[23:16], a[31:24]};  n = 3'd5;
    end
    addr_part = {n, p};  // (no return: Yosys 0.23)
  endfunction

  // Q(c, a), built once for every Q close: addr_part with base A0, the count c (1..16383) as
  // a ULEB field, then 07 if eret ([ETM-Q-3]); at most 8 bytes. The caller appends it
  // (ETM_APPEND) and pushes a into the history [ETM-Q-8].
  function automatic logic [67:0] q_build(input logic [13:0] c, input logic [31:0] a,
                                          input logic [95:0] h, input logic [2:0] his,
                                          input logic eret);
    logic [63:0] p;
    logic [3:0]  n;
    logic [39:0] ap;
    logic [2:0]  an;
    {an, ap} = addr_part(8'hA0, a, h, his);
    p = {24'h0, ap};  n = {1'b0, an};
    if (c < 14'd128) begin
      p = {p[55:0], 1'b0, c[6:0]};  n = n + 4'd1;
    end else begin
      p = {p[47:0], 1'b1, c[6:0], 1'b0, c[13:7]};  n = n + 4'd2;
    end
    if (eret) begin
      p = {p[55:0], 8'h07};  n = n + 4'd1;
    end
    q_build = {n, p};  // (no return: Yosys 0.23)
  endfunction

  // ---- Atom formats 4 and 5 (contract 19; AtomF45 = 1 only) -------------------------------
  // Patterns, bit i = atom i (1 = E) [ETM-ATOM-4]: F4 A = 0..3 NEEE NNNN NENE ENEN
  // (4'hE 4'h0 4'hA 4'h5); F5 NEEEE NNNNN NENEN ENENE (5'h1E 5'h00 5'h0A 5'h15), headers
  // F5 D5 D6 D7. Every 4-atom prefix of an F5 pattern is an F4 pattern, so "a prefix of one
  // of the eight patterns" for n <= 4 atoms is "a prefix of an F4 pattern".
  // n atoms with atoms 0..3 in b are all E (a list with an N holds at most 4 atoms)
  function automatic logic atom_all_e(input logic [4:0] n, input logic [3:0] b);
    logic [3:0] m;
    m = (n >= 5'd4) ? 4'hF : ((4'h1 << n[1:0]) - 4'h1);
    atom_all_e = (n > 5'd4) || ((b & m) == m);  // (no return: Yosys 0.23)
  endfunction

  // n = 1..4 atoms b are a prefix of an F4/F5 pattern [ETM-ATOM-5] rule 5
  function automatic logic atom_prefix45(input logic [4:0] n, input logic [3:0] b);
    logic [3:0] m;
    m = (n >= 5'd4) ? 4'hF : ((4'h1 << n[1:0]) - 4'h1);
    atom_prefix45 = ((b & m) == (4'hE & m)) || ((b & m) == 4'h0) || ((b & m) == (4'hA & m)) ||
                    ((b & m) == (4'h5 & m));
  endfunction

  // F4 byte of a 4-atom pattern b (one of the four by [ETM-ATOM-5]'s invariant)
  function automatic logic [7:0] atom_f4_byte(input logic [3:0] b);
    logic [1:0] a;
    unique case (b)
      4'hE:    a = 2'd0;
      4'h0:    a = 2'd1;
      4'hA:    a = 2'd2;
      default: a = 2'd3;  // 4'h5
    endcase
    atom_f4_byte = 8'hDC | {6'h0, a};
  endfunction

  // flush_atoms() [ETM-ATOM-3]; with AtomF45 a list of 4 with an N is F4 [ETM-ATOM-6]
  function automatic logic [7:0] atom_flush(input logic [4:0] n, input logic [2:0] b,
                                            input logic b3);
    if (AtomF45 != 0 && n == 5'd4 && {b3, b} != 4'hF) atom_flush = atom_f4_byte({b3, b});
    else atom_flush = etm_pkg::atom_flush_byte(n, b);
  endfunction

// add_atom(a) with AtomF45 [ETM-ATOM-5], a = pe_taken_i, on wn/wbits/wb3; p45 = the list
// with a appended (atoms 0..4; an all-E list longer than 4 keeps 1111 in atoms 0..3)
`define ETM_ATOM45 begin \
    p45 = {1'b0, wb3, wbits}; \
    if (wn < 5'd5) p45[wn[2:0]] = pe_taken_i; \
    if (pe_taken_i && wn == 5'd23 && atom_all_e(wn, p45[3:0])) begin   /* 1: F6 23E, E */ \
      `ETM_PUT(8'hD4) wn = 5'd0; wbits = 3'd0; wb3 = 1'b0; end \
    else if (!pe_taken_i && wn >= 5'd3 && atom_all_e(wn, p45[3:0])) begin   /* 2: F6 */ \
      `ETM_PUT(8'hE0 | {3'b000, wn - 5'd3}) wn = 5'd0; wbits = 3'd0; wb3 = 1'b0; end \
    else if ((pe_taken_i && atom_all_e(wn, p45[3:0])) ||                    /* 3, 5: wait */ \
             (wn < 5'd4 && atom_prefix45(wn + 5'd1, p45[3:0]))) begin \
      wn = wn + 5'd1; wbits = p45[2:0]; wb3 = p45[3]; end \
    else if (wn == 5'd4 && (p45 == 5'h1E || p45 == 5'h00 || p45 == 5'h0A || p45 == 5'h15)) \
      begin                                                       /* 4: F5 */ \
      `ETM_PUT((p45 == 5'h1E) ? 8'hF5 : (p45 == 5'h00) ? 8'hD5 : (p45 == 5'h0A) ? 8'hD6 : 8'hD7) \
      wn = 5'd0; wbits = 3'd0; wb3 = 1'b0; end \
    else if (wn < 5'd3) begin                                     /* 6: F2 or F3, all */ \
      `ETM_PUT((wn == 5'd2) ? (8'hF8 | {5'h0, p45[2:0]}) : (8'hD8 | {6'h0, p45[1:0]})) \
      wn = 5'd0; wbits = 3'd0; wb3 = 1'b0; end \
    else begin                          /* 6: F3 or F4 of all but a; a starts a new list */ \
      `ETM_PUT((wn == 5'd3) ? (8'hF8 | {5'h0, p45[2:0]}) : atom_f4_byte(p45[3:0])) \
      wn = 5'd1; wbits = {2'b00, pe_taken_i}; wb3 = 1'b0; end \
  end

  always_comb begin
    // defaults: hold
    at_n_d = at_n_q;  at_bits_d = at_bits_q;
    resync_d = resync_q;  ton_d = ton_q;  ovf_d = ovf_q;  need_d = need_q;
    ctxv_d = ctxv_q;  ctxns_d = ctxns_q;
    hist_d = hist_q;  hist_is_d = hist_is_q;
    rs_d = rs_q;  rs_n_d = rs_n_q;
    ts_req_d = ts_req_q;  ts_prev_d = ts_prev_q;
    cc_d = cc_q;  ccu_d = ccu_q;  sync_d = sync_q;  atwp_d = atwp_q;
    eb = '0;  el = 6'd0;  ob = '0;  ol = 6'd0;
    wn = at_n_q;  wbits = at_bits_q;  wb3 = at_b3_q;  at_b3_d = at_b3_q;  p45 = '0;
    wfull = 1'b0;  wp0 = 1'b0;  wtsdone = 1'b0;  wcc_gen = 1'b0;  wasync = 1'b0;
    accept = 1'b0;  wa = addr_a;
    wrs_on = cfg_rs_i & ~cfg_bb_i & (RsDepth > 0);   // [ETM-RS-1]
    rs_ext = '0;  tsn = 4'd0;  tsf = '0;  ul = '0;  ull = 2'd0;  etype = '0;  ccv = '0;
    sd_d = sd_q;  cp_d = cp_q;  wsd = sd_q;  wcp = cp_q;
    sp_new_tr = 1'b0;  sp_clr = 1'b0;  sp_drop = 1'b0;  wneed = etm_pkg::NaNone;  wton = 1'b0;
    // Q elements [ETM-Q-*]
    q_cnt_d = q_cnt_q;  q_last_d = q_last_q;  q_nxt_d = q_nxt_q;  q_nok_d = q_nok_q;
    q_eret_d = q_eret_q;  wq_count = 1'b0;
    {qa_len, qa_pkt} = q_build(q_cnt_q, addr_a, hist_q, hist_is_q, q_eret_q);   // [ETM-Q-3]
    qt_go = 1'b0;  qt_a = '0;  qt_c = '0;  qt_len = '0;  qt_pkt = '0;  ap_pkt = '0;  ap_len = '0;
    qa_first = 1'b0;

    // [ETM-SPEC-2] speculative: the recovery, then the commit, before the cycle's event
    if (MaxSpec > 0) begin
      if (spec_flush_i) begin
        if (sp_kc != 5'd0 || sp_mp) begin       // [ETM-SPEC-5] Cancel F1, or Mispredict
          `ETM_FLUSH
          if (sp_kc != 5'd0) begin
            `ETM_PUT({7'b0010111, sp_mp})
            `ETM_PUT({3'b000, sp_kc})
          end else begin
            `ETM_PUT(8'h30)
          end
        end
        /* verilator lint_off UNSIGNED */  // sp_kc is 0 when MaxSpec = 0
        wsd = (wsd >= 6'(sp_kc)) ? wsd - 6'(sp_kc) : 6'd0;
        /* verilator lint_on UNSIGNED */
        need_d = sp_need;                       // [ETM-SPEC-8]
        atwp_d = 1'b1;
        rs_n_d = 5'd0;
        if (sp_gap) begin                       // [ETM-SPEC-12] the discarded path had a gap
          wton = 1'b1;
          ton_d = 1'b1;
          need_d = etm_pkg::NaNone;
        end
      end
      wcp = wcp + 6'(sp_tc);                    // [ETM-SPEC-4]
    end

    if (en_i) begin
      // [ETM-TS-1] the TRCTSCTLR request enters the committed state at every enabled edge
      if (cfg_ts_i && res_ts) ts_req_d = 1'b1;

      if (traced) begin
        // ---- contract 6, on working copies (state *_d, atoms wn/wbits, bytes eb/el) ----
        wfull = resync_q | (sync_due & (atwp_d | q_pend) & ((MaxSpec == 0) | (wsd == wcp)));  // [ETM-SPEC-9], [ETM-Q-5]
        // ---- Q elements: step 0, close the pending Q at A [ETM-Q-3], (f) [ETM-Q-9] ----
        wq_count = (QSupp != 0) && q_on_i && q_in_i && !exc_valid_i;
        if (q_pend && (exc_valid_i || wfull || ton_q || !ctxv_q || ns != ctxns_q || q_eret_q ||
                       q_cnt_q == QMax || !wq_count)) begin
          `ETM_QCLOSE_ST                                    // its bytes: qa_first
          qa_first = 1'b1;
          wp0 = 1'b1;                                       // [ETM-Q-5]
        end
        // step 1 [ETM-SYNC-1]
        if (wfull) begin
          if (MaxSpec > 0 && wcp != 6'd0) `ETM_COMMIT   // [ETM-SPEC-9]
          `ETM_FLUSH
          for (int i = 0; i < 11; i++) `ETM_PUT(8'h00)
          `ETM_PUT(8'h80)
          wasync = 1'b1;
          // Trace Info [ETM-PKT-TINFO]
          `ETM_PUT(8'h01)
          `ETM_PUT({4'h0, cfg_cci_i, 3'b001})
          `ETM_PUT({7'h0, cfg_cci_i})
          if (cfg_cci_i) begin
            ul = etm_pkg::uleb3({9'h0, ccthr_i});
            ull = etm_pkg::uleb3_len({9'h0, ccthr_i[11:7]});
            `ETM_PUT(ul[7:0])
            if (ull >= 2'd2) `ETM_PUT(ul[15:8])
          end
          hist_d = '0;                                      // hist_reset()
          hist_is_d = 3'b000;
          rs_n_d = 5'd0;                                    // rs_clear()
          ts_prev_d = 64'h0;                                // P after Trace Info
          sync_d = 21'd0;
          if (cfg_ts_i) begin                               // [ETM-TS-2]
            `ETM_TS
            wtsdone = 1'b1;
          end
        end
        // step 2 [ETM-PKT-TON]
        if (resync_q || ton_q || wton) begin
          `ETM_FLUSH
          `ETM_PUT(8'h04)
          rs_n_d = 5'd0;
        end
        // step 3 [ETM-CTX-1], [ETM-RS-3], [ETM-ADDR-1]
        if (wfull || ton_q || wton || !ctxv_q || ns != ctxns_q) begin
          `ETM_FLUSH
          `ETM_PUT(8'h83)
          `ETM_PUT({1'b0, wa[7:1]})
          `ETM_PUT(wa[15:8])
          `ETM_PUT(wa[23:16])
          `ETM_PUT(wa[31:24])
          `ETM_PUT({2'b00, ns, 5'b00000})
          `ETM_HPUSH(wa)
          ctxv_d = 1'b1;
          ctxns_d = ns;
        end else if (need_d == etm_pkg::NaInd && wrs_on && rs_n_d != 5'd0 && rs_d[31:0] == wa) begin
          rs_d = rs_d >> 32;
          rs_n_d = rs_n_d - 5'd1;
        end else if (need_d != etm_pkg::NaNone) begin
          `ETM_FLUSH
          `ETM_ADDR
        end
        resync_d = 1'b0;
        ton_d = 1'b0;
        need_d = etm_pkg::NaNone;
        // step 4
        if (exc_valid_i) begin
          `ETM_FLUSH
          etype = etm_pkg::exc_type(exc_num_i);   // [ETM-PKT-EXC], E1:E0 = 01
          `ETM_PUT(8'h06)
          `ETM_PUT({(etype >= 10'd32), 1'b0, etype[4:0], 1'b1})
          if (etype >= 10'd32) `ETM_PUT({3'b000, etype[9:5]})
          `ETM_ADDR
          need_d = etm_pkg::NaPlain;
          wp0 = 1'b1;
          if (cfg_ts_i) ts_req_d = 1'b1;
        end else if (wq_count) begin
          // ---- Q elements: a counted instruction, no atom [ETM-Q-4] ----
          `ETM_FLUSH                                // atoms from outside the ranges [ETM-Q-9]
          q_cnt_d = q_cnt_d + 14'd1;
          q_last_d = wa;
          q_nxt_d = wa + (pe_size_i ? 32'd4 : 32'd2);
          q_nok_d = !(pe_br_i && pe_taken_i);
          if (pe_excret_i) begin
            q_eret_d = 1'b1;
            if (cfg_ts_i) ts_req_d = 1'b1;
          end
        end else if (pe_br_i) begin
          wp0 = 1'b1;
          // [ETM-RS-2] push (discarding the oldest when full)
          if (pe_taken_i && pe_link_i && wrs_on) begin
            rs_ext = '0;
            rs_ext[31:0] = wa + (pe_size_i ? 32'd4 : 32'd2);
            rs_d = (rs_d << 32) | rs_ext;   // the oldest entry drops off the end
            if (rs_n_d != 5'(RsDepth)) rs_n_d = rs_n_d + 5'd1;
          end
          // add_atom [ETM-ATOM-2]; with AtomF45 [ETM-ATOM-5] (the F1-F3/F6 packer of
          // [ETM-ATOM-2] is the else branch, left unindented)
          if (AtomF45 != 0) begin
            `ETM_ATOM45
          end else begin
          if (wn < 5'd3) wbits[wn[1:0]] = pe_taken_i;
          wn = wn + 5'd1;
          if (pe_taken_i && wn == 5'd24) begin
            `ETM_PUT(8'hD4)                        // F6: 23 E then E
            wn = 5'd0; wbits = 3'd0;
          end else if (!pe_taken_i && wn >= 5'd4) begin
            `ETM_PUT(8'hE0 | {3'b000, wn - 5'd4})  // F6: n-1 E then N
            wn = 5'd0; wbits = 3'd0;
          end else if (wn == 5'd3 && wbits != 3'b111) begin
            `ETM_PUT(8'hF8 | {5'h0, wbits})        // F3
            wn = 5'd0; wbits = 3'd0;
          end
          end
          if (pe_taken_i && pe_ind_i)     need_d = etm_pkg::NaInd;
          else if (pe_taken_i && cfg_bb_i && bb_in_i) need_d = etm_pkg::NaPlain;   // [ETM-BB-1], [ETM-BB-2]
          if (pe_excret_i) begin                    // [ETM-EXC-2]
            `ETM_FLUSH
            `ETM_PUT(8'h07)
            if (cfg_ts_i) ts_req_d = 1'b1;
          end
        end
        // [ETM-SPEC-6] one more uncommitted element; above MaxSpec the oldest commits
        if (MaxSpec > 0 && wp0) begin
          wsd = wsd + 6'd1;
          if (wsd > 6'(MaxSpec)) begin
            wsd = 6'(MaxSpec);
            if (wcp != 6'd0) wcp = wcp - 6'd1;
          end
        end
        // step 5 [ETM-TS-3]
        if (wp0 && ts_req_d && !wtsdone) begin
          `ETM_FLUSH
          `ETM_TS
        end
        // step 6 [ETM-CC-2]
        if (wp0 && cfg_cci_i && (ccu_q || report >= {9'h0, ccthr_i})) begin
          `ETM_FLUSH
          if (ccu_q) begin
            `ETM_PUT(8'h0F)
          end else begin
            ccv = report - {9'h0, ccthr_i};
            ul = etm_pkg::uleb3(ccv);
            ull = etm_pkg::uleb3_len(ccv[20:7]);
            `ETM_PUT(8'h0E)
            for (int k = 0; k < 3; k++) if (2'(k) < ull) `ETM_PUT(ul[8*k +: 8])
          end
          wcc_gen = 1'b1;
          ccu_d = 1'b0;
        end
        atwp_d = wp0;

        // [ETM-Q-3] the Q closed at step 0 comes first: its bytes go in front of the event's,
        // one shift of the small packet by the event's length (the event's bytes are built
        // from an empty buffer, as without Q elements)
        if (qa_first) begin
          eb = eb | ({{(MaxB-8)*8{1'b0}}, qa_pkt} << {el, 3'b000});
          el = el + {2'b00, qa_len};
        end
        // ---- contract 11: does the demand fit? [ETM-OVF-1..3] ----
        accept = (MaxSpec > 0) ||   // speculative: below; Q mode: a 10-byte reserve [ETM-Q-6]
                 ({4'h0, el} + ((QSupp != 0 && q_on_i) ? 10'd10 : 10'd3) <= free);
        if (accept) begin
          ob = eb;
          ol = el;
          at_n_d = wn;
          at_bits_d = wbits;
          at_b3_d = wb3;
          ovf_d = 1'b0;
        end else begin
          // nothing of the event's state update is kept (SSSTATUS, cc counting and the
          // TRCTSCTLR request excepted)
          resync_d = resync_q;  ton_d = ton_q;  need_d = need_q;
          ctxv_d = ctxv_q;  ctxns_d = ctxns_q;
          hist_d = hist_q;  hist_is_d = hist_is_q;
          rs_d = rs_q;  rs_n_d = rs_n_q;
          ts_prev_d = ts_prev_q;  ccu_d = ccu_q;  atwp_d = atwp_q;
          sync_d = sync_q;
          ts_req_d = ts_req_q | (cfg_ts_i & res_ts);
          wcc_gen = 1'b0;
          wasync = 1'b0;
          q_cnt_d = q_cnt_q;  q_last_d = q_last_q;  q_nxt_d = q_nxt_q;  q_nok_d = q_nok_q;
          q_eret_d = q_eret_q;
          if (!ovf_q) begin
            // [ETM-OVF-2] pending atoms, then Overflow
            if (at_n_q != 5'd0) begin
              ob[7:0] = atom_flush(at_n_q, at_bits_q, at_b3_q);
              ol = 6'd1;
            end
            if (q_pend) `ETM_QCLOSE(ob, ol)         // [ETM-Q-6] the Q closed at A first
            ob = {ob[MaxB*8-17:0], 8'h00, 8'h05};
            ol = ol + 6'd2;
            at_n_d = 5'd0;  at_bits_d = 3'd0;
            ovf_d = 1'b1;  resync_d = 1'b1;  ton_d = 1'b1;
            need_d = etm_pkg::NaNone;
            ccu_d = cfg_cci_i;
          end
        end
      end else if (ev && MaxSpec == 0) begin
        // [ETM-VIEW-2] an untraced event ends the traced stretch
        if (at_n_q != 5'd0) begin
          ob[7:0] = atom_flush(at_n_q, at_bits_q, at_b3_q);
          ol = 6'd1;
        end
        at_n_d = 5'd0;  at_bits_d = 3'd0;
        ton_d = 1'b1;
        need_d = etm_pkg::NaNone;
        atwp_d = 1'b1;
        if (q_pend) `ETM_QCLOSE(ob, ol)             // [ETM-Q-6] the Q closed at A
      end
      // [ETM-CC-1]
      cc_d = wcc_gen ? '0 : ((cc_q == CcMax) ? cc_q : cc_q + 1'b1);
    end else if (at_n_q != 5'd0 && MaxSpec == 0) begin
      // [ETM-ATOM-3] first edge with EN_q = 0: pending atoms are packed
      ob[7:0] = atom_flush(at_n_q, at_bits_q, at_b3_q);
      ol = 6'd1;
      at_n_d = 5'd0;  at_bits_d = 3'd0;
    end

    // [ETM-FLUSH-1] ATB flush: the atoms left after the cycle's event
    if (afvalid_i && at_n_d != 5'd0 && MaxSpec == 0) begin
      ob = {ob[MaxB*8-9:0], atom_flush(at_n_d, at_bits_d, at_b3_d)};
      ol = ol + 6'd1;
      at_n_d = 5'd0;  at_bits_d = 3'd0;
    end

    // ---- Q elements: [ETM-Q-7] no next address: the close at the tail, Q(q_cnt, q_nxt) if
    // q_nxt_ok, else Q(q_cnt - 1, q_last) if q_cnt >= 2 (the taken branch at q_last stays
    // pending); no 07. On the state after the cycle's event (with EN_q = 0 there is none).
    qt_go = q_nok_d || q_cnt_d >= 14'd2;
    qt_a  = q_nok_d ? q_nxt_d : q_last_d;
    qt_c  = q_nok_d ? q_cnt_d : q_cnt_d - 14'd1;
    {qt_len, qt_pkt} = q_build(qt_c, qt_a, hist_d, hist_is_d, 1'b0);
    // first edge with EN_q = 0: the pending Q closed at its tail, the rest dropped; ATB
    // flush: the tail close only if its bytes and the reserve fit after the cycle's
    if (QSupp != 0 && q_cnt_d != 14'd0 && (!en_i || afvalid_i)) begin
      if (qt_go && (!en_i || {5'h0, ol} + {7'h0, qt_len} + 11'd10 + {2'b00, fifo_count_i} <=
                             11'(FifoDepth) + {10'h0, pop_i})) begin
        `ETM_APPEND(ob, ol, MaxB, qt_pkt, qt_len)
        `ETM_HPUSH(qt_a)
        q_cnt_d = q_nok_d ? 14'd0 : 14'd1;
      end
      if (!en_i) begin
        q_cnt_d = 14'd0;  q_eret_d = 1'b0;
      end
    end

    // [ETM-SPEC-10] speculative: the untraced event's flush, the flush or Commit of a
    // disabled unit or an ATB flush, then one demand for all of the cycle's bytes
    if (MaxSpec > 0) begin
      if (en_i && !traced && ev) begin          // [ETM-VIEW-2]
        `ETM_FLUSH
        ton_d = 1'b1;
        need_d = etm_pkg::NaNone;
        atwp_d = 1'b1;
      end
      if (!en_i || afvalid_i) begin             // [ETM-ATOM-3], [ETM-SPEC-6]
        if (wcp != 6'd0) `ETM_COMMIT
        else `ETM_FLUSH
      end
      wneed = need_d;                           // the new element's na [ETM-SPEC-3]
      if (!(traced || el != 6'd0) || {4'h0, el} + 10'd5 <= free) begin
        ob = eb;
        ol = el;
        at_n_d = wn;
        at_bits_d = wbits;
        at_b3_d = wb3;                          // AtomF45's atom 3 [ETM-ATOM-5]
        sd_d = wsd;
        cp_d = wcp;
        if (traced) ovf_d = 1'b0;
        sp_new_tr = traced;
      end else begin
        // nothing of the cycle's state update is kept (as [ETM-OVF-3])
        resync_d = resync_q;  ton_d = ton_q;  need_d = need_q;
        ctxv_d = ctxv_q;  ctxns_d = ctxns_q;
        hist_d = hist_q;  hist_is_d = hist_is_q;
        rs_d = rs_q;  rs_n_d = rs_n_q;
        ts_prev_d = ts_prev_q;  ccu_d = ccu_q;  atwp_d = atwp_q;
        sync_d = sync_q;
        ts_req_d = ts_req_q | (en_i & cfg_ts_i & res_ts);
        at_n_d = at_n_q;  at_bits_d = at_bits_q;  ovf_d = ovf_q;
        wcc_gen = 1'b0;
        wasync = 1'b0;
        if (en_i) cc_d = (cc_q == CcMax) ? cc_q : cc_q + 1'b1;
        ob = '0;
        ol = 6'd0;
        if (!ovf_q) begin
          // [ETM-SPEC-10] pending atoms, Commit of cp' = cp + this cycle's, Overflow
          if (at_n_q != 5'd0) begin
            ob[7:0] = atom_flush(at_n_q, at_bits_q, at_b3_q);   // F4 too [ETM-ATOM-6]
            ol = 6'd1;
          end
          if (cp_q + 6'(sp_tc) != 6'd0) begin
            ob = {ob[MaxB*8-17:0], 8'h2D, 2'b00, cp_q + 6'(sp_tc)};
            ol = ol + 6'd2;
          end
          ob = {ob[MaxB*8-17:0], 16'h0005};     // Overflow
          ol = ol + 6'd2;
          at_n_d = 5'd0;  at_bits_d = 3'd0;
          ovf_d = 1'b1;
          resync_d = 1'b1;  ton_d = 1'b1;
          need_d = etm_pkg::NaNone;
          ccu_d = cfg_cci_i;
        end
        sd_d = 6'd0;
        cp_d = 6'd0;
        sp_clr = 1'b1;                          // the decoder discards the uncommitted
        sp_drop = 1'b1;                         // a gap at every outstanding element
      end
    end

    // [ETM-SYNC-1] bytes put into the FIFO since the last A-Sync (not those of its cycle)
    if (!wasync) sync_d = (sync_q + 21'(ol) >= 21'h10_0000) ? 21'h10_0000 : sync_q + 21'(ol);

    // [ETM-EN-1] the enabling write resets the trace state after the pack above (ovf_q is
    // kept: the FIFO is, and an Overflow packet needs ovf_q = 0 to be sure of its room)
    if (en_set_i) begin
      at_n_d = 5'd0;  at_bits_d = 3'd0;
      resync_d = 1'b1;  ton_d = 1'b1;  need_d = etm_pkg::NaNone;
      ctxv_d = 1'b0;  rs_n_d = 5'd0;  ts_req_d = 1'b0;  cc_d = '0;  ccu_d = 1'b0;
      sync_d = 21'd0;  atwp_d = 1'b1;  ts_prev_d = 64'h0;
      sd_d = 6'd0;  cp_d = 6'd0;  sp_clr = 1'b1;   // [ETM-SPEC-3], [ETM-SPEC-4]
      q_cnt_d = 14'd0;  q_eret_d = 1'b0;  q_nok_d = 1'b0;   // [ETM-Q-*] state 0
    end
  end

  // ---- Q elements: the pending Q [ETM-Q-3..7] (constant 0 with QSupp = 0) ------------------
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      q_cnt_q  <= 14'd0;
      q_last_q <= 32'h0;
      q_nxt_q  <= 32'h0;
      q_nok_q  <= 1'b0;
      q_eret_q <= 1'b0;
    end else if (QSupp != 0) begin
      q_cnt_q  <= q_cnt_d;
      q_last_q <= q_last_d;
      q_nxt_q  <= q_nxt_d;
      q_nok_q  <= q_nok_d;
      q_eret_q <= q_eret_d;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      at_n_q    <= 5'd0;
      at_bits_q <= 3'd0;
      resync_q  <= 1'b1;
      ton_q     <= 1'b1;
      ovf_q     <= 1'b0;
      need_q    <= etm_pkg::NaNone;
      ctxv_q    <= 1'b0;
      ctxns_q   <= 1'b0;
      hist_is_q <= 3'b000;
      rs_n_q    <= 5'd0;
      ts_req_q  <= 1'b0;
      ts_prev_q <= 64'h0;
      cc_q      <= '0;
      ccu_q     <= 1'b0;
      sync_q    <= 21'd0;
      atwp_q    <= 1'b1;
      hist_q    <= '0;
      sd_q      <= 6'd0;
      cp_q      <= 6'd0;
    end else begin
      at_n_q    <= at_n_d;
      at_bits_q <= at_bits_d;
      resync_q  <= resync_d;
      ton_q     <= ton_d;
      ovf_q     <= ovf_d;
      need_q    <= need_d;
      ctxv_q    <= ctxv_d;
      ctxns_q   <= ctxns_d;
      hist_is_q <= hist_is_d;
      rs_n_q    <= rs_n_d;
      ts_req_q  <= ts_req_d;
      ts_prev_q <= ts_prev_d;
      cc_q      <= cc_d;
      ccu_q     <= ccu_d;
      sync_q    <= sync_d;
      atwp_q    <= atwp_d;
      hist_q    <= hist_d;
      sd_q      <= sd_d;
      cp_q      <= cp_d;
    end
  end

  // Return-stack storage: no reset needed (rs_n_q says which entries are valid).
  always_ff @(posedge clk_i) begin
    rs_q <= rs_d;
  end

  // Atom 3 of the pending list (AtomF45 [ETM-ATOM-5]; meaningful while at_n_q >= 4)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) at_b3_q <= 1'b0;
    else         at_b3_q <= at_b3_d;
  end

  assign push_data_o   = ob;
  assign push_len_o    = ol;
  assign atoms_empty_o = (at_n_q == 5'd0);
  assign spec_sd_zero_o = (sd_q == 6'd0);
  assign spec_cp_zero_o = (cp_q == 6'd0);

  // ---- Assertions ------------------------------------------------------------------------
  `CS_ASSERT_INIT(FifoDepthRange_A, FifoDepth == 64 || FifoDepth == 128 || FifoDepth == 256)
  `CS_ASSERT_INIT(RsDepthRange_A, RsDepth >= 0 && RsDepth <= 15)
  `CS_ASSERT_INIT(CcSizeRange_A, CcSize >= 12 && CcSize <= 20)
  `CS_ASSERT_INIT(SecExtRange_A, SecExt == 0 || SecExt == 1)
  `CS_ASSERT_INIT(NumPcRange_A, NumPc >= 0 && NumPc <= 4)
  `CS_ASSERT_INIT(MaxSpecRange_A, MaxSpec >= 0 && MaxSpec <= 16)
  // [ETM-ATOM-2] invariant: all E (up to 23) or an N within at most 2 atoms
  `CS_ASSERT(AtomList_A, at_n_q <= 5'd23 && (at_n_q <= 5'd2 || at_bits_q == 3'b111 ||
                                             at_n_q > 5'd3 || AtomF45 != 0))
  // [ETM-ATOM-5] invariant: all E (up to 23) or an N within a prefix of an F4/F5 pattern
  `CS_ASSERT(AtomList45_A, AtomF45 == 0 || atom_all_e(at_n_q, {at_b3_q, at_bits_q}) ||
                           (at_n_q <= 5'd4 && atom_prefix45(at_n_q, {at_b3_q, at_bits_q})))
  `CS_ASSERT_INIT(AtomF45Range_A, AtomF45 == 0 || AtomF45 == 1)
  `CS_ASSERT_INIT(QSuppSpec_A, QSupp == 0 || MaxSpec == 0)   // [ETM-Q-2]
  // [ETM-Q-4] atoms and a Q are never pending together
  `CS_ASSERT(QAtoms_A, q_cnt_q == 14'd0 || at_n_q == 5'd0)
  // [ETM-OVF-4] a flush alone always fits
  `CS_ASSERT(PushFits_A, {4'h0, push_len_o} <= free)
  `CS_ASSERT(RsCount_A, rs_n_q <= 5'(RsDepth))

endmodule
