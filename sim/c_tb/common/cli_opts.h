/* SPDX-License-Identifier: Apache-2.0 */
/* Command lines of the harness trace_tb and the small tools (tracedump, vecgen, vecreplay,
 * pktdump): one option table per tool, from which both the getopt_long parser and the
 * option list of --help are built, so an option cannot be parsed without being listed (or
 * under another spelling), and the range a number is checked against sits beside the text
 * that describes it. Header-only (static inline), so a tool's build rule needs no extra
 * source file. */
#ifndef TRACEREF_SIM_C_TB_COMMON_CLI_OPTS_H
#define TRACEREF_SIM_C_TB_COMMON_CLI_OPTS_H

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"

/* Ids: an option with a one-letter alias has that letter as its id (getopt_long's own
 * convention; the alias is accepted, not listed in --help); the others number from
 * CLI_ID_BASE, above every character. */
#define CLI_ID_BASE 256
/* What cli_opts_get returns besides ids. */
#define CLI_END (-1)    /* no arguments left */
#define CLI_OPERAND 1   /* a positional argument, in *val (getopt_long's code for it) */
#define CLI_USAGE (-2)  /* a usage error, already reported */
#define CLI_OPTS_MAX 32 /* option rows per table */

/* One row of a tool's table; a row of zeros ends it. A row without a name is text for
 * --help (a group heading, or a note between groups), printed as it is. */
struct cli_opt {
    const char *name; /* long name, without the "--" */
    int has_arg;      /* no_argument or required_argument */
    const char *arg;  /* the value's placeholder in --help (NULL: a flag) */
    const char *help; /* each '\n' continues the text on the next line, under the first */
    int id;           /* what cli_opts_get returns for it; an id below CLI_ID_BASE is also
                       * the option's one-letter alias (-h) */
    int col;          /* text rows: the column of the help texts below (0: from their width) */
    bool num;         /* the value is a number in lo..hi, checked by cli_opts_get */
    uint64_t lo, hi;
};

#define CLI_FLAG(name, id, help) {name, no_argument, NULL, help, id, 0, false, 0, 0}
#define CLI_VALUE(name, arg, id, help) {name, required_argument, arg, help, id, 0, false, 0, 0}
#define CLI_NUM(name, arg, id, lo, hi, help)                                               \
    {name, required_argument, arg, help, id, 0, true, lo, hi}
#define CLI_TEXT(text, col) {NULL, 0, NULL, text, 0, col, false, 0, 0}

struct cli_opts {
    const char *tool;       /* prefix of the error messages */
    const char *usage_line; /* printed after an unknown option */
    const struct cli_opt *table;
    const struct cli_opt *cur; /* the row cli_opts_get returned last */
    uint64_t num;              /* its value, if it is a number row (CLI_NUM) */
    int argc;
    char **argv;
    struct option longopts[CLI_OPTS_MAX + 1];
    char shortopts[2 + 2 * CLI_OPTS_MAX + 1];
};

static inline void cli_opts_init(struct cli_opts *c, const char *tool, const char *usage_line,
                                 const struct cli_opt *table, int argc, char **argv)
{
    memset(c, 0, sizeof *c);
    c->tool = tool;
    c->usage_line = usage_line;
    c->table = table;
    c->argc = argc;
    c->argv = argv;
    /* "-": operands come back in order as CLI_OPERAND (argv is not permuted, so it can be
     * repeated as given, and POSIXLY_CORRECT does not stop the scan at the first operand);
     * ":": a missing value is told apart from an unknown option. */
    size_t nl = 0, ns = 0;
    c->shortopts[ns++] = '-';
    c->shortopts[ns++] = ':';
    for (const struct cli_opt *t = table; t->name || t->help; t++) {
        if (!t->name)
            continue;
        if (nl == CLI_OPTS_MAX) {
            log_msg(LOG_ERROR, "%s: internal error: more than %d options\n", tool, CLI_OPTS_MAX);
            abort();
        }
        c->longopts[nl++] = (struct option){t->name, t->has_arg, NULL, t->id};
        if (t->id < CLI_ID_BASE) {
            c->shortopts[ns++] = (char)t->id;
            if (t->has_arg == required_argument)
                c->shortopts[ns++] = ':';
        }
    }
    opterr = 0; /* the messages are the tool's own */
}

/* An unsigned number: decimal, 0x.. hex or 0.. octal, nothing after it, no sign '-'. */
static inline bool cli_parse_u64(const char *s, uint64_t *v)
{
    if (!s || !*s || s[0] == '-')
        return false;
    char *end;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 0);
    if (errno || *end)
        return false;
    *v = x;
    return true;
}

static inline const struct cli_opt *cli_opts_find(const struct cli_opt *table, int id)
{
    for (const struct cli_opt *t = table; t->name || t->help; t++)
        if (t->name && t->id == id)
            return t;
    return NULL;
}

