// SPDX-License-Identifier: Apache-2.0
// Replays one ITM conformance vector (vectors/README.md) on itm_top in any Verilog simulator:
// drives inputs.hex, one line per clock cycle, and compares every output with outputs.hex in
// every cycle. Plain SystemVerilog-2012 (Icarus Verilog 11: iverilog -g2012).
//
//   iverilog -g2012 -Irtl/common -Irtl/itm -s itm_replay_tb \
//     -P itm_replay_tb.NumStimPorts=64 ... -o base.vvp tests/vectors/itm_replay_tb.sv <rtl>
//   vvp base.vvp +vec=vectors/itm/itm-0001-stim-byte-basic [+lines=N]
//
// The parameters must be the vector's (vector.txt "param" lines). +lines defaults to the
// number in the vector's cycles.txt. Exit status 0 = every output matched in every cycle;
// on the first difference a message names the cycle and the outputs, and $fatal ends the run
// (vvp exit status 1).
//
// Cycle timing (10 time units per cycle, like the C harness): inputs change at +1, outputs
// are compared at +4, rising clock edge at +5. Outputs are Moore outputs, so the outputs
// compared in cycle k are the state left by the edges before it.

`timescale 1ns / 1ps
`default_nettype none

module itm_replay_tb #(
  parameter int NumStimPorts  = 64,
  parameter int StimFifoDepth = 4,
  parameter int HwFifoDepth   = 2,
  parameter int TsWidth       = 12,
  parameter int GtsWidth      = 64,
  parameter int MaxLines      = 32768  // longest vector this build can hold
);

  localparam int InW  = 176;  // inputs.hex: 44 hex digits
  localparam int OutW = 56;   // outputs.hex: 14 hex digits

  logic [InW-1:0]  in_mem  [MaxLines];
  logic [OutW-1:0] out_mem [MaxLines];

  // ---- DUT ---------------------------------------------------------------------------
  logic        clk = 1'b0;
  logic [InW-1:0] in_w = '0;
  logic        rst_n = 1'b1;  // 1 before the first line, so its 0 is a falling edge
  logic [31:0] prdata;
  logic        pready, pslverr, atvalid, afready, hw_ready, busy;
  logic [7:0]  atdata;
  logic [6:0]  atid;

  // inputs.hex layout, bit 175 first (vectors/README.md)
  itm_top #(
    .NumStimPorts (NumStimPorts),
    .StimFifoDepth(StimFifoDepth),
    .HwFifoDepth  (HwFifoDepth),
    .TsWidth      (TsWidth),
    .GtsWidth     (GtsWidth)
  ) u_dut (
    .clk_i          (clk),
    .rst_ni         (rst_n),
    .gts_i          (in_w[175:112]),
    .hw_data_i      (in_w[111:72]),
    .pwdata_i       (in_w[71:40]),
    .paddr_i        (in_w[39:28]),
    .pstrb_i        (in_w[27:24]),
    .pprot_i        (in_w[22:20]),
    .psel_i         (in_w[18]),
    .penable_i      (in_w[17]),
    .pwrite_i       (in_w[16]),
    .atready_i      (in_w[15]),
    .afvalid_i      (in_w[14]),
    .hw_valid_i     (in_w[13]),
    .hw_ovf_i       (in_w[12]),
    .dwt_sync_req_i (in_w[11]),
    .tpiu_sync_req_i(in_w[10]),
    .ts_async_tick_i(in_w[9]),
    .async_idle_i   (in_w[8]),
    .gts_clkch_i    (in_w[7]),
    .trcena_i       (in_w[6]),
    .niden_i        (in_w[5]),
    .spniden_i      (in_w[4]),
    .pe_secure_i    (in_w[3]),
    .halted_i       (in_w[2]),
    .prdata_o       (prdata),
    .pready_o       (pready),
    .pslverr_o      (pslverr),
    .atvalid_o      (atvalid),
    .atdata_o       (atdata),
    .atid_o         (atid),
    .afready_o      (afready),
    .hw_ready_o     (hw_ready),
    .busy_o         (busy)
  );

  // outputs.hex layout, bit 55 first
  logic [OutW-1:0] out_w;
  assign out_w = {prdata, atdata, 1'b0, atid, pready, pslverr, atvalid, afready,
                  hw_ready, busy, 2'b00};

  // ---- replay ------------------------------------------------------------------------
  // File names go through string variables: Icarus 11 truncates a concatenation given
  // directly as a system-task argument.
  string dir, fname;
  int    lines, reset_lines, fd, n;

  task automatic report(input int k, input logic [OutW-1:0] exp, input logic [OutW-1:0] act);
    $display("itm_replay_tb: MISMATCH in %s at cycle %0d (word %0d of outputs.hex, from 0)",
             dir, k - reset_lines, k);
    $display("  output      expected   actual");
    if (exp[55:24] !== act[55:24]) $display("  prdata_o    0x%h 0x%h", exp[55:24], act[55:24]);
    if (exp[23:16] !== act[23:16]) $display("  atdata_o    0x%h       0x%h", exp[23:16],
                                            act[23:16]);
    if (exp[15:8]  !== act[15:8])  $display("  atid_o      0x%h       0x%h", exp[14:8], act[14:8]);
    if (exp[7]     !== act[7])     $display("  pready_o    %b          %b", exp[7], act[7]);
    if (exp[6]     !== act[6])     $display("  pslverr_o   %b          %b", exp[6], act[6]);
    if (exp[5]     !== act[5])     $display("  atvalid_o   %b          %b", exp[5], act[5]);
    if (exp[4]     !== act[4])     $display("  afready_o   %b          %b", exp[4], act[4]);
    if (exp[3]     !== act[3])     $display("  hw_ready_o  %b          %b", exp[3], act[3]);
    if (exp[2]     !== act[2])     $display("  busy_o      %b          %b", exp[2], act[2]);
    $display("  inputs of that cycle: %h", in_mem[k]);
  endtask

  initial begin
    if (!$value$plusargs("vec=%s", dir)) begin
      $fatal(1, "itm_replay_tb: usage: vvp ... +vec=VECTOR_DIR [+lines=N]");
    end
    if (!$value$plusargs("lines=%d", lines)) begin
      fname = {dir, "/cycles.txt"};
      fd = $fopen(fname, "r");
      if (fd == 0) $fatal(1, "itm_replay_tb: cannot open %s/cycles.txt", dir);
      n = $fscanf(fd, "%d", lines);
      $fclose(fd);
      if (n != 1) $fatal(1, "itm_replay_tb: %s/cycles.txt: expected a number", dir);
    end
    if (lines < 1 || lines > MaxLines) begin
      $fatal(1, "itm_replay_tb: %s has %0d lines, this build holds 1..%0d (MaxLines)", dir,
             lines, MaxLines);
    end
    for (int k = 0; k < lines; k++) begin
      in_mem[k]  = 'x;
      out_mem[k] = 'x;
    end
    fname = {dir, "/inputs.hex"};
    $readmemh(fname, in_mem, 0, lines - 1);
    fname = {dir, "/outputs.hex"};
    $readmemh(fname, out_mem, 0, lines - 1);
    // (XOR reduction, not $isunknown: Icarus 11 gets $isunknown wrong on these memories)
    if ((^in_mem[lines - 1]) === 1'bx || (^out_mem[lines - 1]) === 1'bx) begin
      $fatal(1, "itm_replay_tb: %s: inputs.hex or outputs.hex has fewer than %0d lines", dir,
             lines);
    end
    reset_lines = 0;
    while (reset_lines < lines && in_mem[reset_lines][19] == 1'b0) reset_lines++;

    for (int k = 0; k < lines; k++) begin
      #1;
      in_w  = in_mem[k];
      rst_n = in_mem[k][19];
      #3;
      if (out_w !== out_mem[k]) begin
        report(k, out_mem[k], out_w);
        $fatal(1, "itm_replay_tb: FAIL %s", dir);
      end
      #1 clk = 1'b1;
      #5 clk = 1'b0;
    end
    $display("itm_replay_tb: PASS %s (%0d cycles, every output compared every cycle)", dir,
             lines);
    $finish;
  end

endmodule

`default_nettype wire
