# SPDX-License-Identifier: Apache-2.0
# Trace decoders (sim/decode): TPIU deformatter, SWO and parallel line decoders, the
# tracedump CLI and their unit test. Included from the top Makefile, which provides
# $(BUILD), $(CC), $(CWARN), $(CFLAGS) (and $(SAN) for the sanitizer build of the test).
DEC_DIR  := sim/decode
DEC_INC  := -I$(DEC_DIR) -Isim/c_tb/common
DEC_LIB  := $(DEC_DIR)/tpiudec.c $(DEC_DIR)/swodec.c $(DEC_DIR)/pardec.c \
            sim/c_tb/common/pktdec.c sim/c_tb/common/log.c
DEC_HDRS := $(DEC_DIR)/tpiudec.h $(DEC_DIR)/swodec.h $(DEC_DIR)/pardec.h \
            sim/c_tb/common/pktdec.h sim/c_tb/common/log.h sim/c_tb/common/cli_opts.h

$(BUILD)/decode/tracedump: $(DEC_DIR)/tracedump.c $(DEC_LIB) $(DEC_HDRS) $(DEC_DIR)/decode.mk
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(CFLAGS) $(DEC_INC) $(filter %.c,$^) -o $@

# The unit test feeds arbitrary bytes too, so it runs under ASan+UBSan when $(SAN) is set.
$(BUILD)/decode/test_decode: $(DEC_DIR)/test_decode.c $(DEC_LIB) $(DEC_HDRS) $(DEC_DIR)/decode.mk
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(CFLAGS) $(SAN) $(DEC_INC) $(filter %.c,$^) -o $@

.PHONY: decode-test
decode-test: $(BUILD)/decode/test_decode $(BUILD)/decode/tracedump ## trace decoder unit tests (TPIU frames, SWO, parallel)
	@$(BUILD)/decode/test_decode