/* True if the option as typed (its first n characters, the rest being "=value") is t's
 * full long name or exactly its letter: getopt_long would also take an unambiguous
 * abbreviation or a cluster like -hx, which these tools never took (an abbreviation breaks
 * when an option is added, and trace_tb's repro_command recognises options by their full
 * spelling). */
static inline bool cli_opts_spelled(const struct cli_opt *t, const char *arg, size_t n)
{
    if (!t || arg[0] != '-')
        return false;
    if (t->id < CLI_ID_BASE && n == 2 && arg[1] == (char)t->id)
        return true;
    return n == 2 + strlen(t->name) && arg[1] == '-' && strncmp(arg + 2, t->name, n - 2) == 0;
}

/* The next option or operand. Returns an option's id with *val its value (NULL for a flag;
 * c->cur its row, c->num the number of a CLI_NUM row), CLI_OPERAND with *val the operand,
 * CLI_END, or CLI_USAGE after reporting to stderr, as "TOOL: error: ...", an unknown option
 * (then the usage line; "--" is one too), a flag given a value (--json=1), a missing value,
 * or a number that is not one or out of its range. A value is the next argument or follows
 * '=' (--id=3). */
static inline int cli_opts_get(struct cli_opts *c, const char **val)
{
    /* Every option and operand is one argument (no clusters, see cli_opts_spelled), so
     * the argument getopt_long looks at next is argv[optind]. */
    const int at = optind;
    const int r = getopt_long(c->argc, c->argv, c->shortopts, c->longopts, NULL);
    *val = NULL;
    c->cur = NULL;
    c->num = 0;
    if (r == -1 && at >= c->argc)
        return CLI_END;
    if (r == CLI_OPERAND) {
        *val = optarg;
        return CLI_OPERAND;
    }
    /* The option as typed, without its "=value" (what the messages name). */
    const char *a = c->argv[at];
    const char *eq = strchr(a, '=');
    const int n = eq ? (int)(eq - a) : (int)strlen(a);
    /* '?' and ':' name the option in optopt (0 if getopt_long knows none); -1 is "--" */
    const struct cli_opt *t =
        r == -1 ? NULL : cli_opts_find(c->table, r == '?' || r == ':' ? optopt : r);
    if (!cli_opts_spelled(t, a, (size_t)n)) {
        log_msg(LOG_ERROR, "%s: error: unknown option '%.*s' (see --help)\n", c->tool, n, a);
        log_msg(LOG_ERROR, "%s", c->usage_line);
        return CLI_USAGE;
    }
    if (t->has_arg == no_argument && eq) {
        log_msg(LOG_ERROR, "%s: error: %.*s takes no value\n", c->tool, n, a);
        return CLI_USAGE;
    }
    if (r == ':') {
        log_msg(LOG_ERROR, "%s: error: %.*s needs a value (see --help)\n", c->tool, n, a);
        return CLI_USAGE;
    }
    if (t->num && !(cli_parse_u64(optarg, &c->num) && c->num >= t->lo && c->num <= t->hi)) {
        log_msg(LOG_ERROR,
                "%s: error: %.*s: expected a number in %" PRIu64 "..%" PRIu64 ", got '%s'\n",
                c->tool, n, a, t->lo, t->hi, optarg);
        return CLI_USAGE;
    }
    c->cur = t;
    *val = optarg;
    return t->id;
}

/* The help text's column for the option rows from t to the next text row: two spaces of
 * indent, the widest "--name ARG", two spaces. */
static inline int cli_opts_col(const struct cli_opt *t)
{
    int w = 0;
    for (; t->name; t++) {
        int n = 2 + (int)strlen(t->name) + (t->arg ? 1 + (int)strlen(t->arg) : 0);
        w = n > w ? n : w;
    }
    return 2 + w + 2;
}

/* Prints the table as the option list of --help; a text row's col (if not 0) fixes the
 * column of the help texts below it, so a tool chooses its own. */
static inline void cli_opts_print(FILE *f, const struct cli_opt *table)
{
    int col = cli_opts_col(table);
    for (const struct cli_opt *t = table; t->name || t->help; t++) {
        if (!t->name) {
            fprintf(f, "%s\n", t->help);
            col = t->col ? t->col : cli_opts_col(t + 1);
            continue;
        }
        int n = fprintf(f, "  --%s%s%s", t->name, t->arg ? " " : "", t->arg ? t->arg : "");
        if (n >= col) {
            fputc('\n', f);
            n = 0;
        }
        fprintf(f, "%*s", col - n, "");
        for (const char *h = t->help; *h; h++) {
            fputc(*h, f);
            if (*h == '\n')
                fprintf(f, "%*s", col, "");
        }
        fputc('\n', f);
    }
}

#endif
