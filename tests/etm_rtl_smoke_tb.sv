// SPDX-License-Identifier: Apache-2.0
// Icarus/Verilator smoke test of etm_top on its own: the worked examples E1..E5 of the
// contract (issue #23). Spec: docs/etm-contract.md 14; the expected bytes and cycles below
// are copied from the hand-derived examples of the contract, not from the golden model.
//
//   make etm-rtl-smoke      (last line: "etm_rtl_smoke_tb: PASS")
//
// Cycle convention ([ETM-EVAL-1]): cycle t is the interval before rising edge t; the
// enabling write's access edge is w, events are presented from cycle w+1, one per cycle.
// Inputs change at the falling edge.

`timescale 1ns / 1ps
`default_nettype none

module etm_rtl_smoke_tb;

  logic        clk, rst_n;
  logic        psel, penable, pwrite;
  logic [11:0] paddr;
  logic [31:0] pwdata, prdata;
  logic        pready, pslverr;
  logic        pe_valid, pe_size, pe_br, pe_ind, pe_taken, pe_link, pe_excret, pe_ns;
  logic [31:0] pe_addr, exc_ret;
  logic        exc_valid;
  logic [8:0]  exc_num;
  logic [3:0]  cmpmatch;
  logic [63:0] gts;
  logic        atvalid, atready, afvalid, afready, idle;
  logic [7:0]  atdata;
  logic [6:0]  atid;

  etm_top #(
    .FifoDepth (64),
    .RsDepth   (3),
    .CcSize    (12),
    .NumPc     (4),
    .SecExt    (1)
  ) u_dut (
    .clk_i       (clk),
    .rst_ni      (rst_n),
    .psel_i      (psel),
    .penable_i   (penable),
    .pwrite_i    (pwrite),
    .paddr_i     (paddr),
    .pwdata_i    (pwdata),
    .pstrb_i     (4'hF),
    .pprot_i     (3'd0),
    .prdata_o    (prdata),
    .pready_o    (pready),
    .pslverr_o   (pslverr),
    .pe_valid_i  (pe_valid),
    .pe_addr_i   (pe_addr),
    .pe_size_i   (pe_size),
    .pe_br_i     (pe_br),
    .pe_ind_i    (pe_ind),
    .pe_taken_i  (pe_taken),
    .pe_link_i   (pe_link),
    .pe_excret_i (pe_excret),
    .pe_ns_i     (pe_ns),
    .exc_valid_i (exc_valid),
    .exc_num_i   (exc_num),
    .exc_ret_i   (exc_ret),
    .cmpmatch_i  (cmpmatch),
    .gts_i       (gts),
    .niden_i     (1'b1),
    .spniden_i   (1'b1),
    .atvalid_o   (atvalid),
    .atready_i   (atready),
    .atdata_o    (atdata),
    .atid_o      (atid),
    .afvalid_i   (afvalid),
    .afready_o   (afready),
    .idle_o      (idle)
  );

  initial clk = 1'b0;
  always #5 clk = ~clk;

  // ---- ATB capture: byte k of the stream and the cycle it left in ------------------------
  int       cyc;            // number of the cycle that ends at the next rising edge
  int       w;              // access edge of the enabling write
  int       nrx;
  logic [7:0] rx [256];
  int       rx_cyc [256];
  int       errors;

  always @(posedge clk) begin
    if (rst_n && atvalid && atready) begin
      rx[nrx]     = atdata;
      rx_cyc[nrx] = cyc;
      nrx         = nrx + 1;
      if (atid != 7'h10) begin
        $display("FAIL: atid %h", atid);
        errors = errors + 1;
      end
    end
    cyc = cyc + 1;
  end

  // ---- Stimulus helpers ---------------------------------------------------------------
  task automatic pe_idle;
    pe_valid = 1'b0; pe_addr = 32'h0; pe_size = 1'b0; pe_br = 1'b0; pe_ind = 1'b0;
    pe_taken = 1'b0; pe_link = 1'b0; pe_excret = 1'b0; pe_ns = 1'b0;
    exc_valid = 1'b0; exc_num = 9'd0; exc_ret = 32'h0; cmpmatch = 4'h0;
  endtask

  // one APB write; returns with the access edge just past (inputs at the falling edge)
  task automatic apb_wr(input logic [11:0] a, input logic [31:0] d);
    psel = 1'b1; penable = 1'b0; pwrite = 1'b1; paddr = a; pwdata = d;
    @(posedge clk); #1;
    penable = 1'b1;
    @(posedge clk);
    #1;
    w = cyc - 1;   // cyc was incremented at edge w
    psel = 1'b0; penable = 1'b0; pwrite = 1'b0;
  endtask

  // one event per cycle; kind: 0 non-branch, 1 branch
  task automatic insn(input logic [31:0] a, input logic sz, input logic br, input logic ind,
                      input logic tk, input logic lnk, input logic er);
    pe_idle();
    pe_valid = 1'b1; pe_addr = a; pe_size = sz; pe_br = br; pe_ind = ind; pe_taken = tk;
    pe_link = lnk; pe_excret = er;
    @(posedge clk); #1;
    pe_idle();
  endtask

  task automatic exc(input logic [8:0] n, input logic [31:0] ret);
    pe_idle();
    exc_valid = 1'b1; exc_num = n; exc_ret = ret;
    @(posedge clk); #1;
    pe_idle();
  endtask

  task automatic idle_cycles(input int n);
    repeat (n) @(posedge clk);
    #1;
  endtask

  task automatic reset_dut;
    rst_n = 1'b0; psel = 1'b0; penable = 1'b0; pwrite = 1'b0; paddr = '0; pwdata = '0;
    atready = 1'b1; afvalid = 1'b0; gts = 64'h0;
    pe_idle();
    repeat (2) @(posedge clk);
    #1;
    rst_n = 1'b1;
    nrx = 0;
    apb_wr(12'h040, 32'h10);   // TRCTRACEIDR = 0x10
  endtask

  // one APB read: returns the data captured at the setup edge
  task automatic apb_rd(input logic [11:0] a, output logic [31:0] d);
    psel = 1'b1; penable = 1'b0; pwrite = 1'b0; paddr = a;
    @(posedge clk); #1;
    d = prdata;
    penable = 1'b1;
    @(posedge clk); #1;
    psel = 1'b0; penable = 1'b0;
  endtask

  task automatic expect_reg(input logic [11:0] a, input logic [31:0] v);
    logic [31:0] d;
    apb_rd(a, d);
    if (d !== v) begin
      $display("FAIL reg %h = %h, expected %h", a, d, v);
      errors = errors + 1;
    end
  endtask

  // hex digit value of a character
  function automatic int hexval(input byte c);
    if (c >= "0" && c <= "9") return int'(c - "0");
    if (c >= "A" && c <= "F") return int'(c - "A") + 10;
    if (c >= "a" && c <= "f") return int'(c - "a") + 10;
    return -1;
  endfunction

  // Compare the captured stream with the expected bytes, written as hex pairs with spaces;
  // "00x11" stands for eleven 0x00 bytes.
  task automatic check(input string name, input string want);
    logic [7:0] eb [256];
    int n, bad, i, hi, lo, rep;
    n = 0;
    i = 0;
    while (i < want.len()) begin
      hi = hexval(want[i]);
      if (hi < 0) begin
        i = i + 1;
      end else begin
        lo = hexval(want[i + 1]);
        rep = 1;
        if (i + 4 < want.len() && want[i + 2] == "x") begin
          rep = hexval(want[i + 3]) * 10 + hexval(want[i + 4]);
          i = i + 3;
        end
        for (int k = 0; k < rep; k++) begin
          eb[n] = 8'(hi * 16 + lo);
          n = n + 1;
        end
        i = i + 2;
      end
    end
    bad = 0;
    if (nrx != n) begin
      $display("FAIL %s: %0d bytes, expected %0d", name, nrx, n);
      bad = 1;
    end
    for (int j = 0; j < n && j < nrx; j++) begin
      if (rx[j] !== eb[j]) begin
        $display("FAIL %s: byte %0d = %h, expected %h", name, j, rx[j], eb[j]);
        bad = 1;
      end
    end
    if (bad) begin
      errors = errors + 1;
      for (int j = 0; j < nrx; j++) $write("%h ", rx[j]);
      $write("\n");
    end else begin
      $display("ok %s: %0d bytes", name, n);
    end
  endtask

  initial begin
    errors = 0;
    cyc = 0;

    // ---- E1: atoms, short address ----------------------------------------------------
    reset_dut();
    apb_wr(12'h004, 32'h1);
    insn(32'h1000, 1'b0, 1'b0, 1'b0, 1'b0, 1'b0, 1'b0);  // NOP16
    insn(32'h1002, 1'b0, 1'b1, 1'b0, 1'b0, 1'b0, 1'b0);  // B<cond> not taken
    insn(32'h1004, 1'b1, 1'b1, 1'b0, 1'b1, 1'b1, 1'b0);  // BL 0x1100
    insn(32'h1100, 1'b0, 1'b0, 1'b0, 1'b0, 1'b0, 1'b0);  // NOP16
    insn(32'h1102, 1'b0, 1'b1, 1'b1, 1'b1, 1'b0, 1'b0);  // BX LR
    insn(32'h1008, 1'b0, 1'b0, 1'b0, 1'b0, 1'b0, 1'b0);  // NOP16
    idle_cycles(40);
    check("E1", "00x11 80 01 01 00 04 83 00 10 00 00 00 FE 96 04");
    if (nrx == 25 && (rx_cyc[0] != w + 2 || rx_cyc[24] != w + 26)) begin
      $display("FAIL E1: first byte in cycle w+%0d, last in w+%0d (expected w+2, w+26)",
               rx_cyc[0] - w, rx_cyc[24] - w);
      errors = errors + 1;
    end

    // ---- E2: exception entry and return ----------------------------------------------
    reset_dut();
    apb_wr(12'h004, 32'h1);
    insn(32'h2000, 1'b0, 1'b0, 1'b0, 1'b0, 1'b0, 1'b0);  // SVC
    exc(9'd11, 32'h2002);
    insn(32'h3000, 1'b0, 1'b0, 1'b0, 1'b0, 1'b0, 1'b0);  // NOP16
    insn(32'h3002, 1'b0, 1'b1, 1'b1, 1'b1, 1'b0, 1'b1);  // BX LR, exception return
    insn(32'h2002, 1'b0, 1'b0, 1'b0, 1'b0, 1'b0, 1'b0);  // NOP16
    idle_cycles(40);
    check("E2", {"00x11 80 01 01 00 04 83 00 20 00 00 00 ",
                 "06 17 96 01 96 80 30 F7 07 91"});

    // ---- E3: F6 and return stack -----------------------------------------------------
    reset_dut();
    apb_wr(12'h010, 32'h1000);  // TRCCONFIGR.RS
    apb_wr(12'h004, 32'h1);
    insn(32'h1000, 1'b1, 1'b1, 1'b0, 1'b1, 1'b1, 1'b0);  // BL 0x1200
    insn(32'h1200, 1'b0, 1'b1, 1'b0, 1'b1, 1'b0, 1'b0);  // B 0x1210
    insn(32'h1210, 1'b0, 1'b1, 1'b0, 1'b1, 1'b0, 1'b0);  // B 0x1220
    insn(32'h1220, 1'b0, 1'b1, 1'b0, 1'b1, 1'b0, 1'b0);  // B 0x1230
    insn(32'h1230, 1'b0, 1'b1, 1'b0, 1'b0, 1'b0, 1'b0);  // B<cond> not taken
    insn(32'h1232, 1'b0, 1'b1, 1'b1, 1'b1, 1'b0, 1'b0);  // BX LR
    insn(32'h1004, 1'b0, 1'b0, 1'b0, 1'b0, 1'b0, 1'b0);  // NOP16 (popped)
    apb_wr(12'h004, 32'h0);
    idle_cycles(40);
    check("E3", "00x11 80 01 01 00 04 83 00 10 00 00 00 E1 F7");
    if (!idle) begin
      $display("FAIL E3: TRCSTATR.IDLE not set after the disable and drain");
      errors = errors + 1;
    end

    // ---- E4: timestamp and cycle count ------------------------------------------------
    reset_dut();
    gts = 64'h1234;
    apb_wr(12'h010, 32'h810);   // TS | CCI
    apb_wr(12'h038, 32'h4);     // TRCCCCTLR.THRESHOLD = 4
    apb_wr(12'h030, 32'h0);     // TRCTSCTLR: no event requests
    apb_wr(12'h004, 32'h1);
    insn(32'h1000, 1'b0, 1'b1, 1'b0, 1'b1, 1'b0, 1'b0);  // w+1: B to 0x1000
    idle_cycles(5);                                      // w+2..w+6
    insn(32'h1000, 1'b0, 1'b1, 1'b0, 1'b1, 1'b0, 1'b0);  // w+7
    idle_cycles(40);
    check("E4", "00x11 80 01 09 01 04 03 B4 24 01 04 83 00 10 00 00 00 DB 0E 03");

    // ---- E5: overflow ---------------------------------------------------------------
    reset_dut();
    atready = 1'b0;
    apb_wr(12'h004, 32'h1);
    insn(32'h1000, 1'b0, 1'b0, 1'b0, 1'b0, 1'b0, 1'b0);  // NOP16
    repeat (10) exc(9'd11, 32'h1002);
    idle_cycles(3);
    if (u_dut.u_fifo.count_o != 9'd60) begin
      $display("FAIL E5: FIFO holds %0d bytes, expected 60", u_dut.u_fifo.count_o);
      errors = errors + 1;
    end
    atready = 1'b1;
    idle_cycles(80);
    check("E5", {"00x11 80 01 01 00 04 83 00 10 00 00 00 06 17 96 01 ",
                 "90 06 17 90 90 06 17 90 90 06 17 90 90 06 17 90 ",
                 "90 06 17 90 90 06 17 90 90 06 17 90 90 06 17 90 00 05"});

    // ---- E5 continued: after the drain the next event re-synchronises [ETM-OVF-2] ------
    insn(32'h1002, 1'b0, 1'b0, 1'b0, 1'b0, 1'b0, 1'b0);  // NOP16 (the handler)
    idle_cycles(40);
    check("E5 resync", {"00x11 80 01 01 00 04 83 00 10 00 00 00 06 17 96 01 ",
                        "90 06 17 90 90 06 17 90 90 06 17 90 90 06 17 90 ",
                        "90 06 17 90 90 06 17 90 90 06 17 90 90 06 17 90 00 05 ",
                        "00x11 80 01 01 00 04 83 01 10 00 00 00"});

    // ---- IRQ8: two-byte exception TYPE 0x208 ([ETM-PKT-EXC] example) -----------------
    reset_dut();
    apb_wr(12'h004, 32'h1);
    insn(32'h2000, 1'b0, 1'b0, 1'b0, 1'b0, 1'b0, 1'b0);  // NOP16
    exc(9'd24, 32'h2002);                                 // IRQ8
    idle_cycles(40);
    check("IRQ8", "00x11 80 01 01 00 04 83 00 20 00 00 00 06 91 10 96 01");

    // ---- ATB flush packs the pending atom, AFREADY after the last byte [ETM-FLUSH-1] --
    reset_dut();
    apb_wr(12'h004, 32'h1);
    insn(32'h1000, 1'b0, 1'b1, 1'b0, 1'b1, 1'b0, 1'b0);  // B to 0x1000: E pending
    afvalid = 1'b1;
    begin : wait_afready
      int k;
      for (k = 0; k < 100 && !afready; k++) idle_cycles(1);
      if (!afready) begin
        $display("FAIL flush: no AFREADY");
        errors = errors + 1;
      end
    end
    afvalid = 1'b0;
    check("flush", "00x11 80 01 01 00 04 83 00 10 00 00 00 F7");

    // ---- Registers: IDs, idle-only writes, TRCSYNCPR legal values [ETM-REG-1], [-2] ---
    reset_dut();
    expect_reg(12'h1E0, 32'h2800_02A1);  // TRCIDR0 with a return stack
    expect_reg(12'h1E4, 32'h0000_F450);  // TRCIDR1
    expect_reg(12'h1E8, 32'h0000_0004);  // TRCIDR2, CcSize 12
    expect_reg(12'h1EC, 32'h0011_0001);  // TRCIDR3, SecExt
    expect_reg(12'h1F0, 32'h0000_4000);  // TRCIDR4, NumPc 4
    expect_reg(12'h1F4, 32'h0007_0000);  // TRCIDR5
    expect_reg(12'hFBC, 32'h4775_4A13);  // TRCDEVARCH
    expect_reg(12'hFCC, 32'h0000_0013);  // TRCDEVTYPE
    expect_reg(12'hFB8, 32'h0000_00CC);  // TRCAUTHSTATUS: NSNID 11, SNID 11
    expect_reg(12'h080, 32'h0000_0201);  // TRCVICTLR reset
    expect_reg(12'h00C, 32'h0000_0003);  // TRCSTATR idle
    apb_wr(12'h034, 32'h5);              // illegal PERIOD: ignored
    expect_reg(12'h034, 32'h0);
    apb_wr(12'h034, 32'h8);
    expect_reg(12'h034, 32'h8);
    apb_wr(12'h004, 32'h1);
    expect_reg(12'h00C, 32'h0000_0000);  // not idle while enabled
    apb_wr(12'h010, 32'h810);            // not idle: ignored
    expect_reg(12'h010, 32'h0);
    apb_wr(12'h040, 32'h22);             // not idle: ignored
    expect_reg(12'h040, 32'h10);
    apb_wr(12'h004, 32'h0);
    idle_cycles(40);
    expect_reg(12'h00C, 32'h0000_0003);

    if (errors == 0) $display("etm_rtl_smoke_tb: PASS");
    else             $display("etm_rtl_smoke_tb: FAIL (%0d errors)", errors);
    $finish;
  end

endmodule
