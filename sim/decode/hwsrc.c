/* SPDX-License-Identifier: Apache-2.0 */
/* DWT hardware-source packet names (packet-protocol-facts.md section 1.8). */
#include "hwsrc.h"

#include <inttypes.h>
#include <stdio.h>

static const char *const EVENT_FLAG[HWSRC_EVENT_FLAGS] = {"CPI", "EXC", "SLEEP",
                                                          "LSU", "FOLD", "CYC"};
static const char *const EXC_FN[4] = {"reserved", "entry", "exit", "return"};

static bool reserved(struct hwsrc *h, const char *why)
{
    h->kind = HWSRC_RESERVED;
    h->why = why;
    return true;
}

bool hwsrc_decode(const struct pkt *p, struct hwsrc *h)
{
    if (p->type != PKT_HW)
        return false;
    *h = (struct hwsrc){.disc = p->disc, .size = p->size, .value = p->data};
    const unsigned d = p->disc;
    switch (d) {
    case 0: /* 05 xx: bit0 CPI .. bit5 Cyc, bits [7:6] 0 */
        if (p->size != 1)
            return reserved(h, "event counter payload not 1 byte");
        if (p->data & 0xC0u)
            return reserved(h, "event counter bits 7:6 set");
        h->kind = HWSRC_EVENT;
        return true;
    case 1: { /* 0E b1 b2: number = b2[0]:b1, FN = b2[5:4], b2's other bits 0 */
        if (p->size != 2)
            return reserved(h, "exception trace payload not 2 bytes");
        h->exc = (uint16_t)(p->data & 0x1FFu);
        h->fn = (uint8_t)((p->data >> 12) & 3u);
        if (h->fn == 0)
            return reserved(h, "exception trace FN 00");
        if (p->data & 0xCE00u)
            return reserved(h, "exception trace reserved bits of byte 2 set");
        h->kind = HWSRC_EXCEPTION;
        return true;
    }
    case 2: /* 17 pc0..pc3, or 15 00 sleeping (15 FF prohibited, Armv8-M) */
        if (p->size == 4) {
            h->kind = HWSRC_PC_SAMPLE;
            return true;
        }
        if (p->size == 1 && p->data == 0x00) {
            h->kind = HWSRC_PC_SLEEP;
            return true;
        }
        if (p->size == 1 && p->data == 0xFF) {
            h->kind = HWSRC_PC_PROHIBITED;
            return true;
        }
        return reserved(h, "PC sample payload other than 4 bytes, 00 or FF");
    case 3: /* 1D xx, Armv8.1-M */
        if (p->size != 1)
            return reserved(h, "PMU overflow payload not 1 byte");
        h->kind = HWSRC_PMU;
        return true;
    default:
        break;
    }
    if (d >= 8 && d <= 15) { /* 01 NN x: x = 0 PC value or match, 1 data address */
        h->cmp = (uint8_t)((d >> 1) & 3u);
        if (d & 1u)
            h->kind = HWSRC_DT_ADDR;
        else if (p->size == 1 && (p->data & 1u))
            h->kind = HWSRC_DT_MATCH; /* a PC is halfword aligned: bit 0 set is a match */
        else
            h->kind = HWSRC_DT_PC;
        return true;
    }
    if (d >= 16 && d <= 23) { /* 10 NN W */
        h->cmp = (uint8_t)((d >> 1) & 3u);
        h->write = d & 1u;
        h->kind = HWSRC_DT_VALUE;
        return true;
    }
    return reserved(h, "reserved discriminator");
}

const char *hwsrc_kind_name(enum hwsrc_kind k)
{
    static const char *const names[HWSRC_NKINDS] = {
        "EVENT_COUNTER", "EXCEPTION", "PC_SAMPLE",  "PC_SLEEP",   "PC_PROHIBITED", "PMU_OVERFLOW",
        "DATA_PC",       "DATA_MATCH", "DATA_ADDR", "DATA_VALUE", "HW_RESERVED"};
    return (unsigned)k < HWSRC_NKINDS ? names[k] : "?";
}

const char *hwsrc_exc_name(uint16_t exc, char *buf, size_t n)
{
    /* facts section 1.8: the IPSR numbering, 16 + n = IRQ n */
    static const char *const core[16] = {
        "Thread", "Reset", "NMI",          "HardFault", "MemManage", "BusFault", "UsageFault",
        "SecureFault", NULL, NULL,          NULL,        "SVCall",    "DebugMonitor", NULL,
        "PendSV", "SysTick"};
    if (exc >= 16)
        snprintf(buf, n, "IRQ %u", exc - 16u);
    else if (core[exc])
        snprintf(buf, n, "%s", core[exc]);
    else
        snprintf(buf, n, "exception %u", exc);
    return buf;
}

/* "CPI,LSU" (or "none"). */
static void event_flags(uint32_t v, char *buf, size_t n)
{
    size_t pos = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < HWSRC_EVENT_FLAGS; i++)
        if ((v >> i) & 1u && pos + 8 < n)
            pos += (size_t)snprintf(buf + pos, n - pos, "%s%s", pos ? "," : "", EVENT_FLAG[i]);
    if (pos == 0)
        snprintf(buf, n, "none");
}

