/* SPDX-License-Identifier: Apache-2.0 */
/* Port words of the block vectors (vecport.h). Each block's list below is the port list of
 * its RTL top (rtl/dwt/dwt_top.sv, rtl/tpiu/tpiu_top.sv, rtl/fpb/fpb_top.sv,
 * rtl/top/trace_top.sv, rtl/etm/etm_top.sv) without clk_i, in declaration order; one X-macro per list gives both
 * the layout table and the values, so the two cannot drift apart. */
#include "vecport.h"

#include "vecfmt.h"

#include <inttypes.h>
#include <string.h>

const char *const vec_block_name[VEC_NBLOCKS] = {"itm", "dwt", "tpiu", "fpb", "sys", "etm"};
const char *const vec_block_top[VEC_NBLOCKS] = {"itm_top", "dwt_top", "tpiu_top", "fpb_top",
                                                "trace_top", "etm_top"};

bool vec_block_parse(const char *s, enum vec_block *b)
{
    for (unsigned k = 0; k < VEC_NBLOCKS; k++)
        if (strcmp(s, vec_block_name[k]) == 0) {
            *b = (enum vec_block)k;
            return true;
        }
    return false;
}

unsigned vec_format_version(enum vec_block b)
{
    return b == VEC_ETM ? VEC_FORMAT_VERSION_ETM : VEC_FORMAT_VERSION;
}

/* X(port, width, value): value reads the port from `s`, a pointer to the block's struct. */

/* The APB slave of a block top (12-bit offset) or of trace_top (20-bit PPB offset). */
#define APB_IN(X, aw, p)                                                                   \
    X(rst_ni, 1, p rst_n) X(psel_i, 1, p psel) X(penable_i, 1, p penable)                  \
    X(pwrite_i, 1, p pwrite) X(paddr_i, aw, p paddr) X(pwdata_i, 32, p pwdata)             \
    X(pstrb_i, 4, p pstrb) X(pprot_i, 3, p pprot)

/* The FPB's debug-state inputs, shared with the DWT. */
#define DBG_IN(X, p)                                                                       \
    X(hda_i, 1, p hda) X(uhda_i, 1, p uhda) X(uhda_s_i, 1, p uhda_s)                       \
    X(c_debugen_i, 1, p c_debugen) X(s_halt_i, 1, p s_halt) X(s_sde_i, 1, p s_sde)         \
    X(mon_en_i, 1, p mon_en) X(sdme_i, 1, p sdme) X(umon_en_i, 1, p umon_en)               \
    X(mon_prio_i, 1, p mon_prio)

/* The DWT's observation port (docs/dwt-contract.md §3). */
#define OBS_IN(X, p)                                                                       \
    X(ia_valid_i, 1, p ia_valid) X(ia_addr_i, 32, p ia_addr) X(ia_secure_i, 1, p ia_secure) \
    X(ia_priv_i, 1, p ia_priv) X(da_valid_i, 1, p da_valid) X(da_addr_i, 32, p da_addr)    \
    X(da_size_i, 2, p da_size) X(da_write_i, 1, p da_write) X(da_data_i, 32, p da_data)    \
    X(da_pc_i, 32, p da_pc) X(da_secure_i, 1, p da_secure) X(da_priv_i, 1, p da_priv)      \
    X(da_fault_i, 1, p da_fault) X(da_lazyfp_i, 1, p da_lazyfp)                            \
    X(exc_valid_i, 1, p exc_valid) X(exc_fn_i, 2, p exc_fn) X(exc_num_i, 9, p exc_num)     \
    X(exc_secure_i, 1, p exc_secure) X(sleeping_i, 1, p sleeping) X(evt_cpi_i, 1, p evt_cpi) \
    X(evt_exc_i, 1, p evt_exc) X(evt_sleep_i, 1, p evt_sleep) X(evt_lsu_i, 1, p evt_lsu)   \
    X(evt_fold_i, 1, p evt_fold)

