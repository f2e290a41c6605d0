/* SPDX-License-Identifier: Apache-2.0 */
/* Stimulus events and the parser of line-oriented scenario files (sim/c_tb/SCENARIO.md). */
#ifndef TRACEREF_SIM_C_TB_COMMON_SCENARIO_H
#define TRACEREF_SIM_C_TB_COMMON_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One stimulus event. Events run one after the other; see driver.h for their timing. */
enum ev_kind {
    EV_RESET,        /* count = cycles with rst_n low */
    EV_WRITE,        /* APB write: addr, data, strb, prot */
    EV_READ,         /* APB read: addr, prot, has_expect, data = expected value, mask */
    EV_IDLE,         /* count = cycles */
    EV_SET,          /* sig (a level), val */
    EV_PULSE,        /* sig (a pulse), count = cycles high, bg = runs in the background */
    EV_HW,           /* val = hw_data {payload, header}; count = max cycles offered (0: no limit) */
    EV_FLUSH,        /* afvalid until afready */
    EV_WAIT_IDLE,    /* count = max cycles, val = WAIT_TPIU: also until the TPIU is empty */
    EV_EXPECT_ATB,   /* seg = index of the expected-bytes segment (no cycles) */
    EV_EXPECT_CYCLE, /* cycle */
    EV_FETCH,        /* FPB access: addr, val = FETCH_* flags; has_expect, data = enum fetch_expect */
    EV_INSTR,        /* DWT: count instructions from addr, step in mask, val = OP_* flags */
    EV_ACCESS,       /* DWT: data access at addr, data, mask = pc, val = OP_* flags | da_size,
                        cycle = instruction address if OP_INSTR */
    EV_EXC,          /* DWT: exception event, val = fn | OP_SECURE, data = number */
    EV_EVT,          /* DWT: event-counter strobes val (bit k: cpi exc sleep lsu fold) for count
                        cycles; bg = alongside the following events, as a pulse's */
    EV_PE,           /* ETM PE interface: count instructions from addr (the next at addr + size),
                        val = PE_* flags */
    EV_PE_EXC,       /* ETM PE interface: exception, data = number, addr = return address,
                        val = PE_NS | PE_HONOUR */
    EV_EXPECT_STALL, /* one cycle: the ETM's pe_stall_o = val on both models ([ETM-STALL-4]) */
    EV_PE_SPEC,      /* ETM PE interface: speculation inputs alone for one cycle (mask) */
    EV_END,
    EV_NKINDS
};

/* Level inputs (set) and pulse inputs (pulse). */
enum ev_sig {
    SIG_ATREADY,
    SIG_TRCENA,
    SIG_NIDEN,
    SIG_SPNIDEN,
    SIG_PE_SECURE,
    SIG_HALTED,
    SIG_ASYNC_IDLE,
    SIG_GTS,
    SIG_GTS_STEP,
    SIG_HDA, /* FPB debug state (docs/fpb-contract.md section 3) */
    SIG_UHDA,
    SIG_UHDA_S,
    SIG_C_DEBUGEN,
    SIG_S_HALT,
    SIG_S_SDE,
    SIG_MON_EN,
    SIG_SDME,
    SIG_UMON_EN,
    SIG_MON_PRIO,
    SIG_PE_PRIV, /* DWT (docs/dwt-contract.md section 3) */
    SIG_SLEEPING,
    SIG_NIDEN_P,
    SIG_SPNIDEN_P,
    SIG_MONRDY,
    SIG_NLEVELS,
    SIG_DWT_SYNC = SIG_NLEVELS,
    SIG_TPIU_SYNC,
    SIG_HW_OVF,
    SIG_TS_TICK,
    SIG_GTS_CLKCH,
    SIG_NSIGS
};
#define SIG_NPULSES (SIG_NSIGS - SIG_NLEVELS)

/* EV_FETCH: val bits. */
#define FETCH_KIND_MASK 0x3u /* enum fpb_kind */
#define FETCH_SIZE32 0x4u
#define FETCH_SECURE 0x8u
#define FETCH_PRIV 0x10u
/* EV_INSTR / EV_ACCESS / EV_EXC: val flag bits (the access size is val[1:0] = da_size). */
#define OP_SECURE 0x10u
#define OP_PRIV 0x20u
#define OP_WRITE 0x40u
#define OP_FAULT 0x80u
#define OP_LAZYFP 0x100u
#define OP_INSTR 0x200u /* access: an instruction in the same cycle */
/* EV_PE / EV_PE_EXC: val flag bits (trace_top's etm_pe_* inputs, docs/etm-contract.md §4). */
#define PE_SIZE32 0x1u
#define PE_BR 0x2u
#define PE_IND 0x4u
#define PE_TAKEN 0x8u
#define PE_LINK 0x10u
#define PE_EXCRET 0x20u
#define PE_NS 0x40u
/* the PE honours the ETM's stall request: the event waits while pe_stall_o = 1
 * (docs/etm-contract.md [ETM-STALL-5]; needs the golden model, whose state gives it) */
