/* SPDX-License-Identifier: Apache-2.0 */
/* pktdump: decodes a raw ITM trace stream (a vector's stream.bin) with the harness's packet
 * decoder (sim/c_tb/common/pktdec.c) and prints one packet per line in the packets.txt
 * format of vectors/README.md, without the cycle column: OFFSET<TAB>PACKET<TAB>BYTES.
 * With --count it prints only the totals per packet type (make bench times the decoder so,
 * without the cost of formatting). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cli_opts.h"
#include "log.h"
#include "pktdec.h"
#include "textput.h"
#include "vecfmt.h"

enum opt_id { OPT_COUNT = CLI_ID_BASE, OPT_HELP };

/* one output line at most: offset, tabs, packet column, bytes column, newline */
#define OUT_LINE_MAX (20 + 2 + VEC_PKT_TEXT_MAX + 3 * 8 + 1)

#define USAGE_LINE "Usage: pktdump [--count] STREAM.bin\n"

static const struct cli_opt cli_table[] = {
    CLI_TEXT("Options:", 0),
    CLI_FLAG("count", OPT_COUNT, "print only one line of totals (bytes, packets per type)"),
    CLI_FLAG("help", OPT_HELP, "this text"),
    {0},
};

static void usage(FILE *f)
{
    fputs(USAGE_LINE
          "Prints each ITM/DWT packet of the raw byte stream as OFFSET<TAB>PACKET<TAB>BYTES\n"
          "(vectors/README.md, packets.txt without its CYCLE column). A packet cut by the\n"
          "end of the stream is printed as 'INCOMPLETE'.\n"
          "\n",
          f);
    cli_opts_print(f, cli_table);
    fputs("\n"
          "Exit 0, or 2 if unreadable.\n",
          f);
}

int main(int argc, char **argv)
{
    bool count_only = false;
    const char *path = NULL;
    struct cli_opts cli;
    cli_opts_init(&cli, "pktdump", USAGE_LINE, cli_table, argc, argv);
    int c;
    const char *val;
    while ((c = cli_opts_get(&cli, &val)) != CLI_END) {
        switch (c) {
        case CLI_USAGE:
            return 2;
        case CLI_OPERAND:
            if (path || strcmp(val, "-") == 0) { /* one stream, from a file (no stdin) */
                usage(stderr);
                return 2;
            }
            path = val;
            break;
        case OPT_COUNT:
            count_only = true;
            break;
        case OPT_HELP:
            usage(stdout);
            return 0;
        }
    }
    if (!path) {
        usage(stderr);
        return 2;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        log_msg(LOG_ERROR, "pktdump: error: cannot open %s: %s\n", path, strerror(errno));
        return 2;
    }
    static struct pktdec dec;
    static uint8_t buf[1u << 16];
    /* the lines are built in out[] (textput.h) and written when it is nearly full */
    static char out[1u << 16];
    char *o = out;
    pktdec_init(&dec);
    uint64_t off = 0, start = 0;
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) != 0) {
        for (size_t i = 0; i < n; i++) {
            if (!pktdec_busy(&dec))
                start = off;
            off++;
            struct pkt p;
            if (pktdec_push(&dec, buf[i], &p) == PKT_NONE || count_only)
                continue;
            struct vec_pkt v;
            vec_pkt_from_dec(&p, &v);
            o = tp_chr(tp_dec(o, start), '\t');
            o = tp_chr(vec_pkt_put(&v, o), '\t');
            o = tp_chr(vec_pkt_bytes_put(&v, o), '\n');
            if (o > out + sizeof out - OUT_LINE_MAX) {
                fwrite(out, 1, (size_t)(o - out), stdout);
                o = out;
            }
        }
    }
    fwrite(out, 1, (size_t)(o - out), stdout);
    int err = ferror(f);
    fclose(f);
    if (err) {
        log_msg(LOG_ERROR, "pktdump: error: reading %s failed\n", path);
        return 2;
    }
    if (count_only) {
        const struct pktdec_stats *st = &dec.stats;
        uint64_t total = 0;
        for (unsigned t = PKT_NONE + 1; t < PKT_NTYPES; t++)
            total += st->count[t];
        printf("bytes %" PRIu64 " packets %" PRIu64, st->bytes, total);
        for (unsigned t = PKT_NONE + 1; t < PKT_NTYPES; t++)
            printf(" %s %" PRIu64, pktdec_type_name((enum pkt_type)t), st->count[t]);
        printf(" incomplete %d\n", pktdec_busy(&dec) ? 1 : 0);
        return 0;
    }
    if (pktdec_busy(&dec)) {
        struct vec_pkt v;
        vec_pkt_from_dec(&dec.cur, &v);
        char b[32];
        printf("%" PRIu64 "\tINCOMPLETE\t%s\n", start, vec_pkt_bytes(&v, b, sizeof b));
    }
    return 0;
}
