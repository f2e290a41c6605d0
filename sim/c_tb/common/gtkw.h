/* SPDX-License-Identifier: Apache-2.0 */
/* Writer of GTKWave save files (.gtkw) and translate-filter files: a view of a dump file
 * with signal groups, display formats, colours, translate filters, a zoomed time window
 * and a named marker. The syntax is GTKWave 3.3's (the lines it writes itself when saving):
 *   [dumpfile] "path"          [timestart] T        [size] W H
 *   *ZOOM MARKER A B ... Z     (primary marker, then the 26 named markers, -1 = unset)
 *   [markername] Atext         @FLAGS (hex, applies to the traces that follow)
 *   -name with @800200 / @1000200 around it: group begin / end
 *   ^N path                    translate filter file N for the traces that follow
 * Times are in dump-file units. */
#ifndef TRACEREF_SIM_C_TB_COMMON_GTKW_H
#define TRACEREF_SIM_C_TB_COMMON_GTKW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum gtkw_fmt { GTKW_HEX, GTKW_DEC, GTKW_BIN, GTKW_SIGNED };

/* Trace colours as GTKWave numbers them. */
enum gtkw_color {
    GTKW_NORMAL = 0,
    GTKW_RED = 1,
    GTKW_ORANGE = 2,
    GTKW_YELLOW = 3,
    GTKW_GREEN = 4,
    GTKW_BLUE = 5,
    GTKW_INDIGO = 6,
    GTKW_VIOLET = 7
};

#define GTKW_MAX_FILTERS 8u

struct gtkw {
    FILE *f;
    unsigned long flags;                  /* flags of the last @ line, ~0 before the first */
    const char *filter[GTKW_MAX_FILTERS]; /* translate filter files, number = index + 1 */
    unsigned nfilter;
    unsigned ntraces;
    bool group_closed;
    bool error;
};

/* What the window shows. */
struct gtkw_view {
    uint64_t t_start, t_end; /* time range filling the wave area */
    int64_t marker;          /* primary marker and named marker A; < 0: none */
    const char *marker_name; /* name of marker A, or NULL */
    unsigned width, height;  /* window size in pixels */
    unsigned signals_width;  /* width of the signal-name pane */
};

/* Starts path for dump file dump (both written as given: pass absolute paths). Returns 0,
 * or -1 (errno set). */
int gtkw_open(struct gtkw *w, const char *path, const char *dump);
/* Window size, time range and marker; call once, before the first trace. */
void gtkw_view_set(struct gtkw *w, const struct gtkw_view *v);
void gtkw_comment(struct gtkw *w, const char *text);
/* A group of traces (not nested); closed: it starts folded, its traces hidden until the
 * group is opened. */
void gtkw_group_begin(struct gtkw *w, const char *name, bool closed);
void gtkw_group_end(struct gtkw *w, const char *name);
/* One trace: full hierarchical name as in the dump (e.g. TOP.top.u_x.sig), display format,
 * colour, optional translate filter file (NULL: none) and alias (NULL: the name). */
void gtkw_trace(struct gtkw *w, const char *name, enum gtkw_fmt fmt, enum gtkw_color color,
                const char *filter, const char *alias);
/* Finishes the file. Returns 0, or -1 if anything failed to be written. */
int gtkw_close(struct gtkw *w);

/* One translate-filter line: the value, shown as text. */
struct gtkw_xlat {
    uint64_t value;
    const char *text;
};
/* Writes a translate filter file for a width-bit signal shown in hex (the format GTKWave
 * matches against: all hex digits, zero-padded). Returns 0 or -1. */
int gtkw_filter_write(const char *path, const char *comment, unsigned width,
                      const struct gtkw_xlat *x, size_t n);

#endif
