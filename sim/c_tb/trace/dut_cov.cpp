// SPDX-License-Identifier: Apache-2.0
// Coverage build only (make coverage): writes the Verilated model's line and toggle
// coverage to $ITM_COV_FILE when the process ends. Kept out of dut_trace.cpp so the normal
// harness is unchanged; the model's context is the thread's (dut_trace.cpp creates one per
// process and never frees it), so it is still there when static objects are destroyed.
#include <cstdlib>

#include "verilated.h"
#include "verilated_cov.h"

namespace {
struct CovWriter {
    ~CovWriter()
    {
        const char *path = std::getenv("ITM_COV_FILE");
        if (path && *path)
            Verilated::threadContextp()->coveragep()->write(path);
    }
} cov_writer;
} // namespace
