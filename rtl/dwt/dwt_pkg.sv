// SPDX-License-Identifier: Apache-2.0
// DWT register offsets, DWT_CTRL / DWT_FUNCTIONn field positions and identification values.
// Spec: Armv8-M B14.2 (Data Watchpoint and Trace unit); docs/dwt-contract.md sections 1, 4.
//
// Only dwt_regs and dwt_top refer to this package: the other dwt_* files sort before it in
// a `rtl/dwt/*.sv` file list, and Verilator, Yosys and Icarus all need a package declared
// before its first use. Packet headers therefore live in the modules that build packets.

`default_nettype none

package dwt_pkg;

  // ---- Register byte offsets (paddr_i[11:0]) ---------------------------------------------
  localparam logic [11:0] OffCtrl     = 12'h000;
  localparam logic [11:0] OffCyccnt   = 12'h004;
  localparam logic [11:0] OffCpicnt   = 12'h008;  // CPI, EXC, SLEEP, LSU, FOLD at 0x008 + 4k
  localparam logic [11:0] OffPcsr     = 12'h01C;
  localparam logic [11:0] OffComp0    = 12'h020;  // comparator n at 0x020 + 16n
  // DEVARCH 0xFBC, DEVTYPE 0xFCC, PIDR 0xFD0.., CIDR 0xFF0..: cs_pkg (cs_id_rdata).

  // Word within a comparator's 16-byte stride (paddr_i[3:2]).
  localparam logic [1:0] CmpWordComp  = 2'd0;  // DWT_COMPn
  localparam logic [1:0] CmpWordFunc  = 2'd2;  // DWT_FUNCTIONn (word 1 is RAZ/WI)
  localparam logic [1:0] CmpWordVmask = 2'd3;  // DWT_VMASKn

  // ---- DWT_CTRL fields (contract section 4.1) --------------------------------------------
  localparam int CtrlCyccntena  = 0;
  localparam int CtrlPostpreset = 1;   // [4:1]
  localparam int CtrlPostinit   = 5;   // [8:5]
  localparam int CtrlCyctap     = 9;
  localparam int CtrlSynctap    = 10;  // [11:10]
  localparam int CtrlPcsamplena = 12;
  localparam int CtrlExctrcena  = 16;
  localparam int CtrlCpievtena  = 17;  // [21:17] CPI, EXC, SLEEP, LSU, FOLD event enables
  localparam int CtrlCycevtena  = 22;
  localparam int CtrlCycdiss    = 23;
  localparam int CtrlNoprfcnt   = 24;
  localparam int CtrlNocyccnt   = 25;
  localparam int CtrlNoexttrig  = 26;
  localparam int CtrlNotrcpkt   = 27;
  localparam int CtrlNumcomp    = 28;  // [31:28]

  // Writable DWT_CTRL bits for a feature set (contract section 4.1 "condition for RW").
  function automatic logic [31:0] ctrl_wr_mask(int has_cyc, int has_trc, int has_prf,
                                               int sec_ext);
    logic [31:0] m;
    m = 32'h0;
    if (has_cyc != 0) begin
      m[CtrlCyccntena]        = 1'b1;
      m[CtrlSynctap +: 2]     = 2'b11;
    end
    if ((has_cyc != 0) && (has_trc != 0)) begin
      m[CtrlPostpreset +: 4]  = 4'hF;
      m[CtrlPostinit +: 4]    = 4'hF;
      m[CtrlCyctap]           = 1'b1;
      m[CtrlPcsamplena]       = 1'b1;
      m[CtrlCycevtena]        = 1'b1;
    end
    if (has_trc != 0) begin
      m[CtrlExctrcena]        = 1'b1;
    end
    if (has_prf != 0) begin
      m[CtrlCpievtena +: 5]   = 5'h1F;
    end
    if ((has_cyc != 0) && (sec_ext != 0)) begin
      m[CtrlCycdiss]          = 1'b1;
    end
    ctrl_wr_mask = m;
  endfunction

  // ---- DWT_FUNCTIONn fields (contract section 4.2) ---------------------------------------
  localparam int FuncMatch     = 0;   // [3:0]
  localparam int FuncAction    = 4;   // [5:4]  [DWT-REG-1]
  localparam int FuncDatavsize = 10;  // [11:10]
  localparam int FuncMatched   = 24;
  localparam int FuncId        = 27;  // [31:27]

  // [DWT-ID-1] DWT_FUNCTIONn.ID of comparator n: bit 0 cycle counter (n == 0), 1 instruction
  // address, 2 data value and linked data value (Main Extension and odd n: only together
  // with bit 4, as in the architecture's list of ID values), 3 data address (always),
  // 4 linking (odd n). Values 0x0B, 0x0A, 0x1E, 0x1A. [DWT-ID-2]: every feature that
  // depends on data value matching (DV/LDV MATCH values, DWT_VMASKn, the VMASK in vmatch)
  // is taken from bit 2 of this value, never from HasMain alone.
  function automatic logic [4:0] func_id(int n, int has_main, int has_cyc);
    logic [4:0] id;
    id    = 5'b01010;
    id[0] = (has_cyc != 0) && (n == 0);
    id[2] = (has_main != 0) && ((n % 2) == 1);
    id[4] = (n % 2) == 1;
    func_id = id;
  endfunction

  // [DWT-AUTH-1] trace_ok(s, p) of the contract's section 7: the operation (Secure s,
  // privileged p) may produce trace packets. The inputs are the authentication signals.
  function automatic logic trace_ok(logic sec_ext, logic ude, logic s, logic p, logic trcena,
                                    logic nidu, logic nidp, logic snidu, logic snidp);
    trace_ok = trcena && nidu && (!p || nidp) && !(sec_ext && s && !snidu) &&
               !(sec_ext && ude && s && p && !snidp);
  endfunction

  // ---- ID register values (Cortex-M33 values, as ITM/FPB/TPIU) ---------------------------
  localparam logic [31:0] DevArchVal = 32'h4770_1A02;  // REVISION [19:16] = HasVmask
  localparam int          DevArchRev = 16;
  localparam logic [7:0]  DevTypeVal = 8'h00;
  localparam logic [7:0]  Pidr4Val   = 8'h04;
  localparam logic [7:0]  Pidr0Val   = 8'h21;
  localparam logic [7:0]  Pidr1Val   = 8'hBD;
  localparam logic [7:0]  Pidr2Val   = 8'h0B;
  localparam logic [7:0]  Pidr3Val   = 8'h00;

endpackage

`default_nettype wire
