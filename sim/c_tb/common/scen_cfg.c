/* SPDX-License-Identifier: Apache-2.0 */
/* Scenario against configuration (scen_cfg.h). */
#include "scen_cfg.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

bool scen_cfg_fits(const struct scenario *s, const struct sys_cfg *cfg, const char *verdict,
                   const char *have, char *why, size_t n)
{
    const struct itm_cfg *ic = &cfg->itm;
    const struct fpb_cfg *fc = &cfg->fpb;
    const struct dwt_cfg *wc = &cfg->dwt;
    const struct tpiu_cfg *tc = &cfg->tpiu;
    const uint32_t val[SCFG_NKEYS] = {
        ic->num_stim_ports, ic->stim_fifo_depth, ic->hw_fifo_depth, ic->ts_width,
        ic->gts_width,      fc->num_code,        fc->num_lit,       fc->both_halves,
        fc->sec_ext,        fc->ude,             cfg->has_tpiu,     tc->port_width,
        tc->atb_fifo_depth, tc->frame_idle_cycles, cfg->has_dwt,    wc->num_comp,
        wc->fifo_depth,     wc->main_ext,        wc->trace,         wc->cyccnt,
        wc->prfcnt,         wc->exttrig,         wc->vmask,         wc->pcsr,
        cfg->has_etm,       cfg->etm.fifo_depth, cfg->etm.rs_depth, cfg->etm.cc_size,
        cfg->etm.num_pc,    cfg->funnel_hold,        cfg->etm.has_stall,
        cfg->etm.num_ac_pairs, cfg->etm.atom_f45,    cfg->etm.max_spec,
        cfg->etm.q_supp};
    char need[64];
    /* The DWT owns the ITM's hardware-source port (docs/dwt-contract.md [DWT-TOP-1]); the
     * observation lines need a DWT. */
    for (size_t i = 0; i < s->nev; i++) {
        const struct event *e = &s->ev[i];
        bool hw = e->kind == EV_HW ||
                  (e->kind == EV_PULSE && (e->sig == SIG_HW_OVF || e->sig == SIG_DWT_SYNC));
        bool obs = e->kind == EV_INSTR || e->kind == EV_ACCESS || e->kind == EV_EXC ||
                   e->kind == EV_EVT;
        if ((e->kind == EV_PE || e->kind == EV_PE_EXC || e->kind == EV_EXPECT_STALL ||
             e->kind == EV_PE_SPEC) &&
            !cfg->has_etm) {
            snprintf(why, n, "%s:%" PRIu32 ": %s: the scenario drives the ETM's PE trace "
                     "interface, %s etm=0", s->path, e->line, verdict, have);
            return false;
        }
        if ((hw && cfg->has_dwt) || (obs && !cfg->has_dwt)) {
            snprintf(why, n, "%s:%" PRIu32 ": %s: %s, %s dwt=%d", s->path, e->line, verdict,
                     hw ? "the scenario drives the ITM's hardware-source port, which the DWT owns"
                        : "the scenario drives the DWT's observation port",
                     have, cfg->has_dwt);
            return false;
        }
    }
    /* TPIU, DWT and ETM parameter keys only make sense with the block */
    for (unsigned k = SCFG_PWIDTH; k < SCFG_NKEYS; k++) {
        bool tpiu_key = k <= SCFG_FIDLE, dwt_key = k >= SCFG_COMPS && k <= SCFG_PCSR;
        bool etm_key = k >= SCFG_ETMFIFO;
        if (s->cfg.given[k] && ((tpiu_key && !cfg->has_tpiu) || (dwt_key && !cfg->has_dwt) ||
                                (etm_key && !cfg->has_etm))) {
            snprintf(why, n, "%s:%" PRIu32 ": %s: the scenario needs a%s %s (%s), %s %s=0",
                     s->path, s->cfg.line[k], verdict, etm_key ? "n" : "",
                     tpiu_key ? "TPIU" : dwt_key ? "DWT" : "ETM",
                     scen_cfg_format(&s->cfg, k, need, sizeof need), have,
                     tpiu_key ? "tpiu" : dwt_key ? "dwt" : "etm");
            return false;
        }
    }
    /* tpiu not given means tpiu=0: such a scenario expects the ATB of a free sink */
    if (!s->cfg.given[SCFG_TPIU] && cfg->has_tpiu) {
        snprintf(why, n,
                 "%s: %s: the scenario has no 'config tpiu=1' line (it needs tpiu=0), %s "
                 "tpiu=1",
                 s->path, verdict, have);
        return false;
    }
    for (unsigned k = 0; k < SCFG_NKEYS; k++) {
        if ((k >= SCFG_PWIDTH && k <= SCFG_FIDLE && !cfg->has_tpiu) ||
            (k >= SCFG_COMPS && k <= SCFG_PCSR && !cfg->has_dwt))
            continue;
        if (!scen_cfg_allows(&s->cfg, k, val[k])) {
            snprintf(why, n, "%s:%" PRIu32 ": %s: the scenario needs %s, %s %s=%" PRIu32,
                     s->path, s->cfg.line[k], verdict,
                     scen_cfg_format(&s->cfg, k, need, sizeof need), have, scen_cfg_key_name[k],
                     val[k]);
            return false;
        }
    }
    return true;
}
