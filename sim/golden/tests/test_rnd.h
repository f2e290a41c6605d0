/* SPDX-License-Identifier: Apache-2.0 */
/* The golden tests' random numbers: xorshift64*, a fixed seed, one state per test file. */
#ifndef TEST_RND_H
#define TEST_RND_H

#include <stdint.h>

static uint64_t rng = 0x9E3779B97F4A7C15u;

static uint32_t rnd(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return (uint32_t)((rng * 0x2545F4914F6CDD1Du) >> 32);
}

#endif
