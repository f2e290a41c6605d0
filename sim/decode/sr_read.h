/* SPDX-License-Identifier: Apache-2.0 */
/* Reader of sigrok session files (.sr, the "srzip" format of libsigrok's output module and
 * session driver): a zip holding a `version` file, a `metadata` text file and the logic
 * samples in `<capturefile>` or chunks `<capturefile>-1`, `-2`, ... (read in order until
 * one is missing), `unitsize` bytes per sample, little-endian, probe N in bit N-1.
 * `metadata` is an ini file; only its [device 1] section is read:
 *   capturefile=logic-1   total probes=8   samplerate=24 MHz   unitsize=1   probe5=SWO
 * (libsigrok writes "probeN" in both format versions 1 and 2; an analog section, "total
 * analog" and "analogN", is ignored). The zip itself is read with libzip. */
#ifndef TRACEREF_SIM_DECODE_SR_READ_H
#define TRACEREF_SIM_DECODE_SR_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SR_READ_NAME_MAX 64u    /* bytes of a probe or file name, with the NUL */
#define SR_READ_PROBES_MAX 64u  /* logic probes: unitsize up to 8 */
#define SR_READ_ERR_MAX 256u

struct zip;      /* libzip's zip_t */
struct zip_file; /* libzip's zip_file_t */

struct sr_read_meta {
    uint64_t samplerate; /* Hz; 0 if the metadata gives none */
    unsigned unitsize;   /* bytes per sample, 1..8 */
    unsigned probes;     /* "total probes" */
    char capturefile[SR_READ_NAME_MAX];
    char probe[SR_READ_PROBES_MAX][SR_READ_NAME_MAX]; /* [i]: name of probe i + 1, "" if unnamed */
};

struct sr_read {
    struct zip *zip;
    struct zip_file *file; /* the chunk being read, or NULL */
    unsigned chunk;        /* number of that chunk (0: the single file `capturefile`) */
    bool done;             /* no more chunks */
    struct sr_read_meta meta;
    char err[SR_READ_ERR_MAX]; /* the last error */
};

/* A sample rate as sigrok writes it: "24 MHz", "24MHz", "500 kHz", "1.5 GHz", "1000 Hz",
 * "24000000" (an optional fraction, an optional k/M/G prefix, an optional "Hz"). False if
 * s is not one, or 0, or at least 2^40 Hz. */
bool sr_read_parse_rate(const char *s, uint64_t *hz);
/* Parses the metadata text (n bytes, need not be NUL-terminated). False with err set if
 * [device 1] is missing or a value is out of range. */
bool sr_read_meta_parse(const char *text, size_t n, struct sr_read_meta *m, char *err,
                      size_t errn);
/* The bit (0-based) of the channel `spec`: a probe name from the metadata (exact, then
 * ignoring case), else a probe number N (1.."total probes", bit N-1). -1 if none, with
 * err naming the probes there are. */
int sr_read_channel_find(const struct sr_read_meta *m, const char *spec, char *err, size_t errn);
/* The probes, as "3=PC9, 5=SWO, 7=PC8 (probes 1..8)". Returns buf. */
char *sr_read_probe_list(const struct sr_read_meta *m, char *buf, size_t n);

/* Opens the session and parses its metadata. False with r->err set on failure. */
bool sr_read_open(struct sr_read *r, const char *path);
/* Reads up to n bytes of samples (chunks read one after another, in order). Returns the
 * bytes read, 0 at the end, -1 on error (r->err set). */
long sr_read_read(struct sr_read *r, uint8_t *buf, size_t n);
void sr_read_close(struct sr_read *r);

#endif
