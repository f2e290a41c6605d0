/* SPDX-License-Identifier: Apache-2.0 */
/* GTKWave save-file and translate-filter writer (gtkw.h). */
#include "gtkw.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

/* Trace flags of the save file (GTKWave's TR_* bits). */
#define TR_HEX 0x2ul
#define TR_DEC 0x4ul
#define TR_BIN 0x8ul
#define TR_RJUSTIFY 0x20ul
#define TR_BLANK 0x200ul
#define TR_SIGNED 0x400ul
#define TR_COLLAPSED 0x1000ul
#define TR_FTRANSLATED 0x2000ul
#define TR_CLOSED 0x400000ul
#define TR_GRP_BEGIN 0x800000ul
#define TR_GRP_END 0x1000000ul

/* Pixels GTKWave's window spends outside the wave area besides the signal pane (border,
 * scroll bar, value column margin); used to fit the time range to the wave area. */
#define GTKW_FRAME_PX 60u

int gtkw_open(struct gtkw *w, const char *path, const char *dump)
{
    memset(w, 0, sizeof *w);
    w->flags = ~0ul;
    w->f = fopen(path, "w");
    if (!w->f)
        return -1;
    fprintf(w->f, "[*]\n[*] written by the ITM lockstep harness (sim/c_tb/common/gtkw.c)\n[*]\n");
    fprintf(w->f, "[dumpfile] \"%s\"\n", dump);
    fprintf(w->f, "[savefile] \"%s\"\n", path);
    return 0;
}

static void flags_set(struct gtkw *w, unsigned long flags)
{
    if (flags != w->flags)
        fprintf(w->f, "@%lx\n", flags);
    w->flags = flags;
}

void gtkw_view_set(struct gtkw *w, const struct gtkw_view *v)
{
    /* GTKWave 3.3 (calczoom): max(1, 2^-zoom) time units per 200-pixel frame. */
    unsigned px = v->width > v->signals_width + GTKW_FRAME_PX + 100u
                      ? v->width - v->signals_width - GTKW_FRAME_PX
                      : 100u;
    double span = v->t_end > v->t_start ? (double)(v->t_end - v->t_start) : 1.0;
    double zoom = -log2(span * 200.0 / (double)px);
    fprintf(w->f, "[timestart] %" PRIu64 "\n", v->t_start);
    fprintf(w->f, "[size] %u %u\n[pos] -1 -1\n", v->width, v->height);
    fprintf(w->f, "*%f %" PRId64, zoom, v->marker >= 0 ? v->marker : -1);
    for (unsigned i = 0; i < 26; i++)
        fprintf(w->f, " %" PRId64, (i == 0 && v->marker >= 0) ? v->marker : -1);
    fprintf(w->f, "\n");
    if (v->marker >= 0 && v->marker_name)
        fprintf(w->f, "[markername] A%s\n", v->marker_name);
    fprintf(w->f, "[sst_width] 1\n[signals_width] %u\n[sst_expanded] 0\n[sst_vpaned_height] 1\n",
            v->signals_width);
}

void gtkw_comment(struct gtkw *w, const char *text)
{
    fprintf(w->f, "[*] %s\n", text);
}

void gtkw_group_begin(struct gtkw *w, const char *name, bool closed)
{
    w->group_closed = closed;
    flags_set(w, TR_GRP_BEGIN | TR_BLANK | (closed ? TR_CLOSED : 0ul));
    fprintf(w->f, "-%s\n", name);
}

void gtkw_group_end(struct gtkw *w, const char *name)
{
    flags_set(w, TR_GRP_END | TR_BLANK | (w->group_closed ? TR_CLOSED | TR_COLLAPSED : 0ul));
    fprintf(w->f, "-%s\n", name);
    w->group_closed = false;
}

static unsigned filter_index(struct gtkw *w, const char *path)
{
    for (unsigned i = 0; i < w->nfilter; i++)
        if (strcmp(w->filter[i], path) == 0)
            return i + 1;
    if (w->nfilter == GTKW_MAX_FILTERS) {
        w->error = true;
        return 0;
    }
    w->filter[w->nfilter++] = path;
    return w->nfilter;
}

void gtkw_trace(struct gtkw *w, const char *name, enum gtkw_fmt fmt, enum gtkw_color color,
                const char *filter, const char *alias)
{
    static const unsigned long fmt_flag[] = {TR_HEX, TR_DEC, TR_BIN, TR_SIGNED};
    unsigned long flags = fmt_flag[fmt] | TR_RJUSTIFY;
    unsigned idx = filter ? filter_index(w, filter) : 0;
    if (idx)
        flags |= TR_FTRANSLATED;
    flags_set(w, flags);
    if (color != GTKW_NORMAL)
        fprintf(w->f, "[color] %d\n", (int)color);
    if (idx)
        fprintf(w->f, "^%u %s\n", idx, filter);
    if (alias)
        fprintf(w->f, "+{%s} ", alias);
    fprintf(w->f, "%s\n", name);
    w->ntraces++;
}

int gtkw_close(struct gtkw *w)
{
    if (!w->f)
        return -1;
    fprintf(w->f, "[pattern_trace] 1\n[pattern_trace] 0\n");
    bool bad = w->error || ferror(w->f);
    if (fclose(w->f) != 0)
        bad = true;
    w->f = NULL;
    return bad ? -1 : 0;
}

int gtkw_filter_write(const char *path, const char *comment, unsigned width,
                      const struct gtkw_xlat *x, size_t n)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fprintf(f, "# GTKWave translate filter (hex values, as displayed): %s\n", comment);
    int digits = (int)((width + 3u) / 4u);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%0*" PRIX64 " %s\n", digits, x[i].value, x[i].text);
    bool bad = ferror(f) != 0;
    if (fclose(f) != 0)
        bad = true;
    return bad ? -1 : 0;
}
