// SPDX-License-Identifier: Apache-2.0
// ocsd_deframe: runs OpenCSD's CoreSight frame deformatter (Debian's libopencsd, the trace
// decoding library Linux perf uses; not our code) over a TPIU formatter byte stream and
// prints the bytes it hands out for each trace ID. An independent check of our formatter
// (rtl/tpiu, sim/golden): tests/opencsd/run.sh compares this output with the bytes the ITM
// put on ATB.
//
// How the bytes are collected, all through OpenCSD's C API (opencsd/c_api/opencsd_c_api.h):
//  * a decode tree with the frame deformatter: ocsd_create_dcd_tree(
//    OCSD_TRC_SRC_FRAME_FORMATTED, flags), flags below;
//  * on each of the deformatter's ID outputs 0x01..0x7F (the reserved 0x70..0x7F included;
//    the library refuses a decoder on the null ID 0x00) a "custom decoder" registered with
//    ocsd_register_custom_decoder (opencsd/c_api/ocsd_c_api_custom.h) whose data input only
//    records the bytes it is given: exactly what the library routes to that ID;
//  * the library's raw frame printer (ocsd_dt_set_raw_frame_printer with
//    OCSD_DFRMTR_UNPACKED_RAW_OUT), read back through the logger callback
//    (ocsd_def_errlog_set_strprint_cb): it lists every block of unpacked data with its ID,
//    for all IDs, so it gives the data under ID 0x00 (padding) and the data before any ID,
//    which go to no decoder, and a second view of the other IDs (it must agree with the
//    recorders).
//
// Usage: ocsd_deframe [--hsyncs] [--mem-align] [--split-at-fsyncs] [--raw] FILE
//   The deformatter flags: by default OCSD_DFRMTR_HAS_FSYNCS (the stream carries full syncs
//   FF FF FF 7F between frames and is not frame aligned: a TPIU's SWO output); --hsyncs
//   adds OCSD_DFRMTR_HAS_HSYNCS (half-word syncs FF 7F between 16-bit units: the parallel
//   port); --mem-align: OCSD_DFRMTR_FRAME_MEM_ALIGN alone (16-byte aligned frames without
//   syncs: an ETB/ETR memory dump). --split-at-fsyncs feeds the stream in blocks that each
//   start at a full sync (see below), else it is fed whole. --raw prints the library's
//   frame dump (packed frames and unpacked per-ID data) to stderr.
// Output (stdout), one line per trace ID that received data, in ID order:
//   id=0x05 n=61 01 41 39 ff ...
// ID 0x00 is the padding; 'id=none' is data before any ID byte; "resets=N" if the library
// reset the decoders. Diagnostics on stderr, last line a summary.
// Exit 0; 1 if the library reported an error or a fatal data-path response, or its two
// views of an ID disagree; 2 on usage or I/O errors.
//
// Findings with Debian's libopencsd 1.3.3 (tests/opencsd/run.sh, issue 18 item 4):
//  * A full sync right after a half-word sync (FF 7F | FF FF FF 7F) stops the deformatter:
//    OCSD_ERR_DFMTR_BAD_FHSYNC "Bad FSYNC start in frame or invalid ID (0x7F)", fatal. Our
//    parallel port sends that when a periodic full sync ([TPIU-SYNC-2]) comes due at a
//    frame boundary after idle time, which the port fills with half-word syncs
//    ([TPIU-PAR-2]). The stream is legal (facts §3: half-word syncs are idle filler that
//    decoders drop, full syncs stand between frames, and this one does): OpenCSD is wrong.
//    It only looks for full syncs before the first pair of a frame that it reads in one
//    call, so the same bytes decode correctly when a call starts at the full sync
//    (--split-at-fsyncs): its result depends on where the caller cuts the stream.
//  * Given a block whose frame stream is not aligned in it (a full sync at an odd offset,
//    an odd number of bytes after it), it reads past the end of the block until it hits
//    bad data or crashes (numBytesProcessed larger than the block). Outside its input
//    contract ("2 byte aligned"), so this program aligns the block on the first full sync;
//    our stream has such a sync only after a mode change from SWO (a character of the old
//    mode started on the pins first).
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <opencsd/c_api/ocsd_c_api_custom.h>
#include <opencsd/c_api/opencsd_c_api.h>

#define NUM_IDS 128
#define NO_ID NUM_IDS  // index of the data before any ID in g_dump

typedef struct {
    uint8_t *data;
    size_t len, cap;
} idbuf_t;

