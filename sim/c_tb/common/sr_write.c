/* SPDX-License-Identifier: Apache-2.0 */
/* sigrok session files (sr_write.h). */
#define _POSIX_C_SOURCE 200809L /* stat */

#include "sr_write.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <zip.h>

unsigned sr_write_unitsize(unsigned nprobes) { return (nprobes + 7) / 8; }

/* The sample rate as libsigrok prints it (sr_samplerate_string: "48 MHz", "12.5 MHz",
 * "200 kHz", "7 Hz"), which its reader parses back (sr_parse_sizestring). */
static void rate_string(uint64_t hz, char *buf, size_t n)
{
    static const char prefix[] = {'\0', 'k', 'M', 'G', 'T', 'P', 'E'};
    uint64_t div = 1;
    unsigned i = 0;
    while (hz / div >= 1000 && i + 1 < sizeof prefix) {
        div *= 1000;
        i++;
    }
    char fract[24] = "";
    if (i) {
        snprintf(fract, sizeof fract, ".%0*" PRIu64, (int)(3 * i), hz % div);
        for (size_t k = strlen(fract); k > 0 && (fract[k - 1] == '0' || fract[k - 1] == '.');
             k--)
            fract[k - 1] = '\0';
    }
    if (i)
        snprintf(buf, n, "%" PRIu64 "%s %cHz", hz / div, fract, prefix[i]);
    else
        snprintf(buf, n, "%" PRIu64 " Hz", hz);
}

int sr_write_metadata(const struct sr_write_info *info, char *buf, size_t n)
{
    char rate[40];
    rate_string(info->samplerate, rate, sizeof rate);
    /* "sigrok version" names the libsigrok release whose srzip output this is laid out
     * like; libsigrok's reader does not look at it. */
    int len = snprintf(buf, n,
                       "[global]\nsigrok version=0.5.2\n\n[device 1]\ncapturefile=logic-1\n"
                       "total probes=%u\nsamplerate=%s\ntotal analog=0\n",
                       info->nprobes, rate);
    for (unsigned k = 0; k < info->nprobes && len >= 0 && (size_t)len < n; k++)
        len += snprintf(buf + len, n - (size_t)len, "probe%u=%s\n", k + 1, info->probe[k]);
    if (len >= 0 && (size_t)len < n)
        len += snprintf(buf + len, n - (size_t)len, "unitsize=%u\n",
                        sr_write_unitsize(info->nprobes));
    return len >= 0 && (size_t)len < n ? len : -1;
}

/* Adds a member from src (consumed, also on failure); deflated unless store; dated mtime
 * unless it is (time_t)-1. */
static int add(zip_t *za, const char *name, zip_source_t *src, int store, time_t mtime,
               char *err, size_t n)
{
    zip_int64_t idx = src ? zip_file_add(za, name, src, ZIP_FL_ENC_UTF_8) : -1;
    if (idx < 0) {
        snprintf(err, n, "%s: %s", name, zip_strerror(za));
        if (src)
            zip_source_free(src);
        return -1;
    }
    if (zip_set_file_compression(za, (zip_uint64_t)idx, store ? ZIP_CM_STORE : ZIP_CM_DEFLATE,
                                 0) != 0 ||
        (mtime != (time_t)-1 && zip_file_set_mtime(za, (zip_uint64_t)idx, mtime, 0) != 0)) {
        snprintf(err, n, "%s: %s", name, zip_strerror(za));
        return -1;
    }
    return 0;
}

int sr_write_write(const char *out, const char *raw, const struct sr_write_info *info, char *err,
                size_t n)
{
    if (info->nprobes < 1 || info->nprobes > SR_WRITE_MAX_PROBES || info->samplerate == 0) {
        snprintf(err, n, "%s: bad channel list or sample rate", out);
        return -1;
    }
    struct stat st;
    if (stat(raw, &st) != 0) {
        snprintf(err, n, "%s: %s", raw, strerror(errno));
        return -1;
    }
    static char meta[256 + SR_WRITE_MAX_PROBES * 80]; /* read by libzip at zip_close */
    for (unsigned k = 0; k < info->nprobes; k++)
        if (!info->probe[k] || strlen(info->probe[k]) > 64) {
            snprintf(err, n, "%s: bad name of probe %u", out, k + 1);
            return -1;
        }
    int mlen = sr_write_metadata(info, meta, sizeof meta);
    const unsigned unit = sr_write_unitsize(info->nprobes);
    const uint64_t bytes = (uint64_t)st.st_size / unit * unit;

    int zerr = 0;
    zip_t *za = zip_open(out, ZIP_CREATE | ZIP_TRUNCATE, &zerr);
    if (!za) {
        zip_error_t ze;
        zip_error_init_with_code(&ze, zerr);
        snprintf(err, n, "%s: %s", out, zip_error_strerror(&ze));
        zip_error_fini(&ze);
        return -1;
    }
    /* zip stores local time: 1980-01-01 00:00 here is the zip epoch everywhere */
    struct tm epoch = {.tm_year = 80, .tm_mon = 0, .tm_mday = 1, .tm_isdst = -1};
    time_t mtime = info->fixed_time ? mktime(&epoch) : (time_t)-1;
    static const char version[] = "2";
    if (add(za, "version", zip_source_buffer(za, version, 1, 0), 1, mtime, err, n) != 0 ||
        add(za, "metadata", zip_source_buffer(za, meta, (zip_uint64_t)mlen, 0), 0, mtime, err,
                n) != 0)
        goto fail;
    for (uint64_t off = 0, k = 1; off < bytes; off += SR_WRITE_CHUNK, k++) {
        char name[40];
        snprintf(name, sizeof name, "logic-1-%" PRIu64, k);
        uint64_t len = bytes - off < SR_WRITE_CHUNK ? bytes - off : SR_WRITE_CHUNK;
        if (add(za, name, zip_source_file(za, raw, off, (zip_int64_t)len), 0, mtime, err, n) != 0)
            goto fail;
    }
    if (zip_close(za) != 0) {
        snprintf(err, n, "%s: %s", out, zip_strerror(za));
        goto fail;
    }
    return 0;
fail:
    zip_discard(za);
    return -1;
}
