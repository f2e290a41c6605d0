// SPDX-License-Identifier: Apache-2.0
// The part the block replay benches share (itm_replay_tb.sv, dwt_replay_tb.sv,
// tpiu_replay_tb.sv, fpb_replay_tb.sv, sys_replay_tb.sv; vectors/README.md "Replay on a
// simulator"): reading a vector, checking its param lines against the bench's parameters, the
// cycle loop, and the machinery of the two levels of comparison:
//   +level=cycle        (default) every output equals outputs.hex in every cycle: this
//                       implementation's micro-architecture, cycle for cycle;
//   +level=transaction  what the interfaces define and nothing else: APB read data and errors
//                       in the access phase, the sequences of ATB transfers and other events
//                       with any latency within +lat=N (default 16), the per-access pulses at
//                       the contract's cycle plus +evt_shift=S (default 0), and the protocol
//                       rules of each interface checked on the DUT.
// Plain SystemVerilog-2012 (Icarus Verilog 11, Verilator 5.006; no break, continue or output
// arguments of functions: Icarus 11 has none of them), included inside the bench's
// module after it has declared:
//   parameter int MaxLines                   the longest vector the bench holds
//   localparam int InW, OutW, RstBit         bits of an inputs.hex / outputs.hex word (4 x
//                                            its hex digits) and the bit of rst_ni in it
//   localparam int NumStreams, NumOffers     its event streams and input offers (below; 0 or
//                                            more, the functions exist in any case)
//   function automatic int param_get(input string name)
//                                            the bench's value of a parameter, -1 if it has none
//   function automatic bit block_ok(input string name)
//                                            the vector's block line names this bench's block
//   task automatic compare(input int k)      cycle level: checks out_w against exp_w in line k;
//                                            on a difference prints it and sets vec_failed
// and, for the transaction level (the bench's "transaction level" sections):
//   function automatic logic [64:0] exp_event(input int s, input int k)
//                                            {1, value}: line k of the vector has an event of
//                                            stream s (a transfer, a pulse, a level change)
//   function automatic logic [64:0] dut_event(input int s)
//                                            {1, value}: the DUT has one in this cycle
//   function automatic string stream_name(input int s), event_text(input int s, v)
//   function automatic bit stream_slots(input int s)
//                                            1: the stream's latency counts cycles with the
//                                            sink's ready input at 1 (slot_ready), 0: cycles
//   function automatic bit slot_ready(input int k)  that ready input in line k
//   function automatic logic [64:0] offer_line(input int o, input int k)
//   function automatic bit offer_taken(input int o, input int k)
//                                            input offer o (a valid/ready input the DUT
//                                            answers): {valid, data} in line k, and whether
//                                            the vector's DUT took it in line k
//   task automatic tx_start                  resets the bench's own state for a vector
//   task automatic tx_drive(input int k)     sets the inputs the bench drives itself (offers,
//                                            the idle inputs of the drain) over in_w
//   task automatic tx_check(input int k)     the bench's own per-cycle checks (APB, protocol,
//                                            pulses), offer bookkeeping
//   function automatic bit tx_idle()         the bench's end conditions hold (drain may stop)
//   task automatic tx_final()                its checks after the drain
// and connected its DUT to in_w (inputs) and out_w (outputs, packed as outputs.hex).
//
// Cycle timing (10 time units per cycle, like the C harness): inputs change at +1, outputs
// are compared at +4, rising clock edge at +5. Outputs are Moore outputs, so the outputs
// compared in cycle k are the state left by the edges before it. The bench replays one vector
// (+vec=DIR) or, in one simulation, every vector a file lists (+vecs=FILE).

  logic [InW-1:0]  in_mem  [MaxLines];
  logic [OutW-1:0] out_mem [MaxLines];
  logic            clk = 1'b0;
  logic [InW-1:0]  in_w;   // this cycle's line of inputs.hex, driving the DUT
  logic [OutW-1:0] exp_w;  // this cycle's line of outputs.hex
  logic [OutW-1:0] out_w;  // the DUT's outputs, packed like outputs.hex

  // File names go through string variables: Icarus 11 truncates a concatenation given
  // directly as a system-task argument.
  string dir, fname, tb, level;
  int    lines, reset_lines, fd, n;
  bit    tx;            // +level=transaction
  int    lat;           // +lat: the latency bound of the event streams (cycles or slots)
  int    evt_shift;     // +evt_shift: the per-access pulses come this many cycles later
  int    tx_fails;      // problems found at the transaction level
  int    drain;         // cycles run after the vector's last line (transaction level)
  bit    stop;          // the run is over

  // vector.txt: its block line must be this bench's, each param line must equal the bench's
  // parameter of that name (compile the bench once per configuration, run its vectors).
  // (a line goes through a vector, not a string: Icarus 11's $fgets reads into a reg only)
  task automatic vec_header_check;
    logic [8*256-1:0] line;  // 256 characters (a longer line is read in pieces)
    string key, name;
    int    val, have, nb;
    fname = {dir, "/vector.txt"};
    fd = $fopen(fname, "r");
    if (fd == 0) $fatal(1, "%s: cannot open %s/vector.txt", tb, dir);
    nb = 0;
    while (!$feof(fd)) begin
      line = '0;
      n = $fgets(line, fd);
      key = "";
      name = "";
      n = $sscanf(line, "%s %s %d", key, name, val);
      if (key == "block") begin
        nb++;
        if (!block_ok(name)) $fatal(1, "%s: %s is a vector of block %s", tb, dir, name);
      end else if (key == "param") begin
        have = param_get(name);
        if (n != 3 || have < 0) $fatal(1, "%s: %s/vector.txt: unknown parameter %s", tb, dir, name);
        if (have != val) begin
          $fatal(1, "%s: %s needs %s = %0d, this bench was compiled with %0d", tb, dir, name, val,
                 have);
        end
      end
    end
    $fclose(fd);
    if (nb != 1) $fatal(1, "%s: %s/vector.txt has no block line", tb, dir);
  endtask

  // ==== transaction level: shared machinery ================================================
  // (stream and offer numbers and line numbers are ints indexing small arrays, and only some
  // bits of an event are read: Verilator's UNUSEDSIGNAL is off for this section)
  /* verilator lint_off UNUSEDSIGNAL */

  // One problem found at the transaction level: the run goes on (later problems are counted,
  // the first 20 printed) and fails at the end.
  task automatic tx_fail(input int k, input string msg);
    tx_fails++;
    if (tx_fails <= 20) begin
      $display("%s: MISMATCH (transaction level) in %s at cycle %0d: %s", tb, dir,
               k - reset_lines, msg);
    end
    if (tx_fails == 21) $display("%s: (more problems are counted, not printed)", tb);
  endtask

  // The cycle number of line k as the vector's records and reports count it.
  function automatic int cyc(input int k);
    return k - reset_lines;
  endfunction

  // APB: PRDATA (reads) and PSLVERR are defined only in the access phase with PREADY = 1.
  // The stimulus has the vector's fixed timing (setup, then access), so the DUT must complete
  // each access in its access cycle: no wait states (each contract's pready_o is 1).
  task automatic apb_check(input int k, input logic sel, input logic en, input logic wr,
                           input logic [19:0] addr, input logic pready,
                           input logic [31:0] prdata, input logic pslverr,
                           input logic [31:0] x_prdata, input logic x_pslverr);
    if (sel && en && pready !== 1'b1) begin
      tx_fail(k, $sformatf({"PREADY = %b in the access phase of the access to 0x%h (the ",
                            "vectors' APB timing is fixed: no wait states)"}, pready, addr));
    end else if (sel && en) begin
      if (!wr && prdata !== x_prdata) begin
        tx_fail(k, $sformatf("read of 0x%h: PRDATA 0x%h, the vector's 0x%h", addr, prdata,
                             x_prdata));
      end
      if (pslverr !== x_pslverr) begin
        tx_fail(k, $sformatf("%s 0x%h: PSLVERR %b, the vector's %b",
                             wr ? "write to" : "read of", addr, pslverr, x_pslverr));
      end
    end
  endtask

  // Ready slots: slot_pre[k] is the number of lines before line k whose sink ready input is
  // 1; in the drain the bench's sink is always ready.
  int slot_pre [MaxLines + 1];
  function automatic int slots(input int k);
    if (k <= lines) return slot_pre[k];
    return slot_pre[lines] + (k - lines);
  endfunction
  function automatic string unit_of(input int s);
    if (stream_slots(s)) return "ready slots";
    return "cycles";
  endfunction
  function automatic int stream_time(input int s, input int k);
    return stream_slots(s) ? slots(k) : k;
  endfunction

  localparam int StreamSlots = NumStreams > 0 ? NumStreams : 1;  // (no array of size 0)
  localparam int OfferSlots  = NumOffers > 0 ? NumOffers : 1;

  // ---- event streams: the DUT's events of stream s, in order, equal the vector's, each
  // within lat (cycles or slots) of the vector's.
  int st_xp   [StreamSlots];  // line of the vector's next event not yet matched (lines: none)
  int st_n    [StreamSlots];  // the DUT's events so far
  int st_exp  [StreamSlots];  // the vector's events
  bit st_dead [StreamSlots];  // a problem was reported: the stream is no longer checked
  int st_late [StreamSlots];  // the largest latency seen (DUT minus vector)
  int st_early[StreamSlots];  // the largest lead seen (vector minus DUT)

  task automatic st_next(input int s, input int from);
    logic [64:0] x;
    int k;
    k = from;
    x = '0;
    while (k < lines && x[64] !== 1'b1) begin
      x = exp_event(s, k);
      k++;
    end
    st_xp[s] = x[64] === 1'b1 ? k - 1 : lines;
  endtask

  task automatic streams_check(input int k);
    logic [64:0] e, x;
    int d;
    for (int s = 0; s < NumStreams; s++) begin
      e = dut_event(s);
      if (e[64] === 1'b1 && ev_fd != 0) $fdisplay(ev_fd, "%0d %0d %h", s, cyc(k), e[63:0]);
      if (e[64] === 1'b1) st_n[s]++;
      if (st_dead[s]) begin
        // (no longer checked; its events are still counted and written to +events)
      end else if (e[64] === 1'b1) begin
        if (st_xp[s] < lines) begin
          x = exp_event(s, st_xp[s]);
          d = stream_time(s, k) - stream_time(s, st_xp[s]);
          if (e[63:0] !== x[63:0]) begin
            tx_fail(k, $sformatf("%s #%0d is %s, the vector's (cycle %0d) is %s",
                                 stream_name(s), st_n[s], event_text(s, e[63:0]),
                                 cyc(st_xp[s]), event_text(s, x[63:0])));
            st_dead[s] = 1'b1;
          end else if (d > lat || -d > lat) begin
            tx_fail(k, $sformatf("%s #%0d (%s): %0d %s from the vector's cycle %0d, bound %0d",
                                 stream_name(s), st_n[s], event_text(s, e[63:0]), d,
                                 unit_of(s), cyc(st_xp[s]), lat));
            st_dead[s] = 1'b1;
          end else begin
            if (d > st_late[s]) st_late[s] = d;
            if (-d > st_early[s]) st_early[s] = -d;
            st_next(s, st_xp[s] + 1);
          end
        end else if (k < lines && stream_time(s, k) + lat <= stream_time(s, lines - 1)) begin
          // (an event nearer the end may be one the vector ended too early to record)
          tx_fail(k, $sformatf("%s #%0d (%s): the vector has only %0d", stream_name(s),
                               st_n[s], event_text(s, e[63:0]), st_exp[s]));
          st_dead[s] = 1'b1;
        end
      end else if (e[64] !== 1'b0) begin
        tx_fail(k, $sformatf("%s: X on the outputs that make an event", stream_name(s)));
        st_dead[s] = 1'b1;
      end
      if (!st_dead[s] && st_xp[s] < lines && stream_time(s, k) - stream_time(s, st_xp[s]) > lat)
      begin
        x = exp_event(s, st_xp[s]);
        tx_fail(k, $sformatf("%s: the vector's #%0d (%s, cycle %0d) has not come within %0d %s",
                             stream_name(s), st_n[s] + 1, event_text(s, x[63:0]), cyc(st_xp[s]),
                             lat, unit_of(s)));
        st_dead[s] = 1'b1;
      end
    end
  endtask

  function automatic bit streams_done();
    for (int s = 0; s < NumStreams; s++) if (!st_dead[s] && st_xp[s] < lines) return 1'b0;
    return 1'b1;
  endfunction

  // ---- input offers: an input valid/data that the DUT answers with its ready (the ITM's
  // hardware-source port and flush request, the TPIU's ATB slave). The vector's offers, in
  // order, are replayed as a protocol-legal master would: each from its cycle in the vector
  // (or after the previous one was taken), held until the DUT takes it; one that the vector's
  // DUT never took is withdrawn after as many cycles as in the vector.
  int           of_s    [OfferSlots];  // first line of the current offer (lines: none left)
  int           of_e    [OfferSlots];  // the line after it
  int           of_len  [OfferSlots];  // its cycles in the vector
  bit           of_acc  [OfferSlots];  // the vector's DUT took it (in its last line)
  logic [63:0]  of_d    [OfferSlots];  // its data
  int           of_from [OfferSlots];  // the first line the bench may offer it in
  int           of_on   [OfferSlots];  // cycles the bench has offered it

  task automatic offer_scan(input int o, input int from);
    logic [64:0] x;
    int k, e;
    k = from;
    x = '0;
    while (k < lines && x[64] !== 1'b1) begin
      x = offer_line(o, k);
      k++;
    end
    of_s[o] = x[64] === 1'b1 ? k - 1 : lines;
    of_on[o] = 0;
    of_acc[o] = 1'b0;
    of_d[o] = x[63:0];
    // the offer goes on while the line offers the same data and the vector's DUT has not
    // taken it
    e = of_s[o];
    while (e < lines && !of_acc[o] && x[64] === 1'b1 && x[63:0] === of_d[o]) begin
      of_acc[o] = offer_taken(o, e);
      e++;
      if (e < lines) x = offer_line(o, e);
    end
    of_e[o] = e;
    of_len[o] = e - of_s[o];
  endtask

  // the offer is on the bench's inputs in line k
  function automatic bit offer_active(input int o, input int k);
    return of_s[o] < lines && k >= of_s[o] && k >= of_from[o];
  endfunction
  // an offer is due or on: the master holds something
  function automatic bit offer_busy(input int o, input int k);
    return of_s[o] < lines && k >= of_s[o];
  endfunction

  // at +4 of line k: taken = the DUT's ready while the offer is on
  task automatic offer_observe(input int o, input int k, input bit taken);
    if (offer_active(o, k)) begin
      of_on[o]++;
      if (taken || (!of_acc[o] && of_on[o] >= of_len[o])) begin
        of_from[o] = k + 1;
        offer_scan(o, of_e[o]);
      end
    end
  endtask

  function automatic bit offers_done();
    for (int o = 0; o < NumOffers; o++) if (of_s[o] < lines) return 1'b0;
    return 1'b1;
  endfunction

  task automatic tx_init;
    logic [64:0] x;
    tx_start;
    slot_pre[0] = 0;
    for (int k = 0; k < lines; k++) slot_pre[k + 1] = slot_pre[k] + int'(slot_ready(k));
    for (int s = 0; s < NumStreams; s++) begin
      st_n[s] = 0;
      st_dead[s] = 1'b0;
      st_late[s] = 0;
      st_early[s] = 0;
      st_exp[s] = 0;
      for (int k = 0; k < lines; k++) begin
        x = exp_event(s, k);
        if (x[64] === 1'b1) st_exp[s]++;
      end
      st_next(s, reset_lines);
    end
    for (int o = 0; o < NumOffers; o++) begin
      of_from[o] = 0;
      offer_scan(o, 0);
    end
  endtask

  /* verilator lint_on UNUSEDSIGNAL */

  // ==== the run ==============================================================================
  // One vector: read its files, replay it, report PASS or FAIL. With +vecs=FILE the bench
  // replays every vector FILE lists (one directory a line) in one simulation, one after the
  // other: each starts with its reset lines, which reset the DUT (rst_ni is asynchronous).
  bit vec_failed;  // cycle level: compare found a difference
  int n_pass, n_fail, ev_fd;

  task automatic run_vector;
    vec_header_check;
    if (!$value$plusargs("lines=%d", lines)) begin
      fname = {dir, "/cycles.txt"};
      fd = $fopen(fname, "r");
      if (fd == 0) $fatal(1, "%s: cannot open %s/cycles.txt", tb, dir);
      n = $fscanf(fd, "%d", lines);
      $fclose(fd);
      if (n != 1) $fatal(1, "%s: %s/cycles.txt: expected a number", tb, dir);
    end
    if (lines < 1 || lines > MaxLines) begin
      $fatal(1, "%s: %s has %0d lines, this build holds 1..%0d (MaxLines)", tb, dir, lines,
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
      $fatal(1, "%s: %s: inputs.hex or outputs.hex has fewer than %0d lines", tb, dir, lines);
    end
    reset_lines = 0;
    while (reset_lines < lines && in_mem[reset_lines][RstBit] == 1'b0) reset_lines++;
    vec_failed = 1'b0;
    tx_fails = 0;
    drain = 0;
    stop = 1'b0;
    if (tx) tx_init;
    if (tx && ev_fd != 0) $fdisplay(ev_fd, "vector %s", dir);

    // The transaction level goes on after the last line (the drain: the last line's inputs
    // with the bench's idle values, the sinks ready) until every event of the vector has come
    // or at most lat + evt_shift + 1 cycles.
    for (int k = 0; k < lines + lat + evt_shift + 1 && !stop; k++) begin
      if (k >= lines) begin
        stop = !tx || (streams_done() && offers_done() && tx_idle() && k - lines >= evt_shift);
        if (!stop) drain++;
      end
      if (!stop) begin
        #1;
        in_w  = in_mem[k < lines ? k : lines - 1];
        exp_w = out_mem[k < lines ? k : lines - 1];
        if (tx) tx_drive(k);
        #3;
        if (!tx) begin
          compare(k);
          stop = vec_failed;
        end else if (k >= reset_lines) begin
          tx_check(k);
          streams_check(k);
        end
        #1 clk = 1'b1;
        #5 clk = 1'b0;
      end
    end
    if (tx) begin
      for (int s = 0; s < NumStreams; s++) begin
        if (!st_dead[s] && st_xp[s] < lines) begin
          tx_fail(lines + drain, $sformatf("%s: the DUT sent %0d, the vector has %0d",
                                           stream_name(s), st_n[s], st_exp[s]));
        end
      end
      tx_final;
      for (int s = 0; s < NumStreams; s++) begin
        $display("%s:   %-34s %5d, vector %5d, latency %0d..%0d %s", tb, stream_name(s),
                 st_n[s], st_exp[s], -st_early[s], st_late[s], unit_of(s));
      end
    end
    if (vec_failed || tx_fails != 0) begin
      n_fail++;
      if (tx) $display("%s: FAIL %s (transaction level: %0d problems)", tb, dir, tx_fails);
      else $display("%s: FAIL %s", tb, dir);
    end else begin
      n_pass++;
      if (tx) begin
        $display("%s: PASS %s (%0d cycles + %0d drain, transaction level, latency bound %0d)",
                 tb, dir, lines, drain, lat);
      end else begin
        $display("%s: PASS %s (%0d cycles, every output compared every cycle)", tb, dir, lines);
      end
    end
  endtask

  logic [8*256-1:0] list_line;  // a line of the +vecs file (256 characters)
  string             list;
  int                lfd;

  initial begin
    $sformat(tb, "%m");
    in_w = '0;
    in_w[RstBit] = 1'b1;  // 1 before the first line, so its 0 is a falling edge
    exp_w = '0;
    n_pass = 0;
    n_fail = 0;
    if (!$value$plusargs("level=%s", level)) level = "cycle";
    if (level != "cycle" && level != "transaction") begin
      $fatal(1, "%s: +level=%s: expected cycle or transaction", tb, level);
    end
    tx = level == "transaction";
    if (!$value$plusargs("lat=%d", lat)) lat = 16;
    if (!$value$plusargs("evt_shift=%d", evt_shift)) evt_shift = 0;
    if (lat < 0 || evt_shift < 0) $fatal(1, "%s: +lat and +evt_shift must be >= 0", tb);
    ev_fd = 0;
    if ($value$plusargs("events=%s", fname)) begin
      ev_fd = $fopen(fname, "w");
      if (ev_fd == 0) $fatal(1, "%s: cannot write %s", tb, fname);
    end
    if ($value$plusargs("vecs=%s", list)) begin
      lfd = $fopen(list, "r");
      if (lfd == 0) $fatal(1, "%s: cannot open %s", tb, list);
      while (!$feof(lfd)) begin
        list_line = '0;
        n = $fgets(list_line, lfd);
        dir = "";
        n = $sscanf(list_line, "%s", dir);
        if (n == 1 && dir != "") run_vector;
      end
      $fclose(lfd);
      $display("%s: %0d passed, %0d failed (%s level)", tb, n_pass, n_fail, level);
    end else if ($value$plusargs("vec=%s", dir)) begin
      run_vector;
    end else begin
      $fatal(1, "%s: usage: vvp ... +vec=VECTOR_DIR | +vecs=LIST_FILE [+lines=N] %s", tb,
             "[+level=cycle|transaction] [+lat=N] [+evt_shift=S] [+events=FILE]");
    end
    if (ev_fd != 0) $fclose(ev_fd);
    if (n_fail != 0) $fatal(1, "%s: %0d of %0d vectors failed", tb, n_fail, n_pass + n_fail);
    $finish;
  end