static idbuf_t g_rec[NUM_IDS];       // what the recorders got, by ID
static idbuf_t g_dump[NUM_IDS + 1];  // what the raw frame printer listed, by ID
static unsigned g_resets;
static unsigned g_log_msgs;  // logger messages that are not the frame dump: errors, warnings
static int g_raw;

static void buf_add(idbuf_t *b, const uint8_t *data, size_t size)
{
    if (b->len + size > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + size)
            cap *= 2;
        uint8_t *p = realloc(b->data, cap);
        if (!p) {
            fprintf(stderr, "ocsd_deframe: out of memory\n");
            exit(2);
        }
        b->data = p;
        b->cap = cap;
    }
    memcpy(b->data + b->len, data, size);
    b->len += size;
}

// ---- the recording "decoder": one instance per trace ID ---------------------------------
typedef struct {
    unsigned char cs_id;
} rec_cfg_t;

static ocsd_datapath_resp_t rec_data_in(const void *handle, const ocsd_datapath_op_t op,
                                        const ocsd_trc_index_t index, const uint32_t size,
                                        const uint8_t *data, uint32_t *used)
{
    (void)index;
    if (op == OCSD_OP_RESET)
        g_resets++;
    if (op != OCSD_OP_DATA)
        return OCSD_RESP_CONT;
    buf_add(&g_rec[(uintptr_t)handle], data, size);
    if (used)
        *used = size;
    return OCSD_RESP_CONT;
}

static void rec_update_pkt_mon(const void *handle, const int flags)
{
    (void)handle;
    (void)flags;
}

static ocsd_err_t rec_create(const int create_flags, const void *cfg,
                             const ocsd_extern_dcd_cb_fns *lib_cbs, ocsd_extern_dcd_inst_t *inst)
{
    (void)create_flags;
    (void)lib_cbs;
    const rec_cfg_t *c = cfg;
    inst->fn_data_in = rec_data_in;
    inst->fn_update_pkt_mon = rec_update_pkt_mon;
    inst->decoder_handle = (void *)(uintptr_t)c->cs_id;
    inst->p_decoder_name = "XCHK_REC";
    inst->cs_id = c->cs_id;
    return OCSD_OK;
}

static ocsd_err_t rec_destroy(const void *handle)
{
    (void)handle;
    return OCSD_OK;
}

static ocsd_err_t rec_csid(const void *cfg, unsigned char *csid)
{
    *csid = ((const rec_cfg_t *)cfg)->cs_id;
    return OCSD_OK;
}

// ---- the library's logger: its frame dump, errors and warnings --------------------------
// A dump message: "Frame Data; Index N;   ID_DATA[0x05]; 01 41 ..." (hex bytes, 16 a line,
// in one message), "ID_DATA[????]" before any ID; other kinds: RAW_PACKED, FSYNC, HSYNC.
static void parse_dump(const char *msg)
{
    const char *p = strstr(msg, "ID_DATA[");
    if (!p)
        return;
    p += 8;
    int id = NO_ID;
    if (p[0] == '0' && p[1] == 'x')
        id = (int)(strtol(p, NULL, 16) & 0x7F);
    p = strstr(p, "]; ");
    if (!p)
        return;
    for (p += 3;;) {
        char *end;
        unsigned long v = strtoul(p, &end, 16);
        if (end == p)
            break;
        uint8_t byte = (uint8_t)v;
        buf_add(&g_dump[id], &byte, 1);
        p = end;
    }
}

static void log_cb(const void *ctx, const char *msg, const int len)
{
    (void)ctx;
    int dump = strncmp(msg, "Frame Data", 10) == 0;
    if (dump)
        parse_dump(msg);
    else
        g_log_msgs++;
    if (!dump || g_raw)
        fprintf(stderr, "opencsd: %.*s%s", len, msg, (len && msg[len - 1] == '\n') ? "" : "\n");
}

static void print_id(const char *name, const idbuf_t *b)
{
    printf("id=%s n=%zu", name, b->len);
    for (size_t i = 0; i < b->len; i++)
        printf(" %02x", b->data[i]);
    printf("\n");
}

static void usage(FILE *to)
{
    fprintf(to, "Usage: ocsd_deframe [--hsyncs] [--mem-align] [--split-at-fsyncs] [--raw] FILE\n"
                "Runs OpenCSD's frame deformatter over a TPIU frame byte stream and prints the\n"
                "bytes of each trace ID, 'id=0xNN n=COUNT B0 B1 ...' (see the source's header).\n");
}

