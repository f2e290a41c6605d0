// SPDX-License-Identifier: Apache-2.0
// ocsd_etm: shared OpenCSD ETMv4 decode-tree set-up and data feed (ocsd_etm.h).
#include "ocsd_etm.h"

#include <stdio.h>
#include <string.h>

#include "etm_model.h"

void ocsd_etm_cfg(ocsd_etmv4_cfg *cfg, const struct etm_cfg *ec, uint32_t configr,
                  uint32_t traceidr)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->reg_idr0 = etm_model_idr(ec, 0);
    cfg->reg_idr1 = etm_model_idr(ec, 1);
    cfg->reg_idr2 = etm_model_idr(ec, 2);
    cfg->reg_idr8 = etm_model_idr(ec, 8); // TRCIDR8.MAXSPEC
    cfg->reg_configr = configr;
    cfg->reg_traceidr = traceidr;
    cfg->arch_ver = ARCH_V8;
    cfg->core_prof = profile_CortexM;
}

static ocsd_datapath_resp_t drop_pkt(const void *ctx, const ocsd_datapath_op_t op,
                                     const ocsd_trc_index_t index_sop, const void *pkt)
{
    (void)ctx;
    (void)op;
    (void)index_sop;
    (void)pkt;
    return OCSD_RESP_CONT;
}

dcd_tree_handle_t ocsd_etm_pkt_tree(const ocsd_etmv4_cfg *cfg, FnDefLoggerPrintStrCB log_cb,
                                    FnDefPktDataMon mon_cb, const char *who)
{
    dcd_tree_handle_t dt = ocsd_create_dcd_tree(OCSD_TRC_SRC_SINGLE, 0);
    unsigned char csid = 0;
    if (dt == C_API_INVALID_TREE_HANDLE) {
        fprintf(stderr, "%s: cannot create a decode tree\n", who);
        return C_API_INVALID_TREE_HANDLE;
    }
    ocsd_def_errlog_set_strprint_cb(dt, NULL, log_cb);
    if (ocsd_dt_create_decoder(dt, OCSD_BUILTIN_DCD_ETMV4I, OCSD_CREATE_FLG_PACKET_PROC,
                               cfg, &csid) != OCSD_OK ||
        ocsd_dt_attach_packet_callback(dt, csid, OCSD_C_API_CB_PKT_SINK, (void *)drop_pkt,
                                       NULL) != OCSD_OK ||
        ocsd_dt_attach_packet_callback(dt, csid, OCSD_C_API_CB_PKT_MON, (void *)mon_cb, NULL) !=
            OCSD_OK) {
        fprintf(stderr, "%s: packet processor set-up failed\n", who);
        ocsd_destroy_dcd_tree(dt);
        return C_API_INVALID_TREE_HANDLE;
    }
    return dt;
}

void ocsd_etm_feed(dcd_tree_handle_t dt, const uint8_t *b, uint32_t n, const char *who,
                   unsigned *errs)
{
    uint32_t done = 0;
    while (done < n) {
        uint32_t used = 0;
        ocsd_datapath_resp_t r =
            ocsd_dt_process_data(dt, OCSD_OP_DATA, done, n - done, b + done, &used);
        if (OCSD_DATA_RESP_IS_FATAL(r)) {
            fprintf(stderr, "%s: fatal response %d at byte %u\n", who, (int)r, done + used);
            ++*errs;
            break;
        }
        done += used;
    }
    ocsd_dt_process_data(dt, OCSD_OP_EOT, 0, 0, NULL, NULL);
    ocsd_destroy_dcd_tree(dt);
}
