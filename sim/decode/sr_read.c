/* SPDX-License-Identifier: Apache-2.0 */
/* sigrok session (srzip) reader: metadata parsing and sample chunks through libzip. */
#include "sr_read.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <zip.h>

#define RATE_MAX (1ull << 40)
#define META_MAX (64u * 1024u) /* bytes of metadata read */

bool sr_read_parse_rate(const char *s, uint64_t *hz)
{
    /* Whole and fraction digits kept as an integer scaled by 10^frac, then the prefix. */
    uint64_t v = 0, scale = 1;
    unsigned digits = 0;
    bool frac = false;
    while (isspace((unsigned char)*s))
        s++;
    for (; isdigit((unsigned char)*s) || (*s == '.' && !frac); s++) {
        if (*s == '.') {
            frac = true;
            continue;
        }
        if (v > (RATE_MAX * 1000u) / 10u || (frac && scale >= 1000000000u))
            return false;
        v = v * 10u + (uint64_t)(*s - '0');
        if (frac)
            scale *= 10u;
        digits++;
    }
    if (digits == 0)
        return false;
    while (*s == ' ')
        s++;
    uint64_t mult = 1;
    if (*s == 'k' || *s == 'K')
        mult = 1000u, s++;
    else if (*s == 'M')
        mult = 1000000u, s++;
    else if (*s == 'G')
        mult = 1000000000u, s++;
    if (strncasecmp(s, "hz", 2) == 0)
        s += 2;
    while (isspace((unsigned char)*s))
        s++;
    if (*s != '\0' || v == 0 || v > UINT64_MAX / mult)
        return false;
    v *= mult;
    if (v % scale != 0) /* a fraction of a hertz */
        return false;
    v /= scale;
    if (v == 0 || v >= RATE_MAX)
        return false;
    *hz = v;
    return true;
}

/* Copies the line's value (trimmed) into dst; false if it does not fit. */
static bool copy_value(char *dst, size_t dn, const char *v, size_t vn)
{
    while (vn && isspace((unsigned char)v[vn - 1]))
        vn--;
    while (vn && isspace((unsigned char)*v))
        v++, vn--;
    if (vn >= dn)
        return false;
    memcpy(dst, v, vn);
    dst[vn] = '\0';
    return true;
}

static bool parse_uint(const char *s, unsigned lo, unsigned hi, unsigned *out)
{
    char *end;
    if (!isdigit((unsigned char)*s))
        return false;
    unsigned long v = strtoul(s, &end, 10);
    if (*end != '\0' || v < lo || v > hi)
        return false;
    *out = (unsigned)v;
    return true;
}

bool sr_read_meta_parse(const char *text, size_t n, struct sr_read_meta *m, char *err, size_t errn)
{
    memset(m, 0, sizeof *m);
    bool in_dev = false, seen_dev = false;
    size_t pos = 0;
    unsigned lineno = 0;
    while (pos < n) {
        const char *line = text + pos;
        size_t len = 0;
        while (pos + len < n && line[len] != '\n')
            len++;
        pos += len + 1;
        lineno++;
        if (len && line[len - 1] == '\r')
            len--;
        if (len == 0 || line[0] == '#' || line[0] == ';')
            continue;
        if (line[0] == '[') {
            in_dev = len == 10 && memcmp(line, "[device 1]", 10) == 0;
            seen_dev |= in_dev;
            continue;
        }
        const char *eq = memchr(line, '=', len);
        if (!in_dev || !eq)
            continue;
        char key[SR_READ_NAME_MAX], val[SR_READ_NAME_MAX];
        if (!copy_value(key, sizeof key, line, (size_t)(eq - line)) ||
            !copy_value(val, sizeof val, eq + 1, len - (size_t)(eq - line) - 1)) {
            snprintf(err, errn, "metadata line %u: key or value too long", lineno);
            return false;
        }
        unsigned u;
        if (strcmp(key, "samplerate") == 0) {
            if (!sr_read_parse_rate(val, &m->samplerate)) {
                snprintf(err, errn, "metadata: bad samplerate '%s'", val);
                return false;
            }
        } else if (strcmp(key, "unitsize") == 0) {
            if (!parse_uint(val, 1, 8, &m->unitsize)) {
                snprintf(err, errn, "metadata: unitsize '%s' not 1..8", val);
                return false;
            }
        } else if (strcmp(key, "total probes") == 0) {
            if (!parse_uint(val, 0, SR_READ_PROBES_MAX, &m->probes)) {
                snprintf(err, errn, "metadata: total probes '%s' not 0..%u", val,
                         SR_READ_PROBES_MAX);
                return false;
            }
        } else if (strcmp(key, "capturefile") == 0) {
            snprintf(m->capturefile, sizeof m->capturefile, "%s", val);
        } else if (strncmp(key, "probe", 5) == 0 && parse_uint(key + 5, 1, SR_READ_PROBES_MAX, &u)) {
            snprintf(m->probe[u - 1], sizeof m->probe[0], "%s", val);
        }
    }
    if (!seen_dev) {
        snprintf(err, errn, "metadata: no [device 1] section");
        return false;
    }
    if (m->capturefile[0] == '\0') {
        snprintf(err, errn, "metadata: [device 1] has no capturefile (no logic data)");
        return false;
    }
    if (m->unitsize == 0)
        m->unitsize = 1; /* libsigrok's default */
    if (m->probes == 0)
        for (unsigned i = 0; i < SR_READ_PROBES_MAX; i++)
            if (m->probe[i][0])
                m->probes = i + 1;
    if (m->probes > 8 * m->unitsize) {
        snprintf(err, errn, "metadata: %u probes do not fit unitsize %u", m->probes,
                 m->unitsize);
        return false;
    }
    return true;
}

