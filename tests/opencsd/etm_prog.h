// SPDX-License-Identifier: Apache-2.0
// etm_prog: a seeded synthetic T32 program (code image from a fixed set of encodings) and
// a walker that retires it one event at a time, for tests/opencsd/etm_decode.c and (with the
// mix knobs of prog_build_mix and prog_walk.irq_period) tests/opencsd/etm_bw.c.
#ifndef TRACEREF_TESTS_OPENCSD_ETM_PROG_H
#define TRACEREF_TESTS_OPENCSD_ETM_PROG_H

#include <stdbool.h>
#include <stdint.h>

#define PROG_BASE 0x1000u
#define PROG_SIZE 0x3000u /* 0x1000..0x3FFF */
#define PROG_FAR_BASE 0x00012000u /* a second region, so addresses differ above bit 15 */
#define PROG_FAR_SIZE 0x1000u
#define PROG_NFUN 6u

/* One event of the ETM's PE trace interface (docs/etm-contract.md section 4). */
struct prog_event {
    bool exc;
    uint32_t addr;
    bool size32, br, ind, taken, link, excret, ns;
    unsigned exc_num;
    uint32_t ret;
};

struct prog {
    uint8_t mem[PROG_SIZE];
    uint8_t far[PROG_FAR_SIZE];
    /* per halfword of both regions (prog_idx): the instruction starting there and its
     * branch target (direct, or the BLX r1 callee) */
    uint8_t kind[(PROG_SIZE + PROG_FAR_SIZE) / 2u];
    uint32_t tgt[(PROG_SIZE + PROG_FAR_SIZE) / 2u];
    uint32_t main_start, irq_handler, svc_handler;
    uint32_t fun[PROG_NFUN];
    bool ns_handler, ns_main; /* security state of the handlers / of the other code */
};

struct prog_walk {
    const struct prog *p;
    uint32_t pc, lr, exc_ret, saved_lr;
    uint32_t stack[32];
    unsigned sp;
    bool in_handler;
    bool pend;         /* an SVCall is due before the next instruction */
    uint32_t rng;
    unsigned irq_period; /* an interrupt before an instruction with probability 1/irq_period
                          * (outside handlers); 0: none. prog_walk_init sets 40 */
};

/* Instruction mix knobs of prog_build_mix (tests/opencsd/etm_bw.c): blx_pct < 0 keeps the
 * generator's own mix (about 6 BLX to 10 BL among the calls of main; the random draws are
 * then exactly prog_build's); 0..100: each call slot is a BLX r1 (an indirect call) with
 * that probability, else a BL. */
struct prog_mix {
    int blx_pct;
};

/* The static instruction at an address (for a speculative PE's wrong path,
 * tests/opencsd/etm_decode.c --spec): false if no instruction starts there. */
struct prog_insn {
    bool size32, br, cond, ind, link, svc;
    uint32_t tgt; /* direct branches and BL */
};
bool prog_insn_at(const struct prog *p, uint32_t addr, struct prog_insn *i);

unsigned prog_idx(uint32_t addr);
void prog_build(struct prog *p, unsigned seed, bool ns_handler, bool ns_main);
void prog_build_mix(struct prog *p, unsigned seed, bool ns_handler, bool ns_main,
                    const struct prog_mix *mix);
void prog_walk_init(struct prog_walk *w, const struct prog *p, unsigned seed);
void prog_walk_next(struct prog_walk *w, struct prog_event *e);

/* Presents event e on the golden ETM's PE trace interface (struct etm_in of etm_model.h):
 * pe_valid or exc_valid and the event's fields; the other inputs are left as they are. */
struct etm_in;
void prog_event_to_etm_in(const struct prog_event *e, struct etm_in *in);

#endif
