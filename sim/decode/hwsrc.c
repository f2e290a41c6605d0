/* SPDX-License-Identifier: Apache-2.0 */
/* DWT hardware-source packet names (packet-protocol-facts.md section 1.8). */
#include "hwsrc.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "textput.h"

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

/* The exception's name at o (textput.h): facts section 1.8, the IPSR numbering, 16 + n =
 * IRQ n. */
static char *exc_name_put(uint16_t exc, char *o)
{
    /* the names with their lengths, each copied whole (a constant size: no strlen, no
     * call; the caller's room covers 16 bytes) */
#define EXC_NAME(s) {s, sizeof s - 1}
    static const struct {
        char s[16];
        unsigned n;
    } core[16] = {
        EXC_NAME("Thread"),   EXC_NAME("Reset"),       EXC_NAME("NMI"),
        EXC_NAME("HardFault"), EXC_NAME("MemManage"),  EXC_NAME("BusFault"),
        EXC_NAME("UsageFault"), EXC_NAME("SecureFault"), {"", 0}, {"", 0}, {"", 0},
        EXC_NAME("SVCall"),   EXC_NAME("DebugMonitor"), {"", 0}, EXC_NAME("PendSV"),
        EXC_NAME("SysTick")};
#undef EXC_NAME
    if (exc >= 16) {
        memcpy(o, "IRQ ", 4);
        return tp_dec(o + 4, exc - 16u);
    }
    if (core[exc].n) {
        memcpy(o, core[exc].s, sizeof core[0].s);
        return o + core[exc].n;
    }
    return tp_dec(tp_str(o, "exception "), exc);
}

const char *hwsrc_exc_name(uint16_t exc, char *buf, size_t n)
{
    char t[32];
    return tp_end(buf, n, t, exc_name_put(exc, t));
}

/* "CPI,LSU" (or "none") at o. */
static char *event_flags_put(uint32_t v, char *o)
{
    const char *start = o;
    for (unsigned i = 0; i < HWSRC_EVENT_FLAGS; i++)
        if ((v >> i) & 1u) {
            if (o != start)
                o = tp_chr(o, ',');
            o = tp_str(o, EVENT_FLAG[i]);
        }
    return o == start ? tp_str(o, "none") : o;
}

/* A value of `size` payload bytes as 0x.. with 2 * size digits. */
static char *hex_put(const struct hwsrc *h, char *o)
{
    return tp_hex(tp_str(o, "0x"), h->value, 2u * h->size);
}

char *hwsrc_put(const struct hwsrc *h, char *o)
{
    switch (h->kind) {
    case HWSRC_EVENT:
        return event_flags_put(h->value, tp_str(o, "EVENT-COUNTER wrapped="));
    case HWSRC_EXCEPTION:
        o = tp_str(tp_str(tp_str(o, "EXCEPTION "), EXC_FN[h->fn]), " exc=");
        o = tp_str(tp_dec(o, h->exc), " (");
        return tp_chr(exc_name_put(h->exc, o), ')');
    case HWSRC_PC_SAMPLE:
        return tp_hex(tp_str(o, "PC-SAMPLE pc=0x"), h->value, 8);
    case HWSRC_PC_SLEEP:
        return tp_str(o, "PC-SAMPLE sleep");
    case HWSRC_PC_PROHIBITED:
        return tp_str(o, "PC-SAMPLE prohibited");
    case HWSRC_PMU:
        return tp_hex(tp_str(o, "PMU-OVERFLOW counters=0x"), h->value, 2);
    case HWSRC_DT_PC:
    case HWSRC_DT_ADDR:
        o = tp_dec(tp_str(o, h->kind == HWSRC_DT_PC ? "DATA-PC cmp=" : "DATA-ADDR cmp="), h->cmp);
        o = hex_put(h, tp_str(o, h->kind == HWSRC_DT_PC ? " pc=" : " addr="));
        return h->size < 4 ? tp_str(o, " (low bytes)") : o;
    case HWSRC_DT_MATCH:
        return tp_dec(tp_str(o, "DATA-MATCH cmp="), h->cmp);
    case HWSRC_DT_VALUE:
        o = tp_dec(tp_str(o, "DATA-VALUE cmp="), h->cmp);
        o = tp_str(tp_str(o, h->write ? " write" : " read"), " size=");
        return hex_put(h, tp_str(tp_dec(o, h->size), " data="));
    default:
        o = tp_dec(tp_str(o, "HW-RESERVED disc="), h->disc);
        o = hex_put(h, tp_str(tp_dec(tp_str(o, " size="), h->size), " data="));
        return tp_chr(tp_str(tp_str(o, " ("), h->why ? h->why : "reserved"), ')');
    }
}

