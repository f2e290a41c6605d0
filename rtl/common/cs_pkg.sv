// SPDX-License-Identifier: Apache-2.0
// Shared CoreSight constants (component identification) for the trace blocks.
// Spec: CoreSight component ID registers as used by the Armv8-M debug components
// (docs/itm-contract.md section 4, packet-protocol-facts section 2.2).

`default_nettype none

package cs_pkg;

  // CIDR0..3 of a CoreSight component (class 0x9 in CIDR1[7:4]).
  localparam logic [7:0] Cidr0 = 8'h0D;
  localparam logic [7:0] Cidr1 = 8'h90;
  localparam logic [7:0] Cidr2 = 8'h05;
  localparam logic [7:0] Cidr3 = 8'hB1;

endpackage

`default_nettype wire
