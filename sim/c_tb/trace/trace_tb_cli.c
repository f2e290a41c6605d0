/* SPDX-License-Identifier: Apache-2.0 */
/* Command line of trace_tb (trace_tb_cli.h). Every option is one row of the cli_opts table
 * (cli_opts.h): the getopt_long parser, the range checks of the numbers and the --help
 * text are generated from it. */
#include "trace_tb_cli.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_opts.h"
#include "log.h"
#include "pins.h"
#include "trace_tb.h"

/* What getopt_long returns for an option: its short letter if it has one, else a code
 * above every character. */
enum opt_id {
    OPT_HELP = 'h',
    OPT_SEED = CLI_ID_BASE, OPT_CYCLES, OPT_RESET_CYCLES, OPT_MAX_CYCLES, OPT_MODE,
    OPT_RAND_INIT, OPT_WAVE, OPT_WAVE_WINDOW, OPT_WAVE_DIR, OPT_SHRINK, OPT_SHRINK_RUNS,
    OPT_EMIT_SCENARIO, OPT_PROGRESS, OPT_FCOV, OPT_FCOV_JSON, OPT_CAPTURE_SWO, OPT_CAPTURE_PAR,
    OPT_CAPTURE_TXB, OPT_CAPTURE_RATE, OPT_PRINT_CONFIG, OPT_QUIET, OPT_VERBOSE, OPT_WARN_UNMAPPED, OPT_INJECT,
    OPT_CKPT_MS, OPT_TIME_MODELS,
};

#define STR_(x) #x
#define STR(x) STR_(x)

/* In the order of --help; the help texts start in column 21. */
static const struct cli_opt cli_table[] = {
    CLI_TEXT("Options:", 21),
    CLI_NUM("seed", "N", OPT_SEED, 0, UINT64_MAX,
            "random mode: generator seed (default: from the clock; always printed)"),
    CLI_NUM("cycles", "N", OPT_CYCLES, 1, (uint64_t)INT64_MAX / 2,
            "random mode: cycles to run after the initial reset (default 100000)"),
    CLI_NUM("reset-cycles", "N", OPT_RESET_CYCLES, 1, 1000000,
            "cycles of the initial reset, numbered -N..-1 (default 4, min 1)"),
    CLI_NUM("max-cycles", "N", OPT_MAX_CYCLES, 1, (uint64_t)INT64_MAX / 2,
            "hard timeout: fail if cycle N is reached (default: 50000000 with\n"
            "a scenario; in random mode none, --cycles ends the run)"),
    CLI_VALUE("mode", "M", OPT_MODE,
              "lockstep (default) | rtl (Verilated model only) | golden (model only);\n"
              "rtl and golden do not compare (benchmarking, single-model checks)"),
    CLI_NUM("rand-init", "N", OPT_RAND_INIT, 0, 0x7FFFFFFF,
            "randomise the RTL's initial register values (Verilator\n"
            "--x-initial/--x-assign unique) from seed N; 0 = all zero\n"
            "(default: the --seed in random mode, 1 with a scenario)"),
    CLI_VALUE("wave", "FILE", OPT_WAVE, "trace every cycle into FILE (FST)"),
    CLI_NUM("wave-window", "N", OPT_WAVE_WINDOW, 0, (uint64_t)INT64_MAX / 4,
            "on a failure, replay the run and trace cycles [fail-N, fail+"
            STR(POST_FAIL_CYCLES) "]\n"
            "(default 2000)"),
    CLI_VALUE("wave-dir", "DIR", OPT_WAVE_DIR,
              "directory of that trace, mismatch.fst, and of its GTKWave view\n"
              "mismatch.gtkw (default: the binary's directory)"),
    CLI_NUM("checkpoint-ms", "N", OPT_CKPT_MS, 0, 3600000,
            "save the state of the run about every N ms of run time (the two\n"
            "newest kept), so that the replay of a failure starts at the last one\n"
            "before its window (default 500; 0: none, the replay starts at cycle 0)"),
    CLI_FLAG("shrink", OPT_SHRINK,
             "on a mismatch, reduce the events to a minimal scenario that still\n"
             "fails the same way (delta debugging), write it to DIR/shrunk.scn\n"
             "with its waves DIR/shrunk.fst and DIR/shrunk.gtkw"),
    CLI_NUM("shrink-runs", "N", OPT_SHRINK_RUNS, 1, 1000000,
            "at most N trial runs while shrinking (default 2000)"),
    CLI_VALUE("emit-scenario", "F", OPT_EMIT_SCENARIO,
              "write every event run, in scenario syntax, to F (turns a random run\n"
              "into a directed test: running F reproduces it)"),
    CLI_FLAG("progress", OPT_PROGRESS,
             "print the cycle (of --cycles), cycles/s and the time left about\n"
             "every 2 s to stderr"),
    CLI_FLAG("fcov", OPT_FCOV, "print the functional coverage of the run (docs/coverage.md)"),
    CLI_VALUE("fcov-json", "FILE", OPT_FCOV_JSON,
              "write it as JSON to FILE (tests/fcov_merge.py sums such files)"),
    CLI_VALUE("capture-swo", "FILE", OPT_CAPTURE_SWO,
              "write the SWO pin, one byte (0/1) per cycle out of reset, to FILE;\n"
              "FILE.sr: a sigrok session (sigrok-cli, PulseView), channel SWO"),
    CLI_VALUE("capture-par", "FILE", OPT_CAPTURE_PAR,
              "write TRACEDATA, one byte per cycle out of reset, to FILE (the RTL's\n"
              "pins; the golden model's with --mode golden; decode: tracedump);\n"
              "FILE.sr: a sigrok session, channels TRACECLK and TRACEDATA0..\n"
              "(PortWidth of them), one sample per cycle"),
    CLI_VALUE("capture-txb", "FILE", OPT_CAPTURE_TXB,
              "write the TPIU's formatter output txb_o (every byte that starts on\n"
              "the pins: the frames of a formatted port) to FILE, one byte each,\n"
              "the RTL's (the golden model's with --mode golden); OpenCSD's\n"
              "deformatter reads it (tests/opencsd/etm_decode.c --rtl)"),
    CLI_NUM("capture-rate", "HZ", OPT_CAPTURE_RATE, 1, UINT64_MAX,
            "sample rate recorded in .sr captures: the clock of one cycle\n"
            "(default " STR(PINS_CAPTURE_RATE) "; NRZ SWO is then HZ / (SWOSCALER + 1)\n"
            "baud)"),
    CLI_FLAG("warn-unmapped", OPT_WARN_UNMAPPED,
             "warn about every read or write of the scenario to a PPB frame\n"
             "without a block in this configuration (it reads 0, ignores writes)"),
    CLI_FLAG("print-config", OPT_PRINT_CONFIG,
             "print this binary's configuration (scenario 'config' syntax), exit;\n"
             "the RTL it was built from (path, content hash) goes to stderr"),
    CLI_NUM("inject-mismatch", "N", OPT_INJECT, 0, (uint64_t)INT64_MAX / 4,
            "self-test of the harness: the golden model's busy output reads\n"
            "inverted in cycle N, a mismatch there as from a broken RTL (every\n"
            "replay and shrink run too; make bench, make wave-test)"),
    CLI_FLAG("time-models", OPT_TIME_MODELS,
             "make the run with the golden model alone, recording every cycle's\n"
             "inputs and outputs; then time each model alone on those inputs\n"
             "(no generator, driver or decoder), check that both give the\n"
             "recorded outputs, print both rates (make bench; random mode, no\n"
             "--mode; about 320 bytes of memory a cycle; --inject-mismatch N:\n"
             "the golden busy inverted in cycle N)"),
    CLI_FLAG("quiet", OPT_QUIET, "errors only"),
    CLI_FLAG("verbose", OPT_VERBOSE, "also debug messages (every event as it starts)"),
    CLI_FLAG("help", OPT_HELP, "this text"),
    {0},
};

