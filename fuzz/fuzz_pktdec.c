/* SPDX-License-Identifier: Apache-2.0 */
/* libFuzzer target: the ATB packet decoder (sim/c_tb/common/pktdec.c) on arbitrary bytes.
 * Checks, besides no crash: every packet formats; after any garbage a sync packet
 * (5 zero bytes and 0x80) is decoded as a sync (resynchronisation), and every byte is
 * accounted for (in a packet, lost, or in the partial packet). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "pktdec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const uint8_t sync[6] = {0, 0, 0, 0, 0, 0x80};
    struct pktdec d;
    struct pkt p;
    char buf[128];
    uint64_t in_pkts = 0;
    pktdec_init(&d);
    for (size_t i = 0; i < size; i++) {
        if (pktdec_push(&d, data[i], &p) != PKT_NONE) {
            pktdec_format(&p, buf, sizeof buf);
            pktdec_format_bytes(&p, buf, sizeof buf);
            if (p.type != PKT_BAD)
                in_pkts += p.nbytes;
        }
    }
    enum pkt_type last = PKT_NONE;
    for (unsigned i = 0; i < sizeof sync; i++) {
        last = pktdec_push(&d, sync[i], &p);
        if (last != PKT_NONE && i + 1 < sizeof sync && p.type != PKT_BAD)
            in_pkts += p.nbytes; /* a garbage packet completed by the sync's zeros */
    }
    if (last != PKT_SYNC || pktdec_busy(&d))
        abort(); /* no resynchronisation on a sync */
    in_pkts += p.nbytes;
    if (in_pkts + d.stats.lost != d.stats.bytes)
        abort(); /* a byte neither decoded nor counted as lost */
    return 0;
}
