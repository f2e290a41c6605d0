// SPDX-License-Identifier: Apache-2.0
// ETM register offsets, fields, identification values and the packet encoders.
// Spec: Armv8-M B14.3 (ETM); ETMv4 packets as pinned by docs/etm-contract.md 9 and 12.

`default_nettype none

package etm_pkg;

  // ---- Register byte offsets (paddr_i[11:0]) [contract 12] -------------------------------
  localparam logic [11:0] OffPrgctlr   = 12'h004;
  localparam logic [11:0] OffStatr     = 12'h00C;
  localparam logic [11:0] OffConfigr   = 12'h010;
  localparam logic [11:0] OffStallctlr = 12'h02C;  // [ETM-STALL-2]
  localparam logic [11:0] OffTsctlr    = 12'h030;
  localparam logic [11:0] OffSyncpr    = 12'h034;
  localparam logic [11:0] OffCcctlr    = 12'h038;
  localparam logic [11:0] OffTraceidr  = 12'h040;
  localparam logic [11:0] OffVictlr    = 12'h080;
  localparam logic [11:0] OffVipcssctlr = 12'h08C;
  localparam logic [11:0] OffIdr8      = 12'h180;  // TRCIDR8 [ETM-SPEC-1]
  localparam logic [11:0] OffIdr0      = 12'h1E0;
  localparam logic [11:0] OffIdr1      = 12'h1E4;
  localparam logic [11:0] OffIdr2      = 12'h1E8;
  localparam logic [11:0] OffIdr3      = 12'h1EC;
  localparam logic [11:0] OffIdr4      = 12'h1F0;
  localparam logic [11:0] OffIdr5      = 12'h1F4;
  localparam logic [11:0] OffPdsr      = 12'h314;
  localparam logic [11:0] OffAuthstatus = 12'hFB8;
  // DEVARCH 0xFBC, DEVTYPE 0xFCC, PIDR 0xFD0.., CIDR 0xFF0..: cs_pkg (cs_id_rdata).

  // ---- TRCCONFIGR fields ----------------------------------------------------------------
  localparam int CfgBb  = 3;   // branch broadcasting
  localparam int CfgCci = 4;   // cycle counting
  localparam int CfgTs  = 11;  // timestamps
  localparam int CfgRs  = 12;  // return stack

  // ---- Identification values independent of the parameters ------------------------------
  localparam logic [31:0] Idr1Val    = 32'h0000_F450;  // ETMv4.5, DESIGNER 0
  localparam logic [31:0] Idr5Val    = 32'h0007_0000;  // TRACEIDSIZE 7
  localparam logic [31:0] DevarchVal = 32'h4775_4A13;  // Arm, present, rev 5, ETMv4
  localparam logic [7:0]  DevtypeVal = 8'h13;          // trace source, processor
  localparam logic [7:0]  Pidr4Val   = 8'h04;
  localparam logic [7:0]  Pidr0Val   = 8'h21;
  localparam logic [7:0]  Pidr1Val   = 8'hBD;
  localparam logic [7:0]  Pidr2Val   = 8'h0B;
  localparam logic [7:0]  Pidr3Val   = 8'h00;

  // ---- Element generator types ----------------------------------------------------------
  // need_addr of contract 6: which address the next traced event has to trace. (Plain
  // constants: Icarus 11 crashes on a module variable of a package enum type.)
  localparam logic [1:0] NaNone  = 2'd0;  // none
  localparam logic [1:0] NaPlain = 2'd1;  // first handler address, or a broadcast target
  localparam logic [1:0] NaInd   = 2'd2;  // target of a taken indirect branch (RS may pop)

  // Longest demand of one cycle (46, [ETM-OVF-1]) plus the ATB-flush atom byte; with
  // MaxSpec > 0 a recovery (Cancel 2) and two Commits (2 each) more [ETM-SPEC-5], [ETM-SPEC-6].
  localparam int MaxBytes = 56;

  // ---- Packet encoders [contract 9] ------------------------------------------------------
  // Atom flush [ETM-ATOM-3]: n pending atoms, bits[1:0] = atoms 0..1 (1 = E) when n <= 3
  // (a list with an N is at most 2 long before the append that packs it); n >= 4 is all E.
  function automatic logic [7:0] atom_flush_byte(input logic [4:0] n, input logic [2:0] bits);
    logic [7:0] b;
    unique case (n)
      5'd1:    b = 8'hF6 | {7'h0, bits[0]};
      5'd2:    b = 8'hD8 | {6'h0, bits[1:0]};
      5'd3:    b = 8'hF8 | {5'h0, bits[2:0]};
      default: b = 8'hC0 | {3'h0, n - 5'd4};  // F6: n-1 E's then a final E
    endcase
    atom_flush_byte = b;  // (no return: Yosys 0.23)
  endfunction

  // ULEB field of up to 3 bytes (values < 2^21) [contract 9]; returns the bytes, len in *_len.
  function automatic logic [23:0] uleb3(input logic [20:0] v);
    logic [23:0] r;
    r = {1'b0, v[20:14], 1'b0, v[13:7], 1'b0, v[6:0]};
    if (v[20:7] != 14'h0) r[7] = 1'b1;
    if (v[20:14] != 7'h0) r[15] = 1'b1;
    uleb3 = r;  // (no return: Yosys 0.23)
  endfunction

  // vh = v[20:7] of the value (the low group does not change the length)
  function automatic logic [1:0] uleb3_len(input logic [13:0] vh);
    logic [1:0] l;
    if (vh[13:7] != 7'h0)    l = 2'd3;
    else if (vh[6:0] != 7'h0) l = 2'd2;
    else                      l = 2'd1;
    uleb3_len = l;  // (no return: Yosys 0.23)
  endfunction

  // Timestamp field [ETM-PKT-TS]: V against the previous value P; 1..6 or 9 bytes.
  function automatic logic [3:0] ts_len(input logic [63:0] v, input logic [63:0] p);
    logic [63:0] x;
    logic [6:0]  m;
    logic [3:0]  n;
    x = v ^ p;
    m = 7'd0;
    for (int i = 0; i < 64; i++) begin
      if (x[i]) m = 7'(i);
    end
    n = 4'(m / 7'd7) + 4'd1;
    if (n >= 4'd7) n = 4'd9;
    ts_len = n;  // (no return: Yosys 0.23)
  endfunction

  function automatic logic [71:0] ts_field(input logic [63:0] v, input logic [3:0] n);
    logic [71:0] r;
    r = '0;
    for (int k = 0; k < 8; k++) begin
      if (4'(k) < n) begin
        r[8*k +: 7] = v[7*k +: 7];
        r[8*k + 7]  = (4'(k) + 4'd1 < n);
      end
    end
    if (n == 4'd9) r[71:64] = v[63:56];
    ts_field = r;  // (no return: Yosys 0.23)
  endfunction

  // Exception packet byte 1 (and byte 2 when C) from the exception number [ETM-PKT-EXC].
  function automatic logic [9:0] exc_type(input logic [8:0] num);
    logic [9:0] t;
    if (num <= 9'd23) t = {1'b0, num};
    else              t = {1'b0, num} + 10'h1F0;
    exc_type = t;  // (no return: Yosys 0.23)
  endfunction

endpackage
