/* SPDX-License-Identifier: Apache-2.0 */
/* A sigrok session file (.sr), the capture format of sigrok-cli and PulseView: a zip archive
 * (written with libzip) holding
 *   version     "2" (no newline; stored), the session format version libsigrok 0.4+ reads
 *   metadata    an INI text (deflated):
 *                 [global]
 *                 sigrok version=0.5.2
 *
 *                 [device 1]
 *                 capturefile=logic-1
 *                 total probes=N
 *                 samplerate=48 MHz
 *                 total analog=0
 *                 probe1=NAME1
 *                 ...
 *                 unitsize=U
 *   logic-1-1, logic-1-2, ...   the samples (deflated), SR_WRITE_CHUNK bytes each but the last:
 *               U bytes per sample, little endian; bit k of a sample is probe k+1.
 * That is the layout libsigrok 0.5.2's own srzip output writes (sigrok-cli -o x.sr; compared
 * with it and with a session recorded from real silicon, ../shared/fixtures/stm32f105-swo). */
#ifndef TRACEREF_SIM_C_TB_COMMON_SR_WRITE_H
#define TRACEREF_SIM_C_TB_COMMON_SR_WRITE_H

#include <stddef.h>
#include <stdint.h>

#define SR_WRITE_MAX_PROBES 16
#define SR_WRITE_CHUNK (4u << 20) /* bytes per logic-1-K member (a multiple of every unitsize) */

struct sr_write_info {
    unsigned nprobes;                      /* 1..SR_WRITE_MAX_PROBES */
    const char *probe[SR_WRITE_MAX_PROBES];   /* probe k+1's name (bit k) */
    uint64_t samplerate;                   /* Hz, > 0 */
    int fixed_time; /* non-zero: every member dated 1980-01-01 00:00, the zip epoch (in any
                     * time zone), so that the same samples give the same bytes (the
                     * committed conformance vectors); 0: dated when written */
};

/* The unit size for n probes: bytes per sample. */
unsigned sr_write_unitsize(unsigned nprobes);

/* Writes the metadata text of info into buf (NUL-terminated). Returns its length, or -1
 * if it does not fit. */
int sr_write_metadata(const struct sr_write_info *info, char *buf, size_t n);

/* Writes the session file out from the samples in the file raw (unitsize bytes each, as
 * sr_write_unitsize; a trailing partial sample is dropped). out may be raw itself: libzip
 * writes the archive to a temporary file next to out and renames it over out at the end,
 * after reading the samples. Returns 0, or -1 with the reason in err. */
int sr_write_write(const char *out, const char *raw, const struct sr_write_info *info, char *err,
                size_t n);

#endif
