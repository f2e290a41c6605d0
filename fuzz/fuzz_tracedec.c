/* SPDX-License-Identifier: Apache-2.0 */
/* libFuzzer target: the trace decoders of sim/decode (SWO NRZ and Manchester, parallel
 * capture, TPIU deformatter) chained into the packet decoder, on arbitrary captures. The
 * first byte picks the input layer, the second the cell length or port width. Checks,
 * besides no crash and no out-of-bounds access: the output counts stay within their
 * bounds, every ID is 7 bits, and the deformatter accounts for no more bytes than it got.
 * Every ID's bytes also go through the ETMv4 packet decoder (etm4dec, as tracedump's
 * --etm-id IDs), each packet formatted: its text stays within ETM4_TEXT_MAX and its kept
 * bytes within the packet. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "etm4dec.h"
#include "pardec.h"
#include "pktdec.h"
#include "swodec.h"
#include "tpiudec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    unsigned sel = data[0] % 4, div = 1 + data[1] % 7;
    data += 2;
    size -= 2;
    struct tpiudec t;
    struct swodec s;
    struct pardec p;
    static struct pktdec k[128];
    static struct etm4dec e[128];
    tpiudec_init(&t);
    for (unsigned i = 0; i < 128; i++) {
        pktdec_init(&k[i]);
        etm4dec_init(&e[i]);
    }
    if (!swodec_init(&s, sel == 1 ? SWODEC_NRZ : SWODEC_MANCHESTER, div) ||
        !pardec_init(&p, 1u << (div % 4)))
        abort();
    for (size_t i = 0; i < size; i++) {
        uint8_t b[4];
        unsigned n = 0;
        if (sel == 0)
            b[n++] = data[i];
        else if (sel < 3)
            n = swodec_push(&s, data[i], b) ? 1 : 0;
        else
            n = pardec_push(&p, data[i], b);
        if (n > 4)
            abort();
        for (unsigned j = 0; j < n; j++) {
            struct tpiudec_byte o[TPIUDEC_MAX_OUT];
            unsigned m = tpiudec_push(&t, b[j], o);
            if (m > TPIUDEC_MAX_OUT)
                abort();
            for (unsigned x = 0; x < m; x++) {
                struct pkt pk;
                if (o[x].id >= 128)
                    abort();
                pktdec_push(&k[o[x].id], o[x].data, &pk);
                struct etm4_pkt ep;
                if (etm4dec_push(&e[o[x].id], o[x].data, &ep) != ETM4_NONE) {
                    char txt[ETM4_TEXT_MAX + 64];
                    char *end = etm4_put(&ep, e[o[x].id].stats.bytes, txt);
                    if (end - txt > (long)ETM4_TEXT_MAX || ep.len > ep.nbytes ||
                        ep.len > ETM4_MAX_BYTES)
                        abort();
                    end = etm4_json_put(&ep, e[o[x].id].stats.bytes, txt);
                    if (end - txt > (long)ETM4_TEXT_MAX)
                        abort();
                }
            }
        }
    }
    tpiudec_finish(&t);
    swodec_finish(&s);
    if (t.stats.data + t.stats.padding + t.stats.no_id > t.stats.bytes)
        abort();
    return 0;
}
