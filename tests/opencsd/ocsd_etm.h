// SPDX-License-Identifier: Apache-2.0
// ocsd_etm: the OpenCSD (Debian libopencsd) ETMv4 decode-tree set-up and data feed that
// etm_decode.c (its full decoder and --pkts-of) and etm_pktcount.c share.
#ifndef TRACEREF_TESTS_OPENCSD_OCSD_ETM_H
#define TRACEREF_TESTS_OPENCSD_OCSD_ETM_H

#include <stdint.h>

#include <opencsd/c_api/opencsd_c_api.h>

struct etm_cfg;

// The decoder's view of the ETM: the golden model's TRCIDR0/1/2/8 for ec, TRCCONFIGR and
// TRCTRACEIDR as given, ARMv8 M profile; every other field 0.
void ocsd_etm_cfg(ocsd_etmv4_cfg *cfg, const struct etm_cfg *ec, uint32_t configr,
                  uint32_t traceidr);

// A decode tree of one raw trace source with the ETMv4 packet processor alone: the
// library's messages to log_cb, each packet to mon_cb (its packet monitor; the packet sink
// takes and drops them). Errors are printed as "who: ..."; returns
// C_API_INVALID_TREE_HANDLE on an error.
dcd_tree_handle_t ocsd_etm_pkt_tree(const ocsd_etmv4_cfg *cfg, FnDefLoggerPrintStrCB log_cb,
                                    FnDefPktDataMon mon_cb, const char *who);

// Feeds the n bytes of b to the tree, then the end of trace, then destroys the tree. A fatal
// response stops the feed: "who: fatal response R at byte N" on stderr and ++*errs.
void ocsd_etm_feed(dcd_tree_handle_t dt, const uint8_t *b, uint32_t n, const char *who,
                   unsigned *errs);

#endif
