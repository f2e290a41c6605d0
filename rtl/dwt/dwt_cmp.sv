// SPDX-License-Identifier: Apache-2.0
// DWT comparators: roles, match conditions, authentication, MATCH/ACTION emission tables,
// MATCHED/CMPMATCH, watchpoint debug events and the data trace packets of each operation.
// Spec: Armv8-M B14.2.2-B14.2.7; docs/dwt-contract.md sections 7-10.

`default_nettype none

`include "cs_assert.svh"

module dwt_cmp #(
  parameter int NumComp    = 4,  // implemented comparators: 0..15
  parameter int HasMain    = 1,  // Main Extension (pair tables M / !M, DebugMonitor)
  parameter int HasTrace   = 1,  // trace packets
  parameter int HasExtTrig = 1,  // CMPMATCH outputs
  parameter int SecExt     = 1,  // Security Extension
  parameter int Ude        = 1   // Unprivileged Debug Extension
) (
  input  logic                                        clk_i,
  input  logic                                        rst_ni,
  // comparator registers (cycle t values) and ID
  input  logic [((NumComp > 0) ? NumComp : 1)*5-1:0]  id_i,
  input  logic [((NumComp > 0) ? NumComp : 1)*32-1:0] comp_i,
  input  logic [((NumComp > 0) ? NumComp : 1)*2-1:0]  fdvsize_i,
  input  logic [((NumComp > 0) ? NumComp : 1)*32-1:0] vmask_i,
  input  logic [((NumComp > 0) ? NumComp : 1)-1:0]    cfg_wr_i,    // COMPn/FUNCTIONn written
  // the FUNCTIONn fields after this edge (= the *_i fields unless cfg_wr_i): the roles
  input  logic [((NumComp > 0) ? NumComp : 1)*4-1:0]  fmatch_d_i,
  input  logic [((NumComp > 0) ? NumComp : 1)*2-1:0]  faction_d_i,
  input  logic [((NumComp > 0) ? NumComp : 1)*2-1:0]  fdvsize_d_i,
  // instruction observation
  input  logic                                        ia_valid_i,
  input  logic [31:0]                                 ia_addr_i,
  input  logic                                        ia_secure_i,
  input  logic                                        ia_priv_i,
  // data access observation
  input  logic                                        da_valid_i,
  input  logic [31:0]                                 da_addr_i,
  input  logic [1:0]                                  da_size_i,
  input  logic                                        da_write_i,
  input  logic [31:0]                                 da_data_i,
  input  logic [31:0]                                 da_pc_i,
  input  logic                                        da_secure_i,
  input  logic                                        da_priv_i,
  input  logic                                        da_fault_i,
  input  logic                                        da_lazyfp_i,
  // cycle counter increment of this edge and the last executed instruction
  input  logic                                        cyc_inc_i,
  input  logic [31:0]                                 cyc_next_i,
  input  logic [31:0]                                 pc_last_i,
  input  logic                                        pc_last_tok_i,
  // PE security state (cycle-counter match attributes, [DWT-AUTH-5])
  input  logic                                        pe_secure_i,
  // authentication (contract section 7: nidU, nidP, snidU, snidP) and debug control
  input  logic                                        trcena_i,
  input  logic                                        nid_u_i,
  input  logic                                        nid_p_i,
  input  logic                                        snid_u_i,
  input  logic                                        snid_p_i,
  input  logic                                        hda_i,
  input  logic                                        uhda_i,
  input  logic                                        uhda_s_i,
  input  logic                                        c_debugen_i,
  input  logic                                        s_halt_i,
  input  logic                                        s_sde_i,
  input  logic                                        mon_en_i,
  input  logic                                        sdme_i,
  input  logic                                        umon_en_i,
  input  logic                                        mon_prio_i,
  input  logic                                        monrdy_i,
  // MATCHED ([DWT-MATCHED-1], [DWT-MATCHED-2]): cleared at this edge by a read of
  // DWT_FUNCTIONn (dwt_regs), held here beside the match logic that sets it
  input  logic [((NumComp > 0) ? NumComp : 1)-1:0]    matched_clr_i,
  output logic [((NumComp > 0) ? NumComp : 1)-1:0]    matched_o,
  // registered one-cycle pulses (cycle t+1)
  output logic [15:0]                                 cmpmatch_o,
  output logic                                        wpt_halt_o,
  output logic                                        wpt_mon_o,
  // data trace packets of this edge in list order ([DWT-BUF-1] items 1-3):
  // IA PC, IA MATCH, DA PC, DA MATCH (address class), DA ADDR, DA MATCH (value class),
  // DA VALUE, CYC PC, CYC MATCH; 40 bits {payload, header} each, slot i at [40i +: 40]
  output logic [8:0]                                  pkt_vld_o,
  output logic [359:0]                                pkt_data_o
);

  localparam int NumCompW = (NumComp > 0) ? NumComp : 1;
  localparam int NumTrc   = (NumComp < 4) ? NumComp : 4;  // [DWT-PKT-1] comparators 0..3

  // Packet headers (contract section 10.2); the comparator number goes to bits [5:4].
  localparam logic [7:0] HdrPc    = 8'h47;
  localparam logic [7:0] HdrMatch = 8'h45;
  localparam logic [7:0] HdrAddr  = 8'h4F;
  localparam logic [7:0] HdrValue = 8'h84;

  // MATCH encodings (contract section 4.2).
  localparam logic [3:0] MDis = 4'b0000;
  localparam logic [3:0] MCyc = 4'b0001;
  localparam logic [3:0] MIa  = 4'b0010;
  localparam logic [3:0] MIal = 4'b0011;
  localparam logic [3:0] MDal = 4'b0111;
  localparam logic [3:0] MLdv = 4'b1011;


  // ---- Table functions (section 8) -------------------------------------------------------
  // MATCH classes: DA 01xx != 0111, DV 10xx != 1011, DAwV 11xx != 1111.
  function automatic logic is_da(logic [3:0] m);
    is_da = (m[3:2] == 2'b01) && (m != MDal);
  endfunction
  function automatic logic is_dv(logic [3:0] m);
    is_dv = (m[3:2] == 2'b10) && (m != MLdv);
  endfunction
  function automatic logic is_dav(logic [3:0] m);
    is_dav = (m[3:2] == 2'b11) && (m != 4'b1111);
  endfunction
  function automatic logic second_type(logic [3:0] m);
    second_type = (m == MIal) || (m == MDal) || (m == MLdv);
  endfunction

  // [DWT-ID-2] sup(n, m); id = ID bits {4, 2, 1, 0} (bit 3 is always 1 and selects nothing);
  // dav_ok = HasMain && n < 4.
  function automatic logic sup(logic [3:0] id, logic [3:0] m, logic [1:0] v, logic dav_ok);
    logic r;
    r = 1'b0;
    if (m == MDis) begin
      r = 1'b1;
    end else if (m == MCyc) begin
      r = id[0];
    end else if (m == MIa) begin
      r = id[1];
    end else if (m == MIal) begin
      r = id[1] && id[3];
    end else if (m == MDal) begin
      r = id[3] && (v != 2'b11);
    end else if (m == MLdv) begin
      r = id[2] && id[3] && (v != 2'b11);
    end else if (is_da(m)) begin
      r = (v != 2'b11);
    end else if (is_dv(m)) begin
      r = id[2] && (v != 2'b11);
    end else if (is_dav(m)) begin
      r = dav_ok && (v != 2'b11);
    end
    sup = r;
  endfunction

  // Section 8.3 single table: rows other than [DWT-MATCH-S-DIS].
  function automatic logic single_row(logic [3:0] m, logic [1:0] a);
    logic r;
    r = 1'b0;
    if (m == MCyc || is_da(m)) begin
      r = 1'b1;                                 // ACTION 00..11
    end else if (m == MIa || is_dv(m)) begin
      r = (a != 2'b11);                         // ACTION 00..10
    end else if (is_dav(m)) begin
      r = a[1];                                 // ACTION 10, 11
    end
    single_row = r;
  endfunction

  // Sections 8.4-8.6 pair tables (First m1/a1, Second m2/a2); main selects M or !M rows.
  function automatic logic pair_row(logic [3:0] m1, logic [1:0] a1, logic [3:0] m2,
                                    logic [1:0] a2, logic main);
    logic r;
    r = 1'b0;
    if (m2 == MIal) begin
      // IR: (00,00), (01,00); Main adds (00,11), (10,00).
      if (m1 == MIa) begin
        r = ({a1, a2} == 4'b0000) || ({a1, a2} == 4'b0100) ||
            (main && (({a1, a2} == 4'b0011) || ({a1, a2} == 4'b1000)));
      end
    end else if (m2 == MDal) begin
      // DR with DA: (00,00), (00,11), (01,00); Main adds (10,00), (11,00), (11,11).
      // DR with DAwV (Main): (10,00), (10,11), (11,00), (11,11).
      if (is_da(m1)) begin
        r = ({a1, a2} == 4'b0000) || ({a1, a2} == 4'b0011) || ({a1, a2} == 4'b0100) ||
            (main && (({a1, a2} == 4'b1000) || ({a1, a2} == 4'b1100) ||
                      ({a1, a2} == 4'b1111)));
      end else if (is_dav(m1)) begin
        r = main && a1[1] && ((a2 == 2'b00) || (a2 == 2'b11));
      end
    end else if (m2 == MLdv) begin
      // LV (Main only): DA First with any pair except two DBG, two MATCH or ACTION 11 on
      // the Second; DAwV First with ACTION 10/11 and Second 00/01/10.
      if (is_da(m1)) begin
        r = main && (a2 != 2'b11) && ({a1, a2} != 4'b0101) && ({a1, a2} != 4'b1010);
      end else if (is_dav(m1)) begin
        r = main && a1[1] && (a2 != 2'b11);
      end
    end
    pair_row = r;
  endfunction

  // dir_ok(m) of section 8.2.
  function automatic logic dir_ok(logic [1:0] dir, logic w);
    dir_ok = (dir == 2'b00) || ((dir == 2'b01) && w) || ((dir == 2'b10) && !w);
  endfunction

  // [DWT-AUTH-1] trace_ok(s, p) of the contract's section 7, for this configuration.
  function automatic logic trace_ok(logic s, logic p, logic trcena, logic nidu, logic nidp,
                                    logic snidu, logic snidp);
    trace_ok = dwt_pkg::trace_ok(SecExt != 0, Ude != 0, s, p, trcena, nidu, nidp, snidu, snidp);
  endfunction

  // ---- Roles (section 8.1) and what follows from them alone ------------------------------
  // Bits of role_of(n): a function of the FUNCTIONn fields (and the constant IDs) only.
  localparam int RSgl = 0, RFst = 1, RSnd = 2, RKIr = 3, RKDr = 4, RDirW = 5, RDirR = 6,
                 RActDbg = 7, RHsCyc = 8, RHsIa = 9, RHsDv = 10, RHsDa = 11, RHsNir = 12,
                 RHsNdr = 13, RHsIr = 14, RHsDr = 15, RHsLv = 16, RLim = 17, ROpkIa = 18,
                 ROpkDa = 19, ROpkCy = 20, REDbg = 21, REMatch = 22, REPc = 23, REAddr = 24,
                 REVal = 25, RVcls = 26, RoleW = 27;
  // Before any write every MATCH is 0000 (OFF): no role, dir_ok(00) for both directions.
  localparam logic [RoleW-1:0] RoleRst = (RoleW'(1) << RDirW) | (RoleW'(1) << RDirR);

  // Section 8.1 steps 1-3 for comparator n: sec_type (a second type), sec_sup (and
  // supported), pair_ok (step 1: the pair (n-1, n) is a row of its table), single_ok (step 3:
  // the single table; MATCH 0000 is OFF).
  function automatic logic sec_type_f(int n, logic [NumCompW*4-1:0] fm);
    sec_type_f = (n < NumComp) && second_type(fm[4*n +: 4]);
  endfunction
  function automatic logic sec_sup_f(int n, logic [NumCompW*4-1:0] fm,
                                     logic [NumCompW*2-1:0] fv, logic [NumCompW*5-1:0] idv);
    logic [3:0] m, id;
    logic [1:0] v;
    m  = fm[4*n +: 4];
    v  = fv[2*n +: 2];
    id = {idv[5*n + 4], idv[5*n +: 3]};
    sec_sup_f = sec_type_f(n, fm) && (n > 0) && sup(id, m, v, (HasMain != 0) && (n < 4));
  endfunction
  function automatic logic pair_ok_f(int n, logic [NumCompW*4-1:0] fm,
                                     logic [NumCompW*2-1:0] fa, logic [NumCompW*2-1:0] fv,
                                     logic [NumCompW*5-1:0] idv);
    int         prv;
    logic [3:0] m, m_p, id_p;
    logic [1:0] a, a_p, v_p;
    prv  = (n > 0) ? n - 1 : 0;
    m    = fm[4*n +: 4];
    m_p  = fm[4*prv +: 4];
    a    = fa[2*n +: 2];
    a_p  = fa[2*prv +: 2];
    v_p  = fv[2*prv +: 2];
    id_p = {idv[5*prv + 4], idv[5*prv +: 3]};
    pair_ok_f = sec_sup_f(n, fm, fv, idv) && (m_p != MDis) &&
                sup(id_p, m_p, v_p, (HasMain != 0) && (prv < 4)) &&
                pair_row(m_p, a_p, m, a, HasMain != 0);
  endfunction
  function automatic logic single_ok_f(int n, logic [NumCompW*4-1:0] fm,
                                       logic [NumCompW*2-1:0] fa, logic [NumCompW*2-1:0] fv,
                                       logic [NumCompW*5-1:0] idv);
    logic [3:0] m, id;
    logic [1:0] a, v;
    m  = fm[4*n +: 4];
    a  = fa[2*n +: 2];
    v  = fv[2*n +: 2];
    id = {idv[5*n + 4], idv[5*n +: 3]};
    single_ok_f = (n < NumComp) && (m != MDis) &&
                  sup(id, m, v, (HasMain != 0) && (n < 4)) && single_row(m, a);
  endfunction

  // The role of comparator n and the terms decoded from it: which raw hit is its hit, its
  // operation kind, its emission set (sections 8.1-8.6).
  function automatic logic [RoleW-1:0] role_of(int n, logic [NumCompW*4-1:0] fm,
                                               logic [NumCompW*2-1:0] fa,
                                               logic [NumCompW*2-1:0] fv,
                                               logic [NumCompW*5-1:0] idv);
    logic [RoleW-1:0] r;
    int         nxt;
    logic       has_next, first_cand, is_sgl, is_fst, is_snd, k_ir, k_dr, r_fst, r_snd, own;
    logic [3:0] m, m_n;
    logic [1:0] a;
    nxt      = (n + 1 < NumCompW) ? n + 1 : n;
    has_next = (n + 1 < NumComp);
    m        = fm[4*n +: 4];
    m_n      = fm[4*nxt +: 4];
    a        = fa[2*n +: 2];
    // Step 2: n+1 holds a supported second type, so n's role is decided by step 1 for n+1.
    // Only odd comparators support second types, so the steps never clash.
    first_cand = !sec_type_f(n, fm) && has_next && sec_sup_f(nxt, fm, fv, idv);
    is_snd     = pair_ok_f(n, fm, fa, fv, idv);
    is_fst     = first_cand && pair_ok_f(nxt, fm, fa, fv, idv);
    is_sgl     = (n < NumComp) && !sec_type_f(n, fm) && !first_cand &&
                 single_ok_f(n, fm, fa, fv, idv);
    k_ir       = (is_fst && (m_n == MIal)) || (is_snd && (m == MIal));
    k_dr       = (is_fst && (m_n == MDal)) || (is_snd && (m == MDal));
    r          = '0;
    r[RSgl]    = is_sgl;
    r[RFst]    = is_fst;
    r[RSnd]    = is_snd;
    r[RKIr]    = k_ir;
    r[RKDr]    = k_dr;
    r[RDirW]   = dir_ok(m[1:0], 1'b1);
    r[RDirR]   = dir_ok(m[1:0], 1'b0);
    r[RActDbg] = (a == 2'b01);
    // ---- Match (section 8.2 [DWT-CMP-ANY]) -----------------------------------------------
    r[ROpkCy]  = is_sgl && (m == MCyc);
    r[ROpkIa]  = (is_sgl && (m == MIa)) || k_ir;
    r[ROpkDa]  = (is_sgl && (m != MCyc) && (m != MIa)) || ((is_fst || is_snd) && !k_ir);
    // hit[n] (below, on the vectors) is the raw hit its role selects:
    //   Single: CYC, IA, DV or (DA, DAwV) da_hit; First: ir_hit[Next], dr_hit[Next] or
    //   (LV1) its own da_hit; Second: ir_hit, dr_hit or (LV2) lv_hit; otherwise 0.
    r_fst      = !is_sgl && is_fst;  // the role, in the priority Single, First, Second
    r_snd      = !is_sgl && !is_fst && is_snd;
    r[RHsCyc]  = is_sgl && (m == MCyc);
    r[RHsIa]   = is_sgl && (m != MCyc) && (m == MIa);
    r[RHsDv]   = is_sgl && (m != MCyc) && (m != MIa) && is_dv(m);
    r[RHsDa]   = (is_sgl && (m != MCyc) && (m != MIa) && !is_dv(m)) ||   // DA, DAwV
                 (r_fst && !k_ir && !k_dr);                             // LV1: own addr
    r[RHsNir]  = r_fst && k_ir;
    r[RHsNdr]  = r_fst && !k_ir && k_dr;
    r[RHsIr]   = r_snd && k_ir;
    r[RHsDr]   = r_snd && !k_ir && k_dr;
    r[RHsLv]   = r_snd && !k_ir && !k_dr;                               // LV2
    r[RLim]    = is_snd && (k_ir || k_dr);
    // ---- Emission sets (sections 8.3-8.6) ------------------------------------------------
    // A Single or a First emits by its own MATCH and ACTION as in the single table; a Second
    // by its type (IAL/11 PC, DAL/11 ADDR, LDV/01 DBG, LDV/10 MATCH). The tables have
    // already turned every reserved combination OFF.
    own        = is_sgl || is_fst;
    r[REDbg]   = (own && !is_dav(m) && (a == 2'b01)) ||
                 (is_snd && !k_ir && !k_dr && (a == 2'b01));
    r[REMatch] = (own && !is_dav(m) && (a == 2'b10)) ||
                 (is_snd && !k_ir && !k_dr && (a == 2'b10));
    r[REPc]    = (own && (a == 2'b11)) || (is_snd && k_ir && (a == 2'b11));
    r[REAddr]  = is_snd && k_dr && (a == 2'b11);
    r[REVal]   = own && is_dav(m) && a[1];
    // [DWT-PKT-4] value class (DV or LDV: MATCH 10xx) puts MATCH after ADDR.
    r[RVcls]   = (m[3:2] == 2'b10);
    role_of    = r;
  endfunction

  // ---- Authentication per operation (section 7) ------------------------------------------
  logic ia_s, da_s, cy_s, cy_p;
  logic prohib_p_dbg, prohib_p_trc, prohib_u_dbg, prohib_u_trc;
  logic ia_ok_dbg, ia_ok_trc, da_ok_dbg, da_ok_trc, cy_ok_dbg, cy_ok_trc;
  logic ia_tok, da_tok, cy_tok;

  assign ia_s = (SecExt != 0) && ia_secure_i;
  assign da_s = (SecExt != 0) && da_secure_i;
  // [DWT-AUTH-5] a cycle-counter match has attributes (cyc_s, 1): Secure when the PE is in
  // Secure state in cycle t (the increment's cycle) and was in cycle t-1, so an increment at
  // Secure entry or exit is not a Secure match (B14.2.2); always privileged. cy_s feeds the
  // Secure prohibition [DWT-AUTH-4], the trace rule [DWT-AUTH-1] of the cycle match's
  // packets and (as the op's attributes) the halt condition [DWT-DBG-HALT].
  logic pe_secure_q, pe_secure_d;
  assign pe_secure_d = pe_secure_i;  // pe_secure_i registered, updated every edge
  assign cy_s = (SecExt != 0) && pe_secure_i && pe_secure_q;
  assign cy_p = 1'b1;

  // [DWT-AUTH-2], [DWT-AUTH-3] for ACTION 01 (dbg) and the others (trc).
  assign prohib_p_trc = !trcena_i || !nid_p_i;
  assign prohib_p_dbg = prohib_p_trc || (!(hda_i && c_debugen_i) &&
                                         !((HasMain != 0) && mon_en_i));
  assign prohib_u_trc = !trcena_i || !nid_u_i;
  assign prohib_u_dbg = prohib_u_trc ||
                        (!(hda_i && c_debugen_i) && !((Ude != 0) && uhda_i && c_debugen_i) &&
                         !((HasMain != 0) && mon_en_i) && !((Ude != 0) && umon_en_i));

  // allowed(n, op) = !(p ? prohib_p : prohib_u) && !prohib_s   [DWT-AUTH-4]
  function automatic logic allowed(logic s, logic p, logic dbg, logic pp, logic pu,
                                   logic snidu, logic snidp, logic ssde, logic sdme);
    logic prohib_s;
    prohib_s = (SecExt != 0) && s && ((!dbg && !(p ? snidp : snidu)) ||
                                      (dbg && !ssde && !((HasMain != 0) && sdme)));
    allowed = !(p ? pp : pu) && !prohib_s;
  endfunction

  assign ia_ok_dbg = allowed(ia_s, ia_priv_i, 1'b1, prohib_p_dbg, prohib_u_dbg, snid_u_i,
                             snid_p_i, s_sde_i, sdme_i);
  assign ia_ok_trc = allowed(ia_s, ia_priv_i, 1'b0, prohib_p_trc, prohib_u_trc, snid_u_i,
                             snid_p_i, s_sde_i, sdme_i);
  assign da_ok_dbg = allowed(da_s, da_priv_i, 1'b1, prohib_p_dbg, prohib_u_dbg, snid_u_i,
                             snid_p_i, s_sde_i, sdme_i);
  assign da_ok_trc = allowed(da_s, da_priv_i, 1'b0, prohib_p_trc, prohib_u_trc, snid_u_i,
                             snid_p_i, s_sde_i, sdme_i);
  assign cy_ok_dbg = allowed(cy_s, cy_p, 1'b1, prohib_p_dbg, prohib_u_dbg, snid_u_i,
                             snid_p_i, s_sde_i, sdme_i);
  assign cy_ok_trc = allowed(cy_s, cy_p, 1'b0, prohib_p_trc, prohib_u_trc, snid_u_i,
                             snid_p_i, s_sde_i, sdme_i);

  // [DWT-PKT-1] trace_ok of each operation.
  assign ia_tok = trace_ok(ia_s, ia_priv_i, trcena_i, nid_u_i, nid_p_i, snid_u_i, snid_p_i);
  assign da_tok = trace_ok(da_s, da_priv_i, trcena_i, nid_u_i, nid_p_i, snid_u_i, snid_p_i);
  assign cy_tok = trace_ok(cy_s, cy_p, trcena_i, nid_u_i, nid_p_i, snid_u_i, snid_p_i);

  // ---- Operation decode (section 8.2) ----------------------------------------------------
  logic        da_ok;
  logic [31:0] da_a;        // A = da_addr_i & ~(s-1)
  logic [1:0]  da_smask;    // s-1 within the word
  logic [31:0] da_last;     // A + s - 1
  logic [31:0] da_val;      // access value masked to s bytes

  // [DWT-OBS-3], [DWT-OBS-4] size 11 and faulted accesses are not observed.
  assign da_ok = da_valid_i && !da_fault_i && (da_size_i != 2'b11);

  always_comb begin
    unique case (da_size_i)
      2'b00:   begin da_smask = 2'b00; da_val = {24'h0, da_data_i[7:0]};  end
      2'b01:   begin da_smask = 2'b01; da_val = {16'h0, da_data_i[15:0]}; end
      default: begin da_smask = 2'b11; da_val = da_data_i;                end
    endcase
  end
  assign da_a    = {da_addr_i[31:2], da_addr_i[1:0] & ~da_smask};
  assign da_last = {da_addr_i[31:2], da_addr_i[1:0] | da_smask};

  // ---- Per-comparator logic --------------------------------------------------------------
  // Whole vectors, bit n for comparator n; what remains per comparator (gen_cmp) is built
  // from continuous assignments only (every vector bit has one driver; Icarus would otherwise
  // re-evaluate loops of always_comb blocks on every transient). Bits n >= NumComp (the
  // NumComp == 0 padding) are 0.
  logic [NumCompW-1:0] is_snd, k_ir, vcls;  // Second; IR pair; value class
  logic [NumCompW-1:0] opk_ia, opk_da, opk_cy;   // the operation kind of each comparator
  logic [NumCompW-1:0] allow, lim;              // lim: Second of an IR or DR pair
  logic [NumCompW-1:0] e_dbg, e_match, e_pc, e_addr, e_val;
  logic [NumCompW-1:0] ir_q, ir_gate;
  logic [NumCompW-1:0] unused_id;
  // Decoded from the FUNCTIONn registers alone (no observation input), so that the
  // input-dependent logic below is a few operations on whole vectors rather than a mux per
  // comparator. The decode is itself held in a register, rbit_q = role_of(FUNCTION fields)
  // of each comparator, loaded from the written values at the edge of a COMP/FUNCTION
  // write: it then costs nothing in the cycles without such a write (Verilator
  // re-evaluates input-dependent logic at every eval and register-dependent logic at every
  // clock edge; a register with an enable only when it is loaded). The same values as
  // decoding the registers each cycle ([DWT-EVAL-1]: the written value acts from the cycle
  // after the access edge).
  logic [NumCompW-1:0] dir_w, dir_r, dir_v;      // dir_ok(MATCH[1:0]) for a write / a read
  logic [NumCompW-1:0] hs_cyc, hs_ia, hs_dv, hs_da;             // which raw hit is hit[n]
  logic [NumCompW-1:0] hs_nir, hs_ndr, hs_ir, hs_dr, hs_lv;
  logic [NumCompW-1:0] act_dbg;                  // ACTION == 01

  // ---- Roles (section 8.1), registered: role_of (above) of the fields after each write ----
  // Held role bit by role bit: bit b of comparator n is rbit_q[RS*b + n], so each decoded
  // term is one whole vector of the register (no per-comparator gathering that a simulator
  // would redo after every edge), and starts at a multiple of 16 bits (RS), so that it is one
  // aligned field of a simulator's words, not a shift across two. The padding above NumComp
  // keeps RoleRst; the bits between NumCompW and RS are 0.
  localparam int RS = 16;  // NumCompW <= 15
  logic [RoleW*RS-1:0] rbit_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin : roles
    logic [RoleW-1:0] r;
    if (!rst_ni) begin
      for (int b = 0; b < RoleW; b++) begin
        rbit_q[RS*b +: RS] <= RS'({NumCompW{RoleRst[b]}});
      end
    end else if (|cfg_wr_i) begin
      for (int n = 0; n < NumComp; n++) begin  // a write to any comparator may change n's pair
        r = role_of(n, fmatch_d_i, faction_d_i, fdvsize_d_i, id_i);
        for (int b = 0; b < RoleW; b++) begin
          rbit_q[RS*b + n] <= r[b];
        end
      end
    end
  end
  if (NumComp == 0) begin : gen_pad
    // the NumComp == 0 padding: never written, MATCH 0000 (no role) for ever
    logic unused_pad;
    assign unused_pad = ^{fmatch_d_i, faction_d_i, fdvsize_d_i, id_i};
  end
  assign is_snd  = rbit_q[RS*RSnd    +: NumCompW];
  assign vcls    = rbit_q[RS*RVcls   +: NumCompW];
  assign k_ir    = rbit_q[RS*RKIr    +: NumCompW];
  assign dir_w   = rbit_q[RS*RDirW   +: NumCompW];
  assign dir_r   = rbit_q[RS*RDirR   +: NumCompW];
  assign act_dbg = rbit_q[RS*RActDbg +: NumCompW];

  // ---- Match (section 8.2 [DWT-CMP-ANY]) and emission sets (sections 8.3-8.6): role_of --
  assign opk_cy  = rbit_q[RS*ROpkCy  +: NumCompW];
  assign opk_ia  = rbit_q[RS*ROpkIa  +: NumCompW];
  assign opk_da  = rbit_q[RS*ROpkDa  +: NumCompW];
  assign hs_cyc  = rbit_q[RS*RHsCyc  +: NumCompW];
  assign hs_ia   = rbit_q[RS*RHsIa   +: NumCompW];
  assign hs_dv   = rbit_q[RS*RHsDv   +: NumCompW];
  assign hs_da   = rbit_q[RS*RHsDa   +: NumCompW];
  assign hs_nir  = rbit_q[RS*RHsNir  +: NumCompW];
  assign hs_ndr  = rbit_q[RS*RHsNdr  +: NumCompW];
  assign hs_ir   = rbit_q[RS*RHsIr   +: NumCompW];
  assign hs_dr   = rbit_q[RS*RHsDr   +: NumCompW];
  assign hs_lv   = rbit_q[RS*RHsLv   +: NumCompW];
  assign lim     = rbit_q[RS*RLim    +: NumCompW];
  assign e_dbg   = rbit_q[RS*REDbg   +: NumCompW];
  assign e_match = rbit_q[RS*REMatch +: NumCompW];
  assign e_pc    = rbit_q[RS*REPc    +: NumCompW];
  assign e_addr  = rbit_q[RS*REAddr  +: NumCompW];
  assign e_val   = rbit_q[RS*REVal   +: NumCompW];
  // Single, First and DR pair select nothing of their own here (they are folded into the
  // terms above).
  // (and the bits between NumCompW and RS are 0 padding)
  logic unused_role;
  assign unused_role = ^rbit_q;

  for (genvar n = 0; n < NumCompW; n++) begin : gen_cmp
    localparam int Next = (n + 1 < NumCompW) ? n + 1 : n; // Second of the pair of a First

    assign unused_id[n] = id_i[5*n + 3];  // ID bit 3 (data address, always 1) selects nothing

    // [DWT-IR-FIRST] (ir_q's next value: in the block `upd` below)
    assign ir_gate[n] = k_ir[n] && (is_snd[n] ? ir_q[n] : ir_q[Next]);
  end

  // ---- Raw hits (section 8.2) ------------------------------------------------------------
  // Computed only for an observed operation: each group sits under the valid term that every
  // one of its hits carried (ia_valid_i, da_ok, cyc_inc_i), so a cycle without an
  // instruction, a data access or an increment skips the comparisons (a simulator keeps the
  // `if` as a branch; in hardware the same gates as one AND per hit). The values are those
  // of the per-comparator terms they replace; all bits are 0 without the valid term.
  // Within a group a comparator computes only the raw hits its role uses (need_*, decoded
  // from the registered roles alone): every use of a raw hit below is masked by the role
  // bit that selects it (hit, the LV2 Second's use of its First's da_hit, ir_d under
  // lim && k_ir), so the hits no role selects, left 0, are never seen.
  // Each group is a function of the module's inputs and registers, evaluated for the
  // comparators its selection masks name (sel_*: the need_* above, restricted to a range).
  logic [NumCompW-1:0] need_da, need_dr, need_ir, need_lane;
  assign need_da   = hs_da | (hs_lv >> 1);            // bit n: hs_lv[n + 1] (LV2 uses it)
  assign need_dr   = hs_dr | (hs_ndr << 1);           // bit n: hs_ndr[n - 1] (the First)
  assign need_ir   = hs_ir | (hs_nir << 1) | (lim & k_ir);
  assign need_lane = hs_dv | hs_lv;                   // the value lanes beq/heq/weq

  // {ir_hit, ia_eq}
  function automatic logic [2*NumCompW-1:0] raw_ia(logic [NumCompW-1:0] sel_eq,
                                                    logic [NumCompW-1:0] sel_ir);
    logic [31:1]         c, c_p;        // COMP of n, n-1 (bit 0 ignored)
    logic [NumCompW-1:0] ia_eq, ir_hit;
    ia_eq  = '0;
    ir_hit = '0;
    c      = '0;
    c_p    = '0;
    if (ia_valid_i) begin
      for (int n = 0; n < NumCompW; n++) begin
        c   = comp_i[32*n + 1 +: 31];
        c_p = comp_i[32*((n > 0) ? n - 1 : 0) + 1 +: 31];
        // [DWT-CMP-IA] halfword address, COMP bit 0 ignored.
        if (sel_eq[n]) begin
          ia_eq[n]  = (ia_addr_i[31:1] == c[31:1]);
        end
        // [DWT-CMP-IR] both ends inclusive, halfword addresses; held by the Second n.
        if (sel_ir[n]) begin
          ir_hit[n] = (n > 0) && (c_p[31:1] <= ia_addr_i[31:1]) &&
                      (ia_addr_i[31:1] <= c[31:1]);
        end
      end
    end
    raw_ia = {ir_hit, ia_eq};
  endfunction

  function automatic logic [NumCompW-1:0] raw_cyc(logic [NumCompW-1:0] sel);
    logic [31:0]         c;
    logic [NumCompW-1:0] cyc_hit;
    cyc_hit = '0;
    c       = '0;
    if (cyc_inc_i) begin
      for (int n = 0; n < NumCompW; n++) begin
        c = comp_i[32*n +: 32];
        // [DWT-CMP-CYC] the increment makes CYCCNT equal to COMP.
        if (sel[n]) begin
          cyc_hit[n] = (cyc_next_i == c);
        end
      end
    end
    raw_cyc = cyc_hit;
  endfunction

  // {lv_hit, dr_hit, dv_hit, da_hit}; da_prev: da_hit of comparators outside the selection
  // (an LV2 Second's First may lie in the other range).
  function automatic logic [4*NumCompW-1:0] raw_da(logic [NumCompW-1:0] sel_lane,
                                                    logic [NumCompW-1:0] sel_da,
                                                    logic [NumCompW-1:0] sel_dv,
                                                    logic [NumCompW-1:0] sel_dr,
                                                    logic [NumCompW-1:0] sel_lv,
                                                    logic [NumCompW-1:0] da_prev);
    logic [31:0] c, c_p;        // COMP of n, n-1
    logic [31:0] vm;            // VMASK of n (0 where not implemented)
    logic [1:0]  v;             // DATAVSIZE of n
    logic [3:0]  beq;           // byte lane b equals COMP[7:0]
    logic [1:0]  heq;           // halfword lane h equals COMP[15:0]
    logic        weq;           // word equals COMP
    logic [1:0]  ovl_lg, lv_off;
    logic [2:0]  ovl_ign;
    logic        dv_lane, lv_lane, da_hit_p;
    logic [NumCompW-1:0] da_hit, dv_hit, dr_hit, lv_hit;
    da_hit   = '0;
    dv_hit   = '0;
    dr_hit   = '0;
    lv_hit   = '0;
    {c, c_p, vm, v, beq, heq, weq, ovl_lg, lv_off, ovl_ign, dv_lane, lv_lane} = '0;
    da_hit_p = 1'b0;  // da_hit of n - 1
    if (da_ok) begin
      for (int n = 0; n < NumCompW; n++) begin
        v   = fdvsize_i[2*n +: 2];
        c   = comp_i[32*n +: 32];
        c_p = comp_i[32*((n > 0) ? n - 1 : 0) +: 32];
        // [DWT-CMP-VM] mask = (HasVmask && ID[n].2) ? VMASK[n] : 0; vmask_i is already 0
        // where DWT_VMASKn is not implemented (no HasVmask), the ID bit is applied here.
        // [DWT-CMP-VM] the access lanes against the low lanes of COMP / VMASK.
        if (sel_lane[n]) begin
          vm  = id_i[5*n + 2] ? vmask_i[32*n +: 32] : 32'h0;
          for (int b = 0; b < 4; b++) begin
            beq[b] = ((da_data_i[8*b +: 8] ^ c[7:0]) & ~vm[7:0]) == 8'h0;
          end
          for (int h = 0; h < 2; h++) begin
            heq[h] = ((da_data_i[16*h +: 16] ^ c[15:0]) & ~vm[15:0]) == 16'h0;
          end
          weq = ((da_data_i ^ c) & ~vm) == 32'h0;
        end
        // [DWT-CMP-DA] two naturally aligned blocks overlap iff they agree above the larger
        // block's size: ovl(A, s, Cal, w) == ((addr ^ COMP) & ~(max(s, w) - 1)) == 0. The
        // low address bits ignored: max(s, w) - 1 (w = 8 for DATAVSIZE 11, which sup()
        // refuses anyway).
        if (sel_da[n]) begin
          ovl_lg    = (v > da_size_i) ? v : da_size_i;
          ovl_ign   = (ovl_lg == 2'b00) ? 3'b000 : (ovl_lg == 2'b01) ? 3'b001 :
                      (ovl_lg == 2'b10) ? 3'b011 : 3'b111;
          da_hit[n] = dir_v[n] && (da_addr_i[31:3] == c[31:3]) &&
                      (((da_addr_i[2:0] ^ c[2:0]) & ~ovl_ign) == 3'b000);
        end
        // [DWT-CMP-DV] s >= w and some w-sized aligned lane of the access matches.
        if (sel_dv[n]) begin
          dv_lane   = (v == 2'b00) ? (beq[0] || ((da_size_i != 2'b00) && beq[1]) ||
                                      ((da_size_i == 2'b10) && (beq[2] || beq[3]))) :
                      (v == 2'b01) ? ((da_size_i != 2'b00) &&
                                      (heq[0] || ((da_size_i == 2'b10) && heq[1]))) :
                      (v == 2'b10) ? ((da_size_i == 2'b10) && weq) : 1'b0;
          dv_hit[n] = dv_lane && dir_v[n];
        end
        // Pair hits, held by the Second n (n - 1 is the First).
        // [DWT-CMP-DR] byte-exact range, direction of the First.
        if (sel_dr[n]) begin
          dr_hit[n] = (n > 0) && dir_v[(n > 0) ? n - 1 : 0] &&
                      (da_a <= c) && (c_p <= da_last);
        end
        // [DWT-CMP-LV2] the First's raw address hit, and the w-sized lane at
        // B = C[n-1] & ~(w-1) lies in the access: with s >= w that is
        // ((C[n-1] ^ addr) & ~(s-1)) == 0, and the lane offset is B - A = C[n-1][1:0] &
        // ~(w-1) & (s-1). s >= w is part of each lane case.
        if (sel_lv[n]) begin
          lv_off    = (v == 2'b00) ? (c_p[1:0] & da_smask) :
                      (v == 2'b01) ? ({c_p[1], 1'b0} & da_smask) : 2'b00;
          lv_lane   = (v == 2'b00) ? beq[lv_off] :
                      (v == 2'b01) ? ((da_size_i != 2'b00) && heq[lv_off[1]]) :
                      (v == 2'b10) ? ((da_size_i == 2'b10) && weq) : 1'b0;
          lv_hit[n] = (n > 0) && lv_lane && da_hit_p &&
                      (da_addr_i[31:2] == c_p[31:2]) &&
                      (((da_addr_i[1:0] ^ c_p[1:0]) & ~da_smask) == 2'b00);
        end
        da_hit_p = da_hit[n] || da_prev[n];
      end
    end
    raw_da = {lv_hit, dr_hit, dv_hit, da_hit};
  endfunction

  // hit[n] (section 8.2 [DWT-CMP-ANY]), on whole vectors: the raw hit the role selects. A
  // First takes its Second's range hit: bit n + 1 shifted down (the last comparator is never
  // a First, so the 0 shifted in is never selected).
  function automatic logic [NumCompW-1:0] hit_of(logic [NumCompW-1:0] cyc_hit,
      logic [NumCompW-1:0] ia_eq, logic [NumCompW-1:0] dv_hit, logic [NumCompW-1:0] da_hit,
      logic [NumCompW-1:0] ir_hit, logic [NumCompW-1:0] dr_hit, logic [NumCompW-1:0] lv_hit);
    hit_of = (hs_cyc & cyc_hit) | (hs_ia & ia_eq) | (hs_dv & dv_hit) | (hs_da & da_hit) |
             (hs_nir & (ir_hit >> 1)) | (hs_ndr & (dr_hit >> 1)) |
             (hs_ir & ir_hit) | (hs_dr & dr_hit) | (hs_lv & lv_hit);
  endfunction

  // ---- Where the hits are evaluated ------------------------------------------------------
  // The trace packets of comparators 0..NumTrc-1 ([DWT-PKT-1]) go to dwt_buf's entries in
  // the same edge, through another module: those comparators' hits are combinational logic
  // (the `lo` range, only with trace packets; pairs are (even, odd), so a range of 4 holds
  // whole pairs). Every other use of a match (MATCHED, CMPMATCH, the debug events, the IR
  // state) is a flip-flop of this module: for the comparators of the `hi` range the hits
  // are computed inside those flip-flops' block (`upd`, blocking temporaries from the
  // inputs and registers at the edge), so a simulator evaluates them once a cycle, at the
  // edge, not also whenever an input changes (README, issue #22 item 1). The same logic as
  // one combinational block; in hardware nothing changes.
  localparam int NumLo = (HasTrace != 0) ? NumTrc : 0;
  localparam logic [NumCompW-1:0] LoMask = NumCompW'((64'd1 << NumLo) - 64'd1);

  logic [NumCompW-1:0] ir_hit_l, da_hit_l;  // raw hits of the `lo` comparators that `upd` uses
  logic [NumCompW-1:0] match_l;             // match of the `lo` comparators (0 elsewhere)
  if (NumLo > 0) begin : gen_lo
    logic [NumCompW-1:0] ia_eq_l, cyc_hit_l, dv_hit_l, dr_hit_l, lv_hit_l;
    // (each function's result goes to one variable first: a concatenation on the left of
    // the call would make a simulator evaluate the call once per part)
    always_comb begin : raw_lo
      logic [2*NumCompW-1:0] ia_v;
      logic [4*NumCompW-1:0] da_v;
      ia_v      = raw_ia(hs_ia & LoMask, need_ir & LoMask);
      cyc_hit_l = raw_cyc(hs_cyc & LoMask);
      da_v      = raw_da(need_lane & LoMask, need_da & LoMask, hs_dv & LoMask,
                         need_dr & LoMask, hs_lv & LoMask, '0);
      {ir_hit_l, ia_eq_l}                      = ia_v;
      {lv_hit_l, dr_hit_l, dv_hit_l, da_hit_l} = da_v;
    end
    assign match_l = hit_of(cyc_hit_l, ia_eq_l, dv_hit_l, da_hit_l, ir_hit_l, dr_hit_l,
                            lv_hit_l) & allow & LoMask;
  end else begin : gen_no_lo
    assign {ir_hit_l, da_hit_l} = '0;
    assign match_l = '0;
  end

  // ---- Match (section 8.2 [DWT-CMP-ANY]) -------------------------------------------------
  assign dir_v = da_write_i ? dir_w : dir_r;
  // Allowed with the comparator's own ACTION and its operation's attributes.
  logic [NumCompW-1:0] ok_ia, ok_da, ok_cy;
  assign ok_ia = (act_dbg & {NumCompW{ia_ok_dbg}}) | (~act_dbg & {NumCompW{ia_ok_trc}});
  assign ok_da = (act_dbg & {NumCompW{da_ok_dbg}}) | (~act_dbg & {NumCompW{da_ok_trc}});
  assign ok_cy = (act_dbg & {NumCompW{cy_ok_dbg}}) | (~act_dbg & {NumCompW{cy_ok_trc}});
  assign allow = (opk_ia & ok_ia) | (opk_da & ok_da) | (opk_cy & ok_cy);

  // ---- Data trace packet candidates and selection (section 10.1) -------------------------
  // [DWT-PKT-1] comparators 0..3, HasTrace, trace_ok(op), and the IR first-instruction rule.
  logic [3:0] cand, c_pc, c_match, c_addr, c_val, c_vcls;
  logic [3:0] opk_ia4, opk_da4, opk_cy4;  // operation kinds of comparators 0..3
  logic [3:0] m4, e_pc4, e_match4, e_addr4, e_val4;  // match (not IR-gated), emission sets

  for (genvar c = 0; c < 4; c++) begin : gen_cand
    if (c < NumTrc) begin : gen_trc
      assign m4[c]       = match_l[c] && !ir_gate[c];
      assign e_pc4[c]    = e_pc[c];
      assign e_match4[c] = e_match[c];
      assign e_addr4[c]  = e_addr[c];
      assign e_val4[c]   = e_val[c];
      // [DWT-PKT-4] value class (DV or LDV: MATCH 10xx) puts MATCH after ADDR.
      assign c_vcls[c]   = vcls[c];
      assign opk_ia4[c]  = opk_ia[c];
      assign opk_da4[c]  = opk_da[c];
      assign opk_cy4[c]  = opk_cy[c];
    end else begin : gen_none
      assign {m4[c], e_pc4[c], e_match4[c], e_addr4[c], e_val4[c], c_vcls[c]} = '0;
      assign {opk_ia4[c], opk_da4[c], opk_cy4[c]} = '0;
    end
  end

  // [DWT-PKT-3] per operation and type the lowest-numbered comparator wins.
  function automatic logic [1:0] lowest(logic [2:0] v);  // bit 3 is the default
    lowest = v[0] ? 2'd0 : v[1] ? 2'd1 : v[2] ? 2'd2 : 2'd3;
  endfunction

  logic [3:0] v_ia_pc, v_ia_m, v_da_pc, v_da_m, v_da_a, v_da_v, v_cy_pc, v_cy_m;
  logic [1:0] n_ia_pc, n_ia_m, n_da_pc, n_da_m, n_da_a, n_da_v, n_cy_pc, n_cy_m;

  // The candidates, their selection and the list's valid slots, on 4-bit vectors, only in a
  // cycle with a match of comparators 0..3: without one every candidate is 0, so every
  // v_* and pkt_vld_o are 0 (and n_* = lowest(0)). In hardware the same ANDs.
  always_comb begin : pkt_sel
    cand    = 4'h0;
    c_pc    = 4'h0;
    c_match = 4'h0;
    c_addr  = 4'h0;
    c_val   = 4'h0;
    if (m4 != 4'h0) begin
      cand    = (HasTrace != 0) ? (m4 & ((opk_ia4 & {4{ia_tok}}) | (opk_da4 & {4{da_tok}}) |
                                         (opk_cy4 & {4{cy_tok}}))) : 4'h0;
      // [DWT-PKT-2] a cycle-match PC value whose instruction fails trace_ok becomes MATCH.
      c_pc    = cand & e_pc4 & ~(opk_cy4 & {4{!pc_last_tok_i}});
      c_match = cand & (e_match4 | (e_pc4 & opk_cy4 & {4{!pc_last_tok_i}}));
      c_addr  = cand & e_addr4;
      c_val   = cand & e_val4;
    end
    v_ia_pc = c_pc    & opk_ia4;
    v_ia_m  = c_match & opk_ia4;
    v_da_pc = c_pc    & opk_da4;
    v_da_m  = c_match & opk_da4;
    v_da_a  = c_addr  & opk_da4;
    v_da_v  = c_val   & opk_da4;
    v_cy_pc = c_pc    & opk_cy4;
    v_cy_m  = c_match & opk_cy4;
    {n_ia_pc, n_ia_m, n_da_pc, n_da_m, n_da_a, n_da_v, n_cy_pc, n_cy_m} = {8{2'd3}};
    pkt_vld_o = 9'h0;
    if (cand != 4'h0) begin
      n_ia_pc = lowest(v_ia_pc[2:0]);
      n_ia_m  = lowest(v_ia_m[2:0]);
      n_da_pc = lowest(v_da_pc[2:0]);
      n_da_m  = lowest(v_da_m[2:0]);
      n_da_a  = lowest(v_da_a[2:0]);
      n_da_v  = lowest(v_da_v[2:0]);
      n_cy_pc = lowest(v_cy_pc[2:0]);
      n_cy_m  = lowest(v_cy_m[2:0]);
      pkt_vld_o = {|v_cy_m, |v_cy_pc, |v_da_v, (|v_da_m) && c_vcls[n_da_m], |v_da_a,
                   (|v_da_m) && !c_vcls[n_da_m], |v_da_pc, |v_ia_m, |v_ia_pc};
    end
  end

  // [DWT-PKT-4], [DWT-BUF-1] items 1-3, layouts of section 10.2.
  logic [7:0]  val_hdr;
  assign val_hdr = HdrValue | {2'b00, n_da_v, da_write_i, 1'b0, da_size_i + 2'b01};

  // The payloads (the observation ports' wide values) only in a cycle with a packet.
  always_comb begin : pkt_payload
    pkt_data_o = '0;
    if (pkt_vld_o != '0) begin
      pkt_data_o = {
        {32'h1,                      HdrMatch | {2'b00, n_cy_m,  4'h0}},   // 8 CYC MATCH
        {pc_last_i,                  HdrPc    | {2'b00, n_cy_pc, 4'h0}},   // 7 CYC PC
        {da_val,                     val_hdr},                             // 6 DA VALUE
        {32'h1,                      HdrMatch | {2'b00, n_da_m,  4'h0}},   // 5 DA MATCH (value)
        {da_a,                       HdrAddr  | {2'b00, n_da_a,  4'h0}},   // 4 DA ADDR
        {32'h1,                      HdrMatch | {2'b00, n_da_m,  4'h0}},   // 3 DA MATCH (address)
        {da_pc_i[31:1], 1'b0,        HdrPc    | {2'b00, n_da_pc, 4'h0}},   // 2 DA PC
        {32'h1,                      HdrMatch | {2'b00, n_ia_m,  4'h0}},   // 1 IA MATCH
        {ia_addr_i[31:1], 1'b0,      HdrPc    | {2'b00, n_ia_pc, 4'h0}}    // 0 IA PC
      };
    end
  end

  // ---- Debug events (section 9) ----------------------------------------------------------
  function automatic logic halt_c(logic s, logic p, logic hda, logic uhda, logic uhdas,
                                  logic cde, logic shalt, logic ssde);
    halt_c = (hda || ((Ude != 0) && !p && uhda)) && cde && !shalt &&
           (!((SecExt != 0) && s) || ssde || ((Ude != 0) && !p && uhdas));
  endfunction

  function automatic logic mon_c(logic p, logic l, logic monen, logic umonen, logic rdy,
                                 logic prio);
    mon_c = (HasMain != 0) && (monen || ((Ude != 0) && !p && umonen)) && (l ? rdy : prio);
  endfunction

  // ---- Registered outputs, MATCHED and the IR state: every use of a match but the packets --
  logic [NumCompW-1:0] cmpmatch_q, matched_q;
  logic                halt_q, mon_q;
  localparam logic [NumCompW-1:0] Impl = NumCompW'((64'd1 << NumComp) - 64'd1);

  always_ff @(posedge clk_i or negedge rst_ni) begin : upd
    logic [NumCompW-1:0] ir_hit;
    logic [2*NumCompW-1:0] ia_v;
    logic [4*NumCompW-1:0] da_v;
    logic [NumCompW-1:0] ir_hit_h, ia_eq_h, cyc_hit_h, da_hit_h, dv_hit_h, dr_hit_h, lv_hit_h;
    logic [NumCompW-1:0] match, ir_d, cfg_wr_p;
    logic                ev_ia, ev_da, ev_cy, halt, mon;
    if (!rst_ni) begin
      cmpmatch_q  <= '0;
      halt_q      <= 1'b0;
      mon_q       <= 1'b0;
      ir_q        <= '0;
      matched_q   <= '0;
      pe_secure_q <= 1'b0;
    end else begin
      // The raw hits of the `hi` comparators, with the `lo` ones of the combinational block.
      ia_v      = raw_ia(hs_ia & ~LoMask, need_ir & ~LoMask);
      cyc_hit_h = raw_cyc(hs_cyc & ~LoMask);
      da_v      = raw_da(need_lane & ~LoMask, need_da & ~LoMask, hs_dv & ~LoMask,
                         need_dr & ~LoMask, hs_lv & ~LoMask, da_hit_l);
      {ir_hit_h, ia_eq_h}                      = ia_v;
      {lv_hit_h, dr_hit_h, dv_hit_h, da_hit_h} = da_v;
      ir_hit  = ir_hit_l | ir_hit_h;
      // The `lo` comparators' matches are those of the combinational block; a pair lies
      // within one range (lo_pairs_A), so the hi range's own hits make its matches.
      match   = match_l | (hit_of(cyc_hit_h, ia_eq_h, dv_hit_h, da_hit_h, ir_hit_h, dr_hit_h,
                                  lv_hit_h) & allow & ~LoMask);
      // [DWT-IR-FIRST] "previous instruction was in this range", held by the Second.
      // Cleared when the pair is not an IR pair or a COMP/FUNCTION of the pair is written
      // (cfg_wr_p: the First's write, bit n - 1 at n; bit 0 its own), on whole vectors.
      cfg_wr_p = (cfg_wr_i << 1) | NumCompW'(cfg_wr_i[0]);
      ir_d     = lim & k_ir & ~cfg_wr_i & ~cfg_wr_p & (ia_valid_i ? ir_hit : ir_q);
      ev_ia = |(match & e_dbg & opk_ia);
      ev_da = |(match & e_dbg & opk_da);
      ev_cy = |(match & e_dbg & opk_cy);
      // [DWT-DBG-HALT] halting wins; [DWT-DBG-MON] otherwise the DebugMonitor pends.
      halt = (ev_ia && halt_c(ia_s, ia_priv_i, hda_i, uhda_i, uhda_s_i, c_debugen_i,
                              s_halt_i, s_sde_i)) ||
             (ev_da && halt_c(da_s, da_priv_i, hda_i, uhda_i, uhda_s_i, c_debugen_i,
                              s_halt_i, s_sde_i)) ||
             (ev_cy && halt_c(cy_s, cy_p, hda_i, uhda_i, uhda_s_i, c_debugen_i,
                              s_halt_i, s_sde_i));
      mon  = !halt &&
             ((ev_ia && mon_c(ia_priv_i, 1'b0, mon_en_i, umon_en_i, monrdy_i, mon_prio_i)) ||
              (ev_da && mon_c(da_priv_i, da_lazyfp_i, mon_en_i, umon_en_i, monrdy_i,
                              mon_prio_i)) ||
              (ev_cy && mon_c(cy_p, 1'b0, mon_en_i, umon_en_i, monrdy_i, mon_prio_i)));
      // [DWT-CMPM-1] the limit comparator of an IR or DR range never pulses.
      cmpmatch_q  <= (HasExtTrig != 0) ? (match & ~lim) : '0;
      halt_q      <= halt;
      mon_q       <= mon;
      ir_q        <= ir_d;
      // [DWT-MATCHED-1] a match sets MATCHED; [DWT-MATCHED-2], [DWT-EVAL-2] a read of
      // DWT_FUNCTIONn clears it at its setup edge, a match at the same edge sets it again.
      matched_q   <= (matched_q & ~matched_clr_i) | (Impl & match);
      pe_secure_q <= pe_secure_d;
    end
  end

  assign matched_o  = matched_q;
  assign cmpmatch_o = 16'(cmpmatch_q);
  assign wpt_halt_o = halt_q;
  assign wpt_mon_o  = mon_q;

  // Without trace packets the emission sets other than DBG select nothing.
  logic unused_trc;
  assign unused_trc = ^{e_match, e_pc, e_addr, e_val, ir_gate, cand, ia_tok, da_tok, cy_tok,
                        pc_last_tok_i};

  // Only comparators 0..3 trace ([DWT-PKT-1]): the value class of the others selects nothing.
  logic unused_vcls;
  assign unused_vcls = ^vcls;

  // Bit 0 of instruction addresses and of the data access PC is ignored (section 10.2).
  logic unused_bit0;
  assign unused_bit0 = ia_addr_i[0] ^ da_pc_i[0];

  // ---- Assertions ------------------------------------------------------------------------
  `CS_ASSERT_INIT(params_A, (NumComp >= 0) && (NumComp <= 15))
  // [DWT-CMP-ANY] each comparator serves exactly one kind of operation.
  `CS_ASSERT(one_op_A, ((opk_ia & opk_da) | (opk_ia & opk_cy) | (opk_da & opk_cy)) == '0)
  // [DWT-DBG-1] halt and DebugMonitor are never both signalled.
  `CS_ASSERT(wpt_excl_A, !(wpt_halt_o && wpt_mon_o))
  // A pair lies within one range of the hits' evaluation: the last `lo` comparator is never
  // a First (only odd comparators are Seconds, [DWT-ID-1]).
  `CS_ASSERT(lo_pairs_A, ((hs_nir | hs_ndr) & (LoMask ^ (LoMask >> 1))) == '0)

endmodule

`default_nettype wire