/* dwt_top (struct dwt_in / dwt_out) */
#define DWT_IN(X)                                                                          \
    APB_IN(X, 12, s->) OBS_IN(X, s->)                                                      \
    X(pe_secure_i, 1, s->pe_secure) X(pe_priv_i, 1, s->pe_priv) X(halted_i, 1, s->halted)  \
    X(trcena_i, 1, s->trcena) X(niden_i, 1, s->niden) X(niden_p_i, 1, s->niden_p)          \
    X(spniden_i, 1, s->spniden) X(spniden_p_i, 1, s->spniden_p) DBG_IN(X, s->)             \
    X(monrdy_i, 1, s->monrdy) X(hw_ready_i, 1, s->hw_ready)
#define DWT_OUT(X)                                                                         \
    X(prdata_o, 32, s->prdata) X(pready_o, 1, s->pready) X(pslverr_o, 1, s->pslverr)       \
    X(cmpmatch_o, 16, s->cmpmatch) X(wpt_halt_o, 1, s->wpt_halt) X(wpt_mon_o, 1, s->wpt_mon) \
    X(hw_valid_o, 1, s->hw_valid) X(hw_data_o, 40, s->hw_data) X(hw_ovf_o, 1, s->hw_ovf)   \
    X(sync_req_o, 1, s->sync_req)

/* tpiu_top (struct tpiu_in / tpiu_out); tracedata_o is PortWidth bits wide, shown in 8 */
#define TPIU_IN(X)                                                                         \
    APB_IN(X, 12, s->) X(atvalid_i, 1, s->atvalid) X(atdata_i, 8, s->atdata)               \
    X(atid_i, 7, s->atid) X(afready_i, 1, s->afready)
#define TPIU_OUT(X)                                                                        \
    X(prdata_o, 32, s->prdata) X(pready_o, 1, s->pready) X(pslverr_o, 1, s->pslverr)       \
    X(atready_o, 1, s->atready) X(afvalid_o, 1, s->afvalid) X(traceclk_o, 1, s->traceclk)  \
    X(tracedata_o, 8, s->tracedata) X(swo_o, 1, s->swo) X(txb_valid_o, 1, s->txb_valid)    \
    X(txb_o, 8, s->txb) X(ts_tick_o, 1, s->ts_tick) X(async_idle_o, 1, s->async_idle)      \
    X(sync_req_o, 1, s->sync_req)

/* fpb_top (struct fpb_in / fpb_out) */
#define FPB_IN(X)                                                                          \
    APB_IN(X, 12, s->) X(if_valid_i, 1, s->if_valid) X(if_addr_i, 32, s->if_addr)          \
    X(if_kind_i, 2, s->if_kind) X(if_size32_i, 1, s->if_size32)                            \
    X(if_secure_i, 1, s->if_secure) X(if_priv_i, 1, s->if_priv) DBG_IN(X, s->)
#define FPB_OUT(X)                                                                         \
    X(prdata_o, 32, s->prdata) X(pready_o, 1, s->pready) X(pslverr_o, 1, s->pslverr)       \
    X(match_o, 1, s->match) X(bkpt_halt_o, 1, s->bkpt_halt) X(bkpt_mon_o, 1, s->bkpt_mon)

/* trace_top (struct sys_in / sys_out) */
#define SYS_IN(X)                                                                          \
    APB_IN(X, 20, s->itm.) X(atready_i, 1, s->itm.atready) X(afvalid_i, 1, s->itm.afvalid) \
    X(hw_valid_i, 1, s->itm.hw_valid) X(hw_data_i, 40, s->itm.hw_data)                     \
    X(hw_ovf_i, 1, s->itm.hw_ovf) X(dwt_sync_req_i, 1, s->itm.dwt_sync_req)                \
    X(tpiu_sync_req_i, 1, s->itm.tpiu_sync_req) X(ts_async_tick_i, 1, s->itm.ts_async_tick) \
    X(async_idle_i, 1, s->itm.async_idle) X(gts_i, 64, s->itm.gts)                         \
    X(gts_clkch_i, 1, s->itm.gts_clkch) X(trcena_i, 1, s->itm.trcena)                      \
    X(niden_i, 1, s->itm.niden) X(spniden_i, 1, s->itm.spniden)                            \
    X(pe_secure_i, 1, s->itm.pe_secure) X(halted_i, 1, s->itm.halted)                      \
    X(if_valid_i, 1, s->if_valid) X(if_addr_i, 32, s->if_addr) X(if_kind_i, 2, s->if_kind) \
    X(if_size32_i, 1, s->if_size32) X(if_secure_i, 1, s->if_secure)                        \
    X(if_priv_i, 1, s->if_priv) DBG_IN(X, s->) OBS_IN(X, s->) X(pe_priv_i, 1, s->pe_priv)  \
    X(niden_p_i, 1, s->niden_p) X(spniden_p_i, 1, s->spniden_p) X(monrdy_i, 1, s->monrdy)
