// SPDX-License-Identifier: Apache-2.0
// ETM speculation: the unit's list of the PE's outstanding P0 elements, oldest first
// ([ETM-SPEC-3]), and what this cycle's recovery and commit make of it: the traced elements
// cancelled (kc), whether a traced atom is mispredicted (mp), need_addr after the recovery
// ([ETM-SPEC-8]) and the traced elements committed (tc). etm_gen keeps the stream counters
// sd/cp and emits the packets; it tells this list at the edge what the cycle's own element
// is (new_*), whether it entered the stream and whether the stream lost every element.
// Per element also its branch's bb_in ([ETM-SPEC-11]) and whether an untraced event came at
// or after it ([ETM-SPEC-12]).
// Spec: docs/etm-contract.md 18 ([ETM-SPEC-2..8], [ETM-SPEC-11..12]).

`default_nettype none

`include "cs_assert.svh"

module etm_spec #(
  parameter int MaxSpec = 4       // TRCIDR8.MAXSPEC 1..16
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        cfg_bb_i,        // TRCCONFIGR.BB
  // PE speculation inputs [ETM-SPEC-PE-*]
  input  logic [4:0]  commit_i,
  input  logic        flush_i,
  input  logic [4:0]  cancel_i,
  input  logic        mispred_i,
  // this cycle's recovery and commit [ETM-SPEC-5], [ETM-SPEC-6]
  output logic [4:0]  kc_o,            // traced elements cancelled
  output logic        mp_o,            // the flipped atom is traced
  output logic [1:0]  rec_need_o,      // need_addr after the recovery [ETM-SPEC-8]
  output logic        rec_gap_o,       // the discarded path had a gap: Trace On [ETM-SPEC-12]
  output logic [4:0]  tc_o,            // traced elements committed
  // the cycle's own element, appended after the recovery and the commit
  input  logic        new_i,           // a P0 event was presented
  input  logic        new_atom_i,      // it is a branch (else an exception)
  input  logic        new_e_i,         // a taken branch
  input  logic        new_bb_i,        // bb_in at its address [ETM-SPEC-11]
  input  logic        gap_i,           // an untraced event this cycle (EN_q = 1) [ETM-SPEC-12]
  input  logic [1:0]  new_na_i,        // need_addr after the event (end of its edge)
  input  logic        new_tr_i,        // its demand was accepted and it was traced
  input  logic        clr_tr_i         // overflow or [ETM-EN-1]: nothing outstanding in the stream
);

  // 17 entries as the golden model (struct etm_spec): with the PE keeping [ETM-SPEC-PE-2]
  // at most MaxSpec are used; a 17th element overwrites the 17th entry.
  localparam int L = 17;

  logic [4:0]   n_q, n_d, n1, n2;
  logic [L-1:0] tr_q, tr_d, atom_q, atom_d, e_q, e_d, t_tr, t_atom, t_e, cut, lowc;
  logic [L-1:0] bb_q, bb_d, gp_q, gp_d, t_bb, t_gp, lown;
  logic         gpb_q, gpb_d, t_gpb, gap;
  logic [2*L-1:0] na_q, na_d, t_na;
  logic [1:0]   base_q, base_d;
  logic [4:0]   k, c, kc, tc, idx;
  logic         mp;
  logic [1:0]   need;

  function automatic logic [4:0] pop17(input logic [L-1:0] v);
    logic [4:0] r;
    r = '0;
    for (int i = 0; i < L; i++) r = r + {4'h0, v[i]};
    pop17 = r;  // (no return: Yosys 0.23)
  endfunction

  // An explicit list of this block's inputs, not always_comb: the block reads variables it
  // has written (t_tr, cut, ... after their defaults; through pop17's arguments too), and
  // Icarus Verilog 11 keeps those in always_comb's implicit sensitivity list, so a recovery
  // or a commit, which changes them within the block, re-ran it for ever (the replay bench
  // tests/vectors/etm_replay_tb.sv hung at the first recovery). Every input is listed.
  always @(tr_q or atom_q or e_q or na_q or bb_q or gp_q or base_q or gpb_q or n_q or
           flush_i or cancel_i or mispred_i or commit_i or cfg_bb_i) begin
    t_tr = tr_q;  t_atom = atom_q;  t_e = e_q;  t_na = na_q;  t_bb = bb_q;  t_gp = gp_q;
    base_d = base_q;  t_gpb = gpb_q;  gap = 1'b0;
    n1 = n_q;  kc = '0;  mp = 1'b0;  need = etm_pkg::NaNone;  k = '0;  cut = '0;
    // recovery: cancel the k newest, then flip the newest if it is an atom [ETM-SPEC-5..7]
    if (flush_i) begin
      k = (cancel_i < n_q) ? cancel_i : n_q;
      for (int i = 0; i < L; i++) cut[i] = (5'(i) < n_q) && (5'(i) >= n_q - k);
      kc = pop17(t_tr & cut);
      n1 = n_q - k;
      t_tr = t_tr & ~cut;  t_atom = t_atom & ~cut;  t_e = t_e & ~cut;
      t_bb = t_bb & ~cut;  t_gp = t_gp & ~cut;
      if (mispred_i && n1 != 5'd0 && t_atom[n1 - 5'd1]) begin
        t_e[n1 - 5'd1] = ~t_e[n1 - 5'd1];          // the last Mispredict decides
        mp = t_tr[n1 - 5'd1];
        // [ETM-SPEC-11]: the flipped branch's own bb_in
        need = (t_e[n1 - 5'd1] && cfg_bb_i && t_bb[n1 - 5'd1]) ? etm_pkg::NaPlain
                                                                : etm_pkg::NaNone;
        t_na[2*(n1 - 5'd1) +: 2] = need;
      end else begin
        need = (n1 != 5'd0) ? t_na[2*(n1 - 5'd1) +: 2] : base_q;
      end
      gap = (n1 != 5'd0) ? t_gp[n1 - 5'd1] : gpb_q;  // [ETM-SPEC-12]
    end
    // commit of the c oldest [ETM-SPEC-4]
    c = (commit_i < n1) ? commit_i : n1;
    lowc = '0;
    for (int i = 0; i < L; i++) lowc[i] = 5'(i) < c;
    tc = pop17(t_tr & lowc);
    if (c != 5'd0) begin
      base_d = t_na[2*(c - 5'd1) +: 2];
      t_gpb = t_gp[c - 5'd1];
      t_tr = t_tr >> c;  t_atom = t_atom >> c;  t_e = t_e >> c;
      t_bb = t_bb >> c;  t_gp = t_gp >> c;
      t_na = t_na >> {c, 1'b0};
    end
    n2 = n1 - c;
  end

  // the cycle's own element, after the recovery and the commit [ETM-SPEC-3] (apart from the
  // block above: its inputs depend on the outputs above)
  always_comb begin
    tr_d = t_tr;  atom_d = t_atom;  e_d = t_e;  na_d = t_na;  n_d = n2;
    bb_d = t_bb;  gp_d = t_gp;  gpb_d = t_gpb;
    idx = (n2 < 5'd16) ? n2 : 5'd16;
    if (new_i) begin
      atom_d[idx] = new_atom_i;
      e_d[idx] = new_atom_i & new_e_i;
      tr_d[idx] = new_tr_i;
      na_d[2*idx +: 2] = new_na_i;
      bb_d[idx] = new_atom_i & new_bb_i;
      gp_d[idx] = 1'b0;
      n_d = idx + 5'd1;
    end
    // [ETM-SPEC-12] an untraced event: a gap at or after every outstanding element
    for (int i = 0; i < L; i++) lown[i] = 5'(i) < n_d;
    if (gap_i) begin
      gp_d = lown;
      gpb_d = 1'b1;
    end
    if (clr_tr_i) tr_d = '0;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      n_q <= '0;  tr_q <= '0;  atom_q <= '0;  e_q <= '0;  na_q <= '0;
      bb_q <= '0;  gp_q <= '0;  gpb_q <= 1'b0;
      base_q <= etm_pkg::NaNone;
    end else begin
      n_q <= n_d;  tr_q <= tr_d;  atom_q <= atom_d;  e_q <= e_d;  na_q <= na_d;
      bb_q <= bb_d;  gp_q <= gp_d;  gpb_q <= gpb_d;
      base_q <= base_d;
    end
  end

  assign kc_o       = kc;
  assign mp_o       = mp;
  assign rec_need_o = need;
  assign rec_gap_o  = gap;
  assign tc_o       = tc;

  // ---- Assertions ------------------------------------------------------------------------
  `CS_ASSERT_INIT(MaxSpecRange_A, MaxSpec >= 1 && MaxSpec <= 16)
  `CS_ASSERT(ListLen_A, n_q <= 5'(L))

endmodule
