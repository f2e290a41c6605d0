// SPDX-License-Identifier: Apache-2.0
// Smoke test of rtl/dwt: the worked examples (a), (c) and (e) of docs/dwt-contract.md
// section 20, driven through APB writes and the observation port. Every expected value
// below is derived by hand from the contract text, not from the RTL.
//
// Run (Icarus 11):
//   iverilog -g2012 -Irtl/common -o build/dwt_smoke.vvp rtl/common/cs_pkg.sv rtl/dwt/*.sv \
//     tests/dwt_rtl_smoke_tb.sv -s dwt_rtl_smoke_tb && vvp build/dwt_smoke.vvp
//
// Parameter set `dwt` (NumComp 15, DwtFifoDepth 4, everything 1, SecExt 1, Ude 0), so that
// CMPMATCH exists and (e)'s two packets of one edge both fit. Inputs change on the falling
// edge; outputs are checked on the falling edge, i.e. in the cycle after the rising edge.

`timescale 1ns / 1ps
`default_nettype none

module dwt_rtl_smoke_tb;

  logic        clk = 1'b0;
  logic        rst_n = 1'b0;
  logic        psel = 1'b0, penable = 1'b0, pwrite = 1'b0;
  logic [11:0] paddr = '0;
  logic [31:0] pwdata = '0;
  logic [3:0]  pstrb = '0;
  logic [31:0] prdata;
  logic        pready, pslverr;
  logic        ia_valid = 1'b0;
  logic [31:0] ia_addr = '0;
  logic        da_valid = 1'b0, da_write = 1'b0;
  logic [31:0] da_addr = '0, da_data = '0, da_pc = '0;
  logic [1:0]  da_size = 2'b00;
  logic        exc_valid = 1'b0;
  logic [1:0]  exc_fn = 2'b00;
  logic [8:0]  exc_num = '0;
  logic        evt_cpi = 1'b0;
  logic [15:0] cmpmatch;
  logic        wpt_halt, wpt_mon, hw_valid, hw_ovf, sync_req;
  logic        hw_ready = 1'b0;
  logic [39:0] hw_data;

  int errors = 0;
  int ovf_seen = 0;

  always #5 clk = ~clk;

  dwt_top #(
    .NumComp      (15),
    .DwtFifoDepth (4),
    .HasMain      (1),
    .HasTrace     (1),
    .HasCycCnt    (1),
    .HasPrfCnt    (1),
    .HasExtTrig   (1),
    .HasVmask     (1),
    .HasPcsr      (1),
    .SecExt       (1),
    .Ude          (0)
  ) u_dut (
    .clk_i        (clk),
    .rst_ni       (rst_n),
    .psel_i       (psel),
    .penable_i    (penable),
    .pwrite_i     (pwrite),
    .paddr_i      (paddr),
    .pwdata_i     (pwdata),
    .pstrb_i      (pstrb),
    .pprot_i      (3'b000),
    .prdata_o     (prdata),
    .pready_o     (pready),
    .pslverr_o    (pslverr),
    .ia_valid_i   (ia_valid),
    .ia_addr_i    (ia_addr),
    .ia_secure_i  (1'b0),
    .ia_priv_i    (1'b1),
    .da_valid_i   (da_valid),
    .da_addr_i    (da_addr),
    .da_size_i    (da_size),
    .da_write_i   (da_write),
    .da_data_i    (da_data),
    .da_pc_i      (da_pc),
    .da_secure_i  (1'b0),
    .da_priv_i    (1'b1),
    .da_fault_i   (1'b0),
    .da_lazyfp_i  (1'b0),
    .exc_valid_i  (exc_valid),
    .exc_fn_i     (exc_fn),
    .exc_num_i    (exc_num),
    .exc_secure_i (1'b0),
    .sleeping_i   (1'b0),
    .evt_cpi_i    (evt_cpi),
    .evt_exc_i    (1'b0),
    .evt_sleep_i  (1'b0),
    .evt_lsu_i    (1'b0),
    .evt_fold_i   (1'b0),
    .pe_secure_i  (1'b0),
    .pe_priv_i    (1'b1),
    .halted_i     (1'b0),
    // common set-up: TRCENA = 1, every authentication input 1, C_DEBUGEN = 1
    .trcena_i     (1'b1),
    .niden_i      (1'b1),
    .niden_p_i    (1'b1),
    .spniden_i    (1'b1),
    .spniden_p_i  (1'b1),
    .hda_i        (1'b1),
    .uhda_i       (1'b1),
    .uhda_s_i     (1'b1),
    .c_debugen_i  (1'b1),
    .s_halt_i     (1'b0),
    .s_sde_i      (1'b1),
    .mon_en_i     (1'b0),
    .sdme_i       (1'b0),
    .umon_en_i    (1'b0),
    .mon_prio_i   (1'b0),
    .monrdy_i     (1'b0),
    .cmpmatch_o   (cmpmatch),
    .wpt_halt_o   (wpt_halt),
    .wpt_mon_o    (wpt_mon),
    .hw_valid_o   (hw_valid),
    .hw_ready_i   (hw_ready),
    .hw_data_o    (hw_data),
    .hw_ovf_o     (hw_ovf),
    .sync_req_o   (sync_req)
  );

  // No example loses a packet, asks for a sync or raises a debug event.
  always @(posedge clk) begin
    if (rst_n && (hw_ovf || sync_req || wpt_halt || wpt_mon)) begin
      ovf_seen++;
    end
  end

  task automatic chk(input bit cond, input string what);
    if (!cond) begin
      errors++;
      $display("FAIL @%0t: %s", $time, what);
    end
  endtask

  task automatic chk_out(input logic exp_valid, input logic [39:0] exp_data,
                         input logic [15:0] exp_cm, input string what);
    chk((hw_valid === exp_valid) && (hw_data === exp_data) && (cmpmatch === exp_cm),
        $sformatf("%s: hw_valid=%b hw_data=%h cmpmatch=%h, expected %b %h %h", what,
                  hw_valid, hw_data, cmpmatch, exp_valid, exp_data, exp_cm));
  endtask

  task automatic cycle;
    @(negedge clk);
  endtask

  // APB write: setup cycle, access cycle (effect at the access edge), then idle.
  task automatic apb_wr(input logic [11:0] a, input logic [31:0] d);
    psel = 1'b1; penable = 1'b0; pwrite = 1'b1; paddr = a; pwdata = d; pstrb = 4'hF;
    cycle();
    penable = 1'b1;
    cycle();
    chk(pslverr === 1'b0, "no pslverr on a full-strobe write");
    psel = 1'b0; penable = 1'b0; pwrite = 1'b0; pstrb = 4'h0;
  endtask

  // APB read: prdata is valid in the access cycle.
  task automatic apb_rd(input logic [11:0] a, output logic [31:0] d);
    psel = 1'b1; penable = 1'b0; pwrite = 1'b0; paddr = a;
    cycle();
    penable = 1'b1;
    #1 d = prdata;
    cycle();
    psel = 1'b0; penable = 1'b0;
  endtask

  logic [31:0] rd;

  initial begin
    // ---- Reset ----------------------------------------------------------------------------
    repeat (3) cycle();
    chk(pready === 1'b0 && prdata === 32'h0 && hw_valid === 1'b0, "outputs 0 in reset");
    rst_n = 1'b1;
    cycle();
    chk(pready === 1'b1, "pready 1 after reset");
    // Section 1: DWT_CTRL reset of the `dwt` configuration is 0xF0000000.
    apb_rd(12'h000, rd);
    chk(rd === 32'hF000_0000, $sformatf("DWT_CTRL reset %h", rd));

    // ---- (a) [DWT-MATCH-S-DA-11] single data address, PC value ---------------------------
    apb_wr(12'h020, 32'h2000_0010);               // COMP0
    apb_wr(12'h028, 32'h0000_0834);               // FUNCTION0: DA R/W, ACTION 11, word
    cycle();
    // cycle t: word write 0xCAFEF00D at 0x20000010, PC 0x08000124
    da_valid = 1'b1; da_addr = 32'h2000_0010; da_size = 2'b10; da_write = 1'b1;
    da_data = 32'hCAFE_F00D; da_pc = 32'h0800_0124;
    chk_out(1'b0, 40'h0, 16'h0, "(a) cycle t: nothing yet");
    cycle();
    da_valid = 1'b0;
    // cycle t+1: cmpmatch 0x0001, one PC value packet 47 24 01 00 08 at the head
    chk_out(1'b1, 40'h08_0001_2447, 16'h0001, "(a) cycle t+1");
    cycle();
    // t+2: CMPMATCH was a one-cycle pulse; the packet waits (hw_ready = 0)
    chk_out(1'b1, 40'h08_0001_2447, 16'h0000, "(a) cycle t+2");
    // MATCHED0 = 1, cleared by the read: ID 0x0B << 27 | MATCHED | 0x834 ([DWT-ID-1]:
    // comparator 0 with CYCCNT, no data value bit on an even comparator)
    apb_rd(12'h028, rd);
    chk(rd === 32'h5900_0834, $sformatf("(a) FUNCTION0 read 1: %h", rd));
    apb_rd(12'h028, rd);
    chk(rd === 32'h5800_0834, $sformatf("(a) FUNCTION0 read 2 (MATCHED cleared): %h", rd));
    // drain
    hw_ready = 1'b1;
    cycle();
    hw_ready = 1'b0;
    chk_out(1'b0, 40'h0, 16'h0, "(a) drained");

    // ---- (c) [DWT-MATCH-DR-11-11] data address range -------------------------------------
    apb_wr(12'h020, 32'h2000_0000);               // COMP0
    apb_wr(12'h028, 32'h0000_0034);               // FUNCTION0: DA R/W, ACTION 11
    apb_wr(12'h030, 32'h2000_00FF);               // COMP1
    apb_wr(12'h038, 32'h0000_0037);               // FUNCTION1: DAL, ACTION 11
    cycle();
    // cycle t: byte write 0x5A at 0x20000042, PC 0x080001F0 (bits above the size ignored)
    da_valid = 1'b1; da_addr = 32'h2000_0042; da_size = 2'b00; da_write = 1'b1;
    da_data = 32'h1234_565A; da_pc = 32'h0800_01F0;
    cycle();
    da_valid = 1'b0;
    // t+1: 47 F0 01 00 08 (First: PC) at the head; CMPMATCH 0x0001 only (limit never pulses)
    chk_out(1'b1, 40'h08_0001_F047, 16'h0001, "(c) cycle t+1");
    hw_ready = 1'b1;                             // pop at edge t+1
    cycle();
    hw_ready = 1'b0;
    // t+2: 5F 42 00 00 20 (Second: data address)
    chk_out(1'b1, 40'h20_0000_425F, 16'h0000, "(c) cycle t+2");
    hw_ready = 1'b1;
    cycle();
    hw_ready = 1'b0;
    chk_out(1'b0, 40'h0, 16'h0, "(c) drained");
    // MATCHED0 = MATCHED1 = 1 (ID 0x0B and 0x1E, [DWT-ID-1])
    apb_rd(12'h028, rd);
    chk(rd === 32'h5900_0034, $sformatf("(c) FUNCTION0: %h", rd));
    apb_rd(12'h038, rd);
    chk(rd === 32'hF100_0037, $sformatf("(c) FUNCTION1: %h", rd));

    // ---- (e) POSTCNT, PC sample and event counter packets --------------------------------
    // pc_last = 0x08000124
    ia_valid = 1'b1; ia_addr = 32'h0800_0124;
    cycle();
    ia_valid = 1'b0;
    apb_wr(12'h004, 32'h0000_003D);               // DWT_CYCCNT (CYCCNTENA = 0)
    apb_wr(12'h000, 32'h0000_0000);               // DWT_CTRL: POSTINIT = 0
    apb_wr(12'h000, 32'h0042_1003);               // access edge a: POSTCNT = 0, CPICNT = 0
    hw_ready = 1'b1;
    // edges a+1: 0x3E, a+2: 0x3F -- nothing
    cycle();
    chk_out(1'b0, 40'h0, 16'h0, "(e) after 0x3E");
    cycle();
    chk_out(1'b0, 40'h0, 16'h0, "(e) after 0x3F");
    hw_ready = 1'b0;
    // edge a+3: 0x3F -> 0x40 changes bit 6, POSTCNT 0: fire -> 17 24 01 00 08, then 05 20
    cycle();
    chk_out(1'b1, 40'h08_0001_2417, 16'h0, "(e) periodic PC sample");
    hw_ready = 1'b1;
    cycle();
    chk_out(1'b1, 40'h00_0000_2005, 16'h0, "(e) event counter packet, Cyc flag");
    cycle();
    chk_out(1'b0, 40'h0, 16'h0, "(e) drained");
    // CYCCNT = 0x42 now (a+5 edges); DWT_CPICNT = 0xFF, then CPI strobe at the next firing
    apb_wr(12'h008, 32'h0000_00FF);               // access edge a+7
    // Period 128 increments: next firing at 0xBF -> 0xC0, edge a+3+128 = a+131; the
    // 0x7F -> 0x80 change (edge a+67) only decrements POSTCNT. "Cycle a+c" below is the
    // cycle that ends with edge a+c; we are now in cycle a+8.
    for (int c = 8; c <= 131; c++) begin
      if (c == 131) begin
        evt_cpi  = 1'b1;                         // counted at edge a+131: 0xFF wraps
        hw_ready = 1'b0;
      end
      chk_out(1'b0, 40'h0, 16'h0, $sformatf("(e) nothing before the second firing (a+%0d)",
                                            c));
      cycle();
    end
    evt_cpi = 1'b0;
    chk_out(1'b1, 40'h08_0001_2417, 16'h0, "(e) second PC sample after 128 increments");
    hw_ready = 1'b1;
    cycle();
    // flags {Cyc, ..., CPI} = 0x21: the wrap and the Cyc event share one packet
    chk_out(1'b1, 40'h00_0000_2105, 16'h0, "(e) event counter packet, Cyc and CPI wrap");
    cycle();
    chk_out(1'b0, 40'h0, 16'h0, "(e) drained again");
    apb_rd(12'h008, rd);
    chk(rd === 32'h0, $sformatf("(e) CPICNT wrapped to 0: %h", rd));

    // ---- (e) exception trace -------------------------------------------------------------
    hw_ready = 1'b0;
    apb_wr(12'h000, 32'h0001_0000);               // EXCTRCENA only (CYCCNT stops)
    exc_valid = 1'b1; exc_fn = 2'b01; exc_num = 9'd16;   // entry to IRQ0
    cycle();
    exc_fn = 2'b10;                                       // exit from IRQ0
    cycle();
    exc_fn = 2'b11; exc_num = 9'd0;                       // return to Thread
    cycle();
    exc_valid = 1'b0;
    chk_out(1'b1, 40'h00_0010_100E, 16'h0, "(e) 0E 10 10");
    hw_ready = 1'b1;
    cycle();
    chk_out(1'b1, 40'h00_0020_100E, 16'h0, "(e) 0E 10 20");
    cycle();
    chk_out(1'b1, 40'h00_0030_000E, 16'h0, "(e) 0E 00 30");
    cycle();
    chk_out(1'b0, 40'h0, 16'h0, "(e) exceptions drained");

    chk(ovf_seen == 0, "no overflow, sync request or debug event");
    if (errors == 0) begin
      $display("dwt_rtl_smoke_tb: PASS");
    end else begin
      $display("dwt_rtl_smoke_tb: FAIL (%0d errors)", errors);
    end
    $finish;
  end

  initial begin
    #100000;
    $display("dwt_rtl_smoke_tb: FAIL (timeout)");
    $finish;
  end

endmodule

`default_nettype wire
