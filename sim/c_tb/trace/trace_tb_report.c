/* SPDX-License-Identifier: Apache-2.0 */
/* Failure report, repro command and pass summary of trace_tb (trace_tb_report.h). */
#include "trace_tb_report.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "build_cfg.h"
#include "compare.h"
#include "driver.h"
#include "log.h"
#include "pktdec.h"
#include "stream.h"
#include "trace_tb.h"
#include "trace_tb_replay.h"
#include "trace_wave.h"

static void print_inputs(const struct sys_in *s)
{
    const struct itm_in *i = &s->itm;
    log_msg(LOG_ERROR,
            "  inputs: rst_n=%d psel=%d penable=%d pwrite=%d paddr=0x%03x pwdata=0x%08x "
            "pstrb=0x%x pprot=%u\n"
            "          atready=%d afvalid=%d hw_valid=%d hw_data=0x%010" PRIx64 " hw_ovf=%d "
            "dwt_sync=%d tpiu_sync=%d\n"
            "          ts_tick=%d async_idle=%d gts=0x%016" PRIx64 " gts_clkch=%d trcena=%d "
            "niden=%d spniden=%d pe_secure=%d halted=%d\n"
            "          if_valid=%d if_addr=0x%08x if_kind=%u if_size32=%d if_secure=%d "
            "if_priv=%d\n"
            "          hda=%d uhda=%d uhda_s=%d c_debugen=%d s_halt=%d s_sde=%d mon_en=%d "
            "sdme=%d umon_en=%d mon_prio=%d\n",
            i->rst_n, i->psel, i->penable, i->pwrite, i->paddr, i->pwdata, i->pstrb, i->pprot,
            i->atready, i->afvalid, i->hw_valid, i->hw_data, i->hw_ovf, i->dwt_sync_req,
            i->tpiu_sync_req, i->ts_async_tick, i->async_idle, i->gts, i->gts_clkch, i->trcena,
            i->niden, i->spniden, i->pe_secure, i->halted, s->if_valid, s->if_addr, s->if_kind,
            s->if_size32, s->if_secure, s->if_priv, s->hda, s->uhda, s->uhda_s, s->c_debugen,
            s->s_halt, s->s_sde, s->mon_en, s->sdme, s->umon_en, s->mon_prio);
    if (!build_sys_cfg.has_dwt)
        return;
    log_msg(LOG_ERROR,
            "          ia_valid=%d ia_addr=0x%08x ia_secure=%d ia_priv=%d pe_priv=%d niden_p=%d "
            "spniden_p=%d monrdy=%d\n"
            "          da_valid=%d da_addr=0x%08x da_size=%u da_write=%d da_data=0x%08x "
            "da_pc=0x%08x da_secure=%d da_priv=%d da_fault=%d da_lazyfp=%d\n"
            "          exc_valid=%d exc_fn=%u exc_num=%u exc_secure=%d sleeping=%d evt "
            "cpi=%d exc=%d sleep=%d lsu=%d fold=%d\n",
            s->ia_valid, s->ia_addr, s->ia_secure, s->ia_priv, s->pe_priv, s->niden_p,
            s->spniden_p, s->monrdy, s->da_valid, s->da_addr, s->da_size, s->da_write, s->da_data,
            s->da_pc, s->da_secure, s->da_priv, s->da_fault, s->da_lazyfp, s->exc_valid,
            s->exc_fn, s->exc_num, s->exc_secure, s->sleeping, s->evt_cpi, s->evt_exc,
            s->evt_sleep, s->evt_lsu, s->evt_fold);
}

static void print_events(const struct tb *tb, const struct driver *d)
{
    uint64_t n = d->hist_n < DRIVER_HIST ? d->hist_n : DRIVER_HIST;
    log_msg(LOG_ERROR, "  last %" PRIu64 " events (of %" PRIu64 "):\n", n, d->nevents);
    for (uint64_t i = d->hist_n - n; i < d->hist_n; i++) {
        const struct driver_hist *h = &d->hist[i % DRIVER_HIST];
        char where[160], txt[256];
        log_msg(LOG_ERROR, "    cycle %8" PRId64 "  %-24s %s\n", h->cycle,
                driver_where(d, &h->ev, h->index, where, sizeof where),
                event_format(&h->ev, tb->o->scenario ? &tb->scen : NULL, txt, sizeof txt));
    }
}

