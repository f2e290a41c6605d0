// SPDX-License-Identifier: Apache-2.0
// etm_pktcount: counts the packets of a raw ETMv4 instruction-trace stream (one source, no
// formatter) with OpenCSD's own ETMv4 packet processor (Debian libopencsd), by packet type
// and bytes, in the classes of tests/opencsd/etm_bw.c. tests/opencsd/etm_bw_check.sh compares
// the two on the bench's streams: the bandwidth rows rest on a packet parse that a decoder we
// did not write agrees with.
// Usage: etm_pktcount [--configr X] FILE
//   --configr X: the TRCCONFIGR the stream was traced with (CCI changes the Trace Info and
//   Timestamp layouts); the ID registers are the golden model's (RsDepth 3, CcSize 12).
// Output: one line "pkts KIND COUNT BYTES ..." (only the kinds seen); exit 0, 1 if the
// library reports an error or an unknown packet type, 2 on usage errors.
#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <opencsd/c_api/opencsd_c_api.h>

#include "etm_bw_pkt.h"
#include "etm_model.h"

static unsigned long long g_cnt[PK_N], g_bytes[PK_N];
static unsigned g_errs;

static void mon_cb(const void *ctx, const ocsd_datapath_op_t op, const ocsd_trc_index_t idx,
                   const void *pkt, const uint32_t size, const uint8_t *data)
{
    (void)ctx;
    (void)data;
    if (op != OCSD_OP_DATA) {
        return;
    }
    const ocsd_etmv4_i_pkt *p = pkt;
    enum pk k;
    switch (p->type) {
    case ETM4_PKT_I_ASYNC: k = PK_ASYNC; break;
    case ETM4_PKT_I_OVERFLOW: k = PK_OVF; break;
    case ETM4_PKT_I_TRACE_INFO: k = PK_TINFO; break;
    case ETM4_PKT_I_TRACE_ON: k = PK_TON; break;
    case ETM4_PKT_I_TIMESTAMP: k = PK_TS; break;
    case ETM4_PKT_I_EXCEPT: k = PK_EXC; break;
    case ETM4_PKT_I_EXCEPT_RTN: k = PK_ERET; break;
    case ETM4_PKT_I_CCNT_F1: k = PK_CC; break;
    case ETM4_PKT_I_ATOM_F1:
    case ETM4_PKT_I_ATOM_F2:
    case ETM4_PKT_I_ATOM_F3:
    case ETM4_PKT_I_ATOM_F4:
    case ETM4_PKT_I_ATOM_F5:
    case ETM4_PKT_I_ATOM_F6: k = PK_ATOM; break;
    case ETM4_PKT_I_ADDR_MATCH: k = PK_EXACT; break;
    case ETM4_PKT_I_ADDR_S_IS1: k = size == 2u ? PK_SHORT1 : PK_SHORT2; break;
    case ETM4_PKT_I_ADDR_L_32IS1: k = PK_LONG; break;
    case ETM4_PKT_I_ADDR_CTXT_L_32IS1: k = PK_CTX; break;
    case ETM4_PKT_I_Q: k = PK_Q; break; // section 20
    default:
        fprintf(stderr, "etm_pktcount: packet type 0x%x at byte %llu\n", (unsigned)p->type,
                (unsigned long long)idx);
        g_errs++;
        return;
    }
    g_cnt[k]++;
    g_bytes[k] += size;
}

static ocsd_datapath_resp_t sink_cb(const void *ctx, const ocsd_datapath_op_t op,
                                    const ocsd_trc_index_t idx, const void *pkt)
{
    (void)ctx;
    (void)op;
    (void)idx;
    (void)pkt;
    return OCSD_RESP_CONT;
}

static void log_cb(const void *ctx, const char *msg, const int len)
{
    (void)ctx;
    g_errs++;
    fprintf(stderr, "etm_pktcount: opencsd: %.*s", len, msg);
}

