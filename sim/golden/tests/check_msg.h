/* SPDX-License-Identifier: Apache-2.0 */
/* The golden model's unit tests' check counter with a message (the ETM and funnel tests):
 * CHECK(c, fmt, ...) counts c as passed or failed and prints "FAIL file:line: " and the
 * printf-style message of every failed check; check_report(name) prints the closing
 * "name: N passed, M failed" line and returns the exit status. check.h is the message-less
 * variant. One test program per file. */
#ifndef GOLDEN_TEST_CHECK_MSG_H
#define GOLDEN_TEST_CHECK_MSG_H

#include <stdio.h>

static unsigned checks, failures;

#define CHECK(cond, ...)                                                                   \
    do {                                                                                   \
        checks++;                                                                          \
        if (!(cond)) {                                                                     \
            failures++;                                                                    \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                    \
            printf(__VA_ARGS__);                                                           \
            printf("\n");                                                                  \
        }                                                                                  \
    } while (0)

static int check_report(const char *name)
{
    printf("%s: %u passed, %u failed\n", name, checks - failures, failures);
    return failures != 0;
}

#endif
