/* SPDX-License-Identifier: Apache-2.0 */
/* Golden TPIU: parallel port and SWO line encoders (docs/tpiu-contract.md sections 6, 7). */
#include "tpiu_model_int.h"

static void txb_set(struct tpiu_model *m, uint8_t byte)
{
    m->txb_valid = true;
    m->txb = byte;
}

void tpiu_par_step(struct tpiu_model *m)
{
    if (m->left > 1) { /* [TPIU-PAR-2] shift */
        m->sh = (uint16_t)(m->sh >> m->cw);
        m->left--;
        if (m->left == 8u / m->cw) /* byte1 reaches the pins [TPIU-TXB-1] */
            txb_set(m, (uint8_t)m->sh);
    } else { /* load a unit, or a half-word sync when no complete burst is buffered */
        if (tpiu_fb_ready(m)) {
            m->sh = tpiu_fb_pop(m);
            m->sh_data = true;
        } else {
            m->sh = 0x7FFFu;
            m->sh_data = false;
        }
        m->cw = tpiu_model_cw_get(m);
        m->left = 16u / m->cw;
        txb_set(m, (uint8_t)m->sh);
    }
    m->traceclk = !m->traceclk; /* [TPIU-PAR-3] */
}

/* Line level of a cell [TPIU-SWO-3], [TPIU-SWO-4]. */
static bool cell_level(uint32_t txmode, uint8_t byte, unsigned cell)
{
    if (txmode == TPIU_TXMODE_NRZ) {
        if (cell == 0)
            return false; /* start */
        if (cell <= 8)
            return (byte >> (cell - 1)) & 1u;
        return true; /* stop */
    }
    if (cell < 2)
        return cell == 0; /* start bit: logic 1 = high, low */
    if (cell >= 18)
        return false; /* stop: line held low for one bit time */
    bool b = (byte >> ((cell - 2) / 2)) & 1u;
    return (cell & 1u) ? !b : b;
}

void tpiu_swo_step(struct tpiu_model *m)
{
    bool tick = tpiu_tick(m);
    m->bc = tick ? 0 : m->bc + 1; /* [TPIU-SWO-1] */
    if (!tick)
        return; /* edges without a tick change nothing of the engine */
    unsigned last = m->sppr == TPIU_TXMODE_NRZ ? 9u : 19u;
    if (m->ser_busy && m->ser_cell != last) {
        m->ser_cell++;
        m->swo = cell_level(m->sppr, m->ser_byte, m->ser_cell);
        return;
    }
    uint8_t byte;
    if (m->ser_more) {
        byte = m->ser_buf;
        m->ser_more = false;
    } else if (tpiu_fb_ready(m)) {
        uint16_t unit = tpiu_fb_pop(m);
        byte = (uint8_t)unit;
        if (tpiu_fmt_on(m)) { /* u_len = fmt_on ? 2 : 1 [TPIU-BURST-2] */
            m->ser_buf = (uint8_t)(unit >> 8);
            m->ser_more = true;
        }
    } else {
        /* CONTRACT: [TPIU-SWO-5] names only ser_busy and swo_q here; ser_cell keeps its
         * value (not observable). */
        m->ser_busy = false;
        m->swo = tpiu_swo_idle(m->sppr);
        return;
    }
    m->ser_byte = byte;
    m->ser_cell = 0;
    m->ser_busy = true;
    m->swo = cell_level(m->sppr, byte, 0);
    txb_set(m, byte);
}

bool tpiu_port_empty(const struct tpiu_model *m)
{
    if (tpiu_par_mode(m))
        return !m->sh_data || m->left <= 1;
    return !m->ser_busy && !m->ser_more;
}