char *hwsrc_format(const struct hwsrc *h, char *buf, size_t n)
{
    char t[HWSRC_TEXT_MAX];
    return tp_end(buf, n, t, hwsrc_put(h, t));
}

char *hwsrc_json_put(const struct hwsrc *h, char *o)
{
    /* ,"dwt":"NAME" (hwsrc_kind_name's names), copied whole with its length */
#define DWT_KEY(name) {",\"dwt\":\"" name "\"", sizeof ",\"dwt\":\"" name "\"" - 1}
    static const struct {
        char s[32];
        unsigned n;
    } keys[HWSRC_NKINDS] = {
        DWT_KEY("EVENT_COUNTER"), DWT_KEY("EXCEPTION"),  DWT_KEY("PC_SAMPLE"),
        DWT_KEY("PC_SLEEP"),      DWT_KEY("PC_PROHIBITED"), DWT_KEY("PMU_OVERFLOW"),
        DWT_KEY("DATA_PC"),       DWT_KEY("DATA_MATCH"), DWT_KEY("DATA_ADDR"),
        DWT_KEY("DATA_VALUE"),    DWT_KEY("HW_RESERVED")};
#undef DWT_KEY
    if ((unsigned)h->kind < HWSRC_NKINDS) {
        memcpy(o, keys[h->kind].s, sizeof keys[0].s);
        o += keys[h->kind].n;
    } else {
        o = tp_chr(tp_str(tp_str(o, ",\"dwt\":\""), hwsrc_kind_name(h->kind)), '"');
    }
    switch (h->kind) {
    case HWSRC_EVENT: {
        /* ,"wrapped":[...] of each of the 64 flag sets, made at the first use */
        static struct {
            char s[64];
            unsigned n;
        } sets[1u << HWSRC_EVENT_FLAGS];
        static bool made;
        if (!made) {
            for (unsigned v = 0; v < (1u << HWSRC_EVENT_FLAGS); v++) {
                char *t = tp_str(sets[v].s, ",\"wrapped\":[");
                for (unsigned i = 0, first = 1; i < HWSRC_EVENT_FLAGS; i++)
                    if ((v >> i) & 1u) {
                        t = tp_chr(tp_str(tp_str(t, first ? "\"" : ",\""), EVENT_FLAG[i]), '"');
                        first = 0;
                    }
                sets[v].n = (unsigned)(tp_chr(t, ']') - sets[v].s);
            }
            made = true;
        }
        const unsigned v = h->value & ((1u << HWSRC_EVENT_FLAGS) - 1u);
        memcpy(o, sets[v].s, sizeof sets[0].s);
        return o + sets[v].n;
    }
    case HWSRC_EXCEPTION: {
        /* ,"fn":"NAME","exc": by FN, copied whole with its length */
#define FN_KEY(s) {",\"fn\":\"" s "\",\"exc\":", sizeof ",\"fn\":\"" s "\",\"exc\":" - 1}
        static const struct {
            char s[32];
            unsigned n;
        } fn_key[4] = {FN_KEY("reserved"), FN_KEY("entry"), FN_KEY("exit"), FN_KEY("return")};
#undef FN_KEY
        memcpy(o, fn_key[h->fn & 3u].s, sizeof fn_key[0].s);
        o += fn_key[h->fn & 3u].n;
        o = tp_str(tp_dec(o, h->exc), ",\"exc_name\":\"");
        return tp_chr(exc_name_put(h->exc, o), '"');
    }
    case HWSRC_PC_SAMPLE:
        return tp_chr(tp_hex(tp_str(o, ",\"pc\":\"0x"), h->value, 8), '"');
    case HWSRC_DT_PC:
    case HWSRC_DT_ADDR:
        o = tp_dec(tp_str(o, ",\"cmp\":"), h->cmp);
        o = hex_put(h, tp_str(o, h->kind == HWSRC_DT_PC ? ",\"pc\":\"" : ",\"addr\":\""));
        return tp_chr(o, '"');
    case HWSRC_DT_MATCH:
        return tp_dec(tp_str(o, ",\"cmp\":"), h->cmp);
    case HWSRC_DT_VALUE:
        o = tp_dec(tp_str(o, ",\"cmp\":"), h->cmp);
        return tp_str(o, h->write ? ",\"access\":\"write\"" : ",\"access\":\"read\"");
    case HWSRC_RESERVED:
        return tp_chr(tp_str(tp_str(o, ",\"reserved\":\""), h->why ? h->why : ""), '"');
    default:
        return o;
    }
}

char *hwsrc_format_json(const struct hwsrc *h, char *buf, size_t n)
{
    char t[HWSRC_TEXT_MAX];
    return tp_end(buf, n, t, hwsrc_json_put(h, t));
}
