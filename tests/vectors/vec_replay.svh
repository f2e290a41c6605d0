// SPDX-License-Identifier: Apache-2.0
// The part the block replay benches share (dwt_replay_tb.sv, tpiu_replay_tb.sv,
// fpb_replay_tb.sv, sys_replay_tb.sv; vectors/README.md "Replay on a simulator"): reading a
// vector, checking its param lines against the bench's parameters, and the cycle loop.
// Plain SystemVerilog-2012 (Icarus Verilog 11, Verilator 5.006), included inside the bench's
// module after it has declared:
//   parameter int MaxLines                   the longest vector the bench holds
//   localparam int InW, OutW, RstBit         bits of an inputs.hex / outputs.hex word (4 x
//                                            its hex digits) and the bit of rst_ni in it
//   function automatic int param_get(input string name)
//                                            the bench's value of a parameter, -1 if it has none
//   function automatic bit block_ok(input string name)
//                                            the vector's block line names this bench's block
//   task automatic compare(input int k)      checks out_w against exp_w in line k (the bench's
//                                            comparison section)
// and connected its DUT to in_w (inputs) and out_w (outputs, packed as outputs.hex).
//
// Cycle timing (10 time units per cycle, like the C harness): inputs change at +1, outputs
// are compared at +4, rising clock edge at +5. Outputs are Moore outputs, so the outputs
// compared in cycle k are the state left by the edges before it.

  logic [InW-1:0]  in_mem  [MaxLines];
  logic [OutW-1:0] out_mem [MaxLines];
  logic            clk = 1'b0;
  logic [InW-1:0]  in_w;   // this cycle's line of inputs.hex, driving the DUT
  logic [OutW-1:0] exp_w;  // this cycle's line of outputs.hex
  logic [OutW-1:0] out_w;  // the DUT's outputs, packed like outputs.hex

  // File names go through string variables: Icarus 11 truncates a concatenation given
  // directly as a system-task argument.
  string dir, fname;
  int    lines, reset_lines, fd, n;

  // vector.txt: its block line must be this bench's, each param line must equal the bench's
  // parameter of that name (compile the bench once per configuration, run its vectors).
  // (a line goes through a vector, not a string: Icarus 11's $fgets reads into a reg only)
  task automatic vec_header_check;
    logic [8*256-1:0] line;  // 256 characters (a longer line is read in pieces)
    string key, name;
    int    val, have, nb;
    fname = {dir, "/vector.txt"};
    fd = $fopen(fname, "r");
    if (fd == 0) $fatal(1, "%m: cannot open %s/vector.txt", dir);
    nb = 0;
    while (!$feof(fd)) begin
      line = '0;
      n = $fgets(line, fd);
      key = "";
      name = "";
      n = $sscanf(line, "%s %s %d", key, name, val);
      if (key == "block") begin
        nb++;
        if (!block_ok(name)) $fatal(1, "%m: %s is a vector of block %s", dir, name);
      end else if (key == "param") begin
        have = param_get(name);
        if (n != 3 || have < 0) $fatal(1, "%m: %s/vector.txt: unknown parameter %s", dir, name);
        if (have != val) begin
          $fatal(1, "%m: %s needs %s = %0d, this bench was compiled with %0d", dir, name, val,
                 have);
        end
      end
    end
    $fclose(fd);
    if (nb != 1) $fatal(1, "%m: %s/vector.txt has no block line", dir);
  endtask

  initial begin
    in_w = '0;
    in_w[RstBit] = 1'b1;  // 1 before the first line, so its 0 is a falling edge
    exp_w = '0;
    if (!$value$plusargs("vec=%s", dir)) begin
      $fatal(1, "%m: usage: vvp ... +vec=VECTOR_DIR [+lines=N]");
    end
    vec_header_check;
    if (!$value$plusargs("lines=%d", lines)) begin
      fname = {dir, "/cycles.txt"};
      fd = $fopen(fname, "r");
      if (fd == 0) $fatal(1, "%m: cannot open %s/cycles.txt", dir);
      n = $fscanf(fd, "%d", lines);
      $fclose(fd);
      if (n != 1) $fatal(1, "%m: %s/cycles.txt: expected a number", dir);
    end
    if (lines < 1 || lines > MaxLines) begin
      $fatal(1, "%m: %s has %0d lines, this build holds 1..%0d (MaxLines)", dir, lines,
             MaxLines);
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
      $fatal(1, "%m: %s: inputs.hex or outputs.hex has fewer than %0d lines", dir, lines);
    end
    reset_lines = 0;
    while (reset_lines < lines && in_mem[reset_lines][RstBit] == 1'b0) reset_lines++;

    for (int k = 0; k < lines; k++) begin
      #1;
      in_w  = in_mem[k];
      exp_w = out_mem[k];
      #3;
      compare(k);
      #1 clk = 1'b1;
      #5 clk = 1'b0;
    end
    $display("%m: PASS %s (%0d cycles, every output compared every cycle)", dir, lines);
    $finish;
  end
