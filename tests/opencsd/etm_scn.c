// SPDX-License-Identifier: Apache-2.0
// etm_scn: one etm_decode run as a lockstep-harness scenario (etm_scn.h).
#include "etm_scn.h"

#include <inttypes.h>
#include <string.h>

#include "sys_model.h"

static void flush_idle(struct etm_scn *s)
{
    if (s->idle) {
        fprintf(s->f, "idle %u\n", s->idle);
        s->idle = 0;
    }
}

/* " commit=N flush=1 cancel=K mispred=1" of the cycle's non-zero speculation inputs */
static void spec_opts(const struct etm_in *e, char *buf, size_t n)
{
    snprintf(buf, n, "%s%.0u%s%s%.0u%s", e->spec_commit ? " commit=" : "", e->spec_commit,
             e->spec_flush ? " flush=1" : "", e->spec_cancel ? " cancel=" : "", e->spec_cancel,
             e->spec_mispred ? " mispred=1" : "");
}

void etm_scn_open(struct etm_scn *s, FILE *f, uint64_t gts0, int spniden, unsigned max_spec)
{
    s->f = f;
    s->idle = 0;
    s->cycles = 0;
    fprintf(f, "# written by tests/opencsd/etm_decode --rtl (etm_scn.c): cycle c of the run is\n"
               "# cycle c of etm_decode's own golden run, gts_i = 0x%" PRIx64 " + c\n",
            gts0);
    fprintf(f, "config tpiu=1 portwidth=4 atbfifo=4 frameidle=16 etm=1");
    if (max_spec > 0u) {
        fprintf(f, " maxspec=%u", max_spec);
    }
    fprintf(f, "\n");
    fprintf(f, "set gts 0x%" PRIx64 "\n", gts0);
    if (!spniden) {
        fprintf(f, "set spniden 0\n");
    }
}

void etm_scn_event(FILE *f, const struct etm_in *e, const char *opts)
{
    if (e->pe_valid) {
        const char *br = !e->pe_br ? "none" : !e->pe_taken ? "n" : e->pe_ind ? "ind" : "e";
        fprintf(f, "pe 0x%" PRIx32 " size=%s br=%s link=%d excret=%d ns=%d%s\n", e->pe_addr,
                e->pe_size ? "32" : "16", br, e->pe_link, e->pe_excret, e->pe_ns, opts);
    } else if (e->exc_valid) {
        fprintf(f, "pe_exc %u ret=0x%" PRIx32 " ns=%d%s\n", (unsigned)e->exc_num, e->exc_ret,
                e->pe_ns, opts);
    }
}

void etm_scn_cycle(struct etm_scn *s, const struct etm_in *e, const struct tpiu_in *t)
{
    s->cycles++;
    if (e->psel || (t && t->psel)) {
        // the setup cycle of a write is the line's first cycle; its access cycle writes it
        bool etm = e->psel;
        if ((etm ? e->penable : t->penable)) {
            flush_idle(s);
            fprintf(s->f, "write 0x%05" PRIx32 " 0x%08" PRIx32 "\n",
                    (etm ? 0x41000u : 0x40000u) | ((etm ? e->paddr : t->paddr) & 0xFFFu),
                    etm ? e->pwdata : t->pwdata);
        }
        return;
    }
    char sp[64];
    spec_opts(e, sp, sizeof sp);
    if (e->pe_valid || e->exc_valid) {
        flush_idle(s);
        etm_scn_event(s->f, e, sp);
        return;
    }
    if (sp[0]) {
        flush_idle(s);
        fprintf(s->f, "pe_spec%s\n", sp);
        return;
    }
    s->idle++;
}

void etm_scn_cycle_sys(struct etm_scn *s, const struct sys_in *in)
{
    const struct itm_in *a = &in->itm;
    struct etm_in e;
    memset(&e, 0, sizeof e);
    if (a->psel) { // the setup cycle is the write line's first; the access cycle writes it
        s->cycles++;
        if (a->penable) {
            flush_idle(s);
            fprintf(s->f, "write 0x%05" PRIx32 " 0x%08" PRIx32 "\n", a->paddr & 0xFFFFFu,
                    a->pwdata);
        }
        return;
    }
    e.pe_valid = in->etm_pe_valid;
    e.pe_addr = in->etm_pe_addr;
    e.pe_size = in->etm_pe_size;
    e.pe_br = in->etm_pe_br;
    e.pe_ind = in->etm_pe_ind;
    e.pe_taken = in->etm_pe_taken;
    e.pe_link = in->etm_pe_link;
    e.pe_excret = in->etm_pe_excret;
    e.pe_ns = in->etm_pe_ns;
    e.exc_valid = in->etm_exc_valid;
    e.exc_num = in->etm_exc_num;
    e.exc_ret = in->etm_exc_ret;
    e.spec_commit = in->etm_spec_commit;
    e.spec_flush = in->etm_spec_flush;
    e.spec_cancel = in->etm_spec_cancel;
    e.spec_mispred = in->etm_spec_mispred;
    etm_scn_cycle(s, &e, NULL);
}

void etm_scn_close(struct etm_scn *s)
{
    flush_idle(s);
    fprintf(s->f, "wait_idle 20000 tpiu=1\nidle 64\n");
}
