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
#include "ocsd_etm.h"

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
    ocsd_etm_cfg(&cfg, &ec, configr, 0x10);
    ocsd_def_errlog_init(OCSD_ERR_SEV_WARN, 1);
    ocsd_def_errlog_config_output(C_API_MSGLOGOUT_FLG_NONE, NULL);
    dcd_tree_handle_t dt = ocsd_etm_pkt_tree(&cfg, log_cb, mon_cb, "etm_pktcount");
    if (dt == C_API_INVALID_TREE_HANDLE) {
        return 1;
    }
    ocsd_etm_feed(dt, buf, (uint32_t)n, "etm_pktcount", &g_errs);
    printf("pkts");
    for (unsigned k = 0; k < PK_N; k++) {
        if (g_cnt[k]) {
            printf(" %s %llu %llu", k_pk_name[k], g_cnt[k], g_bytes[k]);
        }
    }
    printf("\n");
    return g_errs ? 1 : 0;
}
