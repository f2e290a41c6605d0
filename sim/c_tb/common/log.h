/* SPDX-License-Identifier: Apache-2.0 */
/* The harness's one logging function, with levels (STYLE.md "Logging"). */
#ifndef TRACEREF_SIM_C_TB_COMMON_LOG_H
#define TRACEREF_SIM_C_TB_COMMON_LOG_H

enum log_level {
    LOG_ERROR = 0, /* always printed, to stderr */
    LOG_WARN = 1,  /* stderr; suppressed by --quiet */
    LOG_INFO = 2,  /* stdout; suppressed by --quiet */
    LOG_DEBUG = 3, /* stdout; only with --verbose */
};

/* Messages above this level are dropped. Default LOG_INFO. */
void log_set_level(enum log_level max_level);
enum log_level log_get_level(void);
/* True if a message at this level would be printed (to skip costly formatting). */
int log_enabled(enum log_level level);

/* Prints fmt exactly as given (callers add "file:line: error: " style prefixes and the
 * trailing newline themselves, so multi-part reports stay readable). */
void log_msg(enum log_level level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
