/* SPDX-License-Identifier: Apache-2.0 */
/* libFuzzer target: the scenario parser (sim/c_tb/common/scenario.c) on arbitrary text.
 * Errors are fine (they are printed with file:line); crashes, sanitizer reports and
 * overflows of the caller's arrays are not. Every parsed event is formatted back. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    /* the capacities trace_tb's load_scenario gives a file of this size */
    struct scenario s;
    memset(&s, 0, sizeof s);
    s.cap_ev = size / 2 + 16;
    s.cap_seg = size / 2 + 16;
    s.cap_bytes = size / 2 + 16;
    s.ev = calloc(s.cap_ev, sizeof *s.ev);
    s.seg = calloc(s.cap_seg, sizeof *s.seg);
    s.bytes = calloc(s.cap_bytes, 1);
    if (s.ev && s.seg && s.bytes) {
        unsigned errors = scenario_parse_string(&s, "fuzz.scn", text);
        if (s.nev > s.cap_ev || s.nseg > s.cap_seg || s.nbytes > s.cap_bytes)
            abort();
        if (errors == 0) {
            char buf[256];
            for (size_t i = 0; i < s.nev; i++)
                event_format(&s.ev[i], &s, buf, sizeof buf);
        }
    }
    free(s.ev);
    free(s.seg);
    free(s.bytes);
    free(text);
    return 0;
}