#define SYS_OUT(X)                                                                         \
    X(prdata_o, 32, s->itm.prdata) X(pready_o, 1, s->itm.pready)                           \
    X(pslverr_o, 1, s->itm.pslverr) X(atvalid_o, 1, s->itm.atvalid)                        \
    X(atready_o, 1, s->atready) X(atdata_o, 8, s->itm.atdata) X(atid_o, 7, s->itm.atid)    \
    X(afready_o, 1, s->itm.afready) X(hw_ready_o, 1, s->itm.hw_ready)                      \
    X(busy_o, 1, s->itm.busy) X(match_o, 1, s->match) X(bkpt_halt_o, 1, s->bkpt_halt)      \
    X(bkpt_mon_o, 1, s->bkpt_mon) X(traceclk_o, 1, s->traceclk)                            \
    X(tracedata_o, 8, s->tracedata) X(swo_o, 1, s->swo) X(txb_valid_o, 1, s->txb_valid)    \
    X(txb_o, 8, s->txb) X(cmpmatch_o, 16, s->cmpmatch) X(wpt_halt_o, 1, s->wpt_halt)       \
    X(wpt_mon_o, 1, s->wpt_mon) X(dwt_hw_valid_o, 1, s->dwt_hw_valid)                      \
    X(dwt_hw_data_o, 40, s->dwt_hw_data) X(dwt_hw_ovf_o, 1, s->dwt_hw_ovf)                 \
    X(dwt_sync_req_o, 1, s->dwt_sync_req)

/* etm_top (struct etm_in / etm_out); cmpmatch_i is NumPc bits wide, shown in 4
 * (ETM_MAX_NUM_PC). Format 2 (issue #24): the speculation inputs (docs/etm-contract.md
 * 18.2, 0 in every cycle with MaxSpec = 0) and pe_stall_o (section 21, 0 with HasStall = 0). */
#define ETM_IN(X)                                                                          \
    APB_IN(X, 12, s->) X(pe_valid_i, 1, s->pe_valid) X(pe_addr_i, 32, s->pe_addr)          \
    X(pe_size_i, 1, s->pe_size) X(pe_br_i, 1, s->pe_br) X(pe_ind_i, 1, s->pe_ind)          \
    X(pe_taken_i, 1, s->pe_taken) X(pe_link_i, 1, s->pe_link)                              \
    X(pe_excret_i, 1, s->pe_excret) X(pe_ns_i, 1, s->pe_ns)                                \
    X(exc_valid_i, 1, s->exc_valid) X(exc_num_i, 9, s->exc_num)                            \
    X(exc_ret_i, 32, s->exc_ret) X(cmpmatch_i, 4, s->cmpmatch)                              \
    X(spec_commit_i, 5, s->spec_commit) X(spec_flush_i, 1, s->spec_flush)                  \
    X(spec_cancel_i, 5, s->spec_cancel) X(spec_mispred_i, 1, s->spec_mispred)              \
    X(gts_i, 64, s->gts) X(niden_i, 1, s->niden) X(spniden_i, 1, s->spniden)               \
    X(atready_i, 1, s->atready) X(afvalid_i, 1, s->afvalid)
