// SPDX-License-Identifier: Apache-2.0
// Icarus/Verilator smoke test of cs_funnel (issue #23, docs/etm-contract.md 13): bursts of
// FunnelHold bytes when both inputs wait, the grant leaving an idle input after one cycle,
// a lone source streaming, and the flush answer once both sources have answered. The
// expected orders are derived by hand from [ETM-FUN-1] and [ETM-FUN-2].

`timescale 1ns / 1ps
`default_nettype none

module funnel_rtl_smoke_tb;

  localparam int Hold = 3;

  logic       clk, rst_n;
  logic [1:0] atvalid, atready, afvalid_src, afready_src;
  logic [7:0] atdata0, atdata1, atdata;
  logic [6:0] atid;
  logic       atvalid_o, atready_i, afvalid, afready;
  int         errors;

  cs_funnel #(
    .FunnelHold (Hold)
  ) u_dut (
    .clk_i     (clk),
    .rst_ni    (rst_n),
    .atvalid_i (atvalid),
    .atready_o (atready),
    .atdata0_i (atdata0),
    .atid0_i   (7'h01),
    .atdata1_i (atdata1),
    .atid1_i   (7'h10),
    .afvalid_o (afvalid_src),
    .afready_i (afready_src),
    .atvalid_o (atvalid_o),
    .atready_i (atready_i),
    .atdata_o  (atdata),
    .atid_o    (atid),
    .afvalid_i (afvalid),
    .afready_o (afready)
  );

  initial clk = 1'b0;
  always #5 clk = ~clk;

  // sources: counters of bytes sent; valid set by the stimulus
  always @(posedge clk) begin
    if (atvalid[0] && atready[0]) atdata0 <= atdata0 + 8'd1;
    if (atvalid[1] && atready[1]) atdata1 <= atdata1 + 8'd1;
  end

  // the sequence of IDs that crossed the output, one character per cycle ('.' for none)
  string seq;
  always @(posedge clk) begin
    if (rst_n) seq = {seq, (atvalid_o && atready_i) ? ((atid == 7'h01) ? "0" : "1") : "."};
  end

  task automatic expect_seq(input string name, input string want);
    if (seq != want) begin
      $display("FAIL %s: %s, expected %s", name, seq, want);
      errors = errors + 1;
    end else begin
      $display("ok %s: %s", name, seq);
    end
    seq = "";
  endtask

  initial begin
    errors = 0;
    seq = "";
    rst_n = 1'b0; atvalid = 2'b00; atready_i = 1'b1; afvalid = 1'b0; afready_src = 2'b00;
    atdata0 = 8'h00; atdata1 = 8'h80;
    repeat (2) @(posedge clk);
    #1 rst_n = 1'b1;
    // both wait: Hold bytes each, alternating
    atvalid = 2'b11;
    repeat (12) @(posedge clk);
    #1 atvalid = 2'b00;
    expect_seq("both", "000111000111");
    // the last burst of input 1 ended with a switch to the waiting input 0 (n reached Hold),
    // so a lone input 0 sends at once
    @(posedge clk); #1;
    seq = "";
    atvalid = 2'b01;
    repeat (2) @(posedge clk);
    #1 atvalid = 2'b00;
    expect_seq("to 0", "00");
    // lone source 1 keeps streaming past Hold bytes once it has the port
    atvalid = 2'b10;
    repeat (8) @(posedge clk);
    #1 atvalid = 2'b00;
    expect_seq("lone 1", ".1111111");
    // the sink stalls: no transfers, the grant holds, no count; then input 1, whose count
    // saturated at Hold in the lone burst, yields after one byte to the waiting input 0
    atvalid = 2'b11; atready_i = 1'b0;
    repeat (3) @(posedge clk);
    #1 atready_i = 1'b1;
    repeat (4) @(posedge clk);
    #1 atvalid = 2'b00;
    expect_seq("stall", "...1000");
    // flush: source 0 answers first, source 1 two cycles later; AFREADY then
    afvalid = 1'b1;
    @(posedge clk); #1;
    if (afvalid_src != 2'b11) begin
      $display("FAIL flush: request not sent to both");
      errors = errors + 1;
    end
    afready_src = 2'b01;
    @(posedge clk); #1;
    afready_src = 2'b00;
    if (afready) begin
      $display("FAIL flush: AFREADY before both answered");
      errors = errors + 1;
    end
    @(posedge clk); #1;
    afready_src = 2'b10;
    #1;
    if (!afready) begin
      $display("FAIL flush: no AFREADY when both have answered");
      errors = errors + 1;
    end else begin
      $display("ok flush");
    end
    @(posedge clk); #1;
    afready_src = 2'b00; afvalid = 1'b0;
    if (errors == 0) $display("funnel_rtl_smoke_tb: PASS");
    else             $display("funnel_rtl_smoke_tb: FAIL (%0d errors)", errors);
    $finish;
  end

endmodule
