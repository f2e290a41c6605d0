// SPDX-License-Identifier: Apache-2.0
// FPB register offsets, FP_CTRL field positions and identification values.
// Spec: Armv8-M B14.5 (Flash Patch and Breakpoint unit); docs/fpb-contract.md section 4.

`default_nettype none

package fpb_pkg;

  // ---- Register byte offsets (paddr_i[11:0]) ---------------------------------------------
  localparam logic [11:0] OffCtrl    = 12'h000;
  // 0x004 FP_REMAP is RAZ/WI (no remapping in Armv8-M): handled by the default decode.
  localparam logic [11:0] OffComp0   = 12'h008;  // FP_COMPn at 0x008 + 4n
  // DEVARCH 0xFBC, DEVTYPE 0xFCC, PIDR 0xFD0.., CIDR 0xFF0..: cs_pkg (cs_id_rdata).

  // ---- FP_CTRL fields --------------------------------------------------------------------
  localparam int CtrlEnable     = 0;   // RW
  localparam int CtrlKey        = 1;   // write-only, reads 0 [FPB-KEY-1]
  // [7:4] NUM_CODE[3:0], [11:8] NUM_LIT, [14:12] NUM_CODE[6:4], [31:28] REV, others RAZ
  // (read value assembled in fpb_regs).
  localparam logic [3:0] CtrlRevVal = 4'h1;  // FPBv2 (Armv8-M)

  // ---- FP_COMPn fields (FPBv2 form) -----------------------------------------------------
  localparam int CompBe         = 0;   // [0] BE
  localparam int CompBpAddrLsb  = 1;   // [31:1] BPADDR = instruction address [31:1]

  // ---- ID register values (Cortex-M33 FPB) ---------------------------------------------
  localparam logic [31:0] DevArchVal = 32'h4770_1A03;
  localparam logic [7:0]  DevTypeVal = 8'h00;
  localparam logic [7:0]  Pidr4Val   = 8'h04;
  localparam logic [7:0]  Pidr0Val   = 8'h21;
  localparam logic [7:0]  Pidr1Val   = 8'hBD;
  localparam logic [7:0]  Pidr2Val   = 8'h0B;
  localparam logic [7:0]  Pidr3Val   = 8'h00;

  // ---- Access kinds on the instruction-side port (if_kind_i) ---------------------------
  // 0 instruction fetch (the only kind that matches), 1 vector-table fetch (ignored),
  // 2 DAP access, 3 hardware stack push/pop (data access) [FPB-MATCH-1].
  localparam logic [1:0] KindIFetch = 2'd0;

endpackage

`default_nettype wire
