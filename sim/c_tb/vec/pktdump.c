/* SPDX-License-Identifier: Apache-2.0 */
/* pktdump: decodes a raw ITM trace stream (a vector's stream.bin) with the harness's packet
 * decoder (sim/c_tb/common/pktdec.c) and prints one packet per line in the packets.txt
 * format of vectors/README.md, without the cycle column: OFFSET<TAB>PACKET<TAB>BYTES. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "log.h"
#include "pktdec.h"
#include "vecfmt.h"

int main(int argc, char **argv)
{
    if (argc != 2 || argv[1][0] == '-') {
        fprintf(argc == 2 ? stdout : stderr,
                "Usage: pktdump STREAM.bin\n"
                "Prints each ITM/DWT packet of the raw byte stream as OFFSET<TAB>PACKET<TAB>BYTES\n"
                "(vectors/README.md, packets.txt without its CYCLE column). A packet cut by the\n"
                "end of the stream is printed as 'INCOMPLETE'. Exit 0, or 2 if unreadable.\n");
        return argc == 2 && strcmp(argv[1], "--help") == 0 ? 0 : 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        log_msg(LOG_ERROR, "pktdump: error: cannot open %s: %s\n", argv[1], strerror(errno));
        return 2;
    }
    static struct pktdec dec;
    pktdec_init(&dec);
    uint64_t off = 0, start = 0;
    int c;
    while ((c = fgetc(f)) != EOF) {
        if (!pktdec_busy(&dec))
            start = off;
        off++;
        struct pkt p;
        if (pktdec_push(&dec, (uint8_t)c, &p) == PKT_NONE)
            continue;
        struct vec_pkt v;
        vec_pkt_from_dec(&p, &v);
        char t[128], b[32];
        printf("%" PRIu64 "\t%s\t%s\n", start, vec_pkt_format(&v, t, sizeof t),
               vec_pkt_bytes(&v, b, sizeof b));
    }
    int err = ferror(f);
    fclose(f);
    if (err) {
        log_msg(LOG_ERROR, "pktdump: error: reading %s failed\n", argv[1]);
        return 2;
    }
    if (pktdec_busy(&dec)) {
        struct vec_pkt v;
        vec_pkt_from_dec(&dec.cur, &v);
        char b[32];
        printf("%" PRIu64 "\tINCOMPLETE\t%s\n", start, vec_pkt_bytes(&v, b, sizeof b));
    }
    return 0;
}