/* A value of `size` payload bytes as 0x.. with 2 * size digits. */
#define HEX(h) 2 * (h)->size, (h)->value

char *hwsrc_format(const struct hwsrc *h, char *buf, size_t n)
{
    char tmp[48];
    switch (h->kind) {
    case HWSRC_EVENT:
        event_flags(h->value, tmp, sizeof tmp);
        snprintf(buf, n, "EVENT-COUNTER wrapped=%s", tmp);
        break;
    case HWSRC_EXCEPTION:
        snprintf(buf, n, "EXCEPTION %s exc=%u (%s)", EXC_FN[h->fn], h->exc,
                 hwsrc_exc_name(h->exc, tmp, sizeof tmp));
        break;
    case HWSRC_PC_SAMPLE:
        snprintf(buf, n, "PC-SAMPLE pc=0x%08" PRIx32, h->value);
        break;
    case HWSRC_PC_SLEEP:
        snprintf(buf, n, "PC-SAMPLE sleep");
        break;
    case HWSRC_PC_PROHIBITED:
        snprintf(buf, n, "PC-SAMPLE prohibited");
        break;
    case HWSRC_PMU:
        snprintf(buf, n, "PMU-OVERFLOW counters=0x%02" PRIx32, h->value);
        break;
    case HWSRC_DT_PC:
        snprintf(buf, n, "DATA-PC cmp=%u pc=0x%0*" PRIx32 "%s", h->cmp, HEX(h),
                 h->size < 4 ? " (low bytes)" : "");
        break;
    case HWSRC_DT_MATCH:
        snprintf(buf, n, "DATA-MATCH cmp=%u", h->cmp);
        break;
    case HWSRC_DT_ADDR:
        snprintf(buf, n, "DATA-ADDR cmp=%u addr=0x%0*" PRIx32 "%s", h->cmp, HEX(h),
                 h->size < 4 ? " (low bytes)" : "");
        break;
    case HWSRC_DT_VALUE:
        snprintf(buf, n, "DATA-VALUE cmp=%u %s size=%u data=0x%0*" PRIx32, h->cmp,
                 h->write ? "write" : "read", h->size, HEX(h));
        break;
    default:
        snprintf(buf, n, "HW-RESERVED disc=%u size=%u data=0x%0*" PRIx32 " (%s)", h->disc,
                 h->size, HEX(h), h->why ? h->why : "reserved");
        break;
    }
    return buf;
}

char *hwsrc_format_json(const struct hwsrc *h, char *buf, size_t n)
{
    const char *k = hwsrc_kind_name(h->kind);
    char tmp[48];
    switch (h->kind) {
    case HWSRC_EVENT: {
        size_t pos = (size_t)snprintf(buf, n, ",\"dwt\":\"%s\",\"wrapped\":[", k);
        for (unsigned i = 0, first = 1; i < HWSRC_EVENT_FLAGS; i++)
            if ((h->value >> i) & 1u && pos + 12 < n) {
                pos += (size_t)snprintf(buf + pos, n - pos, "%s\"%s\"", first ? "" : ",",
                                        EVENT_FLAG[i]);
                first = 0;
            }
        if (pos + 2 < n)
            snprintf(buf + pos, n - pos, "]");
        break;
    }
    case HWSRC_EXCEPTION:
        snprintf(buf, n, ",\"dwt\":\"%s\",\"fn\":\"%s\",\"exc\":%u,\"exc_name\":\"%s\"", k,
                 EXC_FN[h->fn], h->exc, hwsrc_exc_name(h->exc, tmp, sizeof tmp));
        break;
    case HWSRC_PC_SAMPLE:
        snprintf(buf, n, ",\"dwt\":\"%s\",\"pc\":\"0x%08" PRIx32 "\"", k, h->value);
        break;
    case HWSRC_DT_PC:
        snprintf(buf, n, ",\"dwt\":\"%s\",\"cmp\":%u,\"pc\":\"0x%0*" PRIx32 "\"", k, h->cmp,
                 HEX(h));
        break;
    case HWSRC_DT_MATCH:
        snprintf(buf, n, ",\"dwt\":\"%s\",\"cmp\":%u", k, h->cmp);
        break;
    case HWSRC_DT_ADDR:
        snprintf(buf, n, ",\"dwt\":\"%s\",\"cmp\":%u,\"addr\":\"0x%0*" PRIx32 "\"", k, h->cmp,
                 HEX(h));
        break;
    case HWSRC_DT_VALUE:
        snprintf(buf, n, ",\"dwt\":\"%s\",\"cmp\":%u,\"access\":\"%s\"", k, h->cmp,
                 h->write ? "write" : "read");
        break;
    case HWSRC_RESERVED:
        snprintf(buf, n, ",\"dwt\":\"%s\",\"reserved\":\"%s\"", k, h->why ? h->why : "");
        break;
    default:
        snprintf(buf, n, ",\"dwt\":\"%s\"", k);
        break;
    }
    return buf;
}
