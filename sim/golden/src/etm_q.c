/* SPDX-License-Identifier: Apache-2.0 */
/* ETM golden model: Q elements (docs/etm-contract.md section 20, [ETM-Q-*]). */
#include "etm_model_int.h"

/* [ETM-Q-PKT]: the address compressed as [ETM-ADDR-2] (built by etm_pkt_addr, which also
 * pushes the history, [ETM-Q-8]), its header turned into the Q header of the same choice,
 * then the count as a ULEB field. */
void etm_pkt_q(struct etm_buf *b, struct etm_trace *t, uint32_t cnt, uint32_t a)
{
    struct etm_buf ab = {.n = 0};
    etm_pkt_addr(&ab, t, a);
    uint8_t h = ab.b[0];
    if ((h & 0xFCu) == 0x90u) {
        h = (uint8_t)(0xA0u | (h & 0x3u)); /* exact match of hist[i] */
    } else if (h == 0x96u) {
        h = 0xA6u; /* short IS1 */
    } else {
        h = 0xABu; /* long 32-bit IS1 */
    }
    etm_buf_put(b, h);
    for (unsigned i = 1; i < ab.n; i++) {
        etm_buf_put(b, ab.b[i]);
    }
    etm_pkt_uleb(b, cnt);
}

/* [ETM-Q-3]/[ETM-Q-6]: close the pending Q at a, then the Exception Return it holds. */
void etm_q_close(struct etm_buf *b, struct etm_trace *t, uint32_t a)
{
    if (t->q_cnt == 0u) {
        return;
    }
    etm_pkt_q(b, t, t->q_cnt, a);
    if (t->q_eret) {
        etm_buf_put(b, 0x07u);
    }
    t->q_cnt = 0;
    t->q_eret = false;
}

/* [ETM-Q-7]: no next address: close at the tail; a taken branch at q_last stays pending. */
void etm_q_tail(struct etm_buf *b, struct etm_trace *t)
{
    if (t->q_cnt == 0u) {
        return;
    }
    if (t->q_nxt_ok) {
        etm_q_close(b, t, t->q_nxt);
    } else if (t->q_cnt >= 2u) {
        etm_pkt_q(b, t, t->q_cnt - 1u, t->q_last);
        t->q_cnt = 1;
    }
}

/* [ETM-Q-4]: a traced instruction in Q mode is counted. */
void etm_q_count(struct etm_trace *t, const struct etm_in *in, uint32_t a, bool ts_en)
{
    t->q_cnt++;
    t->q_last = a;
    t->q_nxt = a + (in->pe_size ? 4u : 2u);
    t->q_nxt_ok = !(in->pe_br && in->pe_taken);
    if (in->pe_excret) {
        t->q_eret = true;
        if (ts_en) {
            t->ts_req = true;
        }
    }
}