#define ETM_OUT(X)                                                                         \
    X(prdata_o, 32, s->prdata) X(pready_o, 1, s->pready) X(pslverr_o, 1, s->pslverr)       \
    X(atvalid_o, 1, s->atvalid) X(atdata_o, 8, s->atdata) X(atid_o, 7, s->atid)            \
    X(afready_o, 1, s->afready) X(idle_o, 1, s->idle) X(pe_stall_o, 1, s->pe_stall)

#define FIELD(n, w, v) {#n, w},
#define WIDTH(n, w, v) +w
#define COUNT(n, w, v) +1
#define VALUE(n, w, v) v_[k_++] = (uint64_t)(v);

#define LAYOUT(name, LIST)                                                                 \
    static const struct vec_field name##_f[] = {LIST(FIELD)};                              \
    static const struct vec_layout name = {name##_f, 0 LIST(COUNT), 0 LIST(WIDTH),          \
                                           (0 LIST(WIDTH) + 3) / 4};
LAYOUT(dwt_in_l, DWT_IN)
LAYOUT(dwt_out_l, DWT_OUT)
LAYOUT(tpiu_in_l, TPIU_IN)
LAYOUT(tpiu_out_l, TPIU_OUT)
LAYOUT(fpb_in_l, FPB_IN)
LAYOUT(fpb_out_l, FPB_OUT)
LAYOUT(sys_in_l, SYS_IN)
LAYOUT(sys_out_l, SYS_OUT)
LAYOUT(etm_in_l, ETM_IN)
LAYOUT(etm_out_l, ETM_OUT)

_Static_assert(0 SYS_IN(COUNT) <= VEC_MAX_FIELDS, "VEC_MAX_FIELDS");
_Static_assert((0 SYS_IN(WIDTH) + 3) / 4 <= VEC_MAX_DIGITS, "VEC_MAX_DIGITS");

const struct vec_layout *vec_layout_get(enum vec_block b, bool out)
{
    switch (b) {
    case VEC_DWT:
        return out ? &dwt_out_l : &dwt_in_l;
    case VEC_TPIU:
        return out ? &tpiu_out_l : &tpiu_in_l;
    case VEC_FPB:
        return out ? &fpb_out_l : &fpb_in_l;
    case VEC_SYS:
        return out ? &sys_out_l : &sys_in_l;
    case VEC_ETM:
        return out ? &etm_out_l : &etm_in_l;
    default:
        return NULL;
    }
}

#define VALUES(T, p, LIST)                                                                 \
    do {                                                                                   \
        const T *s = (p);                                                                  \
        uint64_t *v_ = v;                                                                  \
        unsigned k_ = 0;                                                                   \
        LIST(VALUE)                                                                        \
        (void)k_;                                                                          \
    } while (0)

void vec_port_vals(enum vec_block b, bool out, const struct vec_ports *p, uint64_t *v)
{
    switch (b) {
    case VEC_DWT:
        if (out)
            VALUES(struct dwt_out, &p->blk->dwt_out, DWT_OUT);
        else
            VALUES(struct dwt_in, &p->blk->dwt_in, DWT_IN);
        break;
    case VEC_TPIU:
        if (out)
            VALUES(struct tpiu_out, &p->blk->tpiu_out, TPIU_OUT);
        else
            VALUES(struct tpiu_in, &p->blk->tpiu_in, TPIU_IN);
        break;
    case VEC_FPB:
        if (out)
            VALUES(struct fpb_out, &p->blk->fpb_out, FPB_OUT);
        else
            VALUES(struct fpb_in, &p->blk->fpb_in, FPB_IN);
        break;
    case VEC_SYS:
        if (out)
            VALUES(struct sys_out, p->sout, SYS_OUT);
        else
            VALUES(struct sys_in, p->sin, SYS_IN);
        break;
    case VEC_ETM:
        if (out)
            VALUES(struct etm_out, &p->blk->etm_out, ETM_OUT);
        else
            VALUES(struct etm_in, &p->blk->etm_in, ETM_IN);
        break;
    default:
        break;
    }
}

static const char hexd[] = "0123456789abcdef";