char *sr_read_probe_list(const struct sr_read_meta *m, char *buf, size_t n)
{
    size_t pos = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < m->probes && pos < n; i++)
        if (m->probe[i][0])
            pos += (size_t)snprintf(buf + pos, n - pos, "%s%u=%s", pos ? ", " : "", i + 1,
                                    m->probe[i]);
    if (pos < n)
        snprintf(buf + pos, n - pos, "%s(probes 1..%u)", pos ? " " : "", m->probes);
    return buf;
}

int sr_read_channel_find(const struct sr_read_meta *m, const char *spec, char *err, size_t errn)
{
    for (unsigned i = 0; i < m->probes; i++)
        if (m->probe[i][0] && strcmp(m->probe[i], spec) == 0)
            return (int)i;
    for (unsigned i = 0; i < m->probes; i++)
        if (m->probe[i][0] && strcasecmp(m->probe[i], spec) == 0)
            return (int)i;
    unsigned u;
    if (parse_uint(spec, 1, m->probes, &u))
        return (int)u - 1;
    char list[SR_READ_ERR_MAX];
    snprintf(err, errn, "no channel '%s'; the probes: %s", spec,
             sr_read_probe_list(m, list, sizeof list));
    return -1;
}

static void zip_err(struct sr_read *r, const char *what, int code)
{
    zip_error_t ze;
    zip_error_init_with_code(&ze, code);
    snprintf(r->err, sizeof r->err, "%s: %s", what, zip_error_strerror(&ze));
    zip_error_fini(&ze);
}

bool sr_read_open(struct sr_read *r, const char *path)
{
    memset(r, 0, sizeof *r);
    int code = 0;
    r->zip = zip_open(path, ZIP_RDONLY, &code);
    if (!r->zip) {
        zip_err(r, "not a readable zip", code);
        return false;
    }
    zip_file_t *f = zip_fopen(r->zip, "metadata", 0);
    if (!f) {
        snprintf(r->err, sizeof r->err, "no 'metadata' in the session (not a sigrok session?)");
        sr_read_close(r);
        return false;
    }
    static char text[META_MAX];
    zip_int64_t n = zip_fread(f, text, sizeof text);
    zip_fclose(f);
    if (n < 0) {
        snprintf(r->err, sizeof r->err, "reading 'metadata' failed: %s", zip_strerror(r->zip));
        sr_read_close(r);
        return false;
    }
    if (!sr_read_meta_parse(text, (size_t)n, &r->meta, r->err, sizeof r->err)) {
        sr_read_close(r);
        return false;
    }
    /* Data in the single file `capturefile`, else in chunks from `capturefile-1`. */
    r->file = zip_fopen(r->zip, r->meta.capturefile, 0);
    r->chunk = 0;
    if (!r->file) {
        char name[SR_READ_NAME_MAX + 16];
        snprintf(name, sizeof name, "%s-1", r->meta.capturefile);
        r->file = zip_fopen(r->zip, name, 0);
        r->chunk = 1;
        if (!r->file) {
            snprintf(r->err, sizeof r->err, "no logic data: neither '%s' nor '%s' in the session",
                     r->meta.capturefile, name);
            sr_read_close(r);
            return false;
        }
    }
    return true;
}

long sr_read_read(struct sr_read *r, uint8_t *buf, size_t n)
{
    while (!r->done) {
        if (!r->file) {
            char name[SR_READ_NAME_MAX + 16];
            snprintf(name, sizeof name, "%s-%u", r->meta.capturefile, r->chunk);
            r->file = zip_fopen(r->zip, name, 0);
            if (!r->file) {
                r->done = true; /* the chunks end at the first one missing */
                break;
            }
        }
        zip_int64_t got = zip_fread(r->file, buf, n);
        if (got < 0) {
            snprintf(r->err, sizeof r->err, "reading chunk %u failed: %s", r->chunk,
                     zip_file_strerror(r->file));
            return -1;
        }
        if (got > 0)
            return (long)got;
        zip_fclose(r->file);
        r->file = NULL;
        if (r->chunk == 0)
            r->done = true; /* a single capture file */
        else
            r->chunk++;
    }
    return 0;
}

void sr_read_close(struct sr_read *r)
{
    if (r->file)
        zip_fclose(r->file);
    if (r->zip)
        zip_discard(r->zip); /* read-only: nothing to write back */
    r->file = NULL;
    r->zip = NULL;
}