/* Shell-quotes s into the buffer at *pos. */
void append_arg(char *buf, size_t n, size_t *pos, const char *s)
{
    bool plain = *s != '\0';
    for (const char *c = s; *c; c++)
        plain &= strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=./,:@%",
                        *c) != NULL;
    if (*pos + 4 >= n)
        return;
    *pos += (size_t)snprintf(buf + *pos, n - *pos, "%s", *pos ? " " : "");
    if (plain) {
        *pos += (size_t)snprintf(buf + *pos, n - *pos, "%s", s);
        return;
    }
    buf[(*pos)++] = '\'';
    for (const char *c = s; *c && *pos + 6 < n; c++) {
        if (*c == '\'')
            *pos += (size_t)snprintf(buf + *pos, n - *pos, "'\\''");
        else
            buf[(*pos)++] = *c;
    }
    buf[(*pos)++] = '\'';
    buf[*pos] = '\0';
}

/* The same command line without the wave and shrink options, plus --seed if it was
 * implicit and --wave FILE. */
static void repro_command(const struct tb *tb, const char *wave, char *buf, size_t n)
{
    size_t pos = 0;
    buf[0] = '\0';
    append_arg(buf, n, &pos, tb->argv[0]);
    for (int i = 1; i < tb->argc; i++) {
        const char *a = tb->argv[i];
        bool with_val = strcmp(a, "--wave") == 0 || strcmp(a, "--wave-window") == 0 ||
                        strcmp(a, "--wave-dir") == 0 || strcmp(a, "--shrink-runs") == 0;
        if (with_val) {
            i++;
            continue;
        }
        if (strncmp(a, "--wave=", 7) == 0 || strncmp(a, "--wave-window=", 14) == 0 ||
            strncmp(a, "--wave-dir=", 11) == 0 || strncmp(a, "--shrink-runs=", 14) == 0 ||
            strcmp(a, "--shrink") == 0)
            continue;
        append_arg(buf, n, &pos, a);
    }
    if (!tb->o->scenario && !tb->o->seed_given) {
        char s[32];
        snprintf(s, sizeof s, "%" PRIu64, tb->o->seed);
        append_arg(buf, n, &pos, "--seed");
        append_arg(buf, n, &pos, s);
    }
    if (tb->o->mode == MODE_GOLDEN)
        return; /* nothing to trace */
    append_arg(buf, n, &pos, "--wave");
    append_arg(buf, n, &pos, wave);
}

/* The RTL the binary was built from (make tb RTL=DIR builds others). */
static void print_rtl(enum log_level lvl)
{
    log_msg(lvl, "  rtl     %s (sha256 %s)\n", dut_trace_rtl_path(), dut_trace_rtl_hash());
}

/* A stream's packet in progress at the failure, decoded as far as its bytes go: the
 * header's meaning, the bytes so far and (fixed-length packets) how many are to come. */
static void print_partial(const struct stream *s)
{
    if (!pktdec_busy(&s->dec))
        return;
    const struct pkt *p = &s->dec.cur;
    char hdr[TRACE_WAVE_HDR_LEN], hex[40], total[32] = "";
    trace_wave_hdr_name(p->b[0], hdr, sizeof hdr);
    if (s->dec.need)
        snprintf(total, sizeof total, " of %u", p->nbytes + s->dec.need);
    log_msg(LOG_ERROR, "  %s packet in progress since cycle %" PRId64 ": %s, %" PRIu32 "%s bytes "
                       "[%s]\n", s->name, s->pkt_start, hdr, p->nbytes, total,
            pktdec_format_bytes(p, hex, sizeof hex));
}

static void print_run_id(const struct tb *tb)
{
    char c[CFG_STR_LEN];
    cfg_string(&build_sys_cfg, c, sizeof c);
    if (tb->o->scenario)
        log_msg(LOG_ERROR, "  config %s, mode %s, scenario %s\n", c, mode_names[tb->o->mode],
                tb->o->scenario);
    else
        log_msg(LOG_ERROR, "  config %s, mode %s, seed %" PRIu64 ", cycles %" PRIu64 "\n", c,
                mode_names[tb->o->mode], tb->o->seed, tb->o->cycles);
    print_rtl(LOG_ERROR);
}