int main(int argc, char **argv)
{
    uint32_t configr = 0;
    const char *file = NULL;
    static const char usage[] = "usage: etm_pktcount [--configr X] FILE\n";
    static const struct option opts[] = {{"configr", required_argument, 0, 'c'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    int c;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case 'c':
            configr = (uint32_t)strtoul(optarg, NULL, 0);
            break;
        case 'h':
            printf("%s  Counts the packets of a raw ETMv4 stream with OpenCSD's packet processor\n"
                   "  (by type and bytes, in etm_bw's classes); --configr: its TRCCONFIGR.\n",
                   usage);
            return 0;
        default:
            fprintf(stderr, "%s", usage);
            return 2;
        }
    }
    if (optind + 1 != argc) {
        fprintf(stderr, "etm_pktcount: one stream file expected\n%s", usage);
        return 2;
    }
    file = argv[optind];
    FILE *f = fopen(file, "rb");
    if (!f) {
        perror(file);
        return 2;
    }
    static uint8_t buf[32u << 20];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);

    struct etm_cfg ec = {.fifo_depth = 64, .rs_depth = 3, .cc_size = 12, .num_pc = 4,
                         .sec_ext = true, .q_supp = (configr & 0x2000u) != 0u}; // QE: QSUPP
    ocsd_etmv4_cfg cfg;
    unsigned char csid = 0;
    memset(&cfg, 0, sizeof cfg);
    cfg.reg_idr0 = etm_model_idr(&ec, 0);
    cfg.reg_idr1 = etm_model_idr(&ec, 1);
    cfg.reg_idr2 = etm_model_idr(&ec, 2);
    cfg.reg_configr = configr;
    cfg.reg_traceidr = 0x10;
    cfg.arch_ver = ARCH_V8;
    cfg.core_prof = profile_CortexM;
    ocsd_def_errlog_init(OCSD_ERR_SEV_WARN, 1);
    ocsd_def_errlog_config_output(C_API_MSGLOGOUT_FLG_NONE, NULL);
    dcd_tree_handle_t dt = ocsd_create_dcd_tree(OCSD_TRC_SRC_SINGLE, 0);
    if (dt == C_API_INVALID_TREE_HANDLE) {
        fprintf(stderr, "etm_pktcount: cannot create a decode tree\n");
        return 1;
    }
    ocsd_def_errlog_set_strprint_cb(dt, NULL, log_cb);
    if (ocsd_dt_create_decoder(dt, OCSD_BUILTIN_DCD_ETMV4I, OCSD_CREATE_FLG_PACKET_PROC, &cfg,
                               &csid) != OCSD_OK ||
        ocsd_dt_attach_packet_callback(dt, csid, OCSD_C_API_CB_PKT_SINK, (void *)sink_cb,
                                       NULL) != OCSD_OK ||
        ocsd_dt_attach_packet_callback(dt, csid, OCSD_C_API_CB_PKT_MON, (void *)mon_cb, NULL) !=
            OCSD_OK) {
        fprintf(stderr, "etm_pktcount: decoder set-up failed\n");
        ocsd_destroy_dcd_tree(dt);
        return 1;
    }
    uint32_t done = 0;
    while (done < n) {
        uint32_t used = 0;
        ocsd_datapath_resp_t r = ocsd_dt_process_data(dt, OCSD_OP_DATA, done,
                                                      (uint32_t)n - done, buf + done, &used);
        if (OCSD_DATA_RESP_IS_FATAL(r)) {
            fprintf(stderr, "etm_pktcount: fatal response %d at byte %u\n", (int)r, done + used);
            g_errs++;
            break;
        }
        done += used;
    }
    ocsd_dt_process_data(dt, OCSD_OP_EOT, 0, 0, NULL, NULL);
    ocsd_destroy_dcd_tree(dt);
    printf("pkts");
    for (unsigned k = 0; k < PK_N; k++) {
        if (g_cnt[k]) {
            printf(" %s %llu %llu", k_pk_name[k], g_cnt[k], g_bytes[k]);
        }
    }
    printf("\n");
    return g_errs ? 1 : 0;
}