#define PE_HONOUR 0x80u
/* EV_PE / EV_PE_EXC / EV_PE_SPEC: mask = the speculation inputs of the event's (first) cycle
 * (trace_top's etm_spec_* inputs, docs/etm-contract.md 18.2). */
#define PE_SPEC_COMMIT(m) ((unsigned)(m) & 0x1Fu)
#define PE_SPEC_FLUSH 0x20u
#define PE_SPEC_CANCEL(m) (((unsigned)(m) >> 6) & 0x1Fu)
#define PE_SPEC_MISPRED 0x800u
#define PE_SPEC_MASK(commit, flush, cancel, mispred)                                        \
    (((uint32_t)(commit) & 0x1Fu) | ((flush) ? PE_SPEC_FLUSH : 0u) |                         \
     (((uint32_t)(cancel) & 0x1Fu) << 6) | ((mispred) ? PE_SPEC_MISPRED : 0u))
/* EV_WAIT_IDLE: val bit (tpiu=1). */
#define WAIT_TPIU 0x1u
/* EV_FETCH: expected outputs in the cycle after the access. */
enum fetch_expect { FX_NONE, FX_MATCH, FX_HALT, FX_MON };

struct event {
    uint8_t kind;    /* enum ev_kind */
    uint8_t sig;     /* enum ev_sig */
    uint8_t strb;    /* write: pstrb */
    uint8_t prot;    /* write/read: pprot */
    bool has_expect; /* read */
    bool bg;         /* pulse, evt: runs in the background */
    bool raw_strb;   /* write: strb= given (print it instead of size=) */
    uint32_t line;   /* scenario line, 0 for generated events */
    uint32_t addr;
    uint32_t data; /* write data; read expected value */
    uint32_t mask; /* read mask */
    uint32_t seg;  /* expect_atb: segment index */
    uint64_t val;  /* set: value; hw: hw_data */
    uint64_t count;
    int64_t cycle; /* expect_cycle, expect_atb_at */
};

/* What an expectation line checks: a byte stream, or one output pin sampled every STEP
 * cycles (expect_pin). */
enum seg_stream {
    SEG_ATB,       /* expect_atb, expect_atb_at: the ITM's ATB bytes */
    SEG_TXB,       /* expect_txb, expect_txb_at: the TPIU's formatter output (txb_o) */
    SEG_ETM,       /* expect_etm, expect_etm_at: the ETM's ATB bytes (etm_atdata_o) */
    SEG_PIN_SWO,   /* expect_pin swo|traceclk|tracedata|txb_valid|atready */
    SEG_PIN_TRACECLK,
    SEG_PIN_TRACEDATA,
    SEG_PIN_TXB_VALID,
    SEG_PIN_ATREADY,
    SEG_PIN_CMPMATCH, /* DWT outputs (docs/dwt-contract.md section 3) */
    SEG_PIN_WPT_HALT,
    SEG_PIN_WPT_MON,
    SEG_PIN_DWT_HW_VALID,
    SEG_PIN_DWT_HW_DATA,
    SEG_PIN_DWT_HW_OVF,
    SEG_PIN_DWT_SYNC_REQ,
    SEG_NSTREAMS
};
#define SEG_FIRST_PIN SEG_PIN_SWO
/* Bytes one expected value of a pin stream occupies in scenario.bytes (little-endian). */
unsigned seg_pin_bytes(unsigned stream);
/* The k-th expected value of pin segment g. */
struct scenario;
struct expect_seg;
uint64_t seg_pin_value(const struct scenario *s, const struct expect_seg *g, uint32_t k);

/* Expected bytes of one expect_atb / expect_atb_at / expect_txb / expect_txb_at line, or
 * the expected pin values of one expect_pin line. The byte segments of one stream in a
 * file are consecutive pieces of that expected stream. */
