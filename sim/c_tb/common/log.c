/* SPDX-License-Identifier: Apache-2.0 */
/* The harness's one logging function. */
#include "log.h"

#include <stdarg.h>
#include <stdio.h>

static enum log_level g_max_level = LOG_INFO;

void log_set_level(enum log_level max_level)
{
    g_max_level = max_level;
}

enum log_level log_get_level(void)
{
    return g_max_level;
}

int log_enabled(enum log_level level)
{
    return level <= g_max_level;
}

void log_msg(enum log_level level, const char *fmt, ...)
{
    if (level > g_max_level)
        return;
    FILE *f = (level <= LOG_WARN) ? stderr : stdout;
    if (f == stderr)
        fflush(stdout); /* keep the two streams in order on a terminal or a shared log */
    va_list ap;
    va_start(ap, fmt);
    vfprintf(f, fmt, ap);
    va_end(ap);
}
