// SPDX-License-Identifier: Apache-2.0
// TPIU register offsets, field positions, encodings and identification values.
// Spec: Armv8-M B14.4 (TPIU), packet-protocol-facts 2.5/3/4; docs/tpiu-contract.md 4-7.

`default_nettype none

package tpiu_pkg;

  // ---- Register byte offsets (paddr_i[11:0]) ---------------------------------------------
  localparam logic [11:0] OffSspsr   = 12'h000;  // supported port sizes (RO)
  localparam logic [11:0] OffCspsr   = 12'h004;  // current port size (RW)
  localparam logic [11:0] OffAcpr    = 12'h010;  // SWO prescaler (RW)
  localparam logic [11:0] OffSppr    = 12'h0F0;  // selected pin protocol (RW)
  localparam logic [11:0] OffFfsr    = 12'h300;  // formatter and flush status (RO)
  localparam logic [11:0] OffFfcr    = 12'h304;  // formatter and flush control (RW)
  localparam logic [11:0] OffPscr    = 12'h308;  // periodic synchronization control (RW)
  // 0xEE8 TRIGGER is RAZ/WI [TPIU-IMPL-5]: handled by the default decode.
  localparam logic [11:0] OffDevId   = 12'hFC8;  // DEVID / TYPE (RO)
  // DEVTYPE 0xFCC, PIDR 0xFD0.., CIDR 0xFF0.. (and 0xFBC, RAZ here): cs_pkg (cs_id_rdata).

  // ---- SPPR.TXMODE encodings [TPIU-REG-2] ------------------------------------------------
  localparam logic [1:0] TxModePar = 2'b00;  // synchronous parallel trace port
  localparam logic [1:0] TxModeMan = 2'b01;  // SWO, Manchester (reset value)
  localparam logic [1:0] TxModeNrz = 2'b10;  // SWO, NRZ (UART)
  localparam logic [1:0] TxModeRsv = 2'b11;  // reserved: such a write is ignored

  // ---- FFCR / FFSR fields [TPIU-REG-3], [TPIU-REG-4] -------------------------------------
  localparam int FfcrEnFCont = 1;  // continuous formatting (0: bypass in an SWO mode)
  localparam int FfcrFOnMan  = 6;  // write 1: manual flush; reads FlInProg
  localparam int FfcrTrigIn  = 8;  // RAO

  // ---- Reset values (contract section 4) -------------------------------------------------
  localparam logic [7:0]  CspsrRst   = 8'h01;   // port size 1
  localparam logic [1:0]  TxModeRst  = TxModeMan;
  localparam logic        EnFContRst = 1'b1;    // FFCR reset 0x102

  // ---- Periodic synchronization [TPIU-SYNC-2] --------------------------------------------
  localparam logic [4:0] PsCountMin = 5'd7;   // 2^7 bytes
  localparam logic [4:0] PsCountMax = 5'd27;  // 2^27 bytes

  // ---- Formatter constants [TPIU-FMT-*], [TPIU-PAR-2] -----------------------------------
  localparam logic [7:0]  SyncFf    = 8'hFF;     // full-sync bytes 0..2
  localparam logic [7:0]  Sync7f    = 8'h7F;     // full-sync byte 3, half-word sync byte 1
  localparam logic [15:0] HsyncWord = 16'h7FFF;  // half-word sync: FF then 7F

  // ---- Frame buffer [TPIU-BURST-*] -------------------------------------------------------
  localparam int FbDepth = 16;                   // units (two frames)
  localparam int FbCntW  = $clog2(FbDepth + 1);  // fb_n: 0..16
  // fb_bursts: 0..8 (a formatted burst has 2 or 8 units; in Bypass the buffer holds one unit)
  localparam int FbBurW  = $clog2(FbDepth / 2 + 1);

  // ---- SWO characters [TPIU-SWO-3], [TPIU-SWO-4] -----------------------------------------
  localparam logic [4:0] NrzLastCell = 5'd9;   // 10 cells: start, 8 data, stop
  localparam logic [4:0] ManLastCell = 5'd19;  // 20 half-bit cells: start, 8 data, stop

  // ---- ID register values (Cortex-M33 TPIU) ---------------------------------------------
  localparam logic [31:0] DevArchVal = 32'h0;  // no TPIU_DEVARCH: 0xFBC is RAZ (contract 4)
  localparam logic [7:0] DevTypeVal = 8'h11;  // sub-type 1 (TPIU), major 1 (trace sink)
  localparam logic [7:0] Pidr4Val   = 8'h04;
  localparam logic [7:0] Pidr0Val   = 8'h21;
  localparam logic [7:0] Pidr1Val   = 8'hBD;
  localparam logic [7:0] Pidr2Val   = 8'h0B;
  localparam logic [7:0] Pidr3Val   = 8'h00;
  // CIDR0..3: the CoreSight component values of cs_pkg.

endpackage

`default_nettype wire
