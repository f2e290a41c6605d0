/* SPDX-License-Identifier: Apache-2.0 */
/* libFuzzer target: the conformance-vector reader (sim/c_tb/vec/vecfmt.c). vec_file_read
 * takes a path, so the input goes through a temporary file; the per-cycle pin parsers
 * vec_in_parse / vec_out_parse get every line as well. */
#define _POSIX_C_SOURCE 200809L
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "vecfmt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char path[64];
    if (!path[0])
        snprintf(path, sizeof path, "/tmp/fuzz_vector.%ld.txt", (long)getpid());
    FILE *f = fopen(path, "wb");
    if (!f)
        return 0;
    fwrite(data, 1, size, f);
    fclose(f);
    struct vec_file v;
    if (vec_file_read(path, &v) && v.natb > 0 && !v.atb)
        abort();
    vec_file_free(&v);

    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    for (char *line = text, *nl; line; line = nl) {
        nl = strchr(line, '\n');
        if (nl)
            *nl++ = '\0';
        struct itm_in in;
        struct itm_out out;
        char buf[512];
        if (vec_in_parse(line, &in))
            vec_in_hex(&in, buf);
        if (vec_out_parse(line, &out))
            vec_out_hex(&out, buf);
    }
    free(text);
    return 0;
}