void report_failure(struct tb *tb, const struct run_result *r)
{
    static const char *const kind[] = {"", "MISMATCH", "CHECK FAILED", "RTL STOPPED", "TIMEOUT"};
    log_msg(LOG_ERROR, "trace_tb: %s at cycle %" PRId64 "\n", kind[r->fail], r->fail_cycle);
    print_run_id(tb);
    if (r->fail == F_MISMATCH) {
        cmp_print(r->diff, &r->og, &r->orr);
        log_msg(LOG_ERROR, "  all outputs in cycle %" PRId64 ":\n", r->fail_cycle);
        cmp_print_outputs("golden", &r->og);
        cmp_print_outputs("rtl", &r->orr);
        print_inputs(&r->in);
    } else
        log_msg(LOG_ERROR, "  %s\n", r->msg);
    if (tb->use_g)
        stream_print_history(&r->sg, STREAM_HIST, LOG_ERROR);
    if (tb->use_r)
        stream_print_history(&r->sr, STREAM_HIST, LOG_ERROR);
    if (build_sys_cfg.has_tpiu && tb->use_g)
        stream_print_history(&r->tg, STREAM_HIST, LOG_ERROR);
    if (build_sys_cfg.has_tpiu && tb->use_r)
        stream_print_history(&r->tr, STREAM_HIST, LOG_ERROR);
    if (build_sys_cfg.has_etm && tb->use_g)
        stream_print_history(&r->eg, STREAM_HIST, LOG_ERROR);
    if (build_sys_cfg.has_etm && tb->use_r)
        stream_print_history(&r->er, STREAM_HIST, LOG_ERROR);
    if (tb->use_g)
        print_partial(&r->sg);
    if (tb->use_r)
        print_partial(&r->sr);
    print_events(tb, &r->drv);
    char dir[1024], path[1100], cmd[4096];
    wave_dir(tb, dir, sizeof dir);
    snprintf(path, sizeof path, "%s/repro.fst", dir);
    repro_command(tb, path, cmd, sizeof cmd);
    log_msg(LOG_ERROR, "  reproduce: %s\n", cmd);
}

void print_summary(const struct tb *tb, const struct run_result *r)
{
    const struct stream *s = tb->use_g ? &tb->sg : &tb->sr;
    const struct pktdec_stats *st = &s->dec.stats;
    char c[CFG_STR_LEN];
    cfg_string(&build_sys_cfg, c, sizeof c);
    if (tb->o->mode == MODE_LOCKSTEP)
        log_msg(LOG_INFO, "trace_tb: PASS: the RTL and the golden model agreed on every output in "
                          "every cycle%s\n", tb->o->scenario ? ", every expectation held" : "");
    else
        log_msg(LOG_INFO, "trace_tb: PASS: %s model only (nothing compared)%s\n",
                tb->o->mode == MODE_RTL ? "the RTL" : "the golden",
                tb->o->scenario ? ", every expectation held" : "");
    log_msg(LOG_INFO, "  config  %s, mode %s\n", c, mode_names[tb->o->mode]);
    print_rtl(LOG_INFO);
    if (tb->o->scenario)
        log_msg(LOG_INFO, "  scenario %s (%zu events)\n", tb->o->scenario, tb->scen.nev);
    else
        log_msg(LOG_INFO, "  seed    %" PRIu64 " (%" PRIu64 " events)\n", tb->o->seed,
                tb->drv.nevents);
    log_msg(LOG_INFO, "  cycles  %" PRId64 " (+%u reset) in %.2f s, %.0f cycles/s\n",
            r->last_cycle + 1, tb->o->reset_cycles, r->seconds,
            r->seconds > 0 ? (double)r->cycles / r->seconds : 0.0);
    uint64_t total = 0;
    for (unsigned t = PKT_NONE + 1; t < PKT_NTYPES; t++)
        total += st->count[t];
    log_msg(LOG_INFO, "  ATB     %" PRIu64 " bytes, %" PRIu64 " packets:", st->bytes, total);
    for (unsigned t = PKT_NONE + 1; t < PKT_NTYPES; t++)
        log_msg(LOG_INFO, " %s %" PRIu64, pktdec_type_name((enum pkt_type)t), st->count[t]);
    log_msg(LOG_INFO, " (cut by reset %" PRIu64 ")\n", st->truncated);
    if (build_sys_cfg.has_tpiu) /* bytes the formatter sent to the pins (txb_o) */
        log_msg(LOG_INFO, "  TPIU    %" PRIu64 " bytes started on the pins\n",
                (tb->use_g ? &tb->tg : &tb->tr)->dec.stats.bytes);
    if (build_sys_cfg.has_etm) /* bytes the ETM sent into the funnel */
        log_msg(LOG_INFO, "  ETM     %" PRIu64 " bytes on its ATB\n",
                (tb->use_g ? &tb->eg : &tb->er)->dec.stats.bytes);
}