struct expect_seg {
    uint32_t line;
    uint32_t off, len; /* into scenario.bytes; len = values (pins: seg_pin_bytes each) */
    bool has_cycle;
    uint8_t stream; /* enum seg_stream */
    uint32_t step;  /* pins: cycles between two samples */
    int64_t cycle;  /* _at forms: cycle of the first byte's transfer; pins: first sample */
};
extern const char *const seg_stream_name[SEG_NSTREAMS];

/* Configuration required by "config" lines; a key not given is not checked. Each key takes
 * one value (key=V) or a range of them (key=LO..HI, key>=V, key<=V); several constraints on
 * one key narrow it (sim/c_tb/SCENARIO.md). */
enum scen_cfg_key {
    SCFG_PORTS,
    SCFG_FIFO,
    SCFG_HWFIFO,
    SCFG_TS,
    SCFG_GTS,
    SCFG_CODE, /* FPB: NumCode, NumLit, BothHalves, SecExt, Ude */
    SCFG_LIT,
    SCFG_BOTH,
    SCFG_SEC,
    SCFG_UDE,
    SCFG_TPIU,   /* trace_top HasTpiu; not given counts as tpiu=0 (docs/tpiu-contract.md §9) */
    SCFG_PWIDTH, /* TPIU: PortWidth, AtbFifoDepth, FrameIdleCycles (only with tpiu=1) */
    SCFG_TFIFO,
    SCFG_FIDLE,
    SCFG_DWT, /* trace_top HasDwt (docs/dwt-contract.md §17) and the DWT's parameters */
    SCFG_COMPS,
    SCFG_DFIFO,
    SCFG_MAIN,
    SCFG_TRACE,
    SCFG_CYCCNT,
    SCFG_PRFCNT,
    SCFG_EXTTRIG,
    SCFG_VMASK,
    SCFG_PCSR,
    SCFG_ETM, /* trace_top HasEtm (docs/etm-contract.md §13); not given: any */
    SCFG_ETMFIFO, /* ETM: EtmFifoDepth, RsDepth, CcSize, NumPc, FunnelHold (only with etm=1) */
    SCFG_RSDEPTH,
    SCFG_CCSIZE,
    SCFG_NUMPC,
    SCFG_FHOLD,
    SCFG_STALL, /* ETM: HasStall (only with etm=1; docs/etm-contract.md §21) */
    SCFG_ACPAIRS, /* ETM: NumAcPairs (docs/etm-contract.md section 22) */
    SCFG_ATOMF45, /* ETM: AtomF45 (docs/etm-contract.md section 19; only with etm=1) */
    SCFG_MAXSPEC, /* ETM: MaxSpec (docs/etm-contract.md 18) */
    SCFG_QSUPP,   /* ETM: QSupp (docs/etm-contract.md 20) */
    SCFG_NKEYS
};
#define SCFG_ANY UINT32_MAX /* hi of key>=V: no upper bound */
struct scen_config {
    bool given[SCFG_NKEYS];
    uint32_t lo[SCFG_NKEYS], hi[SCFG_NKEYS]; /* the values the scenario is written for */
    uint32_t line[SCFG_NKEYS];               /* the config line that last narrowed them */
};
extern const char *const scen_cfg_key_name[SCFG_NKEYS];
/* True if key k is not given or v lies in its range. */
bool scen_cfg_allows(const struct scen_config *c, unsigned k, uint32_t v);
/* Key k's constraint in config syntax ("ts=12", "ts>=2", "ts<=16", "ts=2..16"). Returns buf. */
char *scen_cfg_format(const struct scen_config *c, unsigned k, char *buf, size_t n);

/* A parsed scenario. The caller provides the arrays and their capacities. */
struct scenario {
    const char *path;
    struct event *ev;
    size_t nev, cap_ev;
    struct expect_seg *seg;
    size_t nseg, cap_seg;
    uint8_t *bytes;
    size_t nbytes, cap_bytes;
    struct scen_config cfg;
};

/* Parses path into s (arrays and caps set by the caller). Errors are printed as
 * "path:line: error: ..."; returns the number of errors (0 = success). */
unsigned scenario_parse_file(struct scenario *s, const char *path);
/* Same, from a string (name is used in messages). */
unsigned scenario_parse_string(struct scenario *s, const char *name, const char *text);

/* Formats ev in scenario syntax (one line, no newline). expect_atb needs s for its bytes
 * (may be NULL: bytes are then omitted). Returns buf. */
char *event_format(const struct event *ev, const struct scenario *s, char *buf, size_t n);

const char *ev_sig_name(unsigned sig);

#endif
