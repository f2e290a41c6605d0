// SPDX-License-Identifier: Apache-2.0
// etm_prog: seeded synthetic T32 programs and their retired path (see etm_prog.h).
//
// Layout: main at 0x1000 (200 slots, a loop closed by B), six functions at 0x1800 + 0x2C6 i
// (the last one at 0x120F6 instead; 0..2
// leaves ending in BX LR; 3..5 start with PUSH {lr}, may call a leaf, end in POP {pc}),
// the interrupt handler at 0x3000 and the SVCall handler at 0x3400 (no calls, end in BX LR,
// an exception return). Encodings (T32, hand-assembled):
//   NOP 0xBF00, MOVS r0,#imm 0x20ii, NOP.W F3AF 8000, ADD.W r0,r0,#1 F100 0001,
//   PUSH {lr} 0xB500, POP {pc} 0xBD00, BX LR 0x4770, BLX r1 0x4788, SVC #0 0xDF00,
//   B<cond> T1 (EQ/NE), CBZ r0, B T2, BL T1.
// Branch outcomes, interrupts (numbers 2..6, 12, 14, 15, 16..63) and their timing come
// from a PRNG; an interrupt may come right after a taken branch, so its return address is
// that branch's target (docs/etm-contract.md [ETM-PE-2]).
#include <string.h>

#include "etm_prog.h"

#include "etm_model.h"

enum {
    K_NONE, K_NOP16, K_ALU16, K_NOP32, K_ALU32, K_PUSHLR, K_BCOND, K_CBZ, K_B, K_BL, K_BLX,
    K_BXLR, K_POPPC, K_SVC
};

