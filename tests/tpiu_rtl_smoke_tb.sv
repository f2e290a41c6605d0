// SPDX-License-Identifier: Apache-2.0
// Icarus smoke test of tpiu_top on its own: whole bursts and idle completion (issue #18).
// Spec: docs/tpiu-contract.md 5.2-5.5, 7, 8 and worked examples (a), (e), (f); the expected
// bytes and cycles below are derived by hand from the contract, not from the golden model.
//
//   iverilog -g2012 -Irtl/common -o build/tpiu_smoke.vvp rtl/common/cs_pkg.sv \
//     rtl/common/cs_fifo.sv rtl/tpiu/tpiu_pkg.sv rtl/tpiu/tpiu_*.sv tests/tpiu_rtl_smoke_tb.sv
//   vvp -n build/tpiu_smoke.vvp      (last line: "tpiu_rtl_smoke_tb: PASS")
//
// Phases: Manchester SWO, formatted (reset mode), SWOSCALER = 0 (one cell per cycle, a byte
// every 20 cycles): the reset sync burst, a lone byte closed by idle completion (with its
// latency), example (f), example (a), a lone byte closed by a flush, three frames against a
// full frame buffer, an open frame that waits behind a complete one. Then the parallel port
// at size 4: every burst whole between half-word syncs. Then NRZ Bypass.

`timescale 1ns / 1ps
`default_nettype none

