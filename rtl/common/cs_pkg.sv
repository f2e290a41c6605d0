// SPDX-License-Identifier: Apache-2.0
// Shared CoreSight component identification of the trace blocks: the ID register offsets,
// CIDR0..3 and the ID read map every block's register file calls (cs_id_rdata).
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

  // The ID register read at word address waddr (paddr_i[11:2]) of a block with these
  // DEVARCH, DEVTYPE and PIDR values (CIDR0..3 above); 0 at every other offset, where no
  // block's own map has anything either (PIDR5..7 and the rest are RAZ; a block without a
  // DEVARCH, the TPIU, passes 0). No separate hit: outside the map the word is the 0 each
  // block reads there, so a block calls it in its read map's default branch.
  function automatic logic [31:0] cs_id_rdata(input logic [9:0]  waddr,
                                              input logic [31:0] devarch,
                                              input logic [7:0]  devtype,
                                              input logic [7:0]  pidr4, input logic [7:0] pidr0,
                                              input logic [7:0]  pidr1, input logic [7:0] pidr2,
                                              input logic [7:0]  pidr3);
    unique case (waddr)
      OffDevArch[11:2]: cs_id_rdata = devarch;
      OffDevType[11:2]: cs_id_rdata = {24'h0, devtype};
      OffPidr4[11:2]:   cs_id_rdata = {24'h0, pidr4};
      OffPidr0[11:2]:   cs_id_rdata = {24'h0, pidr0};
      OffPidr1[11:2]:   cs_id_rdata = {24'h0, pidr1};
      OffPidr2[11:2]:   cs_id_rdata = {24'h0, pidr2};
      OffPidr3[11:2]:   cs_id_rdata = {24'h0, pidr3};
      OffCidr0[11:2]:   cs_id_rdata = {24'h0, Cidr0};
      OffCidr1[11:2]:   cs_id_rdata = {24'h0, Cidr1};
      OffCidr2[11:2]:   cs_id_rdata = {24'h0, Cidr2};
      OffCidr3[11:2]:   cs_id_rdata = {24'h0, Cidr3};
      default:          cs_id_rdata = 32'h0;
    endcase
  endfunction

endpackage

`default_nettype wire
