/* SPDX-License-Identifier: Apache-2.0 */
/* The golden model's unit tests' check counter: CHECK(c) counts c as passed or failed and
 * prints file:line and the expression of every failed check. One test program per file. */
#ifndef GOLDEN_TEST_CHECK_H
#define GOLDEN_TEST_CHECK_H

#include <stdio.h>

static unsigned passed, failed;
#define CHECK(c)                                                                           \
    do {                                                                                   \
        if (c)                                                                             \
            passed++;                                                                      \
        else {                                                                             \
            failed++;                                                                      \
            printf("%s:%d: check failed: %s\n", __FILE__, __LINE__, #c);                   \
        }                                                                                  \
    } while (0)

#endif
