// SPDX-License-Identifier: Apache-2.0
// Shared CoreSight component identification of the trace blocks: the ID register offsets,
// CIDR0..3 and the ID read map every block's register file reads (cs_id_words).
// Spec: CoreSight component ID registers as used by the Armv8-M debug components
// (docs/itm-contract.md section 4, fpb-contract.md 4, tpiu-contract.md 4, dwt-contract.md 4,
// etm-contract.md 12; packet-protocol-facts section 2.2).

`default_nettype none

package cs_pkg;

  // CIDR0..3 of a CoreSight component (class 0x9 in CIDR1[7:4]).
  localparam logic [7:0] Cidr0 = 8'h0D;
  localparam logic [7:0] Cidr1 = 8'h90;
  localparam logic [7:0] Cidr2 = 8'h05;
  localparam logic [7:0] Cidr3 = 8'hB1;

  // ID register byte offsets (paddr_i[11:0]), the same in every block.
  localparam logic [11:0] OffDevArch = 12'hFBC;
  localparam logic [11:0] OffDevType = 12'hFCC;
  localparam logic [11:0] OffPidr4   = 12'hFD0;  // PIDR5..7 at 0xFD4..0xFDC read 0
  localparam logic [11:0] OffPidr0   = 12'hFE0;
  localparam logic [11:0] OffPidr1   = 12'hFE4;
  localparam logic [11:0] OffPidr2   = 12'hFE8;
  localparam logic [11:0] OffPidr3   = 12'hFEC;
  localparam logic [11:0] OffCidr0   = 12'hFF0;
  localparam logic [11:0] OffCidr1   = 12'hFF4;
  localparam logic [11:0] OffCidr2   = 12'hFF8;
  localparam logic [11:0] OffCidr3   = 12'hFFC;

  // The ID registers lie in the 32-word window 0xF80..0xFFC (paddr_i[11:7] = IdWin), word k
  // at paddr_i[6:2] = k.
  localparam logic [4:0] IdWin = 5'h1F;

  // The ID read map of a block with these DEVARCH, DEVTYPE and PIDR values (CIDR0..3 above):
  // the window's 32 words, word k at [32k +: 32]; 0 at every other offset of the window,
  // where no block's own map has anything either (PIDR5..7 and the rest are RAZ; a block
  // without a DEVARCH, the TPIU, passes 0). A constant function: each block evaluates it
  // once, into a localparam, and in a read's setup cycle picks the word of paddr_i with
  //   (paddr_i[11:7] == cs_pkg::IdWin) ? IdWords[32*paddr_i[6:2] +: 32] : 32'h0
  // in its read map's default branch (outside the window: the 0 each block reads there).
  // (No call of another function: Icarus 11 does not evaluate that as a constant function.)
  function automatic logic [1023:0] cs_id_words(input logic [31:0] devarch,
                                                input logic [7:0]  devtype,
                                                input logic [7:0]  pidr4, input logic [7:0] pidr0,
                                                input logic [7:0]  pidr1, input logic [7:0] pidr2,
                                                input logic [7:0]  pidr3);
    cs_id_words                           = '0;
    cs_id_words[32*OffDevArch[6:2] +: 32] = devarch;
    cs_id_words[32*OffDevType[6:2] +: 32] = {24'h0, devtype};
    cs_id_words[32*OffPidr4[6:2] +: 32]   = {24'h0, pidr4};
    cs_id_words[32*OffPidr0[6:2] +: 32]   = {24'h0, pidr0};
    cs_id_words[32*OffPidr1[6:2] +: 32]   = {24'h0, pidr1};
    cs_id_words[32*OffPidr2[6:2] +: 32]   = {24'h0, pidr2};
    cs_id_words[32*OffPidr3[6:2] +: 32]   = {24'h0, pidr3};
    cs_id_words[32*OffCidr0[6:2] +: 32]   = {24'h0, Cidr0};
    cs_id_words[32*OffCidr1[6:2] +: 32]   = {24'h0, Cidr1};
    cs_id_words[32*OffCidr2[6:2] +: 32]   = {24'h0, Cidr2};
    cs_id_words[32*OffCidr3[6:2] +: 32]   = {24'h0, Cidr3};
  endfunction

endpackage

`default_nettype wire
