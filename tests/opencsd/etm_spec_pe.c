// SPDX-License-Identifier: Apache-2.0
// etm_spec_pe: a speculative PE for the ETM's OpenCSD check (see etm_spec_pe.h).
// PE obligations kept ([ETM-SPEC-PE-1..5]): in-order commits of resolved elements only,
// at most max_spec outstanding, wrong paths of instructions only (they stop at an SVC, an
// indirect branch or the end of a body), in the security state of the branch before them,
// and after a recovery the next event is the architectural successor.
#include <limits.h>
#include <string.h>

#include "etm_spec_pe.h"

static uint32_t rnd(struct spec_pe *s)
{
    s->rng ^= s->rng << 13;
    s->rng ^= s->rng >> 17;
    s->rng ^= s->rng << 5;
    return s->rng;
}

void spec_pe_init(struct spec_pe *s, const struct prog *p, unsigned max_spec, unsigned seed)
{
    memset(s, 0, sizeof *s);
    s->p = p;
    s->max_spec = max_spec;
    s->rng = seed * 0x2545F491u + 0x9E37u;
    s->pct = 25;
}

// Room for one more P0 element: commits the oldest if max_spec are outstanding.
// Returns the commit count for this cycle, UINT_MAX if nothing resolved can be committed.
static unsigned room(struct spec_pe *s)
{
    if (s->out < s->max_spec) {
        return 0;
    }
    if (s->out <= s->lock) {
        return UINT_MAX;
    }
    s->out--;
    return 1;
}

static struct spec_step *push(struct spec_step *st, unsigned *n, unsigned max)
{
    if (*n >= max) {
        return NULL;
    }
    memset(&st[*n], 0, sizeof st[*n]);
    return &st[(*n)++];
}

// A wrong path from pc; returns its P0 elements (all outstanding and locked).
static unsigned wrong_path(struct spec_pe *s, uint32_t pc, bool ns, struct spec_step *st,
                           unsigned *n, unsigned max)
{
    unsigned len = rnd(s) % 7u, p0 = 0;
    for (unsigned i = 0; i < len; i++) {
        struct prog_insn in;
        if (!prog_insn_at(s->p, pc, &in) || in.svc || in.ind || *n + 2u >= max) {
            break;
        }
        unsigned c = 0;
        if (in.br && (c = room(s)) == UINT_MAX) {
            break;
        }
        struct spec_step *x = push(st, n, max);
        x->has_ev = true;
        x->wrong = true;
        x->commit = c;
        x->e.addr = pc;
        x->e.size32 = in.size32;
        x->e.br = in.br;
        x->e.taken = in.br && (!in.cond || (rnd(s) & 1u) != 0u);
        x->e.link = in.link;
        x->e.ns = ns;
        if (in.br) {
            s->out++;
            s->lock++;
            p0++;
        }
        s->wrong_events++;
        pc = x->e.taken ? in.tgt : pc + (in.size32 ? 4u : 2u);
    }
    return p0;
}

static void recover(struct spec_pe *s, unsigned p0, bool mispred, struct spec_step *st,
                    unsigned *n, unsigned max)
{
    struct spec_step *x = push(st, n, max);
    if (!x) {
        return;
    }
    x->flush = true;
    x->cancel = p0;
    x->mispred = mispred;
    s->out -= p0;
    s->lock -= p0;
    s->cancelled += p0;
}

unsigned spec_pe_expand(struct spec_pe *s, const struct prog_event *e,
                        const struct prog_event *next, struct spec_step *st, unsigned max)
{
    unsigned n = 0;
    struct prog_insn in;
    bool p0 = e->exc || e->br;
    bool known = !e->exc && prog_insn_at(s->p, e->addr, &in);
    bool dir = s->max_spec > 0u && known && in.cond && rnd(s) % 100u < s->pct;
    bool tgt = s->max_spec > 0u && !dir && known && e->br && e->ind && !e->excret &&
               rnd(s) % 100u < s->pct;
    struct spec_step *x = push(st, &n, max);

    x->has_ev = true;
    x->e = *e;
    x->commit = p0 ? room(s) : 0u; // lock is 0 here: always possible
    if (p0) {
        s->out++;
    }
    if (dir) { // the branch is presented with the wrong outcome, then flipped
        unsigned rounds = rnd(s) % 8u == 0u ? 3u : 1u;
        bool taken = !e->taken;
        x->e.taken = taken;
        s->lock = 1;
        s->dir_mispredicts++;
        for (unsigned r = 0; r < rounds; r++) {
            uint32_t pc = taken ? in.tgt : e->addr + (in.size32 ? 4u : 2u);
            unsigned wp = wrong_path(s, pc, e->ns, st, &n, max);
            recover(s, wp, true, st, &n, max);
            s->flips++;
            taken = !taken;
        }
        s->lock = 0;
    } else if (tgt) { // the target was mispredicted: a wrong path at another address
        uint32_t real = next->exc ? next->ret : next->addr;
        uint32_t w = s->p->fun[rnd(s) % PROG_NFUN];
        if (w == real) {
            w = s->p->main_start;
        }
        if (w != real) {
            s->lock = 1;
            s->tgt_mispredicts++;
            unsigned wp = wrong_path(s, w, e->ns, st, &n, max);
            recover(s, wp, false, st, &n, max);
            s->lock = 0;
        }
    }
    return n;
}

unsigned spec_pe_idle_commit(struct spec_pe *s)
{
    unsigned free_ = s->out - s->lock;
    if (free_ == 0u || (rnd(s) & 1u) != 0u) {
        return 0;
    }
    unsigned c = 1u + rnd(s) % free_;
    s->out -= c;
    return c;
}

unsigned spec_pe_commit_all(struct spec_pe *s)
{
    unsigned c = s->out;
    s->out = 0;
    return c;
}
