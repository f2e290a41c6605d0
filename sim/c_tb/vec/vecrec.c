/* SPDX-License-Identifier: Apache-2.0 */
/* The block vectors' recorder (vecrec.h). The line formats are vectors/README.md's. */
#include "vecrec.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"

const char *const vec_cap_name[VEC_NCAPS] = {"swo", "par"};

static void *xrealloc(void *p, size_t n)
{
    void *np = realloc(p, n);
    if (!np) {
        log_msg(LOG_ERROR, "vec: error: out of memory\n");
        exit(2);
    }
    return np;
}

static void vbuf_room(struct vbuf *b, size_t n)
{
    if (b->len + n < b->cap)
        return;
    size_t nc = b->cap ? b->cap * 2 : 4096;
    while (nc <= b->len + n)
        nc *= 2;
    b->p = xrealloc(b->p, nc);
    b->cap = nc;
}

void vbuf_add(struct vbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        abort();
    vbuf_room(b, (size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void vbuf_put(struct vbuf *b, const void *p, size_t n)
{
    vbuf_room(b, n + 1);
    memcpy(b->p + b->len, p, n);
    b->len += n;
    b->p[b->len] = '\0';
}

void vbuf_free(struct vbuf *b)
{
    free(b->p);
    memset(b, 0, sizeof *b);
}

bool vbuf_load(struct vbuf *b, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        log_msg(LOG_ERROR, "%s: error: cannot open: %s\n", path, strerror(errno));
        return false;
    }
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        vbuf_put(b, chunk, n);
    bool ok = !ferror(f);
    fclose(f);
    if (!ok)
        log_msg(LOG_ERROR, "%s: error: cannot read\n", path);
    vbuf_put(b, "", 0); /* NUL-terminated, also when empty */
    return ok;
}

void vec_rec_init(struct vec_rec *r, enum vec_block blk, unsigned port_width)
{
    memset(r, 0, sizeof *r);
    r->blk = blk;
    r->port_width = port_width;
    r->li = vec_layout_get(blk, false);
    r->lo = vec_layout_get(blk, true);
}

void vec_rec_free(struct vec_rec *r)
{
    struct vbuf *all[] = {&r->in_hex, &r->out_hex, &r->pins,    &r->records,
                          &r->txb_txt, &r->txb_bin, &r->hwsrc,  &r->events,
                          &r->apb,     &r->cap[0],  &r->cap[1]};
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++)
        vbuf_free(all[k]);
    free(r->atb);
    memset(r, 0, sizeof *r);
}

static const char *const kind_name[4] = {"fetch", "vector", "dap", "stack"};

/* One APB access phase of the block (or, for the system, of trace_top). */
static void rec_apb(struct vec_rec *r, int64_t c, bool psel, bool penable, bool pwrite,
                    uint32_t paddr, unsigned aw, uint32_t pwdata, unsigned pstrb, uint32_t prdata,
                    bool pslverr)
{
    if (!psel || !penable)
        return;
    vbuf_add(&r->apb, "%" PRId64 "\t%c\t%0*" PRIx32 "\t%08" PRIx32 "\t%x\t%d\n", c,
             pwrite ? 'W' : 'R', (int)aw, paddr & (aw == 3 ? 0xFFFu : 0xFFFFFu),
             pwrite ? pwdata : prdata, pstrb & 0xFu, pslverr);
    r->napb++;
}

/* The DWT -> ITM port: a packet taken by the ITM at this edge, an overflow pulse, a sync
 * request. */
static void rec_hwsrc(struct vec_rec *r, int64_t c, const struct dwt_out *o, bool hw_ready)
{
    if (o->hw_valid && hw_ready) {
        static const unsigned size_of[4] = {0, 1, 2, 4};
        struct vec_pkt p;
        memset(&p, 0, sizeof p);
        uint8_t h = (uint8_t)(o->hw_data & 0xFFu);
        p.type = PKT_HW;
        p.disc = h >> 3;
        p.size = size_of[h & 3u];
        p.data = (uint32_t)(o->hw_data >> 8) & (p.size == 4 ? 0xFFFFFFFFu : (1u << 8 * p.size) - 1);
        p.len = 1 + p.size;
        for (unsigned k = 0; k < p.len; k++)
            p.b[k] = (uint8_t)(o->hw_data >> 8 * k);
        char t[96], b[32];
        vbuf_add(&r->hwsrc, "%" PRId64 "\t%s\t%s\n", c, vec_pkt_format(&p, t, sizeof t),
                 vec_pkt_bytes(&p, b, sizeof b));
        r->nhw++;
    }
    if (o->hw_ovf) {
        vbuf_add(&r->hwsrc, "%" PRId64 "\tOVF\t-\n", c);
        r->nhw++;
    }
    if (o->sync_req) {
        vbuf_add(&r->hwsrc, "%" PRId64 "\tSYNC\t-\n", c);
        r->nhw++;
    }
    if (o->cmpmatch || o->wpt_halt || o->wpt_mon) {
        vbuf_add(&r->events, "%" PRId64 "\tcmpmatch=0x%04x halt=%d mon=%d\n", c, o->cmpmatch,
                 o->wpt_halt, o->wpt_mon);
        r->nevents++;
    }
}

/* The TPIU's output: txb, pins, captures. */
static void rec_tpiu(struct vec_rec *r, int64_t c, const struct tpiu_out *o,
                     const struct vec_tpiu_mode *mode)
{
    vbuf_add(&r->pins, "%x%02x\n", (o->traceclk ? 2u : 0u) | (o->swo ? 1u : 0u), o->tracedata);
    if (c < 0)
        return;
    if (o->txb_valid) {
        vbuf_add(&r->txb_txt, "%" PRId64 " %02x\n", c, o->txb);
        vbuf_put(&r->txb_bin, &o->txb, 1);
        r->ntxb++;
        enum vec_cap k = mode->txmode == TPIU_TXMODE_PARALLEL ? VEC_CAP_PAR : VEC_CAP_SWO;
        r->cap_used[k] = true;
        r->cap_mode[k] = *mode;
    }
    uint8_t s = o->swo ? 1 : 0;
    vbuf_put(&r->cap[VEC_CAP_SWO], &s, 1);
    vbuf_put(&r->cap[VEC_CAP_PAR], &o->tracedata, 1);
}

void vec_rec_cycle(struct vec_rec *r, int64_t c, const struct vec_ports *p,
                   const struct vec_tpiu_mode *mode)
{
    uint64_t v[VEC_MAX_FIELDS];
    char hx[VEC_MAX_DIGITS + 1];
    vec_port_vals(r->blk, false, p, v);
    vec_hex_pack(r->li, v, hx);
    vbuf_add(&r->in_hex, "%s\n", hx);
    vec_port_vals(r->blk, true, p, v);
    vec_hex_pack(r->lo, v, hx);
    vbuf_add(&r->out_hex, "%s\n", hx);

    const struct sys_blocks *bk = p->blk;
    const bool rst_n = p->sin->itm.rst_n;
    if (r->blk == VEC_TPIU || r->blk == VEC_SYS)
        rec_tpiu(r, c, &bk->tpiu_out, mode);
    if (!rst_n)
        return;
    /* ATB transfers: the ITM's master, which is the TPIU's slave where there is one */
    bool atb = r->blk == VEC_TPIU  ? bk->tpiu_in.atvalid && bk->tpiu_out.atready
               : r->blk == VEC_ETM ? bk->etm_out.atvalid && bk->etm_in.atready
                                   : bk->itm_out.atvalid && bk->itm_in.atready;
    if (atb && r->blk != VEC_FPB) {
        if (r->natb == r->cap_atb) {
            r->cap_atb = r->cap_atb ? 2 * r->cap_atb : 256;
            r->atb = xrealloc(r->atb, r->cap_atb * sizeof *r->atb);
        }
        /* the ETM's own ATB master; every other block's stream is the ITM's */
        struct vec_atb a = r->blk == VEC_ETM
                               ? (struct vec_atb){c, bk->etm_out.atdata,
                                                  (uint8_t)(bk->etm_out.atid & 0x7Fu)}
                               : (struct vec_atb){c, bk->itm_out.atdata,
                                                  (uint8_t)(bk->itm_out.atid & 0x7Fu)};
        r->atb[r->natb++] = a;
        vbuf_add(&r->records, "%" PRId64 " %02x %02x\n", a.cycle, a.data, a.id);
    }
    switch (r->blk) {
    case VEC_DWT: {
        const struct dwt_in *i = &bk->dwt_in;
        rec_apb(r, c, i->psel, i->penable, i->pwrite, i->paddr, 3, i->pwdata, i->pstrb,
                bk->dwt_out.prdata, bk->dwt_out.pslverr);
        rec_hwsrc(r, c, &bk->dwt_out, i->hw_ready);
        break;
    }
    case VEC_TPIU: {
        const struct tpiu_in *i = &bk->tpiu_in;
        rec_apb(r, c, i->psel, i->penable, i->pwrite, i->paddr, 3, i->pwdata, i->pstrb,
                bk->tpiu_out.prdata, bk->tpiu_out.pslverr);
        break;
    }
    case VEC_FPB: {
        const struct fpb_in *i = &bk->fpb_in;
        const struct fpb_out *o = &bk->fpb_out;
        rec_apb(r, c, i->psel, i->penable, i->pwrite, i->paddr, 3, i->pwdata, i->pstrb,
                o->prdata, o->pslverr);
        if (r->fetch_pend) { /* the result of last cycle's fetch ([FPB-TIME-1]) */
            const struct fpb_in *f = &r->fetch;
            vbuf_add(&r->records, "%" PRId64 " %08" PRIx32 " %s %u %d %d %d %d %d\n",
                     r->fetch_cycle, f->if_addr, kind_name[f->if_kind & 3u],
                     f->if_size32 ? 32u : 16u, f->if_secure, f->if_priv, o->match,
                     o->bkpt_halt, o->bkpt_mon);
            r->nfetch++;
        }
        r->fetch_pend = i->if_valid;
        r->fetch_cycle = c;
        r->fetch = *i;
        break;
    }
    case VEC_ETM: {
        const struct etm_in *i = &bk->etm_in;
        rec_apb(r, c, i->psel, i->penable, i->pwrite, i->paddr, 3, i->pwdata, i->pstrb,
                bk->etm_out.prdata, bk->etm_out.pslverr);
        break;
    }
    case VEC_SYS: {
        const struct itm_in *i = &p->sin->itm;
        rec_apb(r, c, i->psel, i->penable, i->pwrite, i->paddr, 5, i->pwdata, i->pstrb,
                p->sout->itm.prdata, p->sout->itm.pslverr);
        if (p->sin->itm.rst_n)
            rec_hwsrc(r, c, &bk->dwt_out, bk->dwt_in.hw_ready);
        break;
    }
    default:
        break;
    }
}

void vec_rec_finish(struct vec_rec *r, const struct vec_tpiu_mode *mode)
{
    /* a fetch in the last cycle has no result cycle: it is not recorded */
    r->fetch_pend = false;
    r->cap_used[mode->txmode == TPIU_TXMODE_PARALLEL ? VEC_CAP_SWO : VEC_CAP_PAR] = false;
}
