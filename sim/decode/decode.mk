# SPDX-License-Identifier: Apache-2.0
# Trace decoders (sim/decode): TPIU deformatter, SWO and parallel line decoders, DWT packet
# names, the sigrok session reader, the tracedump CLI and their unit test. Included from the
# top Makefile, which provides $(BUILD), $(CC), $(CWARN), $(CFLAGS) (and $(SAN) for the
# sanitizer build of the test). The session reader needs libzip (Debian: libzip-dev).
DEC_DIR  := sim/decode
DEC_INC  := -I$(DEC_DIR) -Isim/c_tb/common
DEC_LIB  := $(DEC_DIR)/etm4dec.c $(DEC_DIR)/tpiudec.c $(DEC_DIR)/swodec.c $(DEC_DIR)/pardec.c $(DEC_DIR)/hwsrc.c \
            $(DEC_DIR)/sr_read.c sim/c_tb/common/pktdec.c sim/c_tb/common/log.c
DEC_HDRS := $(DEC_DIR)/etm4dec.h $(DEC_DIR)/tpiudec.h $(DEC_DIR)/swodec.h $(DEC_DIR)/pardec.h $(DEC_DIR)/hwsrc.h \
            $(DEC_DIR)/sr_read.h sim/c_tb/common/pktdec.h sim/c_tb/common/log.h \
            sim/c_tb/common/textput.h \
            sim/c_tb/common/cli_opts.h
DEC_LIBS := -lzip

$(BUILD)/decode/tracedump: $(DEC_DIR)/tracedump.c $(DEC_LIB) $(DEC_HDRS) $(DEC_DIR)/decode.mk
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(CFLAGS) $(DEC_INC) $(filter %.c,$^) -o $@ $(DEC_LIBS)

# The unit test feeds arbitrary bytes too, so it runs under ASan+UBSan when $(SAN) is set.
$(BUILD)/decode/test_decode: $(DEC_DIR)/test_decode.c $(DEC_LIB) $(DEC_HDRS) $(DEC_DIR)/decode.mk
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(CFLAGS) $(SAN) $(DEC_INC) $(filter %.c,$^) -o $@ $(DEC_LIBS)

# The ETMv4 packet decoder on the contract's worked examples (docs/etm-contract.md §14, §9).
$(BUILD)/decode/test_etm4dec: $(DEC_DIR)/test_etm4dec.c $(DEC_DIR)/etm4dec.c $(DEC_DIR)/etm4dec.h \
                              $(DEC_DIR)/hwsrc.c $(DEC_DIR)/hwsrc.h $(DEC_DIR)/decode.mk
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(CFLAGS) $(SAN) $(DEC_INC) $(filter %.c,$^) sim/c_tb/common/pktdec.c -o $@

.PHONY: decode-test
decode-test: $(BUILD)/decode/test_decode $(BUILD)/decode/test_etm4dec $(BUILD)/decode/tracedump ## trace decoder unit tests (TPIU frames and alignment, SWO, parallel, DWT names, sigrok sessions, ETMv4 packets); tracedump's diagnostics
	@$(BUILD)/decode/test_decode
	@$(BUILD)/decode/test_etm4dec
	@tests/tracedump_diag.sh $(BUILD)/decode/tracedump

# The one capture from real silicon (../shared/fixtures/stm32f105-swo, a sigrok session of
# an STM32F105's SWO pin): decoded with --id 1 --strict and its contents asserted.
DEC_FIXTURE ?= ../shared/fixtures/stm32f105-swo/trace_example.sr

# The golden TPIU formatter fed the capture's trace bytes must send the silicon's frames.
$(BUILD)/decode/silicon_frames: tests/silicon_frames.c $(DEC_LIB) $(DEC_HDRS) $(BUILD)/golden/libgolden.a
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(CFLAGS) $(DEC_INC) -Isim/golden/include $(filter %.c %.a,$^) -o $@ $(DEC_LIBS)

.PHONY: fixture-test
fixture-test: $(BUILD)/decode/tracedump $(BUILD)/decode/silicon_frames ## decode the real Cortex-M3 SWO capture (shared/fixtures/stm32f105-swo), assert its contents; the golden formatter sends its frames
	@tests/fixture_decode.sh $(BUILD)/decode/tracedump $(DEC_FIXTURE)
	@$(BUILD)/decode/silicon_frames $(DEC_FIXTURE)
