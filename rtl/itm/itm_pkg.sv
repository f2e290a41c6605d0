// SPDX-License-Identifier: Apache-2.0
// ITM register offsets, ITM_TCR field positions, ID values and packet header constants.
// Spec: Armv8-M B14.1 (ITM); docs/itm-contract.md section 4, docs/packet-formats.md.

`default_nettype none

package itm_pkg;

  // ---- Register byte offsets (paddr_i[11:0]) ---------------------------------------------
  localparam logic [11:0] OffTer      = 12'hE00;  // ITM_TER0..7 at 0xE00 + 4k
  localparam logic [11:0] OffTpr      = 12'hE40;
  localparam logic [11:0] OffTcr      = 12'hE80;
  // DEVARCH 0xFBC, DEVTYPE 0xFCC, PIDR 0xFD0.., CIDR 0xFF0..: cs_pkg (cs_id_rdata).

  // ---- ID register values (Cortex-M33 ITM) ---------------------------------------------
  localparam logic [31:0] DevArchVal = 32'h4770_1A01;
  localparam logic [7:0]  DevTypeVal = 8'h43;
  localparam logic [7:0]  Pidr4Val   = 8'h04;
  localparam logic [7:0]  Pidr0Val   = 8'h21;
  localparam logic [7:0]  Pidr1Val   = 8'hBD;
  localparam logic [7:0]  Pidr2Val   = 8'h0B;
  localparam logic [7:0]  Pidr3Val   = 8'h00;

  // ---- ITM_TCR fields --------------------------------------------------------------------
  localparam int TcrItmEna     = 0;
  localparam int TcrTsEna      = 1;
  localparam int TcrSyncEna    = 2;
  localparam int TcrTxEna      = 3;
  localparam int TcrSwoEna     = 4;
  localparam int TcrTsPrescLsb = 8;   // [9:8]
  localparam int TcrGtsFreqLsb = 10;  // [11:10]
  localparam int TcrBusIdLsb   = 16;  // [22:16]
  localparam int TcrBusy       = 23;
  localparam logic [31:0] TcrWrMask = 32'h007F_0F1F;  // BUSY and STALLENA are not stored

  // ---- Packet headers and fixed packets ------------------------------------------------
  localparam logic [7:0] HdrSyncEnd = 8'h80;  // sync = 00 00 00 00 00 80
  localparam logic [2:0] SyncLen    = 3'd6;
  localparam logic [7:0] HdrOvf     = 8'h70;
  localparam logic [3:0] ExtStimLo  = 4'h8;   // extension, SH = 0, C = 0: {0, page, 1000}
  localparam logic [1:0] LtsLongHi  = 2'b11;  // LTS multi-byte header {11, TC, 0000}
  localparam logic [7:0] HdrGts1    = 8'h94;
  localparam logic [7:0] HdrGts2    = 8'hB4;

  // Instrumentation/hardware SS code for a payload size: 01 = 1, 10 = 2, 11 = 4 bytes.
  localparam logic [1:0] Ss1 = 2'b01;
  localparam logic [1:0] Ss2 = 2'b10;
  localparam logic [1:0] Ss4 = 2'b11;

  // Payload bytes for an SS code (00 = header only, contract section 7).
  function automatic logic [2:0] ss_bytes(input logic [1:0] ss);
    unique case (ss)
      Ss1:     ss_bytes = 3'd1;
      Ss2:     ss_bytes = 3'd2;
      Ss4:     ss_bytes = 3'd4;
      default: ss_bytes = 3'd0;
    endcase
  endfunction

endpackage

`default_nettype wire
