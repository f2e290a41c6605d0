/* SPDX-License-Identifier: Apache-2.0 */
/* Golden DWT: authentication, match prohibition and debug-event conditions
 * (docs/dwt-contract.md section 7, [DWT-DBG-HALT], [DWT-DBG-MON]). */
#include "dwt_model_int.h"

/* NoninvasiveDebugAllowed(TRUE): without UDE privilege is ignored. */
static bool nid_p(const struct dwt_cfg *c, const struct dwt_in *in) {
    return c->ude ? in->niden_p : in->niden;
}

static bool snid_u(const struct dwt_cfg *c, const struct dwt_in *in) {
    return c->sec_ext ? in->spniden : true;
}

bool dwt_auth_snid_p(const struct dwt_cfg *c, const struct dwt_in *in) {
    if (!c->sec_ext)
        return true;
    return c->ude ? in->spniden_p : in->spniden;
}

/* [DWT-AUTH-1] */
bool dwt_auth_trace_ok(const struct dwt_cfg *c, const struct dwt_in *in, bool s, bool p) {
    bool sec = c->sec_ext && s;
    return in->trcena && in->niden && (!p || nid_p(c, in)) && !(sec && !snid_u(c, in)) &&
           !(sec && c->ude && p && !dwt_auth_snid_p(c, in));
}

/* [DWT-AUTH-2..4]: the match of a comparator with ACTION action on an op (s, p). */
bool dwt_auth_allowed(const struct dwt_cfg *c, const struct dwt_in *in, bool s, bool p,
                      unsigned action) {
    bool dbg = action == 1u;
    bool trc = !dbg;
    bool mx = c->main_ext, u = c->ude;
    bool halting = in->hda && in->c_debugen;
    bool prohib_p = !in->trcena || !nid_p(c, in) || (dbg && !halting && !(mx && in->mon_en));
    bool prohib_u = !in->trcena || !in->niden ||
                    (dbg && !halting && !(u && in->uhda && in->c_debugen) && !(mx && in->mon_en) &&
                     !(u && in->umon_en));
    bool snid = p ? dwt_auth_snid_p(c, in) : snid_u(c, in);
    bool prohib_s = c->sec_ext && s && ((trc && !snid) || (dbg && !in->s_sde && !(mx && in->sdme)));
    return !(p ? prohib_p : prohib_u) && !prohib_s;
}

/* [DWT-DBG-HALT] */
bool dwt_auth_halt(const struct dwt_cfg *c, const struct dwt_in *in, bool s, bool p) {
    bool up = c->ude && !p;
    return (in->hda || (up && in->uhda)) && in->c_debugen && !in->s_halt &&
           (!(c->sec_ext && s) || in->s_sde || (up && in->uhda_s));
}

/* [DWT-DBG-MON] */
bool dwt_auth_mon(const struct dwt_cfg *c, const struct dwt_in *in, bool p, bool lazy) {
    bool up = c->ude && !p;
    return c->main_ext && (in->mon_en || (up && in->umon_en)) && (lazy ? in->monrdy : in->mon_prio);
}