#define USAGE_LINE "Usage: %s [options] [SCENARIO]\n"

static void usage(FILE *f, const char *prog)
{
    fprintf(f, USAGE_LINE, prog);
    fputs("\n"
          "Runs the Verilated trace_top (ITM, FPB; with dwt=1 the DWT, with tpiu=1 the TPIU) and\n"
          "its golden model in lockstep: the same inputs every cycle, every output compared every\n"
          "cycle. With SCENARIO (format: sim/c_tb/SCENARIO.md) the events come from the file;\n"
          "without it from the constrained-random generator.\n"
          "\n",
          f);
    cli_opts_print(f, cli_table);
    fputs("Options take their value as the next argument or after '=' (--seed=7).\n"
          "\n"
          "Exit status: 0 pass, 1 mismatch or failed check, 2 usage or scenario error,\n"
          "77 the scenario needs another configuration (skipped).\n",
          f);
}

/* Returns EXIT_PASS, or EXIT_USAGE after printing the reason. */
int parse_args(int argc, char **argv, struct opts *o)
{
    memset(o, 0, sizeof *o);
    o->cycles = 100000;
    o->reset_cycles = 4;
    o->max_cycles = 50000000;
    o->wave_window = 2000;
    o->shrink_runs = 2000;
    o->capture_rate = PINS_CAPTURE_RATE;
    o->inject_at = INT64_MAX;
    o->ckpt_ms = 500;

    /* the usage line names the binary as it was run; a longer name is cut */
    static char usage_line[sizeof USAGE_LINE + 4096];
    snprintf(usage_line, sizeof usage_line, USAGE_LINE, argv[0]);
    struct cli_opts cli;
    cli_opts_init(&cli, "trace_tb", usage_line, cli_table, argc, argv);
    int c;
    const char *val;
    while ((c = cli_opts_get(&cli, &val)) != CLI_END) {
        const uint64_t n = cli.num;
        if (c == CLI_USAGE)
            return EXIT_USAGE;
        if (c == CLI_OPERAND) {
            if (o->scenario) {
                log_msg(LOG_ERROR, "trace_tb: error: more than one scenario ('%s', '%s')\n",
                        o->scenario, val);
                return EXIT_USAGE;
            }
            o->scenario = val;
            continue;
        }
        switch ((enum opt_id)c) {
        case OPT_HELP:
            usage(stdout, argv[0]);
            exit(EXIT_PASS);
        case OPT_PROGRESS:
            o->progress = true;
            break;
        case OPT_PRINT_CONFIG:
            o->print_config = true;
            break;
        case OPT_SHRINK:
            o->shrink = true;
            break;
        case OPT_FCOV:
            o->fcov = true;
            break;
        case OPT_FCOV_JSON:
            o->fcov_json = val;
            break;
        case OPT_CAPTURE_SWO:
            o->capture_swo = val;
            break;
        case OPT_CAPTURE_PAR:
            o->capture_par = val;
            break;
        case OPT_CAPTURE_TXB:
            o->capture_txb = val;
            break;
        case OPT_CAPTURE_RATE:
            o->capture_rate = n;
            break;
        case OPT_TIME_MODELS:
            o->time_models = true;
            break;
        case OPT_WARN_UNMAPPED:
            o->warn_unmapped = true;
            break;
        case OPT_SHRINK_RUNS:
            o->shrink_runs = n;
            break;
        case OPT_QUIET:
            log_set_level(LOG_ERROR);
            break;
        case OPT_VERBOSE:
            log_set_level(LOG_DEBUG);
            break;
        case OPT_SEED:
            o->seed = n;
            o->seed_given = true;
            break;
        case OPT_CYCLES:
            o->cycles = n;
            o->cycles_given = true;
            break;
        case OPT_RESET_CYCLES:
            o->reset_cycles = (unsigned)n;
            break;
        case OPT_CKPT_MS:
            o->ckpt_ms = n;
            break;
        case OPT_INJECT:
            o->inject_at = (int64_t)n;
            break;
        case OPT_MAX_CYCLES:
            o->max_cycles = n;
            o->max_cycles_given = true;
            break;
        case OPT_WAVE:
            o->wave = val;
            break;
        case OPT_WAVE_WINDOW:
            o->wave_window = n;
            break;
        case OPT_WAVE_DIR:
            o->wave_dir = val;
            break;
        case OPT_EMIT_SCENARIO:
            o->emit_scenario = val;
            break;
        case OPT_RAND_INIT:
            o->rand_init = (uint32_t)n;
            o->rand_init_given = true;
            break;
        case OPT_MODE: {
            unsigned m;
            for (m = 0; m < 3 && strcmp(val, mode_names[m]) != 0; m++)
                ;
            if (m == 3) {
                log_msg(LOG_ERROR, "trace_tb: error: --mode: expected lockstep, rtl or golden, got "
                                   "'%s'\n", val);
                return EXIT_USAGE;
            }
            o->mode = (enum mode)m;
            break;
        }
        }
    }
    if (o->scenario && (o->seed_given || o->cycles_given)) {
        log_msg(LOG_ERROR, "trace_tb: error: --seed/--cycles are for random mode; a scenario "
                           "(%s) defines its own events\n", o->scenario);
        return EXIT_USAGE;
    }
    if (!o->scenario && !o->max_cycles_given)
        o->max_cycles = (uint64_t)INT64_MAX / 2; /* --cycles ends a random run */
    if (!o->scenario && o->max_cycles_given && o->max_cycles <= o->cycles) {
        log_msg(LOG_ERROR, "trace_tb: error: --max-cycles %" PRIu64 " would stop the run before "
                           "--cycles %" PRIu64 " (random mode needs no --max-cycles)\n",
                o->max_cycles, o->cycles);
        return EXIT_USAGE;
    }
    if (o->shrink && o->mode != MODE_LOCKSTEP) {
        log_msg(LOG_ERROR, "trace_tb: error: --shrink needs --mode lockstep (it shrinks to a "
                           "mismatch)\n");
        return EXIT_USAGE;
    }
    if (o->time_models &&
        (o->scenario || o->mode != MODE_LOCKSTEP || o->wave || o->shrink || o->fcov ||
         o->fcov_json || o->emit_scenario || o->capture_swo || o->capture_par || o->capture_txb ||
         o->progress)) {
        log_msg(LOG_ERROR, "trace_tb: error: --time-models makes a random run and runs both "
                           "models itself: not with a scenario, --mode, --wave, --shrink, "
                           "--fcov, --fcov-json, --emit-scenario, a capture or --progress\n");
        return EXIT_USAGE;
    }
    if (o->wave && o->mode == MODE_GOLDEN) {
        log_msg(LOG_ERROR, "trace_tb: error: --wave traces the RTL, not available with --mode "
                           "golden\n");
        return EXIT_USAGE;
    }
    return EXIT_PASS;
}