module tpiu_rtl_smoke_tb;

  localparam int Fic = 4;  // FrameIdleCycles

  logic        clk, rst_n;
  logic        psel, penable, pwrite;
  logic [11:0] paddr;
  logic [31:0] pwdata, prdata;
  logic        pready, pslverr;
  logic        atvalid, atready, afvalid, afready;
  logic [7:0]  atdata;
  logic [6:0]  atid;
  logic        traceclk, swo, txb_valid, ts_tick, async_idle, sync_req;
  logic [3:0]  tracedata;
  logic [7:0]  txb;

  tpiu_top #(
    .PortWidth       (4),
    .AtbFifoDepth    (4),
    .FrameIdleCycles (Fic)
  ) u_dut (
    .clk_i        (clk),
    .rst_ni       (rst_n),
    .psel_i       (psel),
    .penable_i    (penable),
    .pwrite_i     (pwrite),
    .paddr_i      (paddr),
    .pwdata_i     (pwdata),
    .pstrb_i      (4'hF),
    .pprot_i      (3'd0),
    .prdata_o     (prdata),
    .pready_o     (pready),
    .pslverr_o    (pslverr),
    .atvalid_i    (atvalid),
    .atready_o    (atready),
    .atdata_i     (atdata),
    .atid_i       (atid),
    .afvalid_o    (afvalid),
    .afready_i    (afready),
    .traceclk_o   (traceclk),
    .tracedata_o  (tracedata),
    .swo_o        (swo),
    .txb_valid_o  (txb_valid),
    .txb_o        (txb),
    .ts_tick_o    (ts_tick),
    .async_idle_o (async_idle),
    .sync_req_o   (sync_req)
  );

  // The source acknowledges a flush at once (it holds nothing).
  assign afready = afvalid;

  initial clk = 1'b0;
  always #5 clk = ~clk;

  // cyc = number of rising edges so far; "cycle k" follows edge k.
  integer cyc = 0;
  always @(posedge clk) cyc <= cyc + 1;

  // txb log, sampled mid-cycle (txb is registered).
  logic [7:0] log_b [0:1023];
  integer     log_c [0:1023];
  integer     nlog = 0;
  always @(negedge clk) begin
    if (rst_n && txb_valid) begin
      log_b[nlog] = txb;
      log_c[nlog] = cyc;
      nlog = nlog + 1;
    end
  end

  integer errors = 0;

  task automatic fail(input string what);
    begin
      $display("tpiu_rtl_smoke_tb: FAIL: %s (cycle %0d)", what, cyc);
      errors = errors + 1;
    end
  endtask

  // Inputs change at the falling edge.
  task automatic apb_write(input logic [11:0] a, input logic [31:0] d);
    begin
      psel = 1'b1; penable = 1'b0; pwrite = 1'b1; paddr = a; pwdata = d;
      @(negedge clk) penable = 1'b1;
      @(negedge clk) psel = 1'b0; penable = 1'b0; pwrite = 1'b0;
    end
  endtask

  task automatic apb_read(input logic [11:0] a, output logic [31:0] d);
    begin
      psel = 1'b1; penable = 1'b0; pwrite = 1'b0; paddr = a;
      @(negedge clk) penable = 1'b1;
      d = prdata;
      @(negedge clk) psel = 1'b0; penable = 1'b0;
    end
  endtask

  // Offers one byte until accepted; returns the edge that accepted it. Called back to back,
  // atvalid stays high.
  task automatic atb_send(input logic [6:0] id, input logic [7:0] d, output integer acc);
    begin
      atvalid = 1'b1; atid = id; atdata = d;
      while (!atready) @(negedge clk);
      @(posedge clk) acc = cyc + 1;  // cyc increments at this edge
      @(negedge clk) atvalid = 1'b0;
    end
  endtask

  task automatic idle(input integer n);
    begin
      repeat (n) @(negedge clk);
    end
  endtask

  // Compares log entries [from, from+len) with the first len bytes of exp (byte 0 in the
  // most significant bits).
  task automatic expect_bytes(input integer from, input string name, input logic [127:0] exp,
                              input integer len);
    integer k;
    logic [7:0] b;
    begin
      for (k = 0; k < len; k = k + 1) begin
        b = exp[127 - 8 * k -: 8];
        if (from + k >= nlog) begin
          fail($sformatf("%s: byte %0d missing", name, k));
          k = len;
        end else if (log_b[from + k] !== b) begin
          fail($sformatf("%s: byte %0d is %02x, expected %02x", name, k, log_b[from + k], b));
        end
      end
    end
  endtask

  // Bytes [from, from+len) leave back to back: starts `gap` cycles apart.
  task automatic expect_back_to_back(input integer from, input integer len, input integer gap,
                                     input string name);
    integer i;
    begin
      for (i = from + 1; i < from + len; i = i + 1) begin
        if ((i < nlog) && (log_c[i] - log_c[i - 1] != gap)) begin
          fail($sformatf("%s: byte %0d starts %0d cycles after the previous one", name,
                         i - from, log_c[i] - log_c[i - 1]));
        end
      end
    end
  endtask

  localparam logic [127:0] SyncB  = {32'hFF_FF_FF_7F, 96'h0};
  localparam logic [127:0] LoneB  = 128'h03_41_01_00_00_00_00_00_00_00_00_00_00_00_00_00;
  localparam logic [127:0] ExF    = 128'h03_4E_10_10_8E_00_00_00_00_01_4E_01_01_6E_00_6C;
  localparam logic [127:0] ExA    = 128'h03_10_10_12_12_14_14_16_16_18_18_1A_1A_1C_1C_FE;
  localparam logic [127:0] FlushB = 128'h07_77_01_00_00_00_00_00_00_00_00_00_00_00_00_00;
  localparam logic [127:0] ParLn  = 128'h05_55_01_00_00_00_00_00_00_00_00_00_00_00_00_00;
  localparam logic [127:0] ParBu  = 128'h05_20_20_22_22_24_24_26_26_28_28_2A_2A_2C_2C_FE;
  localparam logic [127:0] BypB   = {24'hA1_A2_A3, 104'h0};

  localparam logic [95:0] ExFIn = 96'h4E_10_10_8F_00_01_00_00_01_4F_01_6E;  // ID 1, in order
  integer      acc, i, base, t0;
  logic [31:0] rd;

  initial begin
    rst_n = 1'b0; psel = 1'b0; penable = 1'b0; pwrite = 1'b0; paddr = '0; pwdata = '0;
    atvalid = 1'b0; atdata = '0; atid = '0;
    repeat (3) @(negedge clk);
    rst_n = 1'b1;

    // ---- SWO Manchester, formatted, one cell per cycle -----------------------------------
    idle(200);
    expect_bytes(0, "reset sync", SyncB, 4);
    expect_back_to_back(0, 4, 20, "reset sync");
    if (nlog != 4) fail($sformatf("after reset: %0d bytes, expected 4", nlog));

    // (e)-like: a lone byte, closed by idle completion [TPIU-IDLE-2].
    base = nlog;
    atb_send(7'h01, 8'h41, acc);
    idle(400);
    expect_bytes(base, "lone byte", LoneB, 16);
    expect_back_to_back(base, 16, 20, "lone byte");
    // FMT-5 at edge acc+1, idle_q = Fic in cycle acc+Fic, padding pushes at edges
    // acc+Fic+1 .. acc+Fic+7, the burst is complete in cycle acc+Fic+7 and the engine
    // takes it at the next edge: txb in cycle acc+Fic+8.
    if (log_c[base] != acc + Fic + 8) begin
      fail($sformatf("lone byte on the pins in cycle %0d, expected %0d", log_c[base],
                     acc + Fic + 8));
    end

    // Example (f): a lone byte at an even position, delayed change to ID 0.
    base = nlog;
    for (i = 0; i < 12; i = i + 1) atb_send(7'h01, ExFIn[95 - 8 * i -: 8], acc);
    idle(400);
    expect_bytes(base, "example (f)", ExF, 16);
    expect_back_to_back(base, 16, 20, "example (f)");

    // Example (a): a full frame, no padding; sent in one go.
    base = nlog;
    for (i = 0; i < 14; i = i + 1) atb_send(7'h01, 8'h10 + 8'(i), acc);
    idle(400);
    expect_bytes(base, "example (a)", ExA, 16);
    expect_back_to_back(base, 16, 20, "example (a)");
    if (nlog != base + 16) fail($sformatf("example (a): %0d bytes", nlog - base));

    // A lone byte closed by a flush; FlInProg clears only once the frame is on the pins.
    base = nlog;
    atb_send(7'h03, 8'h77, acc);
    apb_write(12'h304, 32'h0000_0042);  // FFCR: EnFCont, FOnMan
    t0 = cyc;
    rd = 32'h1;
    while (rd[0] && (cyc < t0 + 2000)) apb_read(12'h300, rd);
    if (rd[0]) fail("flush never completed");
    if (nlog != base + 16) fail($sformatf("flush complete with %0d of 16 bytes sent", nlog - base));
    idle(100);
    expect_bytes(base, "flush", FlushB, 16);
    expect_back_to_back(base, 16, 20, "flush");

    // Back-pressure: 44 bytes of ID 1 fill exactly three frames; the port (a byte per 20
    // cycles) is far slower, so the frame buffer fills up and the formatter waits for room
    // [TPIU-BURST-3]. Even data: every aux bit is 0. Frames back to back on the line.
    base = nlog;
    for (i = 0; i < 44; i = i + 1) atb_send(7'h01, 8'(2 * i + 2), acc);
    idle(1200);
    if (nlog != base + 48) fail($sformatf("back-pressure: %0d of 48 bytes", nlog - base));
    expect_back_to_back(base, 48, 20, "back-pressure");
    begin : bp_check
      integer k, d;
      logic [7:0] e;
      d = 0;
      for (k = 0; k < 48; k = k + 1) begin
        if (k == 0) e = 8'h03;                         // ID(1), then x0 under it
        else if ((k % 16) == 15) e = 8'h00;            // aux byte
        else begin e = 8'(2 * d + 2); d = d + 1; end
        if ((base + k < nlog) && (log_b[base + k] !== e)) begin
          fail($sformatf("back-pressure: byte %0d is %02x, expected %02x", k, log_b[base + k],
                         e));
        end
      end
    end

    // [TPIU-IDLE-2] no idle completion while a complete burst waits: frame A (15 bytes) is
    // complete and on the line, frame B has one unit when the input pauses for longer than
    // FrameIdleCycles; B keeps waiting and the bytes after the pause complete it.
    base = nlog;
    for (i = 0; i < 17; i = i + 1) atb_send(7'h01, 8'h60 + 8'(2 * i), acc);
    idle(5 * Fic);
    for (i = 17; i < 30; i = i + 1) atb_send(7'h01, 8'h60 + 8'(2 * i), acc);
    idle(800);
    if (nlog != base + 32) fail($sformatf("open frame: %0d of 32 bytes", nlog - base));
    expect_back_to_back(base, 32, 20, "open frame");
    begin : open_check
      integer k, d;
      logic [7:0] e;
      d = 0;
      for (k = 0; k < 32; k = k + 1) begin
        if ((k % 16) == 15) e = 8'h00;
        else begin e = 8'h60 + 8'(2 * d); d = d + 1; end
        if ((base + k < nlog) && (log_b[base + k] !== e)) begin
          fail($sformatf("open frame: byte %0d is %02x, expected %02x", k, log_b[base + k], e));
        end
      end
    end

    // ---- Parallel port, size 4: bursts whole between half-word syncs ----------------------
    apb_write(12'h004, 32'h0000_0008);  // CSPSR: size 4
    apb_write(12'h0F0, 32'h0000_0000);  // SPPR: parallel (restart, full sync pending)
    base = nlog;
    idle(20);
    atb_send(7'h02, 8'h55, acc);
    idle(100);
    for (i = 0; i < 14; i = i + 1) atb_send(7'h02, 8'h20 + 8'(i), acc);
    idle(100);
    begin : par_parse
      integer k, nb;
      logic [127:0] exp [3];
      exp[0] = SyncB; exp[1] = ParLn; exp[2] = ParBu;
      k = base; nb = 0;
      // Skip what was on the pins at the restart: parsing starts at the first unit boundary
      // after it, which the half-word sync FF 7F marks.
      while ((k + 1 < nlog) && !((log_b[k] == 8'hFF) && (log_b[k + 1] == 8'h7F))) k = k + 1;
      while (k + 1 < nlog) begin
        if ((log_b[k] == 8'hFF) && (log_b[k + 1] == 8'h7F)) begin
          k = k + 2;                      // half-word sync between bursts
        end else if (nb < 3) begin
          expect_bytes(k, $sformatf("parallel burst %0d", nb), exp[nb], (nb == 0) ? 4 : 16);
          expect_back_to_back(k, (nb == 0) ? 4 : 16, 2, $sformatf("parallel burst %0d", nb));
          k = k + ((nb == 0) ? 4 : 16);
          nb = nb + 1;
        end else begin
          fail($sformatf("parallel: unexpected bytes %02x %02x", log_b[k], log_b[k + 1]));
          k = nlog;
        end
      end
      if (nb != 3) fail($sformatf("parallel: %0d of 3 bursts", nb));
    end

    // ---- NRZ Bypass: raw bytes, each a burst of its own ----------------------------------
    apb_write(12'h304, 32'h0000_0000);  // FFCR: EnFCont = 0 (still formatted: parallel)
    apb_write(12'h0F0, 32'h0000_0002);  // SPPR: NRZ, restart into Bypass
    base = nlog;
    atb_send(7'h05, 8'hA1, acc);
    atb_send(7'h05, 8'hA2, acc);
    atb_send(7'h05, 8'hA3, acc);
    idle(100);
    expect_bytes(base, "bypass", BypB, 3);
    expect_back_to_back(base, 3, 10, "bypass");
    if (nlog != base + 3) fail($sformatf("bypass: %0d bytes", nlog - base));

    if (errors == 0) $display("tpiu_rtl_smoke_tb: PASS");
    else $display("tpiu_rtl_smoke_tb: FAIL (%0d errors)", errors);
    $finish;
  end

endmodule

`default_nettype wire