void vec_hex_pack(const struct vec_layout *l, const uint64_t *v, char *buf)
{
    /* bit i of the line (from the least significant) into its digit */
    unsigned nd = l->digits;
    memset(buf, 0, nd + 1);
    unsigned pos = l->bits; /* the bit above the next field */
    unsigned char d[VEC_MAX_DIGITS] = {0};
    for (unsigned k = 0; k < l->n; k++) {
        unsigned w = l->f[k].width;
        pos -= w;
        uint64_t x = w >= 64 ? v[k] : v[k] & ((1ull << w) - 1);
        for (unsigned i = 0; i < w; i++)
            if (x >> i & 1u)
                d[(pos + i) / 4] |= (unsigned char)(1u << ((pos + i) % 4));
    }
    for (unsigned i = 0; i < nd; i++)
        buf[i] = hexd[d[nd - 1 - i]];
}

bool vec_hex_unpack(const struct vec_layout *l, const char *s, uint64_t *v)
{
    unsigned nd = l->digits;
    if (strlen(s) != nd)
        return false;
    unsigned char d[VEC_MAX_DIGITS];
    for (unsigned i = 0; i < nd; i++) {
        const char *p = strchr(hexd, s[i] >= 'A' && s[i] <= 'F' ? s[i] - 'A' + 'a' : s[i]);
        if (!p || !*p)
            return false;
        d[nd - 1 - i] = (unsigned char)(p - hexd);
    }
    unsigned pos = l->bits;
    for (unsigned k = 0; k < l->n; k++) {
        unsigned w = l->f[k].width;
        pos -= w;
        uint64_t x = 0;
        for (unsigned i = 0; i < w; i++)
            if (d[(pos + i) / 4] >> ((pos + i) % 4) & 1u)
                x |= 1ull << i;
        v[k] = x;
    }
    return true;
}

char *vec_hex_diff(const struct vec_layout *l, const char *a, const char *b, char *buf, size_t n)
{
    uint64_t va[VEC_MAX_FIELDS], vb[VEC_MAX_FIELDS];
    buf[0] = '\0';
    if (!vec_hex_unpack(l, a, va) || !vec_hex_unpack(l, b, vb)) {
        snprintf(buf, n, "(a line is not %u hex digits)", l->digits);
        return buf;
    }
    size_t len = 0;
    for (unsigned k = 0; k < l->n && len + 1 < n; k++)
        if (va[k] != vb[k])
            len += (size_t)snprintf(buf + len, n - len, "%s%s 0x%" PRIx64 "/0x%" PRIx64,
                                    len ? " " : "", l->f[k].name, va[k], vb[k]);
    return buf;
}

/* One cell pair "bits | port" of field k (k == -1: the zero bits above the first field). */
static void cell(FILE *f, const struct vec_layout *l, int k, const unsigned *lo)
{
    if (k < 0) {
        unsigned top = l->digits * 4 - 1;
        if (top == l->bits)
            fprintf(f, "| %u | 0 ", top);
        else
            fprintf(f, "| %u:%u | 0 ", top, l->bits);
        return;
    }
    unsigned w = l->f[k].width;
    if (w == 1)
        fprintf(f, "| %u | `%s` ", lo[k], l->f[k].name);
    else
        fprintf(f, "| %u:%u | `%s[%u:0]` ", lo[k] + w - 1, lo[k], l->f[k].name, w - 1);
}

void vec_layout_print(FILE *f, const struct vec_layout *l)
{
    unsigned lo[VEC_MAX_FIELDS], pos = l->bits;
    for (unsigned k = 0; k < l->n; k++) {
        pos -= l->f[k].width;
        lo[k] = pos;
    }
    /* the fields from the top, the first half in the left column pair */
    int pad = l->digits * 4 > l->bits ? 1 : 0, n = (int)l->n + pad;
    int rows = (n + 1) / 2;
    fprintf(f, "| bits | port | bits | port |\n|---|---|---|---|\n");
    for (int r = 0; r < rows; r++) {
        cell(f, l, r - pad, lo);
        if (r + rows < n)
            cell(f, l, r + rows - pad, lo);
        else
            fprintf(f, "| | ");
        fprintf(f, "|\n");
    }
}