int main(int argc, char **argv)
{
    uint32_t flags = OCSD_DFRMTR_HAS_FSYNCS;
    const char *path = NULL;
    int split = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--hsyncs"))
            flags |= OCSD_DFRMTR_HAS_HSYNCS;
        else if (!strcmp(argv[i], "--mem-align"))
            flags |= OCSD_DFRMTR_FRAME_MEM_ALIGN;
        else if (!strcmp(argv[i], "--raw"))
            g_raw = 1;
        else if (!strcmp(argv[i], "--split-at-fsyncs"))
            split = 1;
        else if (!strcmp(argv[i], "--help")) {
            usage(stdout);
            return 0;
        } else if ((argv[i][0] == '-' && argv[i][1]) || path) {
            usage(stderr);
            return 2;
        } else
            path = argv[i];
    }
    if (!path) {
        usage(stderr);
        return 2;
    }
    if (flags & OCSD_DFRMTR_FRAME_MEM_ALIGN)
        flags = OCSD_DFRMTR_FRAME_MEM_ALIGN;  // the library refuses it with the sync flags

    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f) {
        perror(path);
        return 2;
    }
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap);
    for (size_t got; buf && (got = fread(buf + n, 1, cap - n, f)) > 0;) {
        n += got;
        if (n == cap)
            buf = realloc(buf, cap *= 2);
    }
    if (!buf || ferror(f)) {
        fprintf(stderr, "ocsd_deframe: cannot read %s\n", path);
        return 2;
    }
    if (f != stdin)
        fclose(f);

    // The deformatter takes blocks of a multiple of 4 bytes (FSYNCS), 2 (HSYNCS) or 16
    // (memory aligned), and the frame stream must be aligned in the block (header:
    // "input data 4 byte aligned", "2 byte aligned"): it reads 16-bit pairs (or 32-bit
    // words) counted from the block's first full sync. So the block starts first_fsync %
    // align bytes in (those come before the first full sync, which the library skips
    // anyway) and ends at the last whole unit. (Given a full sync at an odd offset with an
    // odd number of bytes after it, OpenCSD 1.3.3 reads past the end of the block.)
    size_t align = (flags & OCSD_DFRMTR_HAS_HSYNCS) ? 2 : (flags & OCSD_DFRMTR_HAS_FSYNCS) ? 4 : 16;
    size_t first_fsync = n;
    for (size_t i = 0; i + 3 < n; i++)
        if (buf[i] == 0xFF && buf[i + 1] == 0xFF && buf[i + 2] == 0xFF && buf[i + 3] == 0x7F) {
            first_fsync = i;
            break;
        }
    size_t head = (align != 16 && first_fsync < n) ? first_fsync % align : 0;
    size_t feed = (n - head) - (n - head) % align;

    ocsd_def_errlog_init(OCSD_ERR_SEV_INFO, 1);
    ocsd_def_errlog_config_output(C_API_MSGLOGOUT_FLG_NONE, NULL);
    dcd_tree_handle_t dt = ocsd_create_dcd_tree(OCSD_TRC_SRC_FRAME_FORMATTED, flags);
    if (dt == C_API_INVALID_TREE_HANDLE) {
        fprintf(stderr, "ocsd_deframe: cannot create the decode tree (flags 0x%x)\n", flags);
        return 1;
    }
    ocsd_def_errlog_set_strprint_cb(dt, NULL, log_cb);

    static ocsd_extern_dcd_fact_t fact = {
        .createDecoder = rec_create,
        .destroyDecoder = rec_destroy,
        .csidFromConfig = rec_csid,
        .pktToString = NULL,
    };
    ocsd_err_t err = ocsd_register_custom_decoder("XCHK_REC", &fact);
    if (err != OCSD_OK) {
        fprintf(stderr, "ocsd_deframe: ocsd_register_custom_decoder: error %d\n", (int)err);
        return 1;
    }
    for (int id = 1; id < NUM_IDS; id++) {
        rec_cfg_t cfg = {.cs_id = (unsigned char)id};
        unsigned char csid = 0;
        err = ocsd_dt_create_decoder(dt, "XCHK_REC", OCSD_CREATE_FLG_PACKET_PROC, &cfg, &csid);
        if (err != OCSD_OK || csid != id) {
            fprintf(stderr, "ocsd_deframe: ocsd_dt_create_decoder(ID 0x%02x): error %d\n", id,
                    (int)err);
            return 1;
        }
    }
    err = ocsd_dt_set_raw_frame_printer(
        dt, OCSD_DFRMTR_UNPACKED_RAW_OUT | (g_raw ? OCSD_DFRMTR_PACKED_RAW_OUT : 0));
    if (err != OCSD_OK) {
        fprintf(stderr, "ocsd_deframe: ocsd_dt_set_raw_frame_printer: error %d\n", (int)err);
        return 1;
    }

    // Full syncs (after the first) that come right after a half-word sync, FF 7F FF FF FF 7F
    // on unit boundaries: the parallel port's idle filler, then a full sync at a frame
    // boundary. OpenCSD 1.3.3 rejects that sequence inside one block ("Bad FSYNC start in
    // frame"); with --split-at-fsyncs every full sync starts a new block (a new
    // ocsd_dt_process_data call), which changes neither the bytes nor their order, only
    // where the calls cut the stream.
    const uint8_t *in = buf + head;
    size_t n_hf = 0, first_hf = 0;
    for (size_t q = first_fsync - head + align; first_fsync < n && q + 4 <= feed; q += align)
        if (in[q - 2] == 0xFF && in[q - 1] == 0x7F && in[q] == 0xFF && in[q + 1] == 0xFF &&
            in[q + 2] == 0xFF && in[q + 3] == 0x7F && !n_hf++)
            first_hf = q;
    if (n_hf)
        fprintf(stderr, "ocsd_deframe: %zu half-word syncs followed by a full sync (first at byte %zu)\n",
                n_hf, head + first_hf);

    int rc = 0;
    uint32_t done = 0;
    ocsd_datapath_resp_t resp = OCSD_RESP_CONT;
    unsigned blocks = 0;
    while (done < feed && !rc) {
        size_t end = feed;  // this block: [done, end)
        if (split)
            for (size_t q = done + align; q + 4 <= feed; q += align)
                if (in[q] == 0xFF && in[q + 1] == 0xFF && in[q + 2] == 0xFF && in[q + 3] == 0x7F) {
                    end = q;
                    break;
                }
        blocks++;
        while (done < end) {
            uint32_t used = 0;
            resp = ocsd_dt_process_data(dt, OCSD_OP_DATA, (ocsd_trc_index_t)done,
                                        (uint32_t)(end - done), in + done, &used);
            done += used;
            if (OCSD_DATA_RESP_IS_FATAL(resp)) {
                fprintf(stderr, "ocsd_deframe: fatal data-path response %d, %u bytes processed of %zu\n",
                        (int)resp, done, feed);
                rc = 1;
                break;
            }
            if (used == 0 || done > end) {
                fprintf(stderr, "ocsd_deframe: %u bytes processed of a block ending at %zu (response %d)\n",
                        done, end, (int)resp);
                rc = 1;
                break;
            }
        }
    }
    if (!rc)
        ocsd_dt_process_data(dt, OCSD_OP_EOT, 0, 0, NULL, NULL);

    ocsd_trc_index_t eidx;
    uint8_t echan;
    char emsg[256] = "";
    ocsd_err_t last = ocsd_get_last_err(&eidx, &echan, emsg, sizeof emsg);
    if (last != OCSD_OK || g_log_msgs) {
        char s[128] = "";
        ocsd_err_str(last, s, sizeof s);
        fprintf(stderr, "ocsd_deframe: the library reported: %s %s\n", s, emsg);
        rc = 1;
    }

    for (int id = 1; id < NUM_IDS; id++)
        if (g_rec[id].len != g_dump[id].len ||
            (g_rec[id].len && memcmp(g_rec[id].data, g_dump[id].data, g_rec[id].len))) {
            fprintf(stderr,
                    "ocsd_deframe: ID 0x%02x: the decoder got %zu bytes, the frame dump lists %zu "
                    "(or other values)\n",
                    id, g_rec[id].len, g_dump[id].len);
            rc = 1;
        }

    char name[8];
    for (int id = 0; id < NUM_IDS; id++) {
        const idbuf_t *b = id ? &g_rec[id] : &g_dump[0];
        if (b->len) {
            snprintf(name, sizeof name, "0x%02x", id);
            print_id(name, b);
        }
    }
    if (g_dump[NO_ID].len)
        print_id("none", &g_dump[NO_ID]);
    if (g_resets)
        printf("resets=%u\n", g_resets);
    fprintf(stderr, "ocsd_deframe: %s: %zu bytes, flags 0x%02x, %u processed in %u block%s (%zu "
                    "leading and %zu trailing bytes left out)%s\n",
            path, n, flags, done, blocks, blocks == 1 ? "" : "s", head, n - head - feed,
            rc ? ", ERRORS" : "");

    ocsd_destroy_dcd_tree(dt);
    free(buf);
    for (int id = 0; id <= NUM_IDS; id++) {
        if (id < NUM_IDS)
            free(g_rec[id].data);
        free(g_dump[id].data);
    }
    return rc;
}