static uint32_t rnd(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

static unsigned ksize(unsigned k)
{
    return (k == K_NOP32 || k == K_ALU32 || k == K_BL) ? 4u : 2u;
}

unsigned prog_idx(uint32_t a)
{
    return a >= PROG_FAR_BASE ? (PROG_SIZE + a - PROG_FAR_BASE) / 2u : (a - PROG_BASE) / 2u;
}

bool prog_insn_at(const struct prog *p, uint32_t a, struct prog_insn *i)
{
    bool in_main = a >= PROG_BASE && a < PROG_BASE + PROG_SIZE;
    bool in_far = a >= PROG_FAR_BASE && a < PROG_FAR_BASE + PROG_FAR_SIZE;
    if ((a & 1u) != 0u || (!in_main && !in_far)) {
        return false;
    }
    unsigned k = p->kind[prog_idx(a)];
    if (k == K_NONE) {
        return false;
    }
    memset(i, 0, sizeof *i);
    i->size32 = ksize(k) == 4u;
    i->br = k == K_BCOND || k == K_CBZ || k == K_B || k == K_BL || k == K_BLX || k == K_BXLR ||
            k == K_POPPC;
    i->cond = k == K_BCOND || k == K_CBZ;
    i->ind = k == K_BLX || k == K_BXLR || k == K_POPPC;
    i->link = k == K_BL || k == K_BLX;
    i->svc = k == K_SVC;
    i->tgt = p->tgt[prog_idx(a)];
    return true;
}

static void put16(struct prog *p, uint32_t a, uint16_t v)
{
    uint8_t *m = a >= PROG_FAR_BASE ? &p->far[a - PROG_FAR_BASE] : &p->mem[a - PROG_BASE];
    m[0] = (uint8_t)v;
    m[1] = (uint8_t)(v >> 8);
}

#define MAXSLOT 200u

enum role { R_MAIN, R_LEAF, R_NONLEAF, R_HANDLER };

// Lays out one body at a: slot kinds, then addresses, then targets and encodings.
static void gen_body(struct prog *p, uint32_t *s, uint32_t a, unsigned nslot, enum role role,
                     int blx_pct)
{
    unsigned k[MAXSLOT];
    uint32_t at[MAXSLOT + 1u];

    for (unsigned i = 0; i < nslot; i++) {
        unsigned r = rnd(s) % 100u;
        if (r < 14u) k[i] = K_NOP16;
        else if (r < 28u) k[i] = K_ALU16;
        else if (r < 36u) k[i] = K_NOP32;
        else if (r < 44u) k[i] = K_ALU32;
        else if (r < 62u) k[i] = K_BCOND;
        else if (r < 72u) k[i] = K_CBZ;
        else if (r < 78u) k[i] = K_B;
        else if (r < 88u) k[i] = K_BL;
        else if (r < 94u) k[i] = K_BLX;
        else k[i] = K_SVC;
        if ((k[i] == K_BL || k[i] == K_BLX) && blx_pct >= 0) {
            k[i] = rnd(s) % 100u < (unsigned)blx_pct ? K_BLX : K_BL;
        }
        if ((k[i] == K_BL || k[i] == K_BLX) && (role == R_LEAF || role == R_HANDLER)) {
            k[i] = K_ALU16;
        }
        if (k[i] == K_SVC && role != R_MAIN) {
            k[i] = K_NOP16;
        }
    }
    if (role == R_NONLEAF) {
        k[0] = K_PUSHLR;
    }
    k[nslot - 1u] = role == R_MAIN ? K_B : role == R_NONLEAF ? K_POPPC : K_BXLR;
    at[0] = a;
    for (unsigned i = 0; i < nslot; i++) {
        at[i + 1u] = at[i] + ksize(k[i]);
    }
    for (unsigned i = 0; i < nslot; i++) {
        uint32_t pc = at[i], tgt = 0;
        unsigned idx = prog_idx(pc);
        if (k[i] == K_BCOND || k[i] == K_CBZ || (k[i] == K_B && i + 1u < nslot)) {
            // a forward target 1..6 slots on, at least pc + 4 for CBZ, not past the end
            unsigned j = i + 1u + rnd(s) % 6u;
            if (j > nslot - 1u) j = nslot - 1u;
            while (k[i] == K_CBZ && at[j] < pc + 4u && j < nslot - 1u) j++;
            if (k[i] == K_CBZ && at[j] < pc + 4u) {
                k[i] = K_BCOND;
            }
            tgt = at[j];
        } else if (k[i] == K_B) {
            tgt = p->main_start; // the loop
        } else if (k[i] == K_BL || k[i] == K_BLX) {
            unsigned f = role == R_MAIN ? rnd(s) % PROG_NFUN : rnd(s) % 3u;
            tgt = p->fun[f];
        }
        p->kind[idx] = (uint8_t)k[i];
        p->tgt[idx] = tgt;
        int32_t off = (int32_t)tgt - (int32_t)(pc + 4u);
        switch (k[i]) {
        case K_NOP16: put16(p, pc, 0xBF00); break;
        case K_ALU16: put16(p, pc, (uint16_t)(0x2000u | (rnd(s) & 0xFFu))); break;
        case K_NOP32: put16(p, pc, 0xF3AF); put16(p, pc + 2u, 0x8000); break;
        case K_ALU32: put16(p, pc, 0xF100); put16(p, pc + 2u, 0x0001); break;
        case K_PUSHLR: put16(p, pc, 0xB500); break;
        case K_POPPC: put16(p, pc, 0xBD00); break;
        case K_BXLR: put16(p, pc, 0x4770); break;
        case K_BLX: put16(p, pc, 0x4788); break;
        case K_SVC: put16(p, pc, 0xDF00); break;
        case K_BCOND:
            put16(p, pc,
                  (uint16_t)(0xD000u | ((rnd(s) & 1u) << 8) | ((uint32_t)(off >> 1) & 0xFFu)));
            break;
        case K_CBZ: {
            uint32_t o = (uint32_t)off;
            put16(p, pc, (uint16_t)(0xB100u | (((o >> 6) & 1u) << 9) | (((o >> 1) & 0x1Fu) << 3)));
            break;
        }
        case K_B: put16(p, pc, (uint16_t)(0xE000u | ((uint32_t)(off >> 1) & 0x7FFu))); break;
        case K_BL: {
            uint32_t o = (uint32_t)off;
            uint32_t sgn = (o >> 31) & 1u, i1 = (o >> 23) & 1u, i2 = (o >> 22) & 1u;
            uint32_t j1 = (~i1 ^ sgn) & 1u, j2 = (~i2 ^ sgn) & 1u;
            put16(p, pc, (uint16_t)(0xF000u | (sgn << 10) | ((o >> 12) & 0x3FFu)));
            put16(p, pc + 2u, (uint16_t)(0xD000u | (j1 << 13) | (j2 << 11) | ((o >> 1) & 0x7FFu)));
            break;
        }
        default: break;
        }
    }
}

void prog_build(struct prog *p, unsigned seed, bool ns_handler, bool ns_main)
{
    prog_build_mix(p, seed, ns_handler, ns_main, NULL);
}

void prog_build_mix(struct prog *p, unsigned seed, bool ns_handler, bool ns_main,
                    const struct prog_mix *mix)
{
    int blx = mix ? mix->blx_pct : -1;
    uint32_t s = seed * 0x9E3779B9u + 0x12345u;

    memset(p, 0, sizeof *p);
    p->ns_handler = ns_handler;
    p->ns_main = ns_main;
    p->main_start = 0x1000u;
    for (unsigned f = 0; f < PROG_NFUN; f++) {
        p->fun[f] = 0x1800u + 0x2C6u * f;
    }
    p->fun[PROG_NFUN - 1u] = PROG_FAR_BASE + 0x0F6u; /* a non-leaf far away */
    p->irq_handler = 0x3000u;
    p->svc_handler = 0x3400u;
    gen_body(p, &s, p->main_start, 200u, R_MAIN, blx);
    for (unsigned f = 0; f < PROG_NFUN; f++) {
        gen_body(p, &s, p->fun[f], 8u + rnd(&s) % 62u, f < 3u ? R_LEAF : R_NONLEAF, blx);
    }
    gen_body(p, &s, p->irq_handler, 4u + rnd(&s) % 12u, R_HANDLER, blx);
    gen_body(p, &s, p->svc_handler, 3u + rnd(&s) % 8u, R_HANDLER, blx);
}

void prog_walk_init(struct prog_walk *w, const struct prog *p, unsigned seed)
{
    memset(w, 0, sizeof *w);
    w->p = p;
    w->pc = p->main_start;
    w->lr = 0xFFFFFFFFu;
    w->rng = seed * 0x85EBCA6Bu + 0x77u;
    w->irq_period = 40u;
}

static void enter(struct prog_walk *w, struct prog_event *e, unsigned num, uint32_t handler)
{
    memset(e, 0, sizeof *e);
    e->exc = true;
    e->exc_num = num;
    e->ret = w->pc;
    e->ns = w->p->ns_main; // taken from the other code (handlers are not nested)
    w->exc_ret = w->pc;
    w->saved_lr = w->lr;
    w->lr = 0xFFFFFFF9u; // EXC_RETURN
    w->pc = handler;
    w->in_handler = true;
}

void prog_walk_next(struct prog_walk *w, struct prog_event *e)
{
    static const unsigned k_sys[] = {2, 3, 4, 5, 6, 12, 14, 15};
    const struct prog *p = w->p;

    if (w->pend) {
        w->pend = false;
        enter(w, e, 11u, p->svc_handler);
        return;
    }
    if (!w->in_handler && w->irq_period != 0u && rnd(&w->rng) % w->irq_period == 0u) {
        unsigned r = rnd(&w->rng) % 56u;
        enter(w, e, r < 8u ? k_sys[r] : 8u + r, p->irq_handler);
        return;
    }
    unsigned idx = prog_idx(w->pc);
    unsigned k = p->kind[idx];
    uint32_t tgt = p->tgt[idx];

    memset(e, 0, sizeof *e);
    e->addr = w->pc;
    e->size32 = ksize(k) == 4u;
    e->ns = w->in_handler ? p->ns_handler : p->ns_main;
    uint32_t next = w->pc + ksize(k);
    switch (k) {
    case K_PUSHLR:
        w->stack[w->sp++ & 31u] = w->lr;
        break;
    case K_BCOND:
    case K_CBZ:
        e->br = true;
        e->taken = (rnd(&w->rng) & 1u) != 0u;
        if (e->taken) next = tgt;
        break;
    case K_B:
        e->br = e->taken = true;
        next = tgt;
        break;
    case K_BL:
        e->br = e->taken = e->link = true;
        w->lr = w->pc + 4u;
        next = tgt;
        break;
    case K_BLX:
        e->br = e->taken = e->link = e->ind = true;
        w->lr = w->pc + 2u;
        next = tgt;
        break;
    case K_BXLR:
        e->br = e->taken = e->ind = true;
        if (w->in_handler) {
            e->excret = true;
            next = w->exc_ret;
            w->lr = w->saved_lr;
            w->in_handler = false;
        } else {
            next = w->lr;
        }
        break;
    case K_POPPC:
        e->br = e->taken = e->ind = true;
        next = w->stack[--w->sp & 31u];
        break;
    case K_SVC:
        w->pend = true;
        break;
    default:
        break;
    }
    w->pc = next;
}

void prog_event_to_etm_in(const struct prog_event *e, struct etm_in *in)
{
    in->pe_valid = !e->exc;
    in->exc_valid = e->exc;
    in->pe_addr = e->addr;
    in->pe_size = e->size32;
    in->pe_br = e->br;
    in->pe_ind = e->ind;
    in->pe_taken = e->taken;
    in->pe_link = e->link;
    in->pe_excret = e->excret;
    in->pe_ns = e->ns;
    in->exc_num = (uint16_t)e->exc_num;
    in->exc_ret = e->ret;
}
